import { describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import { MdxError, parseMdxUpdate, resolveMdxUpdate } from "../../src/mdx/index.ts";

/** `UPDATE CUBE` (SSAS write-back) parsed and resolved over Sample.Basic into the cells it writes. */

const cube = createSampleBasicCube();
const resolve = (text: string) =>
  resolveMdxUpdate(cube, parseMdxUpdate(text), { application: "Sample", cube: "Basic" }).map((w) => ({
    tuple: w.tuple.map((m) => m.name).join("/"),
    value: w.value,
  }));

describe("UPDATE CUBE", () => {
  it("parses CUBE optional, several assignments, allocations", () => {
    const u = parseMdxUpdate(
      "UPDATE CUBE [Sample].[Basic] SET ([Jan], [Sales]) = 5, ([Feb]) = -2.5 USE_EQUAL_ALLOCATION",
    );
    expect(u.cube.map((p) => p.name)).toEqual(["Sample", "Basic"]);
    expect(u.assignments.map((a) => a.allocation)).toEqual([null, "USE_EQUAL_ALLOCATION"]);
    expect(parseMdxUpdate("update Basic set [Jan] = 1").assignments).toHaveLength(1);
  });

  it("fills the dimensions a tuple leaves out with their top members, in outline order", () => {
    expect(resolve("UPDATE CUBE Basic SET ([New York], [Jan], [Sales], [100-10], [Actual]) = 40")).toEqual([
      { tuple: "Jan/Sales/100-10/New York/Actual", value: 40 },
    ]);
    expect(resolve("UPDATE Basic SET ([Jan], [Sales]) = 7")).toEqual([
      { tuple: "Jan/Sales/Product/Market/Scenario", value: 7 },
    ]);
  });

  it("computes values over the cube (New York Jan Cola Actual Sales is 36), NULL is #Missing", () => {
    const cell = "([Jan], [Sales], [100-10], [New York], [Actual])";
    expect(resolve(`UPDATE Basic SET ${cell} = ${cell} * 2`)[0]?.value).toBe(72);
    expect(resolve(`UPDATE Basic SET ${cell} = NULL`)[0]?.value).toBeNull();
  });

  it("a shared member writes its stored member", () => {
    expect(
      resolve("UPDATE Basic SET ([Jan], [Sales], [Product].[Diet].[100-20], [New York], [Actual]) = 1")[0]
        ?.tuple,
    ).toBe("Jan/Sales/100-20/New York/Actual");
  });

  it("refuses allocations, calculated or attribute members, repeated dimensions, another cube, with positions", () => {
    const code = (text: string) => {
      try {
        resolve(text);
      } catch (e) {
        if (e instanceof MdxError) return `${e.code} ${e.line}:${e.column}`;
        throw e;
      }
      return "none";
    };
    expect(code("UPDATE Basic SET ([Qtr1], [Sales]) = 3 USE_WEIGHTED_ALLOCATION")).toBe("MDX_ARGUMENT 1:18");
    expect(code("UPDATE Basic SET ([Jan], [Can]) = 3")).toBe("MDX_ARGUMENT 1:18");
    expect(code("UPDATE Basic SET ([Jan], [Feb]) = 3")).toBe("MDX_DUPLICATE_DIMENSION 1:26");
    expect(code("UPDATE Other SET ([Jan]) = 3")).toBe("MDX_UNKNOWN_CUBE 1:8");
    expect(code("UPDATE Basic SET ([Jan], [Nowhere]) = 3")).toBe("MDX_UNKNOWN_MEMBER 1:26");
    expect(() => parseMdxUpdate("UPDATE Basic SET ([Jan]) 3")).toThrow(
      /expected =, found 3 at line 1, column 26/,
    );
  });
});
