import { describe, expect } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * With `enableLargeCellSubmit`, a text over 255 characters is cut to its first 255, never in the middle of a
 * character: an emoji (two UTF-16 units) straddling the 255th place is dropped whole. The cut kept its first half
 * alone, which no text can hold: on the demo address the submit returned 500 QB_ERR_INTERNAL (the journal refused
 * the text), and the other paths wrote a broken character.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

/** Revenue Drivers, row International Sales (410): its Revenue Commentary (text, account 4190). */
const LONG = `${"a".repeat(254)}😀 and more`;
const GRID = [
  ["", "Sales Growth Rate", "Revenue Commentary", "Revenue Status"],
  ["International Sales", "", LONG, ""],
];
const CODES = [
  ["", "Sales Growth Rate", "4190", "4195"],
  ["410", "", "", ""],
];

describe("Submit with large cell cuts a text between characters", () => {
  server.eachVision("an emoji at the 255th place is left out whole", async (vision, connector) => {
    const body = {
      ...vision,
      folder: "/Forms/Drivers",
      formName: "Revenue Drivers",
      grid: GRID,
      codes: CODES,
      enableLargeCellSubmit: true,
    };
    const answer = await server.post("action/submitform", body, { connector });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const cells = answer.json.cells as unknown as {
      row: number;
      column: number;
      status: string;
      value: string;
    }[];
    expect(cells.find((c) => c.row === 1 && c.column === 2)).toEqual({
      row: 1,
      column: 2,
      status: "truncated",
      value: "a".repeat(254),
    });
    // The refreshed form shows the text as stored (International Sales is row 8 of the whole form).
    const grid = answer.json.grid as unknown as string[][];
    expect(grid[8]?.[2]).toBe("a".repeat(254));
  });
});
