import { describe, expect } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * An empty cell of `action/submitform`'s grid is no edit ("an empty cell is left as it is", API guide), whether
 * the cell is writable or not: a grid that leaves the computed cells of a form empty (Q1, Total Revenue of Revenue
 * Plan) is not told that they were refused. They were reported `read-only` whenever they held a value, so a
 * one-cell submit counted six refused cells. A protected cell given another value is still reported.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const CODES = [
  ["", "Jan", "Feb", "Mar", "Q1"],
  ["4110", "", "", "", ""],
  ["4120", "", "", "", ""],
  ["4100", "", "", "", ""],
];

/** Revenue Plan submitted with every cell empty but `value` at `grid[row][column]`. */
function submitOne(
  vision: Awaited<ReturnType<typeof server.vision>>,
  connector: string,
  [row, column, value]: [number, number, string],
) {
  const grid = [
    ["", "Jan", "Feb", "Mar", "Q1"],
    ["Hardware Sales", "", "", "", ""],
    ["Software Sales", "", "", "", ""],
    ["Total Revenue", "", "", "", ""],
  ];
  (grid[row] as string[])[column] = value;
  const body = { ...vision, folder: "/Forms/Revenue", formName: "Revenue Plan", grid, codes: CODES };
  return server.post("action/submitform", body, { connector });
}

describe("action/submitform: empty protected cells are no edit", () => {
  server.eachVision("only the cell typed in is reported", async (vision, connector) => {
    const answer = await submitOne(vision, connector, [1, 1, "12100"]);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.cells).toEqual([{ row: 1, column: 1, status: "written", value: "12100" }]);
    expect(answer.json.submitted).toBe(1);
  });

  server.eachVision("a computed cell given another value is still reported", async (vision, connector) => {
    const answer = await submitOne(vision, connector, [1, 4, "1"]);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const cells = answer.json.cells as unknown as { row: number; column: number; status: string }[];
    expect(cells.map(({ row, column, status }) => ({ row, column, status }))).toEqual([
      { row: 1, column: 4, status: "read-only" },
    ]);
  });
});
