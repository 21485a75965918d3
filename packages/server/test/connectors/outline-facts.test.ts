import { readFileSync } from "node:fs";
import { type Dimension, type Member, Outline } from "@qibates/engine";
import { sampleBasicOutline } from "@qibates/engine/demo";
import { visionPlan1Outline } from "@qibates/engine/demo/planning";
import { connectBody, enumMembersBody, leaf, requestXml, svList, svText } from "@qibates/protocols/smartview";
import { CONNECTOR_PROFILES, type Connector } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { discoverBody, envelope, post, rowsOf } from "../../../wire/test/support/xmla.ts";
import { callApi, useWireServer } from "../support/process.ts";

/**
 * One outline, one set of outline facts : every dimension's generation and level names, and
 * every member's generation, level and alias in each alias table, read through the four wire endpoints (Essbase
 * REST, XMLA, Smart View, Planning REST) and through the five connectors talking HTTP to them, are the engine's
 * own (Sample.Basic for the Essbase family, Vision Plan1 for Planning). What a protocol does not carry is listed
 * in `EXCLUDED` with the reason, and written in the endpoint's NOTES.md ("Outline facts").
 */

/** Facts a protocol cannot carry: no public evidence of how the real server would send them. */
const EXCLUDED = {
  "xmla:levelNames":
    "XMLA has one level per Essbase generation (MDSCHEMA_LEVELS); Essbase's level names (counted from the leaves) have no rowset",
  "xmla:memberLevel":
    "MDSCHEMA_MEMBERS' LEVEL_NUMBER is the generation − 1; no column holds Essbase's level (height)",
  "xmla:otherAliasTables": "a member has one MEMBER_CAPTION, the Default table's alias (APS's default)",
  "ssas:otherAliasTables":
    "the connector reads MEMBER_CAPTION, one caption per member: the Default table only",
  "smartview:layerNames":
    "no Smart View message with public evidence lists generation or level names; the Generation and Level filters take numbers",
  "planning-rest:layerNames": "Planning REST's dimension and member reads carry no generation or level names",
  "api:layerNames":
    "the API's member answers carry generation and level numbers, not names; names reach an API user only inside MDX, which the server evaluates",
} as const;

/** Essbase's names of a dimension's generations and levels: the outline's own, else `Gen2,Market`, `Lev0,Market`. */
function layerNames(d: Dimension): { generations: string[]; levels: string[] } {
  const depth = Math.max(...d.members.map((m) => m.generation));
  const generations: string[] = [];
  const levels: string[] = [];
  for (let g = 1; g <= depth; g++) generations.push(d.generationNames.get(g) ?? `Gen${g},${d.name}`);
  for (let l = 0; l < depth; l++) levels.push(d.levelNames.get(l) ?? `Lev${l},${d.name}`);
  return { generations, levels };
}

/** A member's facts as one comparable line: name, generation, level, then the alias of each table asked. */
function fact(
  name: string,
  generation: number | null,
  level: number | null,
  aliases: (string | null)[],
): string {
  return [name, generation ?? "-", level ?? "-", ...aliases.map((a) => a ?? "")].join(" | ");
}

/** The engine's facts of a dimension's members (stored and shared occurrences, sorted). */
function engineFacts(
  d: Dimension,
  tables: readonly string[],
  with_: { generation?: boolean; level?: boolean } = {},
): string[] {
  const g = with_.generation ?? true;
  const l = with_.level ?? true;
  return d.members
    .map((m: Member) =>
      fact(
        m.name,
        g ? m.generation : null,
        l ? m.level : null,
        tables.map((t) => m.alias(t) ?? null),
      ),
    )
    .sort();
}

/**
 * An MDX condition true only when `.Name` of a generation or level answers the outline's name, else Essbase's
 * default `Gen<n>,<dimension>`, and a layer is found again by either name.
 */
const NAMES_READ_BACK = [
  "[Scenario].Generations(2).Name = 'Gen2,Scenario'",
  "[Year].Levels(0).Name = 'Lev0,Year'",
  "[Market].Generations('Gen3,Market').Name = 'State'",
  "[Product].Levels('Lev0,Product').Name = 'SKU'",
  "[Year].Generations(2).Name = 'Quarter'",
].join(" AND ");

const SAMPLE = new Outline(sampleBasicOutline);
const VISION = visionPlan1Outline();
const sampleDims = [...SAMPLE.dimensions];
const visionDims = VISION.dimensions.filter((d) => d.type !== "attribute");

type Body = Record<string, unknown>;
interface Node {
  name: string;
  alias: string | null;
  generation: number;
  level: number;
  children?: Node[];
}

const running = useWireServer("all");
const basic = (user = "demo") => `Basic ${Buffer.from(`${user}:demo`).toString("base64")}`;

async function getJson(path: string, user = "demo"): Promise<Body> {
  const res = await fetch(`${running.server.baseUrl}${path}`, {
    headers: { accept: "application/json", authorization: basic(user) },
  });
  const text = await res.text();
  expect(res.status, `${path}: ${text.slice(0, 300)}`).toBe(200);
  return JSON.parse(text) as Body;
}

describe("what a protocol does not carry is written down", () => {
  /** The NOTES.md that records each exclusion, by the prefix of its key. */
  const NOTES: Record<string, string> = {
    xmla: "xmla",
    ssas: "xmla",
    smartview: "smartview",
    "planning-rest": "planning-rest",
    api: "essbase-rest",
  };
  it.each(Object.entries(EXCLUDED))("%s", (key) => {
    const dir = NOTES[key.split(":")[0] as string] as string;
    const notes = readFileSync(new URL(`../../../wire/src/${dir}/NOTES.md`, import.meta.url), "utf8");
    expect(notes).toContain(`\`${key}\``);
  });
});

describe("outline facts through the four wire endpoints", () => {
  it("Essbase REST: generation and level names, and every member's generation, level and aliases (each table)", async () => {
    const cube = "/essbase/rest/v1/applications/Sample/databases/Basic";
    const dims = ((await getJson(`${cube}/dimensions`)).items as { name: string }[]).map((d) => d.name);
    expect(dims).toEqual(sampleDims.map((d) => d.name));
    const outline = "/essbase/rest/v1/outline/Sample/Basic";
    const beans: { name: string; generationNumber: number; levelNumber: number; aliases?: Body }[] = [];
    const walk = async (parent: string | null) => {
      const q = parent === null ? "" : `parent=${encodeURIComponent(parent)}&`;
      const items = (await getJson(`${outline}?${q}limit=10000&links=none`)).items as typeof beans;
      for (const b of items) {
        beans.push(b);
        if ((b as { numberOfChildren?: number }).numberOfChildren) await walk(b.name);
      }
    };
    await walk(null);
    for (const d of sampleDims) {
      const at = `${cube}/dimensions/${encodeURIComponent(d.name)}`;
      const names = (list: Body) => (list.items as { name: string; number: number }[]).map((x) => x.name);
      expect(
        {
          generations: names(await getJson(`${at}/generations`)),
          levels: names(await getJson(`${at}/levels`)),
        },
        d.name,
      ).toEqual(layerNames(d));
      const own = beans.filter((b) => (b as { dimensionName?: string }).dimensionName === d.name);
      expect(
        own
          .map((b) =>
            fact(
              b.name,
              b.generationNumber,
              b.levelNumber,
              SAMPLE.aliasTables.map((t) => (b.aliases?.[t] as string | undefined) ?? null),
            ),
          )
          .sort(),
        d.name,
      ).toEqual(engineFacts(d, SAMPLE.aliasTables));
    }
  });

  it("XMLA: MDSCHEMA_LEVELS names the generations; MDSCHEMA_MEMBERS gives each member's generation and Default caption", async () => {
    const origin = running.server.baseUrl;
    const levels = rowsOf(
      await post(
        origin,
        envelope(discoverBody("MDSCHEMA_LEVELS", { CUBE_NAME: "Basic" }, { Catalog: "Sample" })),
      ),
    );
    for (const d of sampleDims) {
      const own = levels
        .filter((l) => l.DIMENSION_UNIQUE_NAME === `[${d.name}]`)
        .sort((a, b) => Number(a.LEVEL_NUMBER) - Number(b.LEVEL_NUMBER));
      expect(
        own.map((l) => l.LEVEL_NAME),
        d.name,
      ).toEqual(layerNames(d).generations);
      const members = rowsOf(
        await post(
          origin,
          envelope(
            discoverBody(
              "MDSCHEMA_MEMBERS",
              { CUBE_NAME: "Basic", DIMENSION_UNIQUE_NAME: `[${d.name}]` },
              { Catalog: "Sample" },
            ),
          ),
        ),
      );
      // The caption is the Default alias, else the name (EXCLUDED xmla:memberLevel, xmla:otherAliasTables).
      expect(
        members
          .map((m) => fact(m.MEMBER_NAME ?? "", Number(m.LEVEL_NUMBER) + 1, null, [m.MEMBER_CAPTION ?? ""]))
          .sort(),
        d.name,
      ).toEqual(
        d.members.map((m) => fact(m.name, m.generation, null, [m.alias("Default") ?? m.name])).sort(),
      );
      // Each member's level unique name is its generation's name.
      for (const m of members) {
        const name = layerNames(d).generations[Number(m.LEVEL_NUMBER)];
        expect(m.LEVEL_UNIQUE_NAME, `${d.name} ${m.MEMBER_NAME}`).toBe(`[${d.name}].[${name}]`);
      }
    }
  });

  it("Smart View: the Generation and Level filters list each generation's and level's members; each alias table labels them", async () => {
    const call = async (method: string, body: string) => {
      const a = await post(running.server.baseUrl, requestXml(method, body), {
        path: "/aps/SmartView",
        auth: null,
      });
      const root = a.envelope;
      expect(root?.name, `${method}: ${a.text.slice(0, 300)}`).toBe(`res_${method}`);
      return root ?? undefined;
    };
    const connect = await call("ConnectToProvider", connectBody("demo", "demo"));
    const sid = leaf("sID", svText(connect, "sID"));
    const srv = leaf("srv", "EssbaseCluster-1");
    await call(
      "OpenApplication",
      [sid, leaf("usr", "demo"), leaf("pwd", "demo"), srv, leaf("app", "Sample")].join(""),
    );
    await call("OpenCube", [sid, srv, leaf("app", "Sample"), leaf("cube", "Basic")].join(""));
    const enumMembers = async (dim: string, filter: string, args: string[], table = "none") =>
      svList(
        await call(
          "EnumMembers",
          `${sid}${enumMembersBody(dim, filter, args)
            .replace(leaf("alsTbl", "none"), leaf("alsTbl", table))
            .replace(leaf("allGenerations", 0), leaf("allGenerations", 1))}`,
        ),
        "mbrs",
      ).filter((m) => m !== "");
    for (const d of sampleDims.filter((x) => x.type !== "attribute")) {
      const depth = layerNames(d).generations.length;
      for (let g = 1; g <= depth; g++) {
        const names = d.generation(g).map((m) => m.name);
        expect(
          (await enumMembers(d.name, "Generation", [d.name, String(g)])).sort(),
          `${d.name} gen ${g}`,
        ).toEqual([...new Set(names)].sort());
      }
      for (let l = 0; l < depth; l++) {
        const names = d.level(l).map((m) => m.name);
        expect(
          [...new Set(await enumMembers(d.name, "Level", [d.name, String(l)]))].sort(),
          `${d.name} lev ${l}`,
        ).toEqual([...new Set(names)].sort());
      }
      for (const table of SAMPLE.aliasTables) {
        // Hierarchy with allGenerations 1: every member under the dimension, labelled by the table's alias.
        const labels = await enumMembers(d.name, "Hierarchy", [d.name], table);
        const want = d.members.filter((m) => m.parent !== null).map((m) => m.alias(table) ?? m.name);
        expect(labels, `${d.name} ${table}`).toEqual(want);
      }
    }
  });

  it("Planning REST: every Vision Plan1 member's generation, level and alias, from the dimension's hierarchy", async () => {
    for (const d of visionDims) {
      const got: string[] = [];
      for (const table of VISION.aliasTables) {
        const tree = (await getJson(
          `/HyperionPlanning/rest/v3/applications/Vision/plantypes/Plan1/dimensions/${encodeURIComponent(d.name)}?fields=name,alias,children&aliasTableName=${encodeURIComponent(table)}`,
        )) as unknown as { name: string; alias?: string; children?: unknown[] };
        type T = typeof tree;
        const lines: string[] = [];
        const walk = (n: T, generation: number): number => {
          const level = Math.max(-1, ...((n.children ?? []) as T[]).map((c) => walk(c, generation + 1))) + 1;
          lines.push(fact(n.name, generation, level, [n.alias ?? null]));
          return level;
        };
        walk(tree, 1);
        got.push(...lines);
      }
      expect(got.sort(), d.name).toEqual(VISION.aliasTables.flatMap((t) => engineFacts(d, [t])).sort());
    }
  });
});

describe("outline facts through the five connectors, over HTTP to those endpoints", () => {
  const api = (path: string, body: unknown, connector: Connector) => callApi(running, path, body, connector);
  async function login(connector: Connector): Promise<string> {
    const path = connector === "pbcs" ? "/qibates/api/v2/action/loginpbcs" : "/qibates/api/v2/action/login";
    const username = connector === "pbcs" ? "idcs-demo.demo" : "demo";
    const suffix = CONNECTOR_PROFILES[connector].providerAddressSuffix;
    const providerAddress = `${running.server.baseUrl}${suffix}`;
    const a = await api(path, { username, password: "demo", providerAddress }, connector);
    expect(a.status, JSON.stringify(a.json)).toBe(200);
    return a.json.loginid as string;
  }

  it.each(["essbase-stndln", "essbase", "ssas"] as const)(
    "%s: every Sample.Basic member's generation, level and alias in each table the protocol carries",
    async (connector) => {
      const loginid = await login(connector);
      const cube = { loginid, server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
      const dims = (await api("/qibates/api/v2/nav/dimensions", cube, connector)).json.dimensions as {
        name: string;
      }[];
      expect(dims.map((d) => d.name)).toEqual(sampleDims.map((d) => d.name));
      const tables = (
        (await api("/qibates/api/v2/nav/aliastables", cube, connector)).json.aliasTables as { name: string }[]
      ).map((t) => t.name);
      // EXCLUDED ssas:otherAliasTables.
      expect(tables).toEqual(connector === "ssas" ? ["Default"] : [...SAMPLE.aliasTables]);
      for (const d of sampleDims) {
        const got: string[] = [];
        for (const aliastable of tables) {
          const a = await api(
            "/qibates/api/v2/nav/dimtree",
            { ...cube, aliastable, action: { dimension: d.name } },
            connector,
          );
          expect(a.status, JSON.stringify(a.json)).toBe(200);
          const walk = (n: Node) => {
            got.push(fact(n.name, n.generation, n.level, [n.alias]));
            for (const c of n.children ?? []) walk(c);
          };
          walk((a.json as { root: Node }).root);
        }
        expect(got.sort(), `${connector} ${d.name}`).toEqual(
          tables.flatMap((t) => engineFacts(d, [t])).sort(),
        );
      }
    },
    120_000,
  );

  it.each(["essbase-stndln", "essbase", "ssas"] as const)(
    "%s: an MDX query naming generations and levels by the outline's names selects their members",
    async (connector) => {
      const loginid = await login(connector);
      const cube = { loginid, server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
      const market = SAMPLE.dimension("Market") as Dimension;
      const product = SAMPLE.dimension("Product") as Dimension;
      const a = await api(
        "/qibates/api/v2/action/mdx",
        {
          ...cube,
          // The columns stay only if each name reads back as the engine names it (`layerNameOf`).
          // At SSAS's address `Levels(n)` counts from the root, as Microsoft's MDX does: Year's top.
          query: `SELECT Filter({[Market].[Region].Members}, ${connector === "ssas" ? NAMES_READ_BACK.replace("[Year].Levels(0).Name = 'Lev0,Year'", "[Year].Levels(0).Name = 'History'") : NAMES_READ_BACK}) ON COLUMNS, {[Product].[SKU].Members} ON ROWS FROM Sample.Basic`,
        },
        connector,
      );
      expect(a.status, JSON.stringify(a.json)).toBe(200);
      // Labels are the Default table's aliases (the API's default display); indentation is a display setting.
      const grid = (a.json as { grid: string[][] }).grid;
      const label = (m: Member) => m.alias("Default") ?? m.name;
      expect(grid[0]?.slice(1), "Region").toEqual(market.generation(2).map(label));
      expect(
        grid.slice(1).map((r) => (r[0] ?? "").trim()),
        "SKU",
      ).toEqual(product.level(0).map(label));
    },
    60_000,
  );

  it.each(["pbcs", "planning"] as const)(
    "%s: every Vision Plan1 member's generation, level and alias",
    async (connector) => {
      const loginid = await login(connector);
      const app = { loginid, server: "Planning", application: "Vision" };
      if (connector === "planning") {
        // Planning's alias tables through Smart View's EnumAliasTables (PBCS, REST only, has no call for them).
        const listed = await api("/qibates/api/v2/nav/listalias", app, connector);
        expect(listed.status, JSON.stringify(listed.json)).toBe(200);
        expect((listed.json.aliasTables as { name: string }[]).map((t) => t.name)).toEqual([
          ...VISION.aliasTables,
        ]);
      }
      for (const d of visionDims) {
        const got: string[] = [];
        for (const aliastable of VISION.aliasTables) {
          const a = await api(
            "/qibates/api/v2/nav/enummembers",
            { ...app, cube: "Plan1", aliastable, dim: d.name, filter: "Hierarchy" },
            connector,
          );
          expect(a.status, JSON.stringify(a.json)).toBe(200);
          for (const m of a.json.members as Node[]) got.push(fact(m.name, m.generation, m.level, [m.alias]));
        }
        expect(got.sort(), `${connector} ${d.name}`).toEqual(
          VISION.aliasTables.flatMap((t) => engineFacts(d, [t])).sort(),
        );
      }
    },
    120_000,
  );
});
