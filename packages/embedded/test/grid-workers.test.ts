import type { Worker } from "node:worker_threads";
import {
  answerGridSize,
  answerValue,
  DEFAULT_SLICES,
  type GridAnswer,
  jsonAnswer,
  SliceScheduler,
  valueAnswer,
  withDataVersion,
} from "@qibates/provider";
import { afterAll, describe, expect, it, vi } from "vitest";

/** The JSON text of an answer a grid worker wrote, or null for an answer returned as an object. */
const answerText = (a: GridAnswer<unknown>): string | null =>
  a.kind === "json" ? new TextDecoder().decode(a.bytes) : null;

import { Cube, type Member } from "@qibates/engine";
import { executeMdx, MdxError, type MdxResult, parseMdx, parseMdxDrillthrough } from "@qibates/engine/mdx";
import type { GridCall, GridText, ProviderSession } from "@qibates/provider";
import { ProviderError, sheetCells } from "@qibates/provider";
import type { EmbeddedCatalogue } from "../src/catalogue.ts";
import type { GridWorkers } from "../src/grid-workers.ts";
import { EmbeddedProvider } from "../src/index.ts";
import { memoryStore } from "../src/memory-store.ts";
import { PlanningDemoApplication } from "../src/planning-app.ts";
import { demoSession } from "./support/demo-session.ts";
import { heavySheet } from "./support/sample-basic.ts";
import { bundledSpawn } from "./support/worker-bundle.ts";

/**
 * Heavy reads in grid workers (`grid-workers.ts`): the same answers as on the event loop, at the state of the
 * cube when the call was made (a change before the call is read, by the shared data and by a session's view),
 * errors as the provider's, and answers sent as JSON text whose size is known without parsing it.
 */

const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
const session = (id: string, ownerId = "ada"): ProviderSession => demoSession(id, ownerId);

/** Products × states × months down, measures × Actual and Budget across: 864 rows, 8,640 data cells. */
const heavyGrid = () => heavySheet();

const refresh = (grid: string[][]): GridCall => ({ action: "refresh", input: { grid } });

const providers: EmbeddedProvider[] = [];
/**
 * A provider with `gridWorkers` workers, started from the test bundle of the worker (`bundledSpawn`), or, with
 * `productStart`, as the product starts them from the sources.
 */
async function open(gridWorkers: number, views = false, productStart = false): Promise<EmbeddedProvider> {
  const p = await EmbeddedProvider.open({
    scheduler: new SliceScheduler(DEFAULT_SLICES),
    store: memoryStore(),
    credentialsValid: () => true,
    gridWorkers,
    ...(gridWorkers > 0 && !productStart ? { gridWorkerLimits: { spawn: await bundledSpawn() } } : {}),
    ...(views
      ? {
          ownViews: {
            isolated: (s: ProviderSession) => s.ownerId === "demo-owner",
            alive: async () => true,
            sweepMs: 3_600_000,
            idleMs: 3_600_000,
          },
        }
      : {}),
  });
  providers.push(p);
  return p;
}
afterAll(async () => {
  await Promise.all(providers.map((p) => p.close()));
});

/** The grid workers of `p`; their `mdxResult` tells `seen` of each call (text, options) before running it. */
function watchMdxResult(
  p: EmbeddedProvider,
  seen: (text: string, options: Parameters<GridWorkers["mdxResult"]>[3]) => void,
): GridWorkers {
  const workers = (p as unknown as { workers: GridWorkers }).workers;
  const mdxResult = workers.mdxResult.bind(workers);
  workers.mdxResult = (app, text, q, options) => {
    seen(text, options);
    return mdxResult(app, text, q, options);
  };
  return workers;
}

/** The answer as a plain object, whichever way it came. */
const plain = (a: GridAnswer<unknown>) => JSON.parse(JSON.stringify(answerValue(a))) as { grid: string[][] };

describe("grid workers", () => {
  it("answer a heavy refresh as the event loop does, as UTF-8 JSON of known size", async () => {
    const onLoop = await open(0);
    const inWorker = await open(1, false, true);
    const grid = heavyGrid();
    expect(grid.length * (grid[0] as string[]).length).toBeGreaterThanOrEqual(10_000);
    const expected = await onLoop.essbase.grid(session("a"), cube, refresh(grid));
    expect(answerText(expected)).toBeNull();
    const got = await inWorker.essbase.grid(session("a"), cube, refresh(grid));
    const text = answerText(got);
    expect(text).not.toBeNull();
    // The same text the server writes for the answer returned as an object.
    expect(text).toBe(JSON.stringify(answerValue(expected)));
    expect(answerGridSize(got)).toEqual({ rows: 866, columns: 13 });
    expect(answerGridSize(expected)).toEqual({ rows: 866, columns: 13 });
    // Read as an object, it is the same answer (a check of the contract, a wire endpoint).
    expect(answerValue(got).grid[2]).toEqual(answerValue(expected).grid[2]);
    expect(answerValue(got)).toEqual(answerValue(expected));
  });

  it("read the data saved before the call, at one moment: values and data version together", async () => {
    const p = await open(1);
    const s = session("b");
    const grid = heavyGrid();
    // 100-10, New York, Jan
    const row = 2;
    const before = plain(await p.essbase.grid(s, cube, refresh(grid)));
    expect(before.grid[row]?.[4]).not.toBe("1234.5");
    const saved = grid.map((r) => [...r]);
    (saved[row] as string[])[4] = "1234.5"; // Sales, Budget
    const r = answerValue(await p.essbase.save(s, cube, { grid: saved, cells: [{ row, column: 4 }] }));
    expect(r.cells[0]?.status).toBe("written");
    const pending = p.essbase.grid(s, cube, refresh(grid));
    // Saved again while the worker reads: the answer is the state of the call, with its data version.
    const again = saved.map((x) => [...x]);
    (again[row] as string[])[4] = "99";
    const r2 = answerValue(
      await p.essbase.save(s, cube, { grid: again, cells: [{ row, column: 4 }], overwrite: true }),
    );
    const answered = await pending;
    // One state or the other, never a mix: the value and the data version of the same moment.
    expect(answerText(answered)).not.toBeNull();
    const after = answerValue(answered);
    const seen = after.grid[row]?.[4];
    expect(seen === "1234.5" ? r.dataVersion : seen === "99" ? r2.dataVersion : null).toBe(after.dataVersion);
    const latest = answerValue(await p.essbase.grid(s, cube, refresh(grid)));
    expect(latest.grid[row]?.[4]).toBe("99");
  });

  it("read a demo session's own view, and the shared data for everyone else", async () => {
    const p = await open(1, true);
    const mine = session("c", "demo-owner");
    const other = session("d", "demo-owner");
    const grid = heavyGrid();
    const row = 2;
    const saved = grid.map((r) => [...r]);
    (saved[row] as string[])[3] = "4321";
    await p.essbase.save(mine, cube, { grid: saved, cells: [{ row, column: 3 }] });
    const [a, b] = await Promise.all([
      p.essbase.grid(mine, cube, refresh(grid)),
      p.essbase.grid(other, cube, refresh(grid)),
    ]);
    expect(answerText(a)).not.toBeNull();
    expect(answerValue(a).grid[row]?.[3]).toBe("4321");
    expect(answerValue(b).grid[row]?.[3]).not.toBe("4321");
  });

  it("answer the engine's errors as the provider's", async () => {
    const p = await open(1);
    const grid = heavyGrid();
    (grid[5] as string[])[0] = "No Such Product";
    const e = await p.essbase.grid(session("e"), cube, refresh(grid)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ProviderError);
    expect((e as ProviderError).code).toBe("MEMBER_UNKNOWN");
    const onLoop = await open(0);
    const same = await onLoop.essbase.grid(session("e"), cube, refresh(grid)).catch((x: unknown) => x);
    expect((e as ProviderError).message).toBe((same as ProviderError).message);
    expect((e as ProviderError).field).toBe((same as ProviderError).field);
  });

  it("take over a read that outlasts its first slices on the event loop (an MDX query of thousands of rows)", async () => {
    const p = await open(1);
    const onLoop = await open(0);
    const query =
      "SELECT {[Measures].Children} ON COLUMNS, NON EMPTY CrossJoin(Descendants([Product], 2), CrossJoin([Market].Levels(0).Members, [Year].Levels(0).Members)) ON ROWS FROM Sample.Basic";
    const [m1, m2] = await Promise.all([
      onLoop.essbase.mdx(session("g"), cube, { query }),
      p.essbase.mdx(session("g"), cube, { query }),
    ]);
    expect(plain(m2)).toEqual(plain(m1));
    expect(answerText(m2)).not.toBeNull();
  });

  it("take over an engine cube's MDX query that outlasts its first slices (the XMLA endpoint's), to the same result", async () => {
    const calls: string[] = [];
    const p = await open(1);
    watchMdxResult(p, (text) => calls.push(text));
    const onLoop = await open(0);
    const query =
      "WITH MEMBER [Measures].[Margin %] AS '[Measures].[Profit] / [Measures].[Sales] * 100' " +
      "SELECT {[Measures].Children, [Measures].[Margin %]} ON COLUMNS, NON EMPTY CrossJoin(Descendants([Product]), " +
      "CrossJoin([Market].Levels(0).Members, [Year].Levels(0).Members)) ON ROWS FROM Sample.Basic";
    const names = (r: MdxResult) =>
      r.axes.map((a) => a.tuples.map((t) => t.map((m) => `${m.dimension.name}:${m.name}@${m.parent?.name}`)));
    const [m1, m2] = await Promise.all([
      onLoop.engineCube("essbase", cube).mdx(query),
      p.engineCube("essbase", cube).mdx(query),
    ]);
    expect(calls).toEqual([query]);
    expect(names(m2)).toEqual(names(m1));
    expect(m2.cells).toEqual(m1.cells);
    // Members of the event loop's own outline, shared ones among them.
    const outline = p.engineCube("essbase", cube).outline;
    const rows = (m2.axes[1]?.tuples ?? []).map((t) => t[0] as Member);
    expect(rows.some((m) => m.isShared)).toBe(true);
    expect(rows.every((m) => outline.dimensions[m.dimension.index]?.members[m.ordinal] === m)).toBe(true);
    // A small query stays on the event loop.
    await p.engineCube("essbase", cube).mdx("SELECT {[Sales]} ON COLUMNS FROM Sample.Basic");
    expect(calls).toHaveLength(1);
  });

  it("take over an MDX query one step of which would hold the event loop (one cell summing a large set)", async () => {
    const moved: string[] = [];
    const p = await open(1);
    const workers = watchMdxResult(p, (_text, options) =>
      moved.push(`engine cube: ${"stepWork" in options}`),
    );
    const run = workers.run.bind(workers);
    workers.run = (app, work) => {
      moved.push(`${work.kind}: ${work.kind === "mdx" && "stepWork" in work.options}`);
      return run(app, work);
    };
    const onLoop = await open(0);
    // One cell, so one step: without a limit on the step, it would run whole in the first slice.
    const query =
      "WITH MEMBER [Measures].[All] AS 'Sum(CrossJoin([Product].Members, [Market].Members, [Year].Members), [Measures].[Sales])' " +
      "SELECT {[Measures].[All]} ON COLUMNS FROM Sample.Basic";
    const [r1, r2] = await Promise.all([
      onLoop.engineCube("essbase", cube).mdx(query),
      p.engineCube("essbase", cube).mdx(query),
    ]);
    expect(r2.cells).toEqual(r1.cells);
    const [g1, g2] = await Promise.all([
      onLoop.essbase.mdx(session("s"), cube, { query }),
      p.essbase.mdx(session("s"), cube, { query }),
    ]);
    expect(plain(g2)).toEqual(plain(g1));
    // Moved at once, and the worker runs it without the event loop's step limit.
    expect(moved).toEqual(["engine cube: false", "mdx: false"]);
  });

  it("run an engine cube's DRILLTHROUGH (the XMLA endpoint's Show Details), to the same rows, and its errors as the engine's", async () => {
    const p = await open(1);
    const workers = (p as unknown as { workers: GridWorkers }).workers;
    const moved: string[] = [];
    const drillthrough = workers.drillthrough.bind(workers);
    workers.drillthrough = (app, statement, options) => {
      moved.push(statement.query.cube.map((c) => c.name).join("."));
      return drillthrough(app, statement, options);
    };
    const onLoop = await open(0);
    // Sample.Basic's top cell: every stored level-0 cell, shared members read once.
    const top = parseMdxDrillthrough("DRILLTHROUGH MAXROWS 100000 SELECT FROM [Sample].[Basic]");
    const [r1, r2] = await Promise.all([
      onLoop.engineCube("essbase", cube).drillthrough?.(top),
      p.engineCube("essbase", cube).drillthrough?.(top),
    ]);
    if (!r1 || !r2) throw new Error("no drillthrough");
    expect(moved).toEqual(["Sample.Basic"]);
    expect(r2.rows.length).toBeGreaterThan(1_000);
    const plainRows = (r: typeof r1) => ({
      dimensions: r.dimensions.map((d) => d.name),
      measures: r.measures.map((m) => m.name),
      rows: r.rows.map((row) => [...row.members.map((m) => `${m.name}@${m.ordinal}`), ...row.values]),
      maxRows: r.maxRows,
      truncated: r.truncated,
    });
    expect(plainRows(r2)).toEqual(plainRows(r1));
    // Members of the event loop's own outline.
    const outline = p.engineCube("essbase", cube).outline;
    expect(
      r2.rows.every((row) =>
        row.members.every((m) => outline.dimensions[m.dimension.index]?.members[m.ordinal] === m),
      ),
    ).toBe(true);
    // RETURN of the cell's measures alone, a few rows, truncated.
    const few = parseMdxDrillthrough(
      "DRILLTHROUGH MAXROWS 3 SELECT FROM [Basic] WHERE ([Year].[Qtr1], [Market].[East]) RETURN [$Market], [Measures].[Sales], [Measures].[COGS]",
    );
    const [f1, f2] = await Promise.all([
      onLoop.engineCube("essbase", cube).drillthrough?.(few),
      p.engineCube("essbase", cube).drillthrough?.(few),
    ]);
    if (!f1 || !f2) throw new Error("no drillthrough");
    expect(plainRows(f2)).toEqual(plainRows(f1));
    expect(f2.truncated).toBe(true);
    // A refusal of the engine's: the same error, code and reason, from the worker.
    const tooMany = parseMdxDrillthrough("DRILLTHROUGH MAXROWS 100000 SELECT FROM [Sample].[Basic]");
    const fields = (x: unknown) => {
      const m = x as MdxError;
      return { kind: m instanceof MdxError, code: m.code, message: m.message };
    };
    const [e1, e2] = await Promise.all([
      onLoop
        .engineCube("essbase", cube)
        .drillthrough?.(tooMany, { maxCells: 10 })
        .catch((x: unknown) => x),
      p
        .engineCube("essbase", cube)
        .drillthrough?.(tooMany, { maxCells: 10 })
        .catch((x: unknown) => x),
    ]);
    expect(fields(e1).kind).toBe(true);
    expect(fields(e2)).toEqual(fields(e1));
    expect(moved).toHaveLength(3);
  });

  it("answer an MDX result's engine error as the engine's own (code, message, position)", async () => {
    const p = await open(1);
    const workers = (p as unknown as { workers: GridWorkers }).workers;
    const query =
      "WITH MEMBER [Measures].[Loop] AS '[Measures].[Loop] + 1' SELECT {[Measures].[Loop]} ON COLUMNS FROM Sample.Basic";
    const app = (p as unknown as { catalogue: EmbeddedCatalogue }).catalogue.essbaseCube(
      { connector: "essbase" },
      cube,
    );
    const e = await workers.mdxResult(app, query, parseMdx(query), {}).catch((x: unknown) => x);
    const direct = (() => {
      try {
        executeMdx(app.cube, query);
      } catch (x) {
        return x;
      }
    })();
    expect(e).toBeInstanceOf(MdxError);
    expect(direct).toBeInstanceOf(MdxError);
    const fields = (x: unknown) => {
      const m = x as MdxError;
      return { code: m.code, message: m.message, line: m.line, column: m.column, token: m.token };
    };
    expect(fields(e)).toEqual(fields(direct));
    expect((e as MdxError).code).toBe("MDX_TOO_DEEP");
  });

  it("parse a grid left as the request's text themselves, from its span; the event loop parses it only itself", async () => {
    const p = await open(1);
    const onLoop = await open(0);
    const grid = heavyGrid();
    const expected = plain(await p.essbase.grid(session("h"), cube, refresh(grid)));
    // The grid as the server's JSON parser leaves a large body's: the body's text and the grid's span in it.
    const asText = (g: string[][]): GridText => {
      const text = `{"loginid":"x","grid":${JSON.stringify(g)},"settings":{}}`;
      return {
        text,
        start: text.indexOf("[["),
        end: text.lastIndexOf("]]") + 2,
        cells: sheetCells(g),
        rows: g.length,
        columns: Math.max(0, ...g.map((r) => r.length)),
      };
    };
    const fromText = (g: string[][]): GridCall => ({ action: "refresh", input: { grid: asText(g) } });
    expect(plain(await p.essbase.grid(session("h"), cube, fromText(grid)))).toEqual(expected);
    expect(plain(await onLoop.essbase.grid(session("h"), cube, fromText(grid)))).toEqual(expected);
    // It is the span of the text that is read (here a first row of Texas).
    const other = grid.map((r) => [...r]);
    (other[2] as string[])[1] = "Texas";
    expect(plain(await p.essbase.grid(session("h"), cube, fromText(other))).grid[2]?.[1]).toBe("Texas");
    // A save of a grid left as text, submitted by a worker, answers as the same save of its rows on the event loop.
    const edited = grid.map((r) => [...r]);
    (edited[2] as string[])[4] = "123";
    const cells = [{ row: 2, column: 4 }];
    const saved = await p.essbase.save(session("h"), cube, { grid: asText(edited), cells });
    expect(answerText(saved)).not.toBeNull();
    expect(plain(saved)).toEqual(
      plain(await onLoop.essbase.save(session("h"), cube, { grid: edited, cells })),
    );
  });

  it("submit a heavy save as the event loop does: same answer, same data after it", async () => {
    const onLoop = await open(0);
    const inWorker = await open(1);
    const grid = heavyGrid();
    // The Budget cells of the first 60 rows edited, three of each row listed as changed (the others are not
    // saved), and a text a data cell cannot hold.
    const edited = grid.map((r, i) =>
      i >= 2 && i < 62 ? r.map((v, j) => (j >= 3 && j % 2 === 0 ? String(i * 10 + j) : v)) : [...r],
    );
    (edited[70] as string[])[3] = "not a number";
    const cells = edited.flatMap((_, i) =>
      i >= 2 && i < 62 ? [4, 6, 8].map((column) => ({ row: i, column })) : [],
    );
    cells.push({ row: 70, column: 3 });
    const input = { grid: edited, cells };
    const expected = await onLoop.essbase.save(session("i"), cube, input);
    const got = await inWorker.essbase.save(session("i"), cube, input);
    // Sent as the worker wrote it, with the data version added by the event loop once journaled.
    expect(answerText(got)).not.toBeNull();
    expect(plain(got)).toEqual(plain(expected));
    expect(answerValue(got).submitted).toBe(180);
    expect(answerValue(got).cells.find((c) => c.row === 70)?.status).toBe("invalid");
    const after = async (p: EmbeddedProvider) =>
      plain(await p.essbase.grid(session("i"), cube, refresh(grid)));
    expect(await after(inWorker)).toEqual(await after(onLoop));
    expect((await after(inWorker)).grid[2]?.[4]).toBe("24");
  });

  it("refuse a heavy save whose cells changed since its grid was read, writing nothing", async () => {
    const p = await open(1);
    const grid = heavyGrid();
    const read = answerValue(await p.essbase.grid(session("j"), cube, refresh(grid)));
    const other = grid.map((r) => [...r]);
    (other[3] as string[])[4] = "77";
    await p.essbase.save(session("k", "bob"), cube, { grid: other, cells: [{ row: 3, column: 4 }] });
    const mine = grid.map((r) => [...r]);
    (mine[3] as string[])[4] = "88";
    (mine[4] as string[])[4] = "99";
    const e = await p.essbase
      .save(session("j"), cube, {
        grid: mine,
        cells: [
          { row: 3, column: 4 },
          { row: 4, column: 4 },
        ],
        dataVersion: read.dataVersion,
      })
      .catch((x: unknown) => x);
    expect((e as ProviderError).code).toBe("SAVE_CONFLICT");
    expect((e as ProviderError).conflicts).toEqual([{ row: 3, column: 4 }]);
    const now = plain(await p.essbase.grid(session("j"), cube, refresh(grid)));
    expect(now.grid[3]?.[4]).toBe("77");
    expect(now.grid[4]?.[4]).not.toBe("99");
  });

  it("submit again on the new data when it changed while the worker submitted", async () => {
    const p = await open(1);
    const grid = heavyGrid();
    const mine = grid.map((r) => [...r]);
    (mine[2] as string[])[4] = "1111";
    const pending = p.essbase.save(session("l"), cube, { grid: mine, cells: [{ row: 2, column: 4 }] });
    // Another user's save, of a small sheet (on the event loop), of a cell of the same sheet lands first.
    expect((grid[5] as string[]).slice(0, 3)).toEqual(["100-10", "New York", "Apr"]);
    const small = [
      ["", "", "", "Sales"],
      ["", "", "", "Budget"],
      ["100-10", "New York", "Apr", "2222"],
    ];
    const theirs = answerValue(
      await p.essbase.save(session("m", "bob"), cube, {
        grid: small,
        cells: [{ row: 2, column: 3 }],
      }),
    );
    const saved = answerValue(await pending);
    // The answer is the data after both saves, not the copy the worker saved on.
    expect(saved.grid[2]?.[4]).toBe("1111");
    expect(saved.grid[5]?.[4]).toBe("2222");
    expect(Number(saved.dataVersion)).toBeGreaterThan(Number(theirs.dataVersion));
  });

  it("run a calculation as the event loop does: the same data after it", async () => {
    const onLoop = await open(0);
    const inWorker = await open(1);
    const grid = heavyGrid();
    const before = plain(await inWorker.essbase.grid(session("n"), cube, refresh(grid)));
    const calculated = await inWorker.essbase.calculate(session("n"), cube, "BudSeed");
    expect(calculated.status).toBe("completed");
    await onLoop.essbase.calculate(session("n"), cube, "BudSeed");
    const after = async (p: EmbeddedProvider) =>
      plain(await p.essbase.grid(session("n"), cube, refresh(grid)));
    const fromWorker = await after(inWorker);
    expect(fromWorker).toEqual(await after(onLoop));
    expect(fromWorker).not.toEqual(before);
  });

  it("calculate again on the new data when it changed while the worker calculated", async () => {
    const p = await open(1);
    const pending = p.essbase.calculate(session("o"), cube, "BudSeed");
    // A save on the event loop lands while the worker runs the script on the data it was sent.
    const sheet = (scenario: string, value = "") => [
      ["", "", "", "Sales"],
      ["", "", "", scenario],
      ["100-10", "New York", "Apr", value],
    ];
    await p.essbase.save(session("q", "bob"), cube, {
      grid: sheet("Actual", "2222"),
      cells: [{ row: 2, column: 3 }],
    });
    await pending;
    // The save is kept, and the script ran after it: Budget Sales is the new Actual grown by 5 %.
    const value = async (scenario: string) =>
      answerValue(await p.essbase.grid(session("o"), cube, refresh(sheet(scenario)))).grid[2]?.[3];
    expect(await value("Actual")).toBe("2222");
    expect(await value("Budget")).toBe("2333.1");
  });

  const vision = { server: "Planning", application: "Vision" };
  const planningSession = (id: string, ownerId = "ada"): ProviderSession => ({
    ...session(id, ownerId),
    connector: "planning",
  });
  /** Plan1's revenue accounts for the first quarter of a version (410, P_160, FY15, Plan). */
  const revenue = (p: EmbeddedProvider, s: ProviderSession, version: string) =>
    p.planning.exportDataSlice(s, vision, {
      cube: "Plan1",
      pov: {
        dimensions: ["HSP_View", "Year", "Scenario", "Version", "Entity", "Product", "Currency"],
        members: [["BaseData"], ["FY15"], ["Plan"], [version], ["410"], ["P_160"], ["USD"]],
      },
      columns: [{ members: [["Jan", "Feb", "Mar", "Q1"]] }],
      rows: [{ members: [["4110", "4120", "4100"]] }],
      suppressMissingBlocks: false,
      suppressMissingRows: false,
      suppressMissingColumns: false,
    });
  /** Enters `value` in Plan1's Working version at `month` × `account` (410, P_160, FY15, Plan). */
  const enterWorking = (
    p: EmbeddedProvider,
    s: ProviderSession,
    month: string,
    account: string,
    value: number,
  ) =>
    p.planning.importDataSlice?.(s, vision, {
      cube: "Plan1",
      pov: ["BaseData", "FY15", "Plan", "Working", "410", "P_160", "USD"],
      columns: [[month]],
      rows: [{ headers: [account], data: [value] }],
      aggregateEssbaseData: false,
    });
  const copyVersion = (to: string) => ({
    cube: "Plan1",
    ruleName: "CopyVersion",
    prompts: [
      { name: "SrcVersion", value: "Working" },
      { name: "TgtVersion", value: to },
    ],
  });

  it("run a business rule as the event loop does: the same data after it, in a demo session's own view", async () => {
    const onLoop = await open(0, true);
    const inWorker = await open(1, true);
    const s = planningSession("r", "demo-owner");
    const before = await revenue(inWorker, s, "What If");
    const working = await revenue(inWorker, s, "Working");
    for (const p of [onLoop, inWorker]) {
      const run = await p.planning.launchRule(s, vision, copyVersion("What If") as never);
      expect(run.status).toBe("completed");
    }
    const fromWorker = await revenue(inWorker, s, "What If");
    expect(fromWorker).toEqual(await revenue(onLoop, s, "What If"));
    expect(fromWorker.rows.map((r) => r.data)).toEqual(working.rows.map((r) => r.data));
    expect(fromWorker).not.toEqual(before);
    // Only that session's view changed.
    expect(await revenue(inWorker, planningSession("other"), "What If")).toEqual(before);
  });

  it("start each demo session's first rule from the shared state a worker keeps: copied once, sessions apart", async () => {
    const p = await open(1, true);
    const a = planningSession("ka", "demo-owner");
    const b = planningSession("kb", "demo-owner");
    const c = planningSession("kc", "demo-owner");
    const d = planningSession("kd", "demo-owner");
    const account = planningSession("kacct", "ada");
    const before = await revenue(p, a, "What If");
    const working = await revenue(p, a, "Working");
    const data = async (s: ProviderSession, version: string) =>
      (await revenue(p, s, version)).rows.map((r) => r.data);
    const enter = (s: ProviderSession, value: number) => enterWorking(p, s, "Jan", "4110", value);
    // Copies of an application's whole state taken on the event loop to send to a worker.
    const sent = vi.spyOn(PlanningDemoApplication.prototype, "state");
    try {
      for (const s of [a, b]) {
        expect((await p.planning.launchRule(s, vision, copyVersion("What If") as never)).status).toBe(
          "completed",
        );
        expect(await data(s, "What If")).toEqual(working.rows.map((r) => r.data));
      }
      // The shared state was sent once: the second session's rule ran from the state the worker kept.
      expect(sent).toHaveBeenCalledTimes(1);
      expect(await revenue(p, c, "What If")).toEqual(before);
      expect(await revenue(p, account, "What If")).toEqual(before);

      // The shared data changes: the next session's rule starts from the new state, sent again.
      await enter(account, 4242);
      expect((await p.planning.launchRule(c, vision, copyVersion("What If") as never)).status).toBe(
        "completed",
      );
      expect(sent).toHaveBeenCalledTimes(2);
      expect((await data(c, "What If"))[0]?.[0]).toBe(4242);
      // A view follows the shared data, its own rule replayed on it; the shared What If is untouched.
      expect((await data(b, "What If"))[0]?.[0]).toBe(4242);
      expect(await revenue(p, account, "What If")).toEqual(before);

      // A view whose first change is made on the event loop copies the shared state then, and keeps to itself.
      await enter(d, 777);
      expect((await data(d, "Working"))[0]?.[0]).toBe(777);
      expect((await data(c, "Working"))[0]?.[0]).toBe(4242);
      expect((await data(account, "Working"))[0]?.[0]).toBe(4242);
    } finally {
      sent.mockRestore();
    }
  });

  it("run a rule again on the new data when it changed while the worker ran it", async () => {
    const p = await open(1);
    const s = planningSession("t");
    const pending = p.planning.launchRule(s, vision, copyVersion("What If") as never);
    // Data entered on the event loop lands while the worker runs the rule on the state it was sent.
    await enterWorking(p, s, "Jan", "4110", 4242);
    await pending;
    // The entry is kept, and the rule ran after it: What If holds the new Working value.
    const jan = (await revenue(p, s, "What If")).rows[0]?.data[0];
    expect(jan).toBe(4242);
  });

  it("run a session's rules between its entries on its data as held, and keep its data whole when the worker dies", async () => {
    const onLoop = await open(0, true);
    const inWorker = await open(1, true);
    const s = planningSession("h", "demo-owner");
    const run = (p: EmbeddedProvider) => p.planning.launchRule(s, vision, copyVersion("What If") as never);
    const before = await revenue(inWorker, planningSession("other-h"), "What If");
    const enter = (p: EmbeddedProvider, value: number) => enterWorking(p, s, "Feb", "4120", value);
    // The session's data goes to the worker and back as its blocks are held: no value of it is read into a
    // double and back on the event loop (a snapshot of a plan type, or its restore).
    const snapshots = vi.spyOn(Cube.prototype, "snapshot");
    const restores = vi.spyOn(Cube.prototype, "restore");
    try {
      for (const value of [5150, 6160]) {
        for (const p of [onLoop, inWorker]) {
          await enter(p, value);
          snapshots.mockClear();
          restores.mockClear();
          expect((await run(p)).status).toBe("completed");
          if (p === inWorker) {
            expect(snapshots).not.toHaveBeenCalled();
            expect(restores).not.toHaveBeenCalled();
          }
        }
        const whatIf = await revenue(inWorker, s, "What If");
        expect(whatIf).toEqual(await revenue(onLoop, s, "What If"));
        expect(whatIf.rows[1]?.data[1]).toBe(value);
      }
    } finally {
      snapshots.mockRestore();
      restores.mockRestore();
    }
    const kept = await revenue(inWorker, s, "What If");

    // The worker ends while it runs the session's next rule (after new entries): the rule fails, and the
    // session's data is as the entries left it, its earlier rules' results kept.
    await enter(inWorker, 7170);
    const workers = (inWorker as unknown as { workers: { slots: ({ worker: Worker } | null)[] } }).workers;
    const worker = workers.slots[0]?.worker as Worker;
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (message: unknown, moved?: readonly Transferable[]) => {
      post(message, moved as never);
      void worker.terminate();
    };
    await expect(run(inWorker)).rejects.toThrow();
    expect(await revenue(inWorker, s, "What If")).toEqual(kept);
    expect((await revenue(inWorker, s, "Working")).rows[1]?.data[1]).toBe(7170);
    // The next rule runs in a new worker, on that data: the same as on the event loop.
    await enter(onLoop, 7170);
    for (const p of [onLoop, inWorker]) expect((await run(p)).status).toBe("completed");
    expect(await revenue(inWorker, s, "What If")).toEqual(await revenue(onLoop, s, "What If"));
    expect((await revenue(inWorker, s, "What If")).rows[1]?.data[1]).toBe(7170);
    // Another session sees none of it.
    expect(await revenue(inWorker, planningSession("other-h"), "What If")).toEqual(before);
  });

  it("answer a rule's error from a worker as the event loop does", async () => {
    const onLoop = await open(0);
    const inWorker = await open(1);
    const bad = { ...copyVersion("No Such Version") };
    const error = async (p: EmbeddedProvider) =>
      p.planning.launchRule(planningSession("u"), vision, bad as never).then(
        () => null,
        (e: unknown) => ({ code: (e as ProviderError).code, message: (e as Error).message }),
      );
    const fromWorker = await error(inWorker);
    expect(fromWorker).not.toBeNull();
    expect(fromWorker).toEqual(await error(onLoop));
  });

  it("send an answer's text without parsing it: its size, its text, a data version added to it", () => {
    // Not JSON: any parse would throw.
    const a = jsonAnswer<{ grid: string[][] }>(
      new TextEncoder().encode("{not json}"),
      { rows: 3, columns: 4 },
      ["grid"],
    );
    expect(answerText(a)).toBe("{not json}");
    expect(answerGridSize(a)).toEqual({ rows: 3, columns: 4 });
    expect(() => answerValue(a)).toThrow(SyntaxError);
    const versioned = withDataVersion<{ grid: string[][]; dataVersion: string }>(a, "7");
    expect(answerText(versioned)).toBe('{not json,"dataVersion":"7"}');
    expect(versioned).toMatchObject({
      kind: "json",
      size: { rows: 3, columns: 4 },
      keys: ["grid", "dataVersion"],
    });
    // An answer returned as an object gets a copy with the field; its size is its grid's.
    const v = valueAnswer({ grid: [["a", "b"]] });
    expect(answerValue(withDataVersion<object>(v, "8"))).toEqual({ grid: [["a", "b"]], dataVersion: "8" });
    expect(answerValue(v)).toEqual({ grid: [["a", "b"]] });
    expect(answerGridSize(v)).toEqual({ rows: 1, columns: 2 });
  });
});
