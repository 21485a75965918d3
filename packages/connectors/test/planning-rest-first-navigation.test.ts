import type { ProviderSession } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlanningRestProvider } from "../src/planning-rest/provider.ts";
import {
  type FakeUpstream,
  fakeUpstream,
  json,
  loginSession,
  loopbackUpstreams,
} from "./support/fake-upstream.ts";

/**
 * Issue 56: a session's first navigation through `pbcs` (and `planning`, which opens forms the same way). The
 * first `nav/openform` reads the plan types and their dimensions beside the form's definition and data instead
 * of after them, and a server without Get Dimensions for a Plan Type is asked Data Management's application once
 * for all plan types; the member selector's first read asks the application list once. No timing is asserted:
 * the order of the requests and answers, and their number.
 */

const v3 = "/HyperionPlanning/rest/v3/applications";
const DIMS: Record<string, unknown> = {
  Account: { name: "Account", children: [{ name: "Sales", alias: "Revenue" }] },
  Period: { name: "Period", children: [{ name: "Jan" }] },
  Scenario: { name: "Scenario", children: [{ name: "Plan" }] },
  Entity: { name: "Entity", children: [{ name: "410" }, { name: "420" }] },
};

describe("pbcs: a session's first navigation", () => {
  const events: string[] = [];
  let upstream: FakeUpstream;
  let provider: PlanningRestProvider;
  let release: () => void = () => undefined;

  beforeAll(async () => {
    upstream = await fakeUpstream(async ({ path, url }) => {
      const what = `${path}${url.searchParams.has("fields") ? `?fields=${url.searchParams.get("fields")}` : ""}`;
      events.push(`ask ${what}`);
      const answer = await (async () => {
        if (path === "/HyperionPlanning/rest/")
          return json(200, { items: [{ version: "v3", isLatest: true }] });
        if (path === v3) return json(200, { items: [{ name: "Vision", type: "HP" }] });
        if (path === `${v3}/Vision/formdefinitions/Revenue`) return json(200, { name: "Revenue" });
        if (path === `${v3}/Vision/forms/Revenue/data` && url.searchParams.has("fields")) {
          // The form's layout waits for the plan types' request (or, on a read that never sends it first,
          // for a while): the plan types no longer wait for the form.
          await Promise.race([
            new Promise<void>((r) => {
              release = r;
            }),
            new Promise((r) => setTimeout(r, 300)),
          ]);
          return json(200, {
            gridInfo: { pageDimNames: ["Entity"], rowDimNames: ["Account"], columnDimNames: ["Period"] },
            pov: { Scenario: "Plan", Entity: "410" },
          });
        }
        if (path === `${v3}/Vision/forms/Revenue/data`) {
          return json(200, {
            pov: { Scenario: "Plan", Entity: "410" },
            columns: [["Jan"]],
            rows: [{ headers: ["Sales"], data: ["100"] }],
          });
        }
        if (path === `${v3}/Vision/plantypes`) {
          release();
          return json(200, { items: [{ planTypeName: "Plan1" }, { planTypeName: "Plan2" }] });
        }
        // A server without Get Dimensions for a Plan Type: Data Management names them.
        if (/\/plantypes\/Plan\d\/dimensions$/.test(path)) return json(404, { detail: "Not found" });
        if (path === "/aif/rest/V1/applications/Vision") {
          return json(200, {
            applicationName: "Vision",
            plan1Name: "Plan1",
            plan2Name: "Plan2",
            appDimensions: Object.keys(DIMS).map((d) => ({
              dimensionName: d,
              validForPlan1: 1,
              validForPlan2: 0,
            })),
          });
        }
        const dim = /\/plantypes\/Plan1\/dimensions\/(\w+)$/.exec(path)?.[1];
        if (dim && DIMS[dim]) return json(200, DIMS[dim]);
        return json(404, { detail: `no ${path}` });
      })();
      events.push(`answer ${what}`);
      return answer;
    });
    provider = new PlanningRestProvider({
      upstreams: loopbackUpstreams(),
      idleMs: 60_000,
      jobTimeoutMs: 5000,
    });
  });

  afterAll(async () => {
    await provider.close();
    await upstream.close();
  });

  const app = { server: "Planning", application: "Vision" };
  const login = (): Promise<ProviderSession> =>
    loginSession(provider, "pbcs", `${upstream.origin}/HyperionPlanning/SmartView`);

  it("reads the plan types beside the form's first nav/openform, Data Management's application once", async () => {
    const s = await login();
    events.length = 0;
    const form = await provider.planning.openForm(s, app, {
      folder: "/Forms",
      formName: "Revenue",
      pov: { Entity: "410" },
    });
    expect(form.grid).toBeDefined();
    // Asked before the form's layout came back (after its data, before: one round trip after another).
    expect(events.indexOf(`ask ${v3}/Vision/plantypes`)).toBeGreaterThan(-1);
    expect(events.indexOf(`ask ${v3}/Vision/plantypes`)).toBeLessThan(
      events.indexOf(`answer ${v3}/Vision/forms/Revenue/data?fields=gridInfo,pov`),
    );
    // One Data Management read for the two plan types (one each before).
    expect(events.filter((e) => e === "ask /aif/rest/V1/applications/Vision")).toHaveLength(1);
    const asked = events.filter((e) => e.startsWith("ask "));
    expect(asked).toHaveLength(1 + 1 + 2 + 1 + 2 + 1 + 4);
  });

  it("asks the application list once in the member selector's first read of a dimension", async () => {
    const s = await login();
    events.length = 0;
    const list = await provider.planning.members(s, app, {
      cube: "Plan1",
      dim: "Entity",
      filter: "Hierarchy",
      arg: null,
    });
    expect(list.members.map((m) => m.name)).toEqual(["Entity", "410", "420"]);
    expect(events.filter((e) => e === `ask ${v3}`)).toHaveLength(1);
    expect(events.filter((e) => e.startsWith("ask "))).toEqual([
      `ask ${v3}`,
      `ask ${v3}/Vision/plantypes`,
      `ask ${v3}/Vision/plantypes/Plan1/dimensions/Entity?fields=name,alias,children`,
    ]);
  });
});
