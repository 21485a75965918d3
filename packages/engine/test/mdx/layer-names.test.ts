import { describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import { executeMdx, MdxError } from "../../src/mdx/index.ts";

/** Generations and levels by Essbase's default names (`Gen2,Scenario`, `Lev0,Year`) beside the outline's own. */

const cube = createSampleBasicCube();
const names = (q: string) => (executeMdx(cube, q).axes[0]?.tuples ?? []).map((t) => t[0]?.name);

describe("default generation and level names", () => {
  it("Gen<n>,<dimension> is a generation, Lev<n>,<dimension> a level", () => {
    expect(names("SELECT [Scenario].[Gen2,Scenario].Members ON COLUMNS FROM Basic")).toEqual([
      "Actual",
      "Budget",
      "Variance",
      "Variance %",
    ]);
    expect(names("SELECT [Year].[Lev1,Year].Members ON COLUMNS FROM Basic")).toEqual([
      "Qtr1",
      "Qtr2",
      "Qtr3",
      "Qtr4",
    ]);
    // The outline's own name for that generation still works.
    expect(names("SELECT [Year].[Quarter].Members ON COLUMNS FROM Basic")).toEqual([
      "Qtr1",
      "Qtr2",
      "Qtr3",
      "Qtr4",
    ]);
  });

  it("another dimension's name, or a generation the dimension lacks, is an unknown member", () => {
    for (const q of [
      "SELECT [Scenario].[Gen2,Year].Members ON COLUMNS FROM Basic",
      "SELECT [Scenario].[Gen7,Scenario].Members ON COLUMNS FROM Basic",
    ]) {
      expect(() => executeMdx(cube, q)).toThrow(MdxError);
      try {
        executeMdx(cube, q);
      } catch (e) {
        expect((e as MdxError).code).toBe("MDX_UNKNOWN_MEMBER");
      }
    }
  });
});
