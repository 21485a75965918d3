import { describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import { STEP_CELLS } from "../../src/grid/steps.ts";
import {
  CalculatedMember,
  decodeMdxResult,
  encodeMdxResult,
  executeMdx,
  executeMdxSteps,
  type MdxMember,
  type MdxResult,
  parseMdx,
  transferBuffers,
} from "../../src/mdx/index.ts";
import { runCountingPauses } from "../support/steps.ts";

/**
 * An MDX result sent from one thread to another (a grid worker's replica to the event loop's cube): encoded as
 * numbers on one cube, decoded on another built from the same outline, it must stand for the same result in
 * the receiving cube's own members — shared members apart from their prototypes, calculated members those the
 * receiving side's query defines — with the same cells, #Missing kept. And a large query runs in steps.
 */

/** Every member of a result as `dimension:name@parent`, calculated ones marked. */
function describeResult(r: MdxResult) {
  const m = (x: MdxMember) =>
    `${x instanceof CalculatedMember ? "calc " : ""}${x.dimension.name}:${x.name}@${x.parent?.name ?? "-"}`;
  return {
    axes: r.axes.map((a) => ({
      ordinal: a.ordinal,
      dimensions: a.dimensions.map((d) => d.name),
      tuples: a.tuples.map((t) => t.map(m)),
    })),
    slicer: r.slicer.map(m),
    cells: r.cells,
  };
}

const QUERY = `WITH MEMBER [Measures].[Margin %] AS '[Measures].[Profit] / [Measures].[Sales] * 100', SOLVE_ORDER = 2
  MEMBER [Market].[East].[East less NY] AS '[Market].[East] - [Market].[New York]'
SELECT NON EMPTY {[Measures].[Sales], [Measures].[Margin %]} ON COLUMNS,
  CrossJoin(Descendants([Product], 2), {[Market].Levels(0).Members, [Market].[East less NY]}) ON ROWS
FROM Sample.Basic WHERE ([Year].[Qtr1], [Scenario].[Actual])`;

describe("MDX results between threads", () => {
  it("decodes on another cube to the same axes, shared and calculated members, slicer and cells", () => {
    const sender = createSampleBasicCube();
    const receiver = createSampleBasicCube();
    const sent = executeMdx(sender, QUERY);
    const transfer = encodeMdxResult(sender.outline, sent);
    // What crosses is numbers in arrays that can be moved, not members.
    expect(transferBuffers(transfer).every((b) => b instanceof ArrayBuffer)).toBe(true);
    const received = decodeMdxResult(receiver, parseMdx(QUERY), transfer);

    expect(describeResult(received)).toEqual(describeResult(sent));
    // The receiving side's own members: the same objects its outline holds, shared members included.
    const rows = received.axes[1]?.tuples ?? [];
    const products = rows.map((t) => t[0] as MdxMember);
    const shared = products.filter((p) => !(p instanceof CalculatedMember) && p.isShared);
    expect(shared.length).toBeGreaterThan(0);
    // (Compared as booleans: a failed toBe between members would compare their whole outlines deeply.)
    const own = (cube: typeof sender, p: MdxMember) =>
      !(p instanceof CalculatedMember) &&
      cube.outline.dimensions[p.dimension.index]?.members[p.ordinal] === p;
    expect(products.every((p) => p instanceof CalculatedMember || own(receiver, p))).toBe(true);
    expect(products.some((p) => own(sender, p))).toBe(false);
    const calcs = rows.map((t) => t[1] as MdxMember).filter((m) => m instanceof CalculatedMember);
    expect(calcs.length).toBeGreaterThan(0);
    expect(calcs.every((m) => m.parent === receiver.outline.member("East"))).toBe(true);
    // #Missing cells stay missing, values stay exact.
    expect(received.cells.some((v) => v === null)).toBe(true);
    expect(received.cells).toEqual(sent.cells);
  });

  it("keeps an empty axis and a result without slicer", () => {
    const cube = createSampleBasicCube();
    const q = "SELECT {} ON COLUMNS FROM Sample.Basic";
    const sent = executeMdx(cube, q);
    const received = decodeMdxResult(cube, parseMdx(q), encodeMdxResult(cube.outline, sent));
    expect(describeResult(received)).toEqual(describeResult(sent));
  });
});

describe("executeMdxSteps", () => {
  it("computes a large query's cells in steps, to the same result as executeMdx", () => {
    const cube = createSampleBasicCube();
    const q =
      "SELECT CrossJoin([Measures].Levels(0).Members, [Year].Levels(0).Members) ON COLUMNS, " +
      "CrossJoin(Descendants([Product]), Descendants([Market])) ON ROWS FROM Sample.Basic";
    const whole = executeMdx(cube, q);
    expect(whole.cells.length).toBeGreaterThan(10 * STEP_CELLS);
    const { value, pauses } = runCountingPauses(executeMdxSteps(cube, q));
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(whole.cells.length / STEP_CELLS) - 1);
    expect(describeResult(value)).toEqual(describeResult(whole));
  });
});
