import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  DEMO_APPLICATIONS,
  EmbeddedProvider,
  type LoadedSnapshot,
  loadCubeSnapshots,
  snapshotPlanningApplication,
} from "@qibates/embedded";
import { memoryStore } from "@qibates/embedded/testing";
import { createVisionPlanning, DEMO_SERVERS } from "@qibates/engine/demo";
import { visionPlan1Spec } from "@qibates/engine/demo/planning";
import type { ProviderSession } from "@qibates/provider";
import { CallContext, DEFAULT_SLICES, SliceScheduler } from "@qibates/provider";
import { buildApp, loadConfig } from "@qibates/server";
import { hashPassword } from "@qibates/server/snapshot-users";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { PLAN1_DEFAULTS } from "../../../engine/test/vision-plan1.ts";
import {
  PLANNING_EXAMPLE_LOGIN,
  PLANNING_OPERATIONS,
  withoutRunFields,
} from "../../../server/test/support/contract-examples.ts";
import { testDataDir } from "../../../server/test/support/data-dir.ts";
import { sharedEmbeddedDatabase } from "../../../server/test/support/shared-database.ts";
import { answerKeyOutline, replayOnEngine } from "../../src/answer-key-engine.ts";
import { type Progress, takeSnapshot } from "../../src/snapshot/take.ts";
import { main, providerFor } from "../../src/snapshot-cli.ts";
import { expectDifferences } from "../support/differences.ts";

/**
 * Your own cube, offline, for Planning: the demo's Vision application copied through `planning`
 * (Planning REST with Smart View for Planning's alias tables) and through `pbcs` (Planning REST alone), each from
 * the local wire endpoints (`QIBATES_WIRE_ENDPOINTS=all`), each served under a new name as a Planning
 * application of the embedded Planning server, beside Vision, with its plan types. The copies hold what the
 * original holds, except what Planning REST cannot carry (listed in the manifest): consolidation operators,
 * forms, business rules and task lists above all.
 */

const quiet: Progress = { step() {}, data() {}, warn() {} };
const root = mkdtempSync(join(tmpdir(), "qibates-planning-snapshots-"));
// The servers keep their databases in the test process's shared PGlite (their storage is not under test).
const dataDir = testDataDir("qibates-planning-server-", undefined, { database: false });
let server: Awaited<ReturnType<typeof buildApp>>;
let address = "";
let served: EmbeddedProvider;
let loaded: LoadedSnapshot[];
let cliOut = "";

const planningSession = (): ProviderSession => ({
  id: "s",
  ownerId: "o",
  connector: "pbcs",
  username: "demo",
  providerAddress: "https://demo.qibates.local/HyperionPlanning/SmartView",
  aliasTable: null,
  call: CallContext.unbounded(),
});

beforeAll(async () => {
  server = await buildApp({
    config: loadConfig({
      SITE_DIR: "",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      QIBATES_WIRE_ENDPOINTS: "all",
      ALLOWED_HOSTS: "127.0.0.1",
      RATE_LIMIT_PER_MINUTE: "1000000",
    }),
    logger: false,
    embedded: sharedEmbeddedDatabase,
  });
  await server.listen({ port: 0, host: "127.0.0.1" });
  const a = server.server.address();
  address = `http://127.0.0.1:${typeof a === "object" && a ? a.port : 0}/HyperionPlanning/SmartView`;
  // planning: through takeSnapshot; pbcs: through the command, as a user runs it.
  const { provider, close } = providerFor("planning", new URL(address));
  try {
    await takeSnapshot({
      provider,
      connector: "planning",
      address,
      user: "demo",
      password: "demo",
      server: "Planning",
      application: "Vision",
      out: root,
      name: "VisionSv",
      force: false,
      progress: quiet,
    });
  } finally {
    await close();
  }
  let err = "";
  const code = await main(
    [
      ...["--connector", "pbcs", "--address", address, "--user", "demo", "--server", "Planning"],
      ...["--application", "Vision", "--out", root, "--name", "VisionRest"],
    ],
    {
      out: (s) => {
        cliOut += s;
      },
      err: (s) => {
        err += s;
      },
      tty: false,
      env: { QIBATES_PASSWORD: "demo" },
    },
  );
  if (code !== 0) throw new Error(`qibates-snapshot --connector pbcs failed (${code}): ${err}`);
  loaded = await loadCubeSnapshots(root, DEMO_APPLICATIONS);
  served = await EmbeddedProvider.open({
    scheduler: new SliceScheduler(DEFAULT_SLICES),
    store: memoryStore(),
    credentialsValid: () => true,
    snapshots: loaded,
  });
}, 300_000);

afterAll(async () => {
  await served?.close();
  await server?.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const COPIES = ["VisionSv", "VisionRest"] as const;
const copyCube = (application: string, cube: string) => {
  const c = loaded.find((s) => s.manifest.application === application)?.cubes.find((x) => x.name === cube);
  if (!c) throw new Error(`no ${application}.${cube}`);
  return c.cube;
};
const original = createVisionPlanning();
/** The plan types the demo's Planning server lists (Planning REST's plan types). */
const PLAN_TYPES = [...DEMO_SERVERS.planning.applications[0].cubes];
/** A cell of a cube by member names (the others at their dimension's root… or the names given). */
const read = (cube: ReturnType<typeof copyCube>, at: Record<string, string>) => {
  const tuple = cube.dims.map((d) => {
    const m = cube.outline.member(at[d.name] ?? d.name);
    if (!m) throw new Error(`no member ${at[d.name]}`);
    return m;
  });
  return cube.read(tuple);
};
/** Plan1's members of the dimensions a read leaves out, but Entity and Product (each read names its own). */
const { Entity: _entity, Product: _product, ...AT } = PLAN1_DEFAULTS;

describe("a snapshot of Vision through planning and pbcs", () => {
  it("says where it came from and what Planning REST could not carry", () => {
    for (const [copy, connector] of [
      ["VisionSv", "planning"],
      ["VisionRest", "pbcs"],
    ] as const) {
      const manifest = JSON.parse(readFileSync(join(root, copy, "manifest.json"), "utf8"));
      expect(manifest.source).toMatchObject({ connector, server: "Planning", application: "Vision" });
      expect(manifest.cubes.map((c: { name: string }) => c.name)).toEqual(PLAN_TYPES);
      const notCarried = manifest.notCarried.join("\n");
      expect(notCarried).toMatch(/consolidation operators/);
      // as on the Essbase copies: Planning REST's member read gives no expense reporting either
      expect(notCarried).toMatch(/time balance, expense reporting, two-pass calculation/);
      expect(notCarried).toMatch(/forms .*business rules.*task lists/);
      // Smart View for Planning lists the alias tables; Planning REST cannot.
      expect(/alias tables other than Default/.test(notCarried)).toBe(connector === "pbcs");
    }
    expect(cliOut).toMatch(/served as application VisionRest; \d+ members, \d+ cells/);
    // Plan1's ConsolidatedData, and Plan2's 4100 (read as Dynamic Calc: the member read is the application's,
    // and 4100 is Dynamic Calc in Plan1), counted in the plural
    expect(cliOut).toMatch(
      /\n {2}2 members keep the values the server computed \(listed in manifest\.json\)\n/,
    );
    expect(cliOut).toMatch(/not carried by this connector:\n {2}- consolidation operators/);
  });

  it("holds every stored level-0 number of every plan type, and what the server computed at level 0", () => {
    for (const copy of COPIES) {
      for (const planType of PLAN_TYPES) {
        const source = original.dataSource(planType);
        const want = new Map<string, number>();
        source.forEachStoredCell("level0", (coords, value) => {
          const members = coords.map((o, d) => source.member(d, o));
          if (!members.every((m) => m.isLeaf)) return;
          const names = members.map((m) => m.name);
          // Smart List cells come back as their entries' labels: a snapshot holds numbers only.
          if (!names.includes("4195")) want.set(names.join("\t"), value);
        });
        const cube = copyCube(copy, planType);
        expect(cube.dims.map((d) => d.name)).toEqual(source.dims.map((d) => d.name));
        const got = new Map<string, number>();
        cube.forEachStoredCell("level0", (coords, value, input) => {
          if (input) got.set(coords.map((o, d) => cube.member(d, o).name).join("\t"), value);
        });
        for (const [cell, value] of want) expect(got.get(cell), `${copy} ${cell}`).toBe(value);
        // The other cells are those of the level-0 members the server computes (ConsolidatedData = BaseData).
        const computed = [...got.keys()].filter((k) => !want.has(k));
        // Plan2 has no HSP_View, hence no ConsolidatedData.
        if (planType === "Plan1") expect(computed.length).toBeGreaterThan(0);
        for (const cell of computed) {
          const names = cell.split("\t");
          expect(names).toContain("ConsolidatedData");
          const at = Object.fromEntries(source.dims.map((d, i) => [d.name, names[i] as string]));
          expect(got.get(cell), `${copy} ${cell}`).toBe(read(source, at));
        }
      }
    }
  });

  it("answers reads as the original over its additive hierarchies", async () => {
    const entities = ["410", "420", "Sales VP"];
    const products = ["P_160", "P_100", "P_TP"];
    const periods = ["Jan", "Q1", "YearTotal"];
    const accounts = ["4110", "4100"];
    const source = original.dataSource("Plan1");
    for (const copy of COPIES) {
      const cube = copyCube(copy, "Plan1");
      for (const Entity of entities)
        for (const Product of products)
          for (const Period of periods)
            for (const Account of accounts) {
              const at = { ...AT, Entity, Product, Period, Account };
              expect(read(cube, at), `${copy} ${JSON.stringify(at)}`).toEqual(read(source, at));
            }
      // Through the served Planning application, as a Planning REST client reads it (exportdataslice).
      const slice = (application: string) =>
        served.planning.exportDataSlice(
          planningSession(),
          { server: "Planning", application },
          {
            cube: "Plan1",
            pov: {
              dimensions: [
                "Scenario",
                "Year",
                "Version",
                "Currency",
                "HSP_View",
                "HSP_Metric",
                "Product",
                "Account",
              ],
              members: [
                ["Plan"],
                ["FY15"],
                ["Working"],
                ["USD"],
                ["BaseData"],
                ["No Metric"],
                ["P_TP"],
                ["4110"],
              ],
            },
            columns: [{ dimensions: ["Period"], members: [["Jan", "Q1"]] }],
            rows: [{ dimensions: ["Entity"], members: [["410", "Sales VP"]] }],
            suppressMissingBlocks: false,
            suppressMissingRows: false,
            suppressMissingColumns: false,
          },
        );
      const got = await slice(copy);
      expect(got).toEqual(await slice("Vision"));
      expect(got.rows.map((r) => r.data)).toEqual(
        ["410", "Sales VP"].map((Entity) =>
          ["Jan", "Q1"].map((Period) =>
            read(source, { ...AT, Entity, Product: "P_TP", Period, Account: "4110" }),
          ),
        ),
      );
    }
  });

  it("differs where the server does not add members up (its consolidation operators are not carried)", () => {
    // Scenario's members never roll up in Vision (~): the original's Scenario total is #Missing; the copy adds.
    const at = {
      ...AT,
      Scenario: "Scenario",
      Entity: "410",
      Product: "P_160",
      Period: "Jan",
      Account: "4110",
    };
    const source = original.dataSource("Plan1");
    expect(read(source, at)).toBeNull();
    for (const copy of COPIES) expect(read(copyCube(copy, "Plan1"), at)).not.toBeNull();
  });

  it("is refused at start when its name clashes with Vision, with the way out", async () => {
    const dir = mkdtempSync(join(tmpdir(), "qibates-planning-clash-"));
    try {
      cpSync(join(root, "VisionRest"), join(dir, "VisionRest"), { recursive: true });
      const path = join(dir, "VisionRest", "manifest.json");
      const manifest = JSON.parse(readFileSync(path, "utf8"));
      manifest.application = "Vision";
      writeFileSync(path, JSON.stringify(manifest));
      await expect(loadCubeSnapshots(dir, DEMO_APPLICATIONS)).rejects.toThrow(
        /clashes with the application Vision already served; take the snapshot again with --name/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The Essbase answer key (packages/engine/test/fixtures/essbase-oracle, see its NOTICE), on Vision.Plan1. */
const fixtures = dirname(
  fileURLToPath(new URL("../../../engine/test/fixtures/essbase-oracle/NOTICE", import.meta.url)),
);
const cases = readdirSync(fixtures)
  .filter((f) => f.endsWith(".json") && f !== "pivot-layouts.json")
  .sort()
  .map((f) => ({ name: f, doc: JSON.parse(readFileSync(join(fixtures, f), "utf8")) as unknown }));

describe("the answer key on the copies of Vision.Plan1", () => {
  it("answers every case on the served plan type as on the original's", () => {
    const want = answerKeyOutline({ ...visionPlan1Spec(), name: undefined });
    expect(cases.length).toBeGreaterThan(40);
    // Most cases lay a sheet out on Vision.Plan1 (the others are refusals, compared as well).
    expect(cases.filter(({ doc }) => "cells" in replayOnEngine(want, doc)).length).toBeGreaterThan(30);
    for (const copy of COPIES) {
      // The outline of Plan1 as the copy's Planning application serves it.
      const snapshot = loaded.find((s) => s.manifest.application === copy);
      if (!snapshot) throw new Error(`no snapshot ${copy}`);
      const got = snapshotPlanningApplication(snapshot).outline("Plan1");
      const differing = cases
        .filter(
          ({ doc }) => JSON.stringify(replayOnEngine(got, doc)) !== JSON.stringify(replayOnEngine(want, doc)),
        )
        .map((c) => c.name);
      expect(differing, copy).toEqual([]);
    }
  });
});

/**
 * The copies served as Planning applications of the embedded Planning server, through the API (connectors
 * planning and pbcs at the demo Planning addresses) and the Planning REST wire endpoint, beside Vision (demo
 * mode) or alone (QIBATES_DEMO=false), to the users of QIBATES_SNAPSHOT_USERS as well.
 */
type Json = Record<string, unknown>;
type Example = { value: Json };
type Operation = {
  requestBody: { content: { "application/json": { examples: Record<string, Example> } } };
  responses: Record<string, { content?: { "application/json": { examples?: Record<string, Example> } } }>;
};
const contract = parse(
  readFileSync(new URL("../../../../openapi/qibates.yaml", import.meta.url), "utf8"),
) as { paths: Record<string, { post?: Operation }> };
const EXAMPLE_LOGIN = PLANNING_EXAMPLE_LOGIN;
/** The documented examples of the Planning calls, read-only first, then the changes (as planning-examples.test.ts). */
const planningExamples = PLANNING_OPERATIONS.flatMap((path) =>
  Object.entries(contract.paths[path]?.post?.requestBody.content["application/json"].examples ?? {}).map(
    ([name, ex]) => ({ key: `${path} ${name}`, path, request: ex.value }),
  ),
);

/** Run-dependent fields (rule run times and messages, completion times) and the request id left out. */
function normalise(body: Json): Json {
  const { requestId: _, ...rest } = withoutRunFields(body);
  return rest;
}

/** An answer with the copy's name put back as the original's (names aside). */
const namesAside = (text: string, copy: string) => text.replaceAll(copy, "Vision");

/**
 * How the copy answers a documented example differently from Vision, per connector it was taken through, and
 * why: each is something Planning REST cannot carry (the manifest's `notCarried`), answered as a real Planning
 * application without it answers. Every entry must differ (checked), and nothing else may.
 */
interface Difference {
  why: string;
  /** What the copy answers: its status, and its error code or the body it answers. */
  copy: { status: number; code?: string; body?: Json };
}
const NO_FORMS = "forms: Planning REST has no call that lists them or gives their definitions";
const NO_RULES =
  "business rules and their runtime prompts: Planning REST gives neither their content nor prompts";
const COMMON: Record<string, Difference> = {
  "/nav/listforms revenue": { why: NO_FORMS, copy: { status: 404, code: "QB_ERR_FOLDER_UNKNOWN" } },
  "/nav/openform revenuePlan": { why: NO_FORMS, copy: { status: 404, code: "QB_ERR_FOLDER_UNKNOWN" } },
  "/nav/openform revenueReview": { why: NO_FORMS, copy: { status: 404, code: "QB_ERR_FOLDER_UNKNOWN" } },
  "/nav/listtasks vision": {
    why: "task lists: Planning REST has no call for them",
    copy: { status: 200, body: { taskLists: [] } },
  },
  "/nav/listonsaverules revenuePlan": { why: NO_FORMS, copy: { status: 404, code: "QB_ERR_FOLDER_UNKNOWN" } },
  "/nav/enumprompt copyVersion": { why: NO_RULES, copy: { status: 404, code: "QB_ERR_RULE_UNKNOWN" } },
  "/nav/enummembersrule tgtVersion": { why: NO_RULES, copy: { status: 404, code: "QB_ERR_RULE_UNKNOWN" } },
  "/action/taskstatus complete": {
    why: "task lists: Planning REST has no call for them",
    copy: { status: 404, code: "QB_ERR_TASKLIST_UNKNOWN" },
  },
  "/action/submitform revenuePlan": { why: NO_FORMS, copy: { status: 404, code: "QB_ERR_FOLDER_UNKNOWN" } },
  "/action/launchrule copyVersion": { why: NO_RULES, copy: { status: 404, code: "QB_ERR_RULE_UNKNOWN" } },
};
// The same for both: Vision has one alias table (Default), so that pbcs cannot list alias tables shows nowhere.
const DIFFERENCES: Record<"planning" | "pbcs", Record<string, Difference>> = {
  planning: COMMON,
  pbcs: COMMON,
};

const usersFile = join(dataDir, "..", `${root.split("/").at(-1)}-users.json`);

describe("a copy of Vision served as a Planning application", () => {
  let demoOn: Awaited<ReturnType<typeof buildApp>>;
  let demoOff: Awaited<ReturnType<typeof buildApp>>;
  const servers: Awaited<ReturnType<typeof buildApp>>[] = [];
  const dirs: string[] = [];

  const start = async (env: Record<string, string>) => {
    const dir = testDataDir("qibates-planning-copy-", undefined, { database: false });
    dirs.push(dir);
    const app = await buildApp({
      config: loadConfig({
        SITE_DIR: "",
        DATA_DIR: dir,
        LOG_LEVEL: "silent",
        QIBATES_SNAPSHOTS: root,
        QIBATES_SNAPSHOT_USERS: usersFile,
        QIBATES_WIRE_ENDPOINTS: "planning-rest",
        RATE_LIMIT_PER_MINUTE: "1000000",
        ...env,
      }),
      logger: false,
      embedded: sharedEmbeddedDatabase,
      validateResponses: true,
    });
    servers.push(app);
    return app;
  };

  beforeAll(async () => {
    writeFileSync(
      usersFile,
      JSON.stringify({
        users: [
          { name: "alice", passwordHash: await hashPassword("alice-secret"), applications: ["VisionSv"] },
          { name: "bob", passwordHash: await hashPassword("bob-secret"), applications: "all" },
        ],
      }),
    );
    demoOn = await start({});
    demoOff = await start({ QIBATES_DEMO: "false" });
  }, 120_000);
  afterAll(async () => {
    for (const s of servers) await s.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    rmSync(usersFile, { force: true });
  });

  /** An API caller of `app` with a key of an account of its own (the demo key exists in demo mode only). */
  let keys = 0;
  const caller = async (app: Awaited<ReturnType<typeof buildApp>>) => {
    const { key } = await app.services.keys.create(
      { issuer: "https://accounts.google.com", subject: "ops", email: "ops@example.com", provider: "google" },
      `laptop-${++keys}`,
    );
    const post = async (path: string, body: object, connector: string) => {
      const res = await app.inject({
        method: "POST",
        url: `/qibates/api/v2/${path.replace(/^\//, "")}`,
        headers: { "content-type": "application/json", qibateskey: key, connector },
        payload: JSON.stringify(body),
      });
      return { status: res.statusCode, text: res.body, body: res.json() as Json };
    };
    const login = async (connector: "planning" | "pbcs", username: string, password: string) => {
      const r = await post(
        connector === "pbcs" ? "action/loginpbcs" : "action/login",
        { username, password, providerAddress: "https://demo.qibates.local/HyperionPlanning/SmartView" },
        connector,
      );
      expect(r.status, r.text).toBe(200);
      return r.body.loginid as string;
    };
    return { post, login };
  };

  it("is listed on the Planning server beside Vision, and not on the Essbase server", async () => {
    const api = await caller(demoOn);
    for (const connector of ["planning", "pbcs"] as const) {
      const loginid = await api.login(connector, "demo", "demo");
      const apps = await api.post("nav/applications", { loginid, server: "Planning" }, connector);
      expect(apps.body.applications).toEqual([
        { name: "Vision" },
        { name: "VisionRest" },
        { name: "VisionSv" },
      ]);
    }
    const loginid = await api.login("planning", "demo", "demo").catch(() => "");
    expect(loginid).not.toBe("");
    const essbase = await api.post(
      "action/login",
      { username: "demo", password: "demo", providerAddress: "https://demo.qibates.local/essbase/japi" },
      "essbase-stndln",
    );
    const list = await api.post(
      "nav/applications",
      { loginid: essbase.body.loginid, server: "EssbaseCluster-1" },
      "essbase-stndln",
    );
    expect(list.body.applications).toEqual([{ name: "Sample" }]);
  });

  for (const connector of ["planning", "pbcs"] as const) {
    const copy = connector === "planning" ? "VisionSv" : "VisionRest";
    it(`answers every documented Planning example as Vision does, except what ${connector} cannot carry (${copy})`, async () => {
      const api = await caller(demoOn);
      const loginid = await api.login(connector, "demo", "demo");
      const differing: Record<string, { status: number; code?: string; body: Json }> = {};
      for (const ex of planningExamples) {
        const request = JSON.parse(JSON.stringify(ex.request).replaceAll(EXAMPLE_LOGIN, loginid)) as Json;
        const original = await api.post(ex.path, { ...request, application: "Vision" }, connector);
        expect(original.status, `${ex.key}: ${original.text.slice(0, 200)}`).toBe(200);
        const got = await api.post(ex.path, { ...request, application: copy }, connector);
        const same =
          got.status === original.status &&
          JSON.stringify(normalise(JSON.parse(namesAside(got.text, copy)))) ===
            JSON.stringify(normalise(original.body));
        if (!same) {
          differing[ex.key] = {
            status: got.status,
            ...(typeof got.body.code === "string" ? { code: got.body.code } : {}),
            body: got.body,
          };
        }
      }
      expectDifferences(differing, DIFFERENCES[connector], false);
    });
  }

  /** A Planning REST call to `app` (the wire endpoint), with HTTP Basic: status and body (names aside). */
  const rest = async (
    app: Awaited<ReturnType<typeof buildApp>>,
    user: string,
    password: string,
    method: "GET" | "POST",
    path: string,
    body?: unknown,
  ) => {
    const res = await app.inject({
      method,
      url: `/HyperionPlanning/rest/v3${path}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: res.statusCode, text: res.body };
  };

  /** Planning REST calls of a client (discovery, plan types, members, variables, data, jobs), by application. */
  const WIRE_CALLS: { key: string; method: "GET" | "POST"; path: (app: string) => string; body?: unknown }[] =
    [
      { key: "plan types", method: "GET", path: (a) => `/applications/${a}/plantypes` },
      {
        key: "dimension",
        method: "GET",
        path: (a) => `/applications/${a}/plantypes/Plan1/dimensions/Period`,
      },
      { key: "member", method: "GET", path: (a) => `/applications/${a}/dimensions/Entity/members/Sales VP` },
      {
        key: "variables",
        method: "GET",
        path: (a) => `/applications/${a}/plantypes/Plan1/substitutionvariables`,
      },
      {
        key: "data slice",
        method: "POST",
        path: (a) => `/applications/${a}/plantypes/Plan1/exportdataslice`,
        body: {
          gridDefinition: {
            suppressMissingBlocks: true,
            pov: {
              dimensions: ["Scenario", "Year", "Version", "Currency", "HSP_View", "HSP_Metric", "Product"],
              members: [["Plan"], ["FY15"], ["Working"], ["USD"], ["BaseData"], ["No Metric"], ["P_TP"]],
            },
            columns: [{ dimensions: ["Period"], members: [["Jan", "Feb", "Q1"]] }],
            rows: [
              {
                dimensions: ["Entity", "Account"],
                members: [
                  ["410", "Sales VP"],
                  ["4110", "4100"],
                ],
              },
            ],
          },
        },
      },
      { key: "job definitions", method: "GET", path: (a) => `/applications/${a}/jobdefinitions` },
      {
        key: "rule job",
        method: "POST",
        path: (a) => `/applications/${a}/jobs`,
        body: {
          jobType: "RULES",
          jobName: "CopyVersion",
          parameters: { SrcVersion: "Working", TgtVersion: "What If" },
        },
      },
      {
        key: "form definition",
        method: "GET",
        path: (a) => `/applications/${a}/formdefinitions/Revenue Plan`,
      },
    ];
  /** What the copies answer differently over Planning REST (either connector's copy), and why. */
  const WIRE_DIFFERENCES: Record<string, string> = {
    "job definitions":
      "business rules: Planning REST does not give their content, so the copy has none (an empty list)",
    "rule job": "business rules: the copy has none, so the rule does not exist",
    "form definition": "forms: Planning REST gives no way to list them, so the copy has none",
  };

  it("answers Planning REST clients as Vision does, except what the protocol cannot carry", async () => {
    const apps = await rest(demoOn, "demo", "demo", "GET", "/applications");
    const names = (JSON.parse(apps.text).items as { name: string }[]).map((a) => a.name);
    expect(names).toEqual(expect.arrayContaining(["Vision", "VisionSv", "VisionRest"]));
    for (const copy of COPIES) {
      const differing: Record<string, string> = {};
      for (const call of WIRE_CALLS) {
        const original = await rest(demoOn, "demo", "demo", call.method, call.path("Vision"), call.body);
        expect(original.status, `${call.key}: ${original.text.slice(0, 200)}`).toBe(200);
        const got = await rest(demoOn, "demo", "demo", call.method, call.path(copy), call.body);
        // A job's number counts jobs: the copy's would be the next.
        const strip = (t: string) =>
          t.replace(/"jobId":\d+/g, '"jobId":0').replace(/\/jobs\/\d+/g, "/jobs/0");
        if (got.status !== original.status || strip(namesAside(got.text, copy)) !== strip(original.text))
          differing[call.key] = `${got.status} ${got.text.slice(0, 200)}`;
      }
      expect(Object.keys(differing).sort(), JSON.stringify(differing)).toEqual(
        Object.keys(WIRE_DIFFERENCES).sort(),
      );
      expect(JSON.parse(differing["job definitions"]?.slice(4) ?? "null")).toEqual({ items: [] });
      expect(differing["rule job"]).toMatch(/^400 .*Business rule CopyVersion does not exist/);
      expect(differing["form definition"]).toMatch(/^4\d\d /);
    }
  });

  it("is served alone without demo mode, to the users allowed it; another snapshot's user is refused", async () => {
    // Over the API: alice may open VisionSv only; bob every snapshot; the demo user no longer logs in.
    const api = await caller(demoOff);
    for (const connector of ["planning", "pbcs"] as const) {
      const alice = await api.login(connector, "alice", "alice-secret");
      const list = await api.post("nav/applications", { loginid: alice, server: "Planning" }, connector);
      expect(list.body.applications).toEqual([{ name: "VisionSv" }]);
      const members = {
        loginid: alice,
        server: "Planning",
        cube: "Plan1",
        dim: "Period",
        filter: "Children",
        arg: "Q1",
      };
      const own = await api.post("nav/enummembers", { ...members, application: "VisionSv" }, connector);
      expect(own.status, own.text).toBe(200);
      for (const other of ["VisionRest", "Vision"]) {
        const refused = await api.post("nav/enummembers", { ...members, application: other }, connector);
        expect([refused.status, refused.body.code], other).toEqual([404, "QB_ERR_APPLICATION_UNKNOWN"]);
      }
      const bob = await api.login(connector, "bob", "bob-secret");
      const all = await api.post("nav/applications", { loginid: bob, server: "Planning" }, connector);
      expect(all.body.applications).toEqual([{ name: "VisionRest" }, { name: "VisionSv" }]);
      const demo = await api.post(
        connector === "pbcs" ? "action/loginpbcs" : "action/login",
        {
          username: "demo",
          password: "demo",
          providerAddress: "https://demo.qibates.local/HyperionPlanning/SmartView",
        },
        connector,
      );
      expect(demo.status).toBe(401);
    }
    // Over Planning REST, likewise.
    const listed = await rest(demoOff, "alice", "alice-secret", "GET", "/applications");
    expect((JSON.parse(listed.text).items as { name: string }[]).map((a) => a.name)).toEqual(["VisionSv"]);
    const planTypes = await rest(demoOff, "alice", "alice-secret", "GET", "/applications/VisionSv/plantypes");
    expect(planTypes.status).toBe(200);
    const refused = await rest(demoOff, "alice", "alice-secret", "GET", "/applications/VisionRest/plantypes");
    expect(refused.status).toBe(400);
    // In demo mode too, alice sees only hers.
    const beside = await caller(demoOn);
    const alice = await beside.login("pbcs", "alice", "alice-secret");
    const list = await beside.post("nav/applications", { loginid: alice, server: "Planning" }, "pbcs");
    expect(list.body.applications).toEqual([{ name: "VisionSv" }]);
  });
});
