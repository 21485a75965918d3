import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Provider, ProviderSession } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWrappedDemoApi, type TestApi } from "../support/api.ts";
import { contractExampleCases, sendExample } from "../support/contract-examples.ts";

/**
 * The provider seam: handlers reach servers only through the session's provider. A recording provider (the
 * embedded engine behind a wrapper that notes every call) is registered instead of the product's; every
 * request example of the contract then runs through it, and each operation that needs a server is seen by it.
 */

interface Call {
  family: "provider" | "essbase" | "planning";
  method: string;
  session: ProviderSession | null;
}

/** Wraps every method of `target` so that each call is recorded before it is passed on. */
function recorder<T extends object>(target: T, family: Call["family"], calls: Call[]): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver);
      if (typeof value !== "function" || typeof prop !== "string") return value;
      return (...args: unknown[]) => {
        const first = args[0] as { id?: unknown; connector?: unknown } | undefined;
        calls.push({
          family,
          method: prop,
          session: first && typeof first.id === "string" ? (first as ProviderSession) : null,
        });
        return (value as (...a: unknown[]) => unknown).apply(obj, args);
      };
    },
  });
}

function recordingProvider(inner: Provider, calls: Call[]): Provider {
  const essbase = inner.essbase ? recorder(inner.essbase, "essbase", calls) : null;
  const planning = inner.planning ? recorder(inner.planning, "planning", calls) : null;
  const top = recorder(inner, "provider", calls);
  return {
    id: "recording",
    login: (input) => top.login(input),
    logout: (s) => top.logout(s),
    servers: (s) => top.servers(s),
    applications: (s, server, sort) => top.applications(s, server, sort),
    cubes: (s, app) => top.cubes(s, app),
    essbase,
    planning,
  };
}

/** The provider method each operation must reach. */
const EXPECTED: Record<string, string> = {
  login: "provider.login",
  loginPbcs: "provider.login",
  logout: "provider.logout",
  listServers: "provider.servers",
  listApplications: "provider.applications",
  listCubes: "provider.cubes",
  listDimensions: "essbase.dimensions",
  getDimensionTree: "essbase.dimensionTree",
  filterMembers: "essbase.filterMembers",
  searchMembers: "essbase.searchMembers",
  listVariables: "essbase.variables",
  listScripts: "essbase.scripts",
  listAliasTables: "essbase.aliasTables",
  calculate: "essbase.calculate",
  mdxQuery: "essbase.mdx",
  refreshGrid: "essbase.grid",
  initGrid: "essbase.grid",
  saveGrid: "essbase.save",
  zoomIn: "essbase.grid",
  zoomOut: "essbase.grid",
  keepOnly: "essbase.grid",
  removeOnly: "essbase.grid",
  pivot: "essbase.grid",
  pivotToPov: "essbase.grid",
  listForms: "planning.listForms",
  openForm: "planning.openForm",
  submitForm: "planning.submitForm",
  listTasks: "planning.listTaskLists",
  setTaskStatus: "planning.setTaskStatus",
  listOnSaveRules: "planning.listOnSaveRules",
  listAliases: "planning.listAliasTables",
  setAlias: "planning.setAlias",
  listRulePrompts: "planning.rulePrompts",
  launchRule: "planning.launchRule",
  listMemberFilters: "planning.memberFilters",
  listMembers: "planning.members",
  listPromptMembers: "planning.promptMembers",
};

/** Operations that need no server: keys, OAuth, health. */
const SERVERLESS = new Set(["getHealth", "generateKey", "listKeys", "deleteKey"]);

const calls: Call[] = [];
let api: TestApi;
let demoOwner = "";

beforeAll(async () => {
  api = await startWrappedDemoApi((engine) => recordingProvider(engine, calls));
  const record = await api.app.services.sessions.touch(await api.login("essbase"));
  demoOwner = record?.ownerId ?? "";
});
afterAll(async () => api.close());

describe("every operation that needs a server goes through the session's provider", () => {
  const cases = contractExampleCases().filter((c) => !SERVERLESS.has(c.op.operationId));

  it("maps every such operation of the contract to a provider method", () => {
    expect(new Set(cases.map((c) => c.op.operationId))).toEqual(new Set(Object.keys(EXPECTED)));
  });

  it.each(cases.map((c) => [`${c.op.operationId} (${c.ex.name})`, c] as const))(
    "%s",
    async (_name, { op, ex }) => {
      const before = calls.length;
      const res = await sendExample(api, op, ex);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const seen = calls.slice(before).map((c) => `${c.family}.${c.method}`);
      expect(seen).toContain(EXPECTED[op.operationId]);
      // The session the provider was told of is the caller's, opened with the example's connector.
      const call = calls.slice(before).find((c) => `${c.family}.${c.method}` === EXPECTED[op.operationId]);
      if (call?.session) {
        expect(call.session.connector).toBe(ex.connector ?? op.connectors?.[0] ?? "essbase");
        expect(call.session.ownerId).toBe(demoOwner);
      }
    },
  );

  it("records the provider on the session, and later calls go to it", async () => {
    const loginid = await api.login("essbase");
    const session = await api.app.services.sessions.touch(loginid);
    expect(session?.provider).toBe("recording");
  });
});

describe("boundaries", () => {
  const root = fileURLToPath(new URL("../../../", import.meta.url));
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
    );

  it("no handler imports the engine", () => {
    const offenders = files(join(root, "server/src/handlers")).filter((f) =>
      /from "@qibates\/engine/.test(readFileSync(f, "utf8")),
    );
    expect(offenders).toEqual([]);
  });

  /** The files under `dirs` (relative to packages/) that import a module whose name `module` matches. */
  const importers = (dirs: string[], module: RegExp) =>
    dirs
      .flatMap((d) => files(join(root, d)))
      .filter((f) =>
        new RegExp(`(from|import)\\s*\\(?\\s*["'](${module.source})`).test(readFileSync(f, "utf8")),
      )
      .map((f) => f.slice(root.length));
  /** The run-time dependencies a package's manifest lists (tests may use more, as devDependencies). */
  const runtimeDependencies = (pkg: string) =>
    Object.keys(
      (JSON.parse(readFileSync(join(root, pkg, "package.json"), "utf8")) as { dependencies?: object })
        .dependencies ?? {},
    );

  it("the server's sources import no engine: engine objects come through @qibates/embedded", () => {
    expect(importers(["server/src"], /@qibates\/engine/)).toEqual([]);
    expect(runtimeDependencies("server")).not.toContain("@qibates/engine");
  });

  it("the wire endpoints import no engine: they read cubes through the provider's OLAP port", () => {
    expect(importers(["wire/src"], /@qibates\/engine/)).toEqual([]);
    expect(runtimeDependencies("wire")).not.toContain("@qibates/engine");
  });

  it("the wire endpoints read cubes and data jobs through @qibates/provider's ports, never the connectors", () => {
    expect(importers(["wire/src"], /@qibates\/connectors/)).toEqual([]);
    expect(runtimeDependencies("wire")).not.toContain("@qibates/connectors");
  });

  it("the engine port names no engine type: it carries the data jobs alone", () => {
    const port = readFileSync(join(root, "provider/src/engine-port.ts"), "utf8");
    expect(port).not.toMatch(/@qibates\/engine/);
    expect(port).not.toMatch(/\b(Outline|Member|MdxResult|MdxQuery|Expr)\b/);
  });

  it("the provider contract names no engine, connector, server or network code: wire and server import it alone", () => {
    expect(
      importers(["provider/src"], /@qibates\/(?!client\/|grid-rules")|\.\.\/\.\.\/|undici|fastify|node:/),
    ).toEqual([]);
    expect(runtimeDependencies("provider")).toEqual(["@qibates/client", "@qibates/grid-rules"]);
  });

  it("every package keeps its tests in test/, so src/ holds what runs and nothing else", () => {
    const packages = readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory());
    const inSrc = packages
      .flatMap((p) => {
        try {
          return files(join(root, p.name, "src"));
        } catch {
          return [];
        }
      })
      .filter((f) => f.endsWith(".test.ts"))
      .map((f) => f.slice(root.length));
    expect(inSrc).toEqual([]);
  });

  it("the codecs depend on no other package: both sides of a protocol import them", () => {
    expect(importers(["protocols/src"], /@qibates\/|fastify|undici/)).toEqual([]);
    expect(runtimeDependencies("protocols")).toEqual([]);
  });

  it("the engine's sources name no route, no QB_ERR_ code and no HTTP status", () => {
    const offenders = files(join(root, "engine/src"))
      .filter((f) => !f.endsWith(".test.ts"))
      .filter((f) => {
        const text = readFileSync(f, "utf8");
        return /QB_ERR_|["'`]\/(nav|action)\/|\bstatus: (4|5)\d\d\b/.test(text);
      })
      .map((f) => f.slice(root.length));
    expect(offenders).toEqual([]);
  });
});
