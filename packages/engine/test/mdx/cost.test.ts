import { beforeAll, describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import type { Cube } from "../../src/cube/cube.ts";
import { finish, StepTooLong } from "../../src/grid/steps.ts";
import {
  cellAt,
  executeMdx,
  executeMdxSteps,
  MdxError,
  type MdxOptions,
  parseMdx,
  parseMdxExpression,
} from "../../src/mdx/index.ts";
import { thrown } from "../support/thrown.ts";

/**
 * The cost of a query is bounded as work, not only as depth: the inputs of the hardening pass (a doubling chain
 * of calculated members, a CrossJoin of every dimension, sets that refer to themselves, nesting that would
 * exhaust the stack) each answer a typed MdxError, never a RangeError or an endless computation.
 */

let cube: Cube;
beforeAll(() => {
  cube = createSampleBasicCube();
});

const fails = (q: string, options: MdxOptions = {}): MdxError =>
  thrown(MdxError, () => executeMdx(cube, q, options));

/** `[x1] AS [x0] + [x0]`, `[x2] AS [x1] + [x1]`… `n` deep, `[x0]` being Sales. */
function doublingChain(n: number): string {
  const defs = Array.from({ length: n }, (_, i) => {
    const prev = i === 0 ? "[Measures].[Sales]" : `[Measures].[x${i}]`;
    return `MEMBER [Measures].[x${i + 1}] AS '${prev} + ${prev}'`;
  });
  return `WITH ${defs.join(" ")} SELECT {[Measures].[x${n}]} ON COLUMNS FROM [Sample].[Basic]`;
}

describe("a function evaluates each argument once", () => {
  it("InStr reads its string once: 40 InStr nested in its first argument cost their length", () => {
    // InStr(InStr(…InStr("a", "a")…, "1"), "1"): each is 1. Reading the first argument a second time (to tell a
    // start from the string) would make the innermost one evaluated 2^40 times; 20,000 units would not reach it.
    let expr = 'InStr("a", "a")';
    for (let i = 0; i < 40; i++) expr = `InStr(${expr}, "1")`;
    const r = executeMdx(
      cube,
      `WITH MEMBER [Measures].[x] AS '${expr}' SELECT {[Measures].[x]} ON COLUMNS FROM [Sample].[Basic]`,
      { maxWork: 20_000 },
    );
    expect(cellAt(r, [0])).toBe(1);
  });
});

describe("calculated members are computed once per cell", () => {
  it("a doubling chain of 40 members costs its length: it answers Sales times 2^40 within a small budget", () => {
    // Without the memo, the 40th member would evaluate Sales 2^40 times; 20,000 units would not reach the 16th.
    const r = executeMdx(cube, doublingChain(40), { maxWork: 20_000 });
    const sales = executeMdx(cube, "SELECT {[Sales]} ON COLUMNS FROM [Sample].[Basic]");
    expect(cellAt(r, [0])).toBe((cellAt(sales, [0]) as number) * 2 ** 40);
  });

  it("the same member at other coordinates is computed again, with that cell's values", () => {
    const r = executeMdx(
      cube,
      `WITH MEMBER [Measures].[Twice] AS '[Measures].[Sales] * 2'
       SELECT {[Measures].[Sales], [Measures].[Twice]} ON COLUMNS, {[Qtr1], [Qtr2], [Qtr3]} ON ROWS FROM [Sample].[Basic]`,
    );
    for (let row = 0; row < 3; row++) expect(cellAt(r, [1, row])).toBe((cellAt(r, [0, row]) as number) * 2);
  });

  it("a member that refers to itself is refused at once, however it is reached", () => {
    const direct = fails(
      "WITH MEMBER [Measures].[x] AS '[Measures].[x] + 1' SELECT {[Measures].[x]} ON COLUMNS FROM [Sample].[Basic]",
    );
    expect(direct.code).toBe("MDX_TOO_DEEP");
    expect(direct.detail).toBe("The calculated member x refers to itself");
    const mutual = fails(
      `WITH MEMBER [Measures].[a] AS '[Measures].[b] + 1' MEMBER [Measures].[b] AS '[Measures].[a] * 2'
       SELECT {[Measures].[a]} ON COLUMNS FROM [Sample].[Basic]`,
    );
    expect(mutual.code).toBe("MDX_TOO_DEEP");
  });
});

describe("the work budget", () => {
  const heavySum =
    "WITH MEMBER [Measures].[S] AS 'Sum(CrossJoin(CrossJoin([Product].Members, [Market].Members), [Year].Members), [Measures].[Sales])' " +
    "SELECT {[Measures].[S]} ON COLUMNS, CrossJoin([Scenario].Members, [Year].Members) ON ROWS FROM [Sample].[Basic]";

  it("a query over the default budget is refused with MDX_TOO_COSTLY, the message naming the limit", () => {
    const e = fails(heavySum);
    expect(e.code).toBe("MDX_TOO_COSTLY");
    expect(e.detail).toContain("more than the 1,000,000 units of work one query may do");
  });

  it("the budget is the caller's to set: the same query answers under a larger one", () => {
    const small = "SELECT CrossJoin([Product].Members, [Market].Members) ON COLUMNS FROM [Sample].[Basic]";
    expect(fails(small, { maxWork: 100 }).code).toBe("MDX_TOO_COSTLY");
    const r = executeMdx(cube, small, { maxWork: 10_000 });
    expect(r.axes[0]?.tuples.length).toBe(22 * 25);
  });

  it("the answer's own cells are not counted against it: a large plain grid answers within a small budget", () => {
    const q =
      "SELECT CrossJoin([Product].Levels(0).Members, [Market].Levels(0).Members) ON ROWS, " +
      "CrossJoin([Year].Levels(0).Members, {[Sales], [COGS]}) ON COLUMNS FROM [Sample].[Basic]";
    const r = executeMdx(cube, q, { maxWork: 5_000 });
    expect(r.cells.length).toBe((r.axes[0]?.tuples.length ?? 0) * (r.axes[1]?.tuples.length ?? 0));
    expect(r.cells.length).toBeGreaterThan(5_000);
  });

  it("a CrossJoin of every dimension is refused before it is built, naming its size", () => {
    const e = fails(
      "SELECT CrossJoin([Year].Members, [Measures].Members, [Product].Members, [Market].Members, [Scenario].Members, " +
        "[Caffeinated].Members, [Ounces].Members, [Pkg Type].Members, [Population].Members, [Intro Date].Members) " +
        "ON COLUMNS FROM [Sample].[Basic]",
      { maxCells: 500_000 },
    );
    expect(e.code).toBe("MDX_TOO_LARGE");
    expect(e.size?.max).toBe(500_000);
    expect(e.size?.cells).toBeGreaterThan(1e9);
  });

  it("sets that double themselves are stopped, not built until memory or the stack gives out", () => {
    const defs = Array.from({ length: 40 }, (_, i) => `SET [s${i + 1}] AS '{[s${i}], [s${i}]}'`).join(" ");
    const e = fails(
      `WITH SET [s0] AS '{[Sales]}' ${defs} SELECT Head([s40], 2) ON COLUMNS FROM [Sample].[Basic]`,
    );
    expect(["MDX_TOO_COSTLY", "MDX_TOO_LARGE"]).toContain(e.code);
  });

  it("Min and Max read sets too large to spread into arguments", () => {
    const q =
      "WITH MEMBER [Measures].[M] AS 'Max(CrossJoin(CrossJoin([Product].Members, [Market].Members), [Year].Members), 1)' " +
      "SELECT {[Measures].[M]} ON COLUMNS FROM [Sample].[Basic]";
    expect(cellAt(executeMdx(cube, q), [0])).toBe(1);
  });
});

describe("recursion and nesting never exhaust the stack", () => {
  it("a named set that refers to itself, directly or through another, is refused", () => {
    const self = fails("WITH SET [s] AS '[s]' SELECT [s] ON COLUMNS FROM [Sample].[Basic]");
    expect([self.code, self.detail]).toEqual(["MDX_TOO_DEEP", "The named set s refers to itself"]);
    const mutual = fails(
      "WITH SET [a] AS '{[b]}' SET [b] AS '{[a]}' SELECT [a] ON COLUMNS FROM [Sample].[Basic]",
    );
    expect(mutual.code).toBe("MDX_TOO_DEEP");
  });

  it.each([
    [
      "5,000 nested parentheses",
      `SELECT {${"(".repeat(5000)}[Sales]${")".repeat(5000)}} ON COLUMNS FROM [Sample].[Basic]`,
    ],
    [
      "3,000 nested Abs(",
      `WITH MEMBER [Measures].[a] AS '${"Abs(".repeat(3000)}1${")".repeat(3000)}' SELECT {[Measures].[a]} ON COLUMNS FROM [Sample].[Basic]`,
    ],
    ["20,000 unary minus signs", `SELECT {${"- ".repeat(20000)}[Sales]} ON COLUMNS FROM [Sample].[Basic]`],
    // Within the 64 KiB of text a query may hold (MAX_MDX_CHARS).
    ["10,000 NOT", `SELECT Filter({[Sales]}, ${"NOT ".repeat(10000)}1) ON COLUMNS FROM [Sample].[Basic]`],
    [
      "a chain of 15,000 additions",
      `WITH MEMBER [Measures].[a] AS '${Array(15000).fill("1").join("+")}' SELECT {[Measures].[a]} ON COLUMNS FROM [Sample].[Basic]`,
    ],
  ])("%s: MDX_TOO_DEEP at parse time", (_, q) => {
    const e = thrown(MdxError, () => parseMdx(q));
    expect(e.code).toBe("MDX_TOO_DEEP");
  });

  it("nesting within the limits still parses and runs", () => {
    expect(parseMdxExpression(`${"(".repeat(100)}1${")".repeat(100)}`).kind).toBe("number");
    const r = executeMdx(
      cube,
      `WITH MEMBER [Measures].[a] AS '${Array(400).fill("1").join(" + ")}' SELECT {[Measures].[a]} ON COLUMNS FROM [Sample].[Basic]`,
    );
    expect(cellAt(r, [0])).toBe(400);
  });

  it("calculated members each within the limits but deeply nested in one another are refused", () => {
    // 60 members, each a chain of 400 additions around the previous one: 24,000 evaluations deep.
    const defs = Array.from({ length: 60 }, (_, i) => {
      const prev = i === 0 ? "1" : `[Measures].[d${i}]`;
      return `MEMBER [Measures].[d${i + 1}] AS '${prev}${"+0".repeat(400)}'`;
    });
    const e = fails(`WITH ${defs.join(" ")} SELECT {[Measures].[d60]} ON COLUMNS FROM [Sample].[Basic]`);
    expect(e.code).toBe("MDX_TOO_DEEP");
  });
});

describe("a host that must not be held long", () => {
  const q =
    "SELECT CrossJoin(CrossJoin([Product].Members, [Market].Members), [Year].Members) ON COLUMNS FROM [Sample].[Basic]";

  it("is told StepTooLong when one step (here, building a set) would do more than stepWork", () => {
    expect(() => finish(executeMdxSteps(cube, q, { stepWork: 5_000 }))).toThrow(StepTooLong);
  });

  it("gets the same answer from the same query without the limit", () => {
    const r = finish(executeMdxSteps(cube, q));
    expect(r.axes[0]?.tuples.length).toBe(22 * 25 * 17);
  });

  it("cells are computed in steps of bounded work: a step limit above one step's work is never met", () => {
    const cells =
      "WITH MEMBER [Measures].[S] AS 'Sum([Market].Children, [Measures].[Sales])' " +
      "SELECT {[Measures].[S]} ON COLUMNS, CrossJoin([Product].Members, [Year].Members, [Scenario].Members) ON ROWS FROM [Sample].[Basic]";
    const steps = executeMdxSteps(cube, cells, { stepWork: 12_000 });
    let yields = 0;
    for (let next = steps.next(); !next.done; next = steps.next()) yields++;
    // 1,870 cells of about 30 units each: several steps, none over the limit.
    expect(yields).toBeGreaterThan(4);
  });
});
