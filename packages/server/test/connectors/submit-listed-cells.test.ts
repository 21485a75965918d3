import { describe, expect } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * `action/submitform` with `cells` writes the cells listed and no other, through every connector: the demo
 * server, and the planning and pbcs connectors to a Planning server (this server's own endpoints). A grid sent
 * whole, holding another value in a cell it does not list, leaves that cell as the server holds it.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const form = { folder: "/Forms/Revenue", formName: "Revenue Plan" };

describe("action/submitform with the changed cells", () => {
  server.eachVision("writes the listed cell only", async (vision, connector) => {
    const opened = await server.post("nav/openform", { ...vision, ...form }, { connector });
    expect(opened.status, JSON.stringify(opened.json)).toBe(200);
    const { grid, codes, pov } = opened.json as unknown as {
      grid: string[][];
      codes: string[][];
      pov: Record<string, string>;
    };
    // Hardware Sales: Jan is changed and listed; Feb holds another value but is not listed.
    const sent = grid.map((r) => [...r]);
    (sent[1] as string[])[1] = "31337";
    (sent[1] as string[])[2] = "27182";
    const answer = await server.post(
      "action/submitform",
      { ...vision, ...form, pov, grid: sent, codes, cells: [{ row: 1, column: 1 }] },
      { connector },
    );
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.cells).toEqual([{ row: 1, column: 1, status: "written", value: "31337" }]);
    const after = (answer.json as unknown as { grid: string[][] }).grid;
    expect([after[1]?.[1], after[1]?.[2]]).toEqual(["31337", grid[1]?.[2]]);
  });
});
