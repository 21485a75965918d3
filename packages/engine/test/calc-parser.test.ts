import { describe, expect, it } from "vitest";
import type { Expr, Stmt } from "../src/calc/ast.ts";
import { CalcSyntaxError, parseCalcScript, parseFormula } from "../src/calc/parser.ts";

/** Calc-script text → syntax tree, positions left out (they are checked apart). */

type Tree = unknown;
const strip = (x: unknown): Tree =>
  Array.isArray(x)
    ? x.map(strip)
    : x && typeof x === "object"
      ? Object.fromEntries(
          Object.entries(x)
            .filter(([k]) => k !== "pos")
            .map(([k, v]) => [k, strip(v)]),
        )
      : x;
const tree = (src: string): Tree => strip(parseCalcScript(src));

const ref = (...parts: string[]) => ({ kind: "ref", parts });
const num = (value: number) => ({ kind: "number", value });
const missing = { kind: "missing" };
const bin = (op: string, left: Tree, right: Tree) => ({ kind: "binary", op, left, right });
const call = (name: string, ...args: Tree[]) => ({ kind: "call", name, args });
const assign = (target: Tree, value: Tree) => ({ kind: "assign", target, value });

describe("calc-script parser", () => {
  it("reads SET commands and CALC ALL", () => {
    expect(tree("SET UPDATECALC OFF;\nSET AGGMISSG ON;\nCALC ALL;")).toEqual([
      { kind: "set", name: "UPDATECALC", args: ["OFF"] },
      { kind: "set", name: "AGGMISSG", args: ["ON"] },
      { kind: "calcAll" },
    ]);
  });

  it("reads FIX … ENDFIX with quoted names and member-set functions, around CALC DIM", () => {
    expect(tree('FIX("Budget", @CHILDREN("East"))\n  CALC DIM("Year", "Measures");\nENDFIX')).toEqual([
      {
        kind: "fix",
        members: [ref("Budget"), call("CHILDREN", ref("East"))],
        body: [{ kind: "calcDim", dims: ["Year", "Measures"] }],
        exclude: false,
      },
    ]);
  });

  it("reads EXCLUDE … ENDEXCLUDE around AGG", () => {
    expect(tree("EXCLUDE(Actual) AGG(Market, Product); ENDEXCLUDE")).toEqual([
      {
        kind: "fix",
        members: [ref("Actual")],
        body: [{ kind: "agg", dims: ["Market", "Product"] }],
        exclude: true,
      },
    ]);
  });

  it("reads assignments, cross-dimensional references, #Missing, and skips both kinds of comment", () => {
    expect(tree("Sales = Sales->Actual * 1.1; /* grow */\n// note\nCOGS = #Missing;")).toEqual([
      assign(ref("Sales"), bin("*", ref("Sales", "Actual"), num(1.1))),
      assign(ref("COGS"), missing),
    ]);
  });

  it("reads a member block with IF / ELSEIF / ELSE / ENDIF, AND and comparisons", () => {
    const pct = ref("Profit %");
    expect(
      tree(
        '"Profit %" (IF (Sales <> #Missing AND Sales > 0) "Profit %" = Profit / Sales * 100; ' +
          'ELSEIF (Sales == 0) "Profit %" = 0; ELSE "Profit %" = #Missing; ENDIF);',
      ),
    ).toEqual([
      {
        kind: "memberBlock",
        target: pct,
        body: [
          {
            kind: "if",
            branches: [
              {
                cond: bin("AND", bin("<>", ref("Sales"), missing), bin(">", ref("Sales"), num(0))),
                body: [assign(pct, bin("*", bin("/", ref("Profit"), ref("Sales")), num(100)))],
              },
              { cond: bin("==", ref("Sales"), num(0)), body: [assign(pct, num(0))] },
            ],
            otherwise: [assign(pct, missing)],
          },
        ],
      },
    ]);
  });

  it("reads CLEARDATA, CLEARBLOCK, DATACOPY and VAR", () => {
    expect(tree("CLEARDATA Budget; CLEARBLOCK UPPER; DATACOPY Actual TO Budget; VAR x = 2;")).toEqual([
      { kind: "clearData", target: ref("Budget") },
      { kind: "clearBlock", which: "UPPER" },
      { kind: "dataCopy", from: ref("Actual"), to: ref("Budget") },
      { kind: "var", name: "x", value: num(2) },
    ]);
  });

  it("binds unary minus tighter than +, and keeps substitution variables as references", () => {
    expect(tree("Sales = -@SUM(Jan, Feb) + &CurrMonth;")).toEqual([
      assign(
        ref("Sales"),
        bin("+", { kind: "unary", op: "-", arg: call("SUM", ref("Jan"), ref("Feb")) }, ref("&CurrMonth")),
      ),
    ]);
  });

  it("reads a member formula as an expression statement", () => {
    expect(strip(parseFormula("Margin % Sales;"))).toEqual([
      { kind: "expr", value: bin("%", ref("Margin"), ref("Sales")) },
    ]);
  });

  it("records where each statement starts", () => {
    const [first, second] = parseCalcScript("CALC ALL;\n  AGG(Market);") as Stmt[];
    expect(first?.pos).toEqual({ line: 1, column: 1 });
    expect(second?.pos).toEqual({ line: 2, column: 3 });
    const value = (second as Stmt & { kind: "agg" }).dims;
    expect(value).toEqual(["Market"]);
    const e: Expr | undefined = (parseCalcScript("X = 1;")[0] as Stmt & { kind: "assign" }).value;
    expect(e?.pos).toEqual({ line: 1, column: 5 });
  });
});

describe("calc-script syntax errors", () => {
  it.each([
    ["FIX(Jan\n CALC ALL;", 2, 2, "expected ')', found 'CALC'"],
    ["CALC DIM(;", 1, 10, "expected a dimension name, found ';'"],
    ["Sales = (1 + ;", 1, 14, "expected a value, a member name or a function, found ';'"],
    ["IF (Sales) Sales = 1;", 1, 22, "expected ENDIF, found end of script"],
  ] as const)("%j fails at line %i, column %i", (src, line, column, detail) => {
    let caught: unknown;
    try {
      parseCalcScript(src);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(CalcSyntaxError);
    const err = caught as CalcSyntaxError;
    expect([err.line, err.column, err.detail]).toEqual([line, column, detail]);
    expect(err.message).toBe(`Syntax error at line ${line}, column ${column}: ${detail}`);
  });
});
