import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * The essbase connector's Smart View session ends on the server while the QiBates session lives on (its idle
 * timeout, a restart, or, here, the user's 101st session from one address ending the oldest): its next call is
 * refused with the server's "Invalid session". Before, every call of that login returned 502 until a new login;
 * now the connector logs in again once and sends the call again, as the Essbase 21c and SSAS connectors do.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

/** A Smart View login straight to the endpoint, as another client of the same user at the same address. */
const connect = () =>
  fetch(`${server.base}/aps/SmartView`, {
    method: "POST",
    headers: { "content-type": "text/xml" },
    body: "<req_ConnectToProvider><ClientXMLVersion>3.1.0.0.0</ClientXMLVersion><usr>demo</usr><pwd>demo</pwd></req_ConnectToProvider>",
  }).then((r) => r.text());

const GRID = [
  ["", "Measures"],
  ["Year", "100"],
];

describe("essbase connector: a Smart View session the server ended", () => {
  it("logs in again once and returns the grid (was 502 'Invalid session' until a new login)", async () => {
    const connector = "essbase";
    const basic = await server.sampleBasic(connector, `${server.base}/aps/JAPI`);
    const first = await server.post("action/refresh", { ...basic, grid: GRID }, { connector });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    // 100 more sessions of the same user at the same address: the endpoint ends the oldest, the connector's.
    for (let i = 0; i < 100; i++) expect(await connect()).toMatch(/<sID>/);
    const again = await server.post("action/refresh", { ...basic, grid: GRID }, { connector });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.grid).toEqual(first.json.grid);
    const zoom = await server.post(
      "action/zoomin",
      { ...basic, grid: first.json.grid, cells: [{ row: 2, column: 0 }] },
      { connector },
    );
    expect(zoom.status, JSON.stringify(zoom.json)).toBe(200);
  });
});
