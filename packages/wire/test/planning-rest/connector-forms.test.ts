import { Upstreams } from "@qibates/connectors/net";
import { PlanningRestProvider } from "@qibates/connectors/planning-rest";
import type { ProviderSession } from "@qibates/provider";
import { CallContext } from "@qibates/provider";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planningRestEndpoint } from "../../src/planning-rest/index.ts";
import { startWire } from "../support/server.ts";

/**
 * The pbcs connector's forms against two Planning REST endpoints over Vision: one serving Export Form Data, one
 * refusing it as a deployment without AI Studio does. Without it the connector opens the form from its
 * definition and `exportdataslice`, and answers the same form.
 */

const servers: FastifyInstance[] = [];
const sessions: ProviderSession[] = [];
let provider: PlanningRestProvider;

async function endpoint(exportFormData: boolean): Promise<string> {
  const { app, origin } = await startWire(planningRestEndpoint, { connector: "pbcs", exportFormData });
  servers.push(app);
  return origin;
}

beforeAll(async () => {
  const upstreams = new Upstreams({
    allowedHosts: ["127.0.0.1"],
    connectTimeoutMs: 5000,
    readTimeoutMs: 20_000,
  });
  provider = new PlanningRestProvider({ upstreams, idleMs: 60_000, jobTimeoutMs: 20_000, pollMs: 5 });
  for (const withFormData of [true, false]) {
    const origin = await endpoint(withFormData);
    const address = `${origin}/HyperionPlanning/SmartView`;
    const { handle } = await provider.login({
      connector: "pbcs",
      username: "demo",
      password: "demo",
      address: new URL(address),
      call: CallContext.unbounded(),
    });
    sessions.push({
      id: `s${sessions.length}`,
      ownerId: "o",
      connector: "pbcs",
      username: "demo",
      providerAddress: address,
      aliasTable: null,
      call: CallContext.unbounded(),
      handle: handle ?? null,
    });
  }
});

afterAll(async () => {
  await provider?.close();
  for (const s of servers) await s.close();
});

const ref = { server: "Planning", application: "Vision" };
const open = (s: ProviderSession, pov: Record<string, string> = {}) =>
  (provider.planning as NonNullable<typeof provider.planning>).openForm(s, ref, {
    folder: "/Forms/Revenue",
    formName: "Revenue Plan",
    pov,
  });

describe("pbcs forms without Export Form Data", () => {
  it("opens the form from its definition and exportdataslice, as Export Form Data gives it", async () => {
    const [withData, without] = sessions as [ProviderSession, ProviderSession];
    const a = await open(withData, { Entity: "420" });
    const b = await open(without, { Entity: "420" });
    expect(a.pov.Entity).toBe("420");
    expect(a.grid[1]?.[0]).toBe("Hardware Sales");
    expect(a.cellKinds[1]).toEqual(["row-header", "data", "data", "data", "read-only"]);
    expect(b).toEqual(a);
  });

  it("gives an empty computed cell as read-only and #Missing, with Export Form Data or without", async () => {
    for (const session of sessions) {
      const f = await open(session, { Product: "P_170" });
      expect(f.grid.slice(1).map((r) => r.slice(1))).toEqual(
        new Array(3).fill(new Array(4).fill("#Missing")),
      );
      expect(f.cellKinds.slice(1)).toEqual([
        ["row-header", "missing", "missing", "missing", "read-only"],
        ["row-header", "missing", "missing", "missing", "read-only"],
        ["row-header", "read-only", "read-only", "read-only", "read-only"],
      ]);
    }
  });

  it("submits through importdataslice after a fallback open, and a new read shows the cell", async () => {
    const without = sessions[1] as ProviderSession;
    const form = await open(without, { Entity: "421" });
    const grid = form.grid.map((r) => [...r]);
    (grid[2] as string[])[2] = "777";
    const r = await (provider.planning as NonNullable<typeof provider.planning>).submitForm(without, ref, {
      folder: "/Forms/Revenue",
      formName: "Revenue Plan",
      pov: form.pov,
      grid,
      codes: form.codes,
      enableLargeCellSubmit: false,
    });
    expect(r.cells.filter((c) => c.status === "written").length).toBe(6);
    expect(r.rules.map((x) => x.ruleName)).toEqual(["SeedForecast"]);
    expect((await open(without, { Entity: "421" })).grid[2]?.[2]).toBe("777");
  });
});
