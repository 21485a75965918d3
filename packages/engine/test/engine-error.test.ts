import { describe, expect, it } from "vitest";
import { CalcError } from "../src/calc/eval.ts";
import { CalcSyntaxError, parseCalcScript } from "../src/calc/parser.ts";
import { Cube, CubeError } from "../src/cube/cube.ts";
import { EngineError } from "../src/engine-error.ts";
import { GridError } from "../src/grid/errors.ts";
import { QueryError } from "../src/members.ts";
import { PlanningError } from "../src/planning/errors.ts";
import { accountsOver } from "./support/small-outline.ts";

/** Every error the engine throws has one shape: a stable code, a message, the input at fault. */
describe("engine errors", () => {
  it("all are EngineErrors with a code and a field", () => {
    const errors: EngineError[] = [
      new GridError(
        "GRID_UNKNOWN_MEMBER",
        { id: "unknownMembers", members: [{ row: 2, column: 0, text: "Nope" }] },
        [{ row: 2, column: 0, text: "Nope" }],
      ),
      new CubeError("The intersection is not stored"),
      new CalcError({ id: "unsupportedFunction", fn: "BAD" }, 1, 4),
      new CalcSyntaxError(3, 7, { id: "unexpectedCharacter", character: "~" }),
      new QueryError("LEVEL needs a number", "action.arg1"),
      new PlanningError("PLANNING_FORM_UNKNOWN", "No form", "formName"),
    ];
    expect(errors.map((e) => [e instanceof EngineError, e.code, e.field])).toEqual([
      [true, "GRID_UNKNOWN_MEMBER", "grid[2][0]"],
      [true, "CUBE_INVALID", null],
      [true, "CALC_FAILED", null],
      [true, "CALC_SYNTAX", null],
      [true, "QUERY_INVALID", "action.arg1"],
      [true, "PLANNING_FORM_UNKNOWN", "formName"],
    ]);
  });

  it("a calc script that does not parse throws CALC_SYNTAX with its position", () => {
    let caught: unknown;
    try {
      parseCalcScript("FIX(Jan\n  CALC DIM(Market);");
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(EngineError);
    expect((caught as EngineError).code).toBe("CALC_SYNTAX");
    expect((caught as CalcSyntaxError).line).toBeGreaterThan(0);
  });

  it("a circular dynamic formula throws CUBE_TOO_DEEP, not a plain error", () => {
    const o = accountsOver(
      "Measures",
      [
        { name: "A", storage: "dynamic-calc", formula: "B + 1;" },
        { name: "B", storage: "dynamic-calc", formula: "A + 1;" },
      ],
      "Market",
      ["East"],
    );
    const cube = new Cube(o);
    const a = o.member("A");
    const east = o.member("East");
    if (!a || !east) throw new Error("outline");
    let caught: unknown;
    try {
      cube.read([a, east]);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(CubeError);
    expect((caught as CubeError).code).toBe("CUBE_TOO_DEEP");
  });
});
