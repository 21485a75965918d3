import { describe, expect } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * `action/submitform`'s `cells[].value` is "the value as stored" (API reference), the same through each
 * Planning-family path: a Smart List cell given its entry's number ("3") or its label in another case
 * ("approved") stores the entry, whose label is "Approved"; a text cleared with the missing label stores no text,
 * shown "#Missing" as the refreshed form shows it. Through planning and pbcs the value was what was typed ("3",
 * "approved"), and on the demo address a cleared text was "".
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

/** Revenue Drivers: Sales Growth Rate, Revenue Commentary (text), Revenue Status (Smart List Draft/Submitted/Approved). */
const GRID = [
  ["", "Sales Growth Rate", "Revenue Commentary", "Revenue Status"],
  ["Sales Central", "4.5", "#Missing", "approved"],
  ["Sales South", "3.5", "#Missing", "3"],
  ["International Sales", "4", "#Missing", "Submitted"],
];
/** The same with the codes of the rows' entities and of the columns' accounts. */
const CODES = [
  ["", "Sales Growth Rate", "4190", "4195"],
  ...["440", "430", "410"].map((e) => [e, "", "", ""]),
];

describe("action/submitform cells[].value through every Planning-family path", () => {
  server.eachVision(
    "a Smart List cell gives its label, a cleared text the missing label",
    async (vision, connector) => {
      const body = {
        ...vision,
        folder: "/Forms/Drivers",
        formName: "Revenue Drivers",
        grid: GRID,
        codes: CODES,
      };
      const answer = await server.post("action/submitform", body, { connector });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      const cells = answer.json.cells as unknown as {
        row: number;
        column: number;
        status: string;
        value: string;
      }[];
      const at = (row: number, column: number) => cells.find((c) => c.row === row && c.column === column);
      expect([at(1, 3), at(2, 3), at(3, 2)]).toEqual([
        { row: 1, column: 3, status: "written", value: "Approved" },
        { row: 2, column: 3, status: "written", value: "Approved" },
        { row: 3, column: 2, status: "written", value: "#Missing" },
      ]);
      // As the refreshed form shows them (rows Sales Central, Sales South, International Sales).
      const grid = answer.json.grid as unknown as string[][];
      expect([grid[2]?.[3], grid[3]?.[3], grid[8]?.[2]]).toEqual(["Approved", "Approved", "#Missing"]);
    },
  );
});
