import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  answerKeyOutline,
  DEMO_APPLICATIONS,
  EmbeddedProvider,
  type LoadedSnapshot,
  loadCubeSnapshots,
  memoryStore,
  replayOnEngine,
} from "@qibates/connectors/embedded";
import { createVisionPlanning, DEMO_SERVERS } from "@qibates/engine/demo";
import { visionPlan1Spec } from "@qibates/engine/demo/planning";
import type { ProviderSession } from "@qibates/provider";
import { answerValue } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main, providerFor } from "../../bin/snapshot-cli.ts";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { type Progress, takeSnapshot } from "../../tools/snapshot/take.ts";

/**
 * Your own cube, offline (issue 40), for Planning: the demo's Vision application copied through `planning`
 * (Planning REST with Smart View for Planning's alias tables) and through `pbcs` (Planning REST alone), each from
 * the local wire endpoints (`QIBATES_WIRE_ENDPOINTS=all`), each served under a new name as an Essbase
 * application whose cubes are the plan types. The copies hold what the original holds, except what Planning
 * REST cannot carry (listed in the manifest): consolidation operators above all.
 */

const quiet: Progress = { step() {}, data() {}, warn() {} };
const root = mkdtempSync(join(tmpdir(), "qibates-planning-snapshots-"));
const dataDir = mkdtempSync(join(tmpdir(), "qibates-planning-server-"));
let server: Awaited<ReturnType<typeof buildApp>>;
let address = "";
let served: EmbeddedProvider;
let loaded: LoadedSnapshot[];
let cliOut = "";

const session = (): ProviderSession => ({
  id: "s",
  ownerId: "o",
  connector: "essbase-stndln",
  username: "demo",
  providerAddress: "https://demo.qibates.local/essbase/japi",
  aliasTable: null,
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
const AT = {
  Scenario: "Plan",
  Year: "FY15",
  Version: "Working",
  Currency: "USD",
  HSP_View: "BaseData",
  HSP_Metric: "No Metric",
};

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
      expect(notCarried).toMatch(/forms .*business rules.*task lists/);
      // Smart View for Planning lists the alias tables; Planning REST cannot.
      expect(/alias tables other than Default/.test(notCarried)).toBe(connector === "pbcs");
    }
    expect(cliOut).toMatch(/served as application VisionRest; \d+ members, \d+ cells/);
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
        expect(computed.length).toBeGreaterThan(0);
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
      // Through the served application, as the add-in reads it.
      const rows = ["410", "Sales VP"];
      const fixed = ["Plan", "FY15", "Working", "USD", "BaseData", "No Metric", "P_TP", "4110"];
      const grid = [
        ["", "", "", "", "", "", "", "", "", "Jan", "Q1"],
        ...rows.map((e) => [...fixed, e, "", ""]),
      ];
      const answer = await served.essbase
        .grid(
          session(),
          { server: "EssbaseCluster-1", application: copy, cube: "Plan1" },
          { action: "refresh", input: { grid: grid as never } },
        )
        .then(answerValue);
      rows.forEach((Entity, i) => {
        const row = answer.grid[i + 1] as string[];
        ["Jan", "Q1"].forEach((Period, k) => {
          const want = read(source, { ...AT, Entity, Product: "P_TP", Period, Account: "4110" });
          expect(Number(row[9 + k]), `${copy} ${Entity} ${Period}`).toBe(want);
        });
      });
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
  it("answers every case as the original outline does", () => {
    const want = answerKeyOutline({ ...visionPlan1Spec(), name: undefined });
    expect(cases.length).toBeGreaterThan(40);
    // Most cases lay a sheet out on Vision.Plan1 (the others are refusals, compared as well).
    expect(cases.filter(({ doc }) => "cells" in replayOnEngine(want, doc)).length).toBeGreaterThan(30);
    for (const copy of COPIES) {
      const manifest = JSON.parse(readFileSync(join(root, copy, "manifest.json"), "utf8"));
      const file = manifest.cubes.find((c: { name: string }) => c.name === "Plan1").outline.file;
      const got = answerKeyOutline(JSON.parse(readFileSync(join(root, copy, file), "utf8")));
      const differing = cases
        .filter(
          ({ doc }) => JSON.stringify(replayOnEngine(got, doc)) !== JSON.stringify(replayOnEngine(want, doc)),
        )
        .map((c) => c.name);
      expect(differing, copy).toEqual([]);
    }
  });
});
