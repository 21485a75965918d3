import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * `action/save` with `cells` naming a cell that is not a data cell (a member name of the column or row headers):
 * that cell is reported `not-data`, as the contract's SubmittedCell says, on the demo address and through each
 * connector to the server's own endpoints; the data cell beside it is written. It was reported `invalid`, the
 * status of a text that is not a number.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const PATHS = [
  { connector: "essbase", address: () => "https://demo.qibates.local/aps/JAPI" },
  { connector: "essbase-stndln", address: () => `${server.base}/essbase/japi` },
  { connector: "ssas", address: () => `${server.base}/aps/JAPI` },
];

describe.each(PATHS)("a save that lists header cells through $connector", ({ connector, address }) => {
  it("reports them not-data and writes the data cell", async () => {
    const body = {
      ...(await server.sampleBasic(connector, address())),
      grid: [
        ["", "Sales", "100-10", "Budget"],
        ["", "Jan", "Feb", "Mar"],
        ["New York", "41", "", ""],
      ],
      cells: [
        { row: 1, column: 1 },
        { row: 2, column: 0 },
        { row: 2, column: 1 },
      ],
    };
    const r = await server.post("action/save", body, { connector });
    expect(r.status).toBe(200);
    const saved = r.json as unknown as { submitted: number; cells: { status: string; value: string }[] };
    expect(saved.cells.map((c) => [c.status, c.value])).toEqual([
      ["not-data", "Jan"],
      ["not-data", "New York"],
      ["written", "41"],
    ]);
    expect(saved.submitted).toBe(1);
  });
});
