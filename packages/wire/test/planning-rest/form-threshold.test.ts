import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { planningRestEndpoint } from "../../src/planning-rest/index.ts";
import { openDemoProvider } from "../support/server.ts";

/**
 * Export Form Data past the data-entry threshold is refused as Planning refuses a data slice past it (400, its
 * recorded text), its data cells counted as a slice's are (headers left out), and so past MAX_GRID_CELLS when that
 * is the lower: before, a form of any size was returned whole, where `exportdataslice` of the same cells was
 * refused.
 */

const DEMO = `Basic ${Buffer.from("demo:demo").toString("base64")}`;
const FORM_DATA = "/HyperionPlanning/rest/v3/applications/Vision/forms/Revenue%20Plan/data";
const THRESHOLD =
  "Unable to load the data entry form as the number of data entry cells exceeded the threshold.";

async function formData(options: { maxSliceCells?: number; maxCells?: number }) {
  const provider = await openDemoProvider();
  const app = Fastify({ logger: false });
  await app.register(planningRestEndpoint, { provider, connector: "pbcs", ...options });
  try {
    const r = await app.inject({ method: "GET", url: FORM_DATA, headers: { authorization: DEMO } });
    return { status: r.statusCode, body: r.json() as { detail?: string } };
  } finally {
    await app.close();
    await provider.close();
  }
}

describe("Export Form Data and the data-entry threshold", () => {
  it("returns Revenue Plan (12 data cells, 3 × 4, in a 4 × 5 grid) at a threshold of 12", async () => {
    expect((await formData({ maxSliceCells: 12 })).status).toBe(200);
  });

  it("refuses it past the threshold with Planning's text", async () => {
    const r = await formData({ maxSliceCells: 11 });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(THRESHOLD);
  });

  it("refuses it past the server's MAX_GRID_CELLS when that is the lower", async () => {
    const r = await formData({ maxCells: 11 });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(THRESHOLD);
  });
});
