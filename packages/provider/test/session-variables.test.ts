import { describe, expect, it } from "vitest";
import {
  cubeVariables,
  levelVariables,
  type SessionVariable,
  variableRefusal,
  withSessionVariable,
} from "../src/index.ts";

const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
const own = [
  { name: "CurrMonth", value: "Jul" },
  { name: "CurrQtr", value: "Qtr3" },
];
const at = (
  application: string | null,
  cube: string | null,
  name: string,
  value: string,
): SessionVariable => ({
  server: "EssbaseCluster-1",
  application,
  cube,
  name,
  value,
});

describe("a session's substitution variables", () => {
  it("resolve as Essbase does: the cube's hide the application's, which hide the server's", () => {
    const vars = [
      at(null, null, "Year", "FY1"),
      at(null, null, "CurrQtr", "Qtr1"),
      at("Sample", null, "Year", "FY2"),
      at("sample", "basic", "CurrMonth", "Aug"),
    ];
    expect(cubeVariables(vars, cube, own)).toEqual({
      Year: "FY2",
      // The server's CurrQtr is hidden by the cube's own.
      CurrQtr: "Qtr3",
      CurrMonth: "Aug",
    });
  });

  it("are none for a cube the session set nothing for (another application)", () => {
    expect(cubeVariables([at("Demo", null, "Year", "FY2")], cube, own)).toBeNull();
    expect(cubeVariables(undefined, cube, own)).toBeNull();
  });

  it("replace one of the same name at the same level, any case, and list per level", () => {
    let vars = withSessionVariable(undefined, at("Sample", "Basic", "CurrMonth", "Aug"));
    vars = withSessionVariable(vars, at("Sample", "Basic", "currmonth", "Sep"));
    vars = withSessionVariable(vars, at("Sample", null, "CurrMonth", "Oct"));
    expect(vars.map((v) => `${v.cube}/${v.name}=${v.value}`)).toEqual([
      "Basic/currmonth=Sep",
      "null/CurrMonth=Oct",
    ]);
    expect(levelVariables(own, vars, cube)).toEqual([
      { name: "currmonth", value: "Sep" },
      { name: "CurrQtr", value: "Qtr3" },
    ]);
  });

  it("follow Essbase's naming rules", () => {
    expect(variableRefusal({ name: "Curr_Month2", value: "Aug" })).toBeNull();
    expect(variableRefusal({ name: "Curr-Month", value: "Aug" })?.field).toBe("name");
    expect(variableRefusal({ name: "x".repeat(321), value: "Aug" })?.field).toBe("name");
    expect(variableRefusal({ name: "M", value: "&Aug" })?.field).toBe("value");
    expect(variableRefusal({ name: "M", value: "a".repeat(257) })?.field).toBe("value");
  });
});
