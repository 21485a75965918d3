import { beforeAll, describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import type { Cube } from "../../src/cube/cube.ts";
import { EngineError } from "../../src/engine-error.ts";
import { executeMdx, MdxError, parseMdx } from "../../src/mdx/index.ts";
import { thrown } from "../support/thrown.ts";

/** MDX errors: a code, the token at fault and its 1-based line and column, in the message too. */

let cube: Cube;
beforeAll(() => {
  cube = createSampleBasicCube();
});

function failure(run: () => unknown): MdxError {
  const e = thrown(MdxError, run);
  expect(e).toBeInstanceOf(EngineError);
  return e;
}

const fails = (q: string): MdxError => failure(() => executeMdx(cube, q));
const where = (e: MdxError): [string, number, number, string] => [e.code, e.line, e.column, e.token];

describe("MDX syntax errors", () => {
  it("an unexpected token names what was expected and what was found", () => {
    const e = fails("SELECT {[East]} COLUMNS FROM Basic");
    expect(where(e)).toEqual(["MDX_SYNTAX", 1, 17, "COLUMNS"]);
    expect(e.message).toBe("Syntax error: expected ON, found COLUMNS at line 1, column 17");
  });

  it("positions count lines and columns from 1", () => {
    const e = fails("SELECT\n  {[East]} ON COLUMNS,\n  {[Jan]} ON ROWZ\nFROM Basic");
    expect(where(e)).toEqual(["MDX_SYNTAX", 3, 14, "ROWZ"]);
    expect(e.message).toContain("expected COLUMNS, ROWS, PAGES, CHAPTERS, SECTIONS or AXIS(n), found ROWZ");
  });

  it("the end of the query is a token too", () => {
    const e = fails("SELECT {[East]} ON COLUMNS FROM Basic WHERE");
    expect(where(e)).toEqual(["MDX_SYNTAX", 1, 44, "end of query"]);
    expect(e.message).toContain("found end of query");
  });

  it("an unclosed brace", () => {
    const e = fails("SELECT {[East], [West] ON COLUMNS FROM Basic");
    expect(where(e)).toEqual(["MDX_SYNTAX", 1, 24, "ON"]);
    expect(e.message).toContain("expected , or }, found ON");
  });

  it("a closing brace too many", () => {
    const e = fails("SELECT {[East]}} ON COLUMNS FROM Basic");
    expect(where(e)).toEqual(["MDX_SYNTAX", 1, 16, "}"]);
  });

  it("an unclosed parenthesis in a function call", () => {
    const e = fails("SELECT CrossJoin({[East]}, {[Jan]} ON COLUMNS FROM Basic");
    expect(where(e)).toEqual(["MDX_SYNTAX", 1, 36, "ON"]);
    expect(e.message).toContain("expected , or ), found ON");
  });

  it("an unterminated bracketed name and an unterminated string", () => {
    expect(where(fails("SELECT {[East} ON COLUMNS FROM Basic")).slice(0, 3)).toEqual(["MDX_SYNTAX", 1, 9]);
    const s = fails("WITH MEMBER [Measures].[X] AS '[Sales] * 2\nSELECT FROM Basic");
    expect(where(s).slice(0, 3)).toEqual(["MDX_SYNTAX", 1, 31]);
    expect(s.message).toContain("Unterminated string");
  });

  it("a character MDX does not have", () => {
    expect(where(fails("SELECT {[East]} ON COLUMNS FROM Basic WHERE ([Sales]; [Actual])"))).toEqual([
      "MDX_SYNTAX",
      1,
      53,
      ";",
    ]);
  });

  it("the syntax tree comes without a cube", () => {
    const q = parseMdx("SELECT NON EMPTY {[East]} ON ROWS, {[Jan]} ON COLUMNS FROM [Sample].[Basic]");
    expect(q.axes.map((a) => [a.ordinal, a.nonEmpty])).toEqual([
      [1, true],
      [0, false],
    ]);
    expect(q.cube.map((p) => p.name)).toEqual(["Sample", "Basic"]);
  });
});

describe("MDX errors against the outline", () => {
  it("an unknown member names the reference at the part that is not found", () => {
    const e = fails("SELECT {[Market].[Eest]} ON COLUMNS FROM Basic");
    expect(where(e)).toEqual(["MDX_UNKNOWN_MEMBER", 1, 18, "[Market].[Eest]"]);
    expect(e.message).toBe("Unknown member [Market].[Eest] at line 1, column 18");
  });

  it("a member under the wrong parent is unknown", () => {
    const e = fails("SELECT {[East].[California]} ON COLUMNS FROM Basic");
    expect(where(e)).toEqual(["MDX_UNKNOWN_MEMBER", 1, 16, "[East].[California]"]);
  });

  it("an unknown member inside a quoted formula is placed in the query", () => {
    const e = fails(
      "WITH MEMBER [Measures].[X] AS\n  '[Sales] - [Cogz]'\nSELECT {[X]} ON COLUMNS FROM Basic",
    );
    expect(where(e)).toEqual(["MDX_UNKNOWN_MEMBER", 2, 14, "[Cogz]"]);
  });

  it("an unknown function, called or dotted", () => {
    const e = fails("SELECT Fliter([Market].Children, [Sales] > 0) ON COLUMNS FROM Basic");
    expect(where(e)).toEqual(["MDX_UNKNOWN_FUNCTION", 1, 8, "Fliter"]);
    expect(e.message).toBe("Unknown function Fliter at line 1, column 8");
    const d = fails("SELECT [East].Kids() ON COLUMNS FROM Basic");
    expect(where(d)).toEqual(["MDX_UNKNOWN_FUNCTION", 1, 15, "Kids"]);
  });

  it("an unknown cube", () => {
    const e = fails("SELECT {[East]} ON COLUMNS FROM [Sample].[Other]");
    expect(where(e)).toEqual(["MDX_UNKNOWN_CUBE", 1, 33, "[Sample].[Other]"]);
  });

  it("a dimension on two axes, or on an axis and in the slicer", () => {
    expect(where(fails("SELECT {[East]} ON COLUMNS, {[West]} ON ROWS FROM Basic")).slice(0, 3)).toEqual([
      "MDX_DUPLICATE_DIMENSION",
      1,
      29,
    ]);
    const e = fails("SELECT {[Sales]} ON COLUMNS FROM Basic WHERE ([Actual], [Profit])");
    expect(e.code).toBe("MDX_DUPLICATE_DIMENSION");
    expect(e.message).toContain("Measures");
  });

  it("a set mixing dimensions, and a wrong argument", () => {
    const e = fails("SELECT {[East], [Jan]} ON COLUMNS FROM Basic");
    expect(where(e).slice(0, 3)).toEqual(["MDX_ARGUMENT", 1, 8]);
    expect(e.message).toContain("(Market) and of (Year)");
    const h = fails("SELECT Head([Year].Children, [Market].Children) ON COLUMNS FROM Basic");
    expect(h.code).toBe("MDX_ARGUMENT");
    expect(fails("SELECT Order([Year].Children, [Sales], UP) ON COLUMNS FROM Basic").code).toBe(
      "MDX_UNKNOWN_MEMBER",
    );
    expect(fails("SELECT Descendants([Year], [Market].Levels(0)) ON COLUMNS FROM Basic").message).toContain(
      "The level is one of Market, not of Year",
    );
  });

  it("rows without columns", () => {
    const e = fails("SELECT {[East]} ON ROWS FROM Basic");
    expect(where(e).slice(0, 3)).toEqual(["MDX_ARGUMENT", 1, 8]);
  });

  it("a calculated member that refers to itself", () => {
    const e = fails("WITH MEMBER [Measures].[Loop] AS '[Loop] + 1' SELECT {[Loop]} ON COLUMNS FROM Basic");
    expect(e.code).toBe("MDX_TOO_DEEP");
    expect([e.line, e.column]).toEqual([1, 35]);
  });
});
