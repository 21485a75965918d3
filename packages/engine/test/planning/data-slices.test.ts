import { describe, expect, test } from "vitest";
import { createVisionPlanning } from "../../demo/planning/vision-app.ts";
import type { Member } from "../../src/outline.ts";
import { PlanningError } from "../../src/planning/errors.ts";

/** Data slices of Vision's Plan1 (Planning REST's exportdataslice grid definition). */

const POV = [["BaseData"], ["FY15"], ["Plan"], ["Working"], ["410"], ["P_160"], ["USD"]];

describe("exportDataSlice", () => {
  test("a dimension the grid does not name takes the plan type's default (HSP_Metric: No Metric)", () => {
    const app = createVisionPlanning();
    const implicit = app.exportDataSlice({
      cube: "Plan1",
      pov: { members: POV },
      columns: [{ members: [["Jan"]] }],
      rows: [{ members: [["4110"]] }],
    });
    const explicit = app.exportDataSlice({
      cube: "Plan1",
      pov: { members: [...POV, ["No Metric"]] },
      columns: [{ members: [["Jan"]] }],
      rows: [{ members: [["4110"]] }],
    });
    expect(implicit.rows[0]?.data).toEqual(explicit.rows[0]?.data);
    expect(typeof implicit.rows[0]?.data[0]).toBe("number");
    expect(implicit.pov).toEqual(["BaseData", "FY15", "Plan", "Working", "410", "P_160", "USD"]);
  });

  test("a list's dimension is that of its first member, through functions and variables; duplicates once", () => {
    const app = createVisionPlanning();
    const r = app.exportDataSlice({
      cube: "plan1",
      pov: { members: [["BaseData"], ["&CurYr"], ["Plan"], ["Working"], ["410"], ["P_160"], ["USD"]] },
      columns: [{ members: [["IChildren(Q1)", "Jan"]] }],
      rows: [{ members: [["4110", "4110"]] }],
    });
    expect(r.pov[1]).toBe("FY15");
    expect(r.columns).toEqual([["Q1", "Jan", "Feb", "Mar"]]);
    expect(r.rows.map((x) => x.headers)).toEqual([["4110"]]);
  });

  test("a Smart List cell is its entry's label, a missing cell null", () => {
    const app = createVisionPlanning();
    const cube = app.dataSource("Plan1");
    const outline = app.outline("Plan1");
    const names: Record<string, string> = {
      Scenario: "Plan",
      Year: "FY15",
      Period: "Jan",
      Entity: "410",
      HSP_Metric: "No Metric",
      Version: "Working",
      Currency: "USD",
      Account: "4195",
      Product: "P_160",
      HSP_View: "BaseData",
    };
    const tuple = outline.baseDimensions.map((d) => outline.member(names[d.name] as string) as Member);
    cube.write(tuple, 2);
    const r = app.exportDataSlice({
      cube: "Plan1",
      pov: { members: POV },
      columns: [{ members: [["Jan", "Feb"]] }],
      rows: [{ dimensions: ["Account"], members: [["4195"]] }],
    });
    expect(r.rows[0]?.data[0]).toBe("Submitted");
    expect(r.rows[0]?.data[1]).toBeNull();
  });

  test("refuses a member the plan type lacks in Planning's words, and a slice over maxCells", () => {
    const app = createVisionPlanning();
    const base = { cube: "Plan1", pov: { members: POV }, columns: [{ members: [["Jan"]] }] };
    expect(() => app.exportDataSlice({ ...base, rows: [{ members: [["IDescendants(Nope)"]] }] })).toThrow(
      "The member Nope does not exist for the specified cube or you do not have access to it.",
    );
    try {
      app.exportDataSlice({ ...base, rows: [{ members: [["ILvl0Descendants(Account)"]] }], maxCells: 5 });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PlanningError);
      expect((e as PlanningError).code).toBe("PLANNING_GRID_INVALID");
      expect((e as PlanningError).message).toMatch(/exceeded the threshold/);
    }
  });
  test("suppressing missing blocks finds the rows from the blocks that exist: the rows of a full read, past the threshold", () => {
    const app = createVisionPlanning();
    const lvl0 = (d: string) => [`ILvl0Descendants(${d})`];
    // Every level-0 combination of the sparse dimensions and Period down, Account across: billions of rows.
    const rows = [
      {
        members: ["Scenario", "Year", "Entity", "Version", "Currency", "Product", "HSP_View", "HSP_Metric"]
          .map(lvl0)
          .concat([["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]]),
      },
    ];
    const columns = [{ members: [["4110", "4120"]] }];
    const sparse = app.exportDataSlice({
      cube: "Plan1",
      columns,
      rows,
      suppressMissingBlocks: true,
      maxCells: 100_000,
    });
    expect(sparse.rows.length).toBeGreaterThan(1000);
    // Every row holds data, and the same rows (in the same order) as reading each entity's level 0 in full.
    expect(sparse.rows.every((r) => r.data.some((v) => v !== null))).toBe(true);
    const entity = sparse.rows.map((r) => r.headers[2]).filter((e, i, all) => all.indexOf(e) === i);
    const one = (e: string) =>
      app.exportDataSlice({
        cube: "Plan1",
        pov: { members: [["FY15"], ["Plan"], ["Working"], [e], ["USD"], ["BaseData"], ["No Metric"]] },
        columns,
        rows: [
          {
            members: [
              lvl0("Product"),
              ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
            ],
          },
        ],
        suppressMissingRows: true,
      });
    for (const e of entity.slice(0, 3) as string[]) {
      const want = one(e).rows.map((r) => [r.headers, r.data]);
      const got = sparse.rows
        .filter((r) => r.headers[0] === "Plan" && r.headers[1] === "FY15" && r.headers[2] === e)
        .filter((r) => r.headers[3] === "Working" && r.headers[4] === "USD" && r.headers[6] === "BaseData")
        .filter((r) => r.headers[7] === "No Metric")
        .map((r) => [[r.headers[5], r.headers[8]], r.data]);
      // A shared entity is listed at both its places, as in the cross product: its rows come twice.
      const once = got.filter((r, i) => got.findIndex((x) => JSON.stringify(x) === JSON.stringify(r)) === i);
      expect(once).toEqual(want);
    }
    // Without it, the same grid is over the threshold.
    expect(() =>
      app.exportDataSlice({ cube: "Plan1", columns, rows, suppressMissingRows: true, maxCells: 100_000 }),
    ).toThrow(/exceeded the threshold/);
  });
});
