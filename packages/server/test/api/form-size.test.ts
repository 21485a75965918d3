import { describe, expect, it } from "vitest";
import { expectError, listeningServer } from "../support/listening.ts";

/**
 * MAX_GRID_CELLS bounds a form as it bounds an ad hoc grid, when it opens: each of its sheets counted as rows × its
 * longest row. Before, `nav/openform` opened a form of any size, and its submit was then refused (413) for the grid
 * the server had just given.
 */

const small = listeningServer({ MAX_GRID_CELLS: "15" });
const DEMO = "https://demo.qibates.local/HyperionPlanning/SmartView";
const REVENUE_PLAN = { folder: "/Forms/Revenue", formName: "Revenue Plan" };

describe("nav/openform past MAX_GRID_CELLS", () => {
  it("refuses a form larger than the limit, 413, in the caller's language, and names its size", async () => {
    const vision = await small.vision("planning", DEMO);
    const open = await small.post("nav/openform", { ...vision, ...REVENUE_PLAN }, { connector: "planning" });
    expectError(open, 413, "QB_ERR_GRID_TOO_LARGE");
    expect(open.json.message).toMatch(
      /^The grid is too large: the answer would have at least \d+ cells, at most 15 allowed\.$/,
    );
    const fr = await small.post(
      "nav/openform",
      { ...vision, ...REVENUE_PLAN },
      { connector: "planning", language: "fr" },
    );
    expectError(fr, 413, "QB_ERR_GRID_TOO_LARGE");
    expect(fr.json.message).toMatch(
      /^La grille est trop grande\u00a0: la réponse aurait au moins \d+\u00a0cellules/u,
    );
  });

  it("refuses a composite form whose one sheet is larger than the limit", async () => {
    const vision = await small.vision("planning", DEMO);
    const open = await small.post(
      "nav/openform",
      { ...vision, folder: "/Forms/Revenue", formName: "Revenue Review", type: "composite" },
      { connector: "planning" },
    );
    expectError(open, 413, "QB_ERR_GRID_TOO_LARGE");
  });
});

describe("nav/openform within MAX_GRID_CELLS", () => {
  const roomy = listeningServer({});
  it("opens the same form, whose grid is the one the small server refused", async () => {
    const vision = await roomy.vision("planning", DEMO);
    const open = await roomy.post("nav/openform", { ...vision, ...REVENUE_PLAN }, { connector: "planning" });
    expect(open.status, JSON.stringify(open.json)).toBe(200);
    const grid = open.json.grid as unknown as string[][];
    const cells = grid.length * Math.max(...grid.map((row) => row.length));
    expect(cells).toBeGreaterThan(15);
  });
});
