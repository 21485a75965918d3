import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Upstreams } from "@qibates/connectors/net";
import { PlanningRestProvider } from "@qibates/connectors/planning-rest";
import { EmbeddedProvider, EssbaseApplication, PlanningDemoApplication } from "@qibates/embedded";
import { Cube, Outline } from "@qibates/engine";
import { createSampleBasicCube, DEMO_SERVERS, sampleBasicScripts } from "@qibates/engine/demo";
import {
  loadVisionPlan1,
  VISION_FORMS,
  VISION_PLAN2_RULES,
  VISION_RULES,
  VISION_VARIABLES,
  visionPlan1Spec,
  visionPlan2Outline,
} from "@qibates/engine/demo/planning";
import { type FormDefinition, PlanningApplication } from "@qibates/engine/planning";
import { CallContext, DEFAULT_SLICES, type ProviderSession, SliceScheduler } from "@qibates/provider";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endToEndHeaders } from "../../../../scripts/end-to-end-headers.mjs";
import { planningRestEndpoint } from "../../src/planning-rest/index.ts";
import { memoryStore } from "../support/memory-store.ts";
import { demoCredentials } from "../support/server.ts";

/**
 * Open Form through `pbcs` (and `planning`, which opens forms through it) reads what the form shows,
 * not the dimensions it shows. The repo's Planning REST endpoint serves Vision with one more form, "Storage
 * Check", whose grid shows a Dynamic Calc leaf (HSP_View ConsolidatedData) and a Label Only leaf (an account
 * added under Income Statement); a proxy in front of it counts what the connector asks.
 */

const STORAGE_CHECK: FormDefinition = {
  type: "regular",
  name: "Storage Check",
  folder: "/Forms/Test",
  cube: "Plan1",
  description: "A Dynamic Calc leaf and a Label Only leaf beside stored ones.",
  pov: {
    Year: "FY15",
    Scenario: "Plan",
    Version: "Working",
    Entity: "410",
    Product: "P_160",
    Currency: "USD",
    Period: "Jan",
  },
  rows: { dimensions: ["Account"], segments: [{ members: { Account: ["4110", "Memo Line"] } }] },
  columns: {
    dimensions: ["HSP_View"],
    segments: [{ members: { HSP_View: ["BaseData", "ConsolidatedData"] } }],
  },
};

/** A form showing more members than one Open Form reads one by one (Management Rollup's 45 entities). */
const MANY_ENTITIES: FormDefinition = {
  type: "regular",
  name: "Many Entities",
  folder: "/Forms/Test",
  cube: "Plan1",
  description: "Every entity of Management Rollup, its directors and VPs among them.",
  pov: {
    HSP_View: "BaseData",
    Year: "FY15",
    Scenario: "Plan",
    Version: "Working",
    Product: "P_160",
    Currency: "USD",
    Account: "4110",
  },
  rows: { dimensions: ["Entity"], segments: [{ members: { Entity: ["IDescendants(Management Rollup)"] } }] },
  columns: { dimensions: ["Period"], segments: [{ members: { Period: ["Jan", "Q1"] } }] },
};

/** Vision with a Label Only leaf account and the form above beside Vision's own. */
function visionWithStorageCheck(): PlanningApplication {
  const spec = visionPlan1Spec();
  const income = spec.dimensions.find((d) => d.name === "Account")?.members[0];
  if (income?.name !== "Income Statement") throw new Error("Vision's Account starts with Income Statement");
  income.children = [
    ...(income.children ?? []),
    { name: "Memo Line", aliases: { Default: "Memo" }, storage: "label-only", consolidation: "~" },
  ];
  const outline = new Outline(spec);
  const data = new Cube(outline, { expectedBlocks: 512 });
  loadVisionPlan1(data);
  return new PlanningApplication({
    name: "Vision",
    planTypes: [
      {
        name: "Plan1",
        data,
        textMembers: ["4190"],
        defaults: { HSP_Metric: "No Metric" },
        variableNames: VISION_VARIABLES,
      },
      { name: "Plan2", data: new Cube(visionPlan2Outline()), variableNames: VISION_VARIABLES },
    ],
    forms: [...VISION_FORMS, STORAGE_CHECK, MANY_ENTITIES],
    rules: [...VISION_RULES, ...VISION_PLAN2_RULES],
    taskLists: [],
  });
}

/** Every request the connector sent (method, path and query), in order. */
const asked: string[] = [];
let endpoint: FastifyInstance;
let embedded: EmbeddedProvider;
let proxy: Server;
let provider: PlanningRestProvider;
let address = "";

beforeAll(async () => {
  const store = memoryStore();
  const scheduler = new SliceScheduler(DEFAULT_SLICES);
  const essbase = new EssbaseApplication("Sample", "Basic", store, createSampleBasicCube, sampleBasicScripts);
  const planning = new PlanningDemoApplication("Vision", store, visionWithStorageCheck);
  await Promise.all([essbase.load(), planning.load()]);
  embedded = await EmbeddedProvider.open({
    scheduler,
    store,
    credentialsValid: demoCredentials(),
    catalogue: { applications: { essbase, planning }, servers: DEMO_SERVERS },
  });
  endpoint = Fastify({ logger: false });
  await endpoint.register(planningRestEndpoint, { provider: embedded, connector: "pbcs" });
  await endpoint.listen({ port: 0, host: "127.0.0.1" });
  const target = (endpoint.server.address() as AddressInfo).port;
  proxy = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    const up = httpRequest(
      {
        host: "127.0.0.1",
        port: target,
        method: req.method,
        path: req.url,
        headers: endToEndHeaders(req.headers),
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
        answer.pipe(res);
      },
    );
    up.on("error", () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", () => r()));
  address = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/HyperionPlanning/SmartView`;
  const upstreams = new Upstreams({
    allowedHosts: ["127.0.0.1"],
    connectTimeoutMs: 5000,
    readTimeoutMs: 20_000,
  });
  provider = new PlanningRestProvider({ upstreams, idleMs: 60_000, jobTimeoutMs: 20_000, pollMs: 5 });
});

afterAll(async () => {
  await provider?.close();
  await new Promise((r) => proxy?.close(r));
  await endpoint?.close();
  await embedded?.close();
});

let n = 0;
async function login(): Promise<ProviderSession> {
  const { handle } = await provider.login({
    connector: "pbcs",
    username: "demo",
    password: "demo",
    address: new URL(address),
    call: CallContext.unbounded(),
  });
  asked.length = 0;
  return {
    id: `s${n++}`,
    ownerId: "o",
    connector: "pbcs",
    username: "demo",
    providerAddress: address,
    aliasTable: null,
    call: CallContext.unbounded(),
    handle: handle ?? null,
  };
}

const ref = { server: "Planning", application: "Vision" };
const planningOf = (p: { planning: unknown }) => p.planning as NonNullable<(typeof provider)["planning"]>;

/** A Get Dimension Details (`…/plantypes/{pt}/dimensions/{dim}`) or a dimension's root read whole. */
const WHOLE_DIMENSION =
  /\/plantypes\/[^/]+\/dimensions\/[^/?]+(\?|$)|\/dimensions\/([^/]+)\/members\/\2(\?|$)/;
const memberReads = () =>
  asked
    .map((a) => /^GET .*\/dimensions\/([^/]+)\/members\/([^/?]+)$/.exec(a))
    .flatMap((m) => (m ? [`${decodeURIComponent(m[1] ?? "")}:${decodeURIComponent(m[2] ?? "")}`] : []));

describe("pbcs Open Form reads what the form shows", () => {
  it("does not offer a Dynamic Calc or Label Only leaf for entry, as the demo server does not", async () => {
    const s = await login();
    const form = await planningOf(provider).openForm(s, ref, {
      folder: "/Forms/Test",
      formName: "Storage Check",
    });
    expect(form.grid[0]).toEqual(["", "BaseData", "ConsolidatedData"]);
    expect(form.grid.map((r) => r[0])).toEqual(["", "Hardware Sales", "Memo"]);
    // ConsolidatedData is Dynamic Calc, Memo Line Label Only: only 4110 × BaseData takes an entry.
    expect(["data", "missing"]).toContain(form.cellKinds[1]?.[1]);
    expect([form.cellKinds[1]?.[2], form.cellKinds[2]?.[1], form.cellKinds[2]?.[2]]).toEqual([
      "read-only",
      "read-only",
      "read-only",
    ]);
    // The demo server itself says the same of each cell.
    const demo = await planningOf(embedded).openForm(
      {
        ...s,
        id: "demo",
        handle: null,
        providerAddress: "https://demo.qibates.local/HyperionPlanning/SmartView",
      },
      ref,
      { folder: "/Forms/Test", formName: "Storage Check" },
    );
    expect(form.cellKinds).toEqual(demo.cellKinds);
  });

  it("reads each shown member once, no whole dimension, and a second form reads only what it adds", async () => {
    const s = await login();
    const first = await planningOf(provider).openForm(s, ref, {
      folder: "/Forms/Revenue",
      formName: "Revenue Plan",
      pov: { Entity: "410" },
    });
    expect(first.grid[1]?.[0]).toBe("Hardware Sales");
    expect(asked.filter((a) => WHOLE_DIMENSION.test(a))).toEqual([]);
    // The POV's seven members, the three accounts and the four periods the form shows.
    expect(memberReads().sort()).toEqual(
      [
        "HSP_View:BaseData",
        "Year:FY15",
        "Scenario:Plan",
        "Version:Working",
        "Entity:410",
        "Product:P_160",
        "Currency:USD",
        "Account:4110",
        "Account:4120",
        "Account:4100",
        "Period:Jan",
        "Period:Feb",
        "Period:Mar",
        "Period:Q1",
      ].sort(),
    );
    asked.length = 0;
    const second = await planningOf(provider).openForm(s, ref, {
      folder: "/Forms/Revenue",
      formName: "Revenue Plan",
      pov: { Entity: "420" },
    });
    expect(second.pov.Entity).toBe("420");
    expect(second.grid.map((r) => r[0])).toEqual(first.grid.map((r) => r[0]));
    expect(asked.filter((a) => WHOLE_DIMENSION.test(a))).toEqual([]);
    expect(memberReads()).toEqual(["Entity:420"]);
  });

  it("reads a dimension whole, once, where the form shows more members than it reads one by one", async () => {
    const s = await login();
    const open = () =>
      planningOf(provider).openForm(s, ref, { folder: "/Forms/Test", formName: "Many Entities" });
    const form = await open();
    expect(form.grid.length).toBeGreaterThan(40);
    // The Entity dimension by the member read of its root (each member's storage), the others member by member.
    expect(asked.filter((a) => /\/dimensions\/Entity\/members\/Entity$/.test(a))).toHaveLength(1);
    expect(asked.filter((a) => /\/plantypes\/[^/]+\/dimensions\/[^/?]+(\?|$)/.test(a))).toEqual([]);
    expect(
      memberReads()
        .filter((m) => m !== "Entity:Entity")
        .sort(),
    ).toEqual(
      [
        "HSP_View:BaseData",
        "Year:FY15",
        "Scenario:Plan",
        "Version:Working",
        "Product:P_160",
        "Currency:USD",
        "Account:4110",
        "Period:Jan",
        "Period:Q1",
      ].sort(),
    );
    const demo = await planningOf(embedded).openForm(
      {
        ...s,
        id: "demo-many",
        handle: null,
        providerAddress: "https://demo.qibates.local/HyperionPlanning/SmartView",
      },
      ref,
      { folder: "/Forms/Test", formName: "Many Entities" },
    );
    expect(form.grid.map((r) => r[0])).toEqual(demo.grid.map((r) => r[0]));
    expect(form.cellKinds).toEqual(demo.cellKinds);
    asked.length = 0;
    await open();
    expect(memberReads()).toEqual([]);
  });
});
