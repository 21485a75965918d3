import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CONNECTOR_DESCRIPTIONS, CONNECTORS, familyOf, PROVIDER_SUFFIX } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ROUTES_FILE, SCHEMA_FILE } from "../packages/client/scripts/generate.ts";
import { withConnectorLists } from "./tools/connector-lists.ts";
import {
  CONTRACT_FILE,
  isObject,
  type Json,
  type JsonObject,
  listContractRoutes,
  loadContract,
  OVERLAY_FILE,
  operations,
  readYaml,
  resolveRef,
} from "./tools/contract.ts";
import { emit } from "./tools/emit.ts";
import { frenchCoverage } from "./tools/french.ts";
import { DOCUMENT_FILE, generateAll } from "./tools/generate.ts";
import { applyOverlay } from "./tools/overlay.ts";

const doc = loadContract();
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const REDOCLY = join(ROOT, "node_modules/.bin/redocly");
const REDOCLY_CONFIG = fileURLToPath(new URL("./redocly.yaml", import.meta.url));

// The connectors of each family, as their descriptions say: no list of connector values written here.
const ALL: string[] = [...CONNECTORS];
const ESSBASE: string[] = CONNECTORS.filter((c) => familyOf(c) === "essbase");
const PLANNING: string[] = CONNECTORS.filter((c) => familyOf(c) === "planning");

/** Spec §7 calls (method, path under /qibates/api/v2) → connectors accepted (null: no connector header). */
const EXPECTED: Record<string, string[] | null> = {
  "GET /generatekey/{keyname}": null,
  "GET /listkeys": null,
  "DELETE /deletekey/{keyname}": null,
  "POST /action/login": ALL,
  "POST /action/loginpbcs": ["pbcs"],
  "POST /action/logout": ALL,
  "POST /nav/servers": ALL,
  "POST /nav/applications": ALL,
  ...Object.fromEntries(
    [
      "nav/cubes",
      "nav/dimensions",
      "nav/dimtree",
      "nav/filter",
      "nav/scripts",
      "nav/aliastables",
      "action/calculate",
      "action/refresh",
      "action/initgrid",
      "action/save",
      "action/zoomin",
      "action/zoomout",
      "action/keeponly",
      "action/removeonly",
      "action/pivot",
      "action/pivotToPOV",
    ].map((p) => [`POST /${p}`, ESSBASE]),
  ),
  /** Not in spec §7: member search and substitution variables, MDX queries. */
  ...Object.fromEntries(
    ["nav/search", "nav/variables", "action/setvariable", "action/mdx"].map((p) => [`POST /${p}`, ESSBASE]),
  ),
  ...Object.fromEntries(
    [
      "nav/listforms",
      "nav/openform",
      "action/submitform",
      "nav/listtasks",
      "action/taskstatus",
      "nav/listonsaverules",
      "nav/listalias",
      "action/setalias",
      "nav/enumprompt",
      "action/launchrule",
      "nav/enumfilters",
      "nav/enummembers",
      "nav/enummembersrule",
    ].map((p) => [`POST /${p}`, PLANNING]),
  ),
  "GET /health": null,
};
/** Not in spec §7 but part of the key flow: the OAuth callback. */
const EXTRA = {
  "GET /generatekey/callback": null,
  /** Calls answered 202 (`Prefer: respond-async`), read until they end. */
  "GET /operations/{operationId}": null,
  /** The administrators' calls on every account's keys and on the event log of keys. */
  "GET /admin/listkeys": null,
  "DELETE /admin/revokekey/{keyid}": null,
  "GET /admin/keyevents": null,
};

const DEMO = {
  essbaseLoginid: "0f4a7c2e-6b1d-4e8a-9c3f-5d2b7a1e8c40",
  planningLoginid: "7d3e9b21-4c5a-4f6e-8b0d-2a9c1e5f3b76",
  addresses: Object.fromEntries(
    CONNECTORS.map((c) => [c, `https://demo.qibates.local${PROVIDER_SUFFIX[c]}`]),
  ) as Record<string, string>,
};

const ops = operations(doc);
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

function obj(value: Json | undefined): JsonObject {
  return isObject(value) ? value : {};
}

function mediaExamples(media: JsonObject): JsonObject {
  return obj(media.examples);
}

describe("paths and methods", () => {
  it("has the 38 calls of the specification and 4 more, each with its method, plus the OAuth callback, the operations and the administrators' calls", () => {
    const actual = ops.map((o) => key(o.method, o.path)).sort();
    expect(Object.keys(EXPECTED)).toHaveLength(42);
    expect(actual).toEqual([...Object.keys(EXPECTED), ...Object.keys(EXTRA)].sort());
  });

  it("serves everything under /qibates/api/v2, version v2", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(obj(doc.info).version).toBe("v2");
    expect(listContractRoutes(doc).map((r) => r.path)).toContain("/qibates/api/v2/action/login");
    expect(listContractRoutes(doc).find((r) => r.operationId === "deleteKey")).toMatchObject({
      method: "DELETE",
      routePath: "/qibates/api/v2/deletekey/:keyname",
    });
  });

  it("has a unique operationId, a tag, a summary and a description on every operation", () => {
    const ids = ops.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ops.length);
    for (const { operation, path } of ops) {
      expect(typeof operation.summary, path).toBe("string");
      expect(String(operation.description).length, path).toBeGreaterThan(40);
      expect(Array.isArray(operation.tags) && operation.tags.length > 0, path).toBe(true);
    }
  });
});

describe("headers and connectors", () => {
  for (const { method, path, operation } of ops) {
    const expected = { ...EXPECTED, ...EXTRA }[key(method, path)];
    const isActionOrNav = path.startsWith("/action/") || path.startsWith("/nav/");
    it(`${key(method, path)} declares its headers and connectors`, () => {
      const params = (Array.isArray(operation.parameters) ? operation.parameters : []).map((p) =>
        obj(resolveRef(doc, p)),
      );
      const connector = params.find((p) => p.in === "header" && p.name === "connector");
      const security = Array.isArray(operation.security) ? operation.security : doc.security;
      const usesKey = Array.isArray(security) && security.some((s) => isObject(s) && "qibateskey" in s);
      if (isActionOrNav) {
        expect(connector?.required).toBe(true);
        expect(usesKey).toBe(true);
        expect(operation["x-qibates-connectors"]).toEqual(expected);
        const scheme = obj(obj(obj(doc.components).securitySchemes).qibateskey);
        expect(scheme).toMatchObject({ type: "apiKey", in: "header", name: "qibateskey" });
      } else {
        expect(connector).toBeUndefined();
        expect(operation["x-qibates-connectors"]).toBeUndefined();
      }
    });
  }

  it("documents the provider-address suffix of every connector", () => {
    expect(obj(doc.info)["x-qibates-provider-address-suffixes"]).toEqual(PROVIDER_SUFFIX);
    expect(obj(doc.info)["x-qibates-provider-address-suffixes"]).toMatchObject({
      "essbase-stndln": "/essbase/japi",
    });
  });

  it("has its connector lists as the connectors' descriptions give them (openapi/tools/connector-lists.ts)", () => {
    const text = readFileSync(CONTRACT_FILE, "utf8");
    const derived = withConnectorLists(text);
    // The first line that differs, so that the failure says where, and to run the generator.
    const derivedLines = derived.split("\n");
    const wrong = text.split("\n").find((line, i) => line !== derivedLines[i]);
    expect(wrong, "run npx tsx openapi/tools/generate.ts").toBeUndefined();
    expect(derived).toBe(text);
  });

  it("writes a connector that is only described into every list of its family and the session's", () => {
    const text = readFileSync(CONTRACT_FILE, "utf8");
    const listed = withConnectorLists(text, {
      ...CONNECTOR_DESCRIPTIONS,
      "essbase-oac": { family: "essbase", addressSuffix: "/essbase/oac" },
    });
    const contract = parse(listed) as JsonObject;
    const accepted = (p: string) => obj(obj(obj(contract.paths)[p]).post)["x-qibates-connectors"];
    expect(accepted("/nav/dimtree")).toEqual([...ESSBASE, "essbase-oac"]);
    expect(accepted("/action/login")).toEqual([...ALL, "essbase-oac"]);
    expect(accepted("/nav/openform")).toEqual(PLANNING);
    expect(accepted("/action/loginpbcs")).toEqual(["pbcs"]);
    expect(obj(obj(obj(contract.components).schemas).Connector).enum).toEqual([...ALL, "essbase-oac"]);
    expect(obj(contract.info)["x-qibates-provider-address-suffixes"]).toMatchObject({
      "essbase-oac": "/essbase/oac",
    });
  });
});

describe("enumerations of spec §9", () => {
  const schemas = obj(obj(doc.components).schemas);
  it("has the seven zoom-in modes, six filters, ten member filters and two form types", () => {
    expect(obj(schemas.ZoomInMode).enum).toEqual([
      "ALL_LEVELS",
      "BOTTOM_LEVEL",
      "CALC_LEVEL",
      "NEXT_LEVEL",
      "SAME_GENERATION",
      "SAME_LEVEL",
      "SIBLING_LEVEL",
    ]);
    const filter = obj(obj(obj(obj(schemas.FilterRequest).properties).action).properties);
    expect(obj(filter.filter).enum).toEqual(["NONE", "CHILDREN", "DESCENDANT", "UDA", "LEVEL", "GENERATION"]);
    expect(filter.arg1).toBeDefined();
    expect(obj(schemas.MemberFilterName).enum).toHaveLength(10);
    expect(obj(schemas.FormType).enum).toEqual(["regular", "composite"]);
    expect(obj(schemas.Connector).enum).toEqual(ALL);
    // The connectors' descriptions (`@qibates/provider`) and the contract name the same values: a connector
    // described there is a value the API accepts once the contract (and its generated client) lists it.
    expect([...CONNECTORS]).toEqual(ALL);
    expect(obj(obj(doc.info)["x-qibates-limits"]).maxSubmitCellLength).toBe(255);
  });

  it("accepts both spellings where the specification records two, documenting the canonical one", () => {
    const props = (name: string) => obj(obj(schemas[name]).properties);
    expect(obj(props("OpenFormRequest").formname).deprecated).toBe(true);
    expect(obj(schemas.OpenFormRequest)["x-qibates-required-one-of"]).toEqual(["formName", "formname"]);
    expect(obj(props("SubmitFormRequest").code).deprecated).toBe(true);
    expect(props("SubmitFormRequest").codes).toBeDefined();
    expect(obj(props("TaskStatusRequest").tasklistID).deprecated).toBe(true);
    expect(obj(props("GridResponse").rangeToDelete).deprecated).toBe(true);
    for (const [name, schema] of Object.entries(schemas)) {
      const oneOf = obj(schema)["x-qibates-required-one-of"];
      if (!Array.isArray(oneOf)) continue;
      for (const prop of oneOf) expect(Object.keys(props(name)), name).toContain(prop);
    }
    const nwd = obj(props("Settings").navigateWithoutData);
    expect(JSON.stringify(nwd.oneOf)).toContain("boolean");
    expect(JSON.stringify(nwd.oneOf)).toContain("string");
  });
});

describe("examples", () => {
  for (const { method, path, operation } of ops) {
    it(`${key(method, path)} has a request example and an example for every response status`, () => {
      const body = obj(resolveRef(doc, operation.requestBody));
      const media = Object.values(obj(body.content)).map(obj);
      if (operation.requestBody) {
        expect(media.length).toBeGreaterThan(0);
        for (const m of media) expect(Object.keys(mediaExamples(m)).length).toBeGreaterThan(0);
      }
      for (const p of Array.isArray(operation.parameters) ? operation.parameters : []) {
        const param = obj(resolveRef(doc, p));
        expect(param.example !== undefined || isObject(param.examples), String(param.name)).toBe(true);
      }
      const responses = obj(operation.responses);
      expect(Object.keys(responses).some((s) => s.startsWith("2"))).toBe(true);
      expect(Object.keys(responses).some((s) => s.startsWith("4"))).toBe(true);
      expect(responses["500"]).toBeDefined();
      for (const [status, raw] of Object.entries(responses)) {
        const response = obj(resolveRef(doc, raw));
        const contents = Object.values(obj(response.content)).map(obj);
        if (contents.length === 0) {
          const headers = Object.values(obj(response.headers)).map(obj);
          expect(
            headers.some((h) => h.example !== undefined),
            `${status} header example`,
          ).toBe(true);
        }
        for (const c of contents) expect(Object.keys(mediaExamples(c)).length, status).toBeGreaterThan(0);
      }
    });
  }

  it("runs against the demo server: demo credentials, demo addresses, the right loginid per family", () => {
    for (const { operation, path } of ops) {
      const accepted = operation["x-qibates-connectors"];
      if (!Array.isArray(accepted)) continue;
      const body = obj(resolveRef(doc, operation.requestBody));
      const examples = mediaExamples(obj(obj(body.content)["application/json"]));
      for (const [name, raw] of Object.entries(examples)) {
        const example = obj(raw);
        const connector = String(example["x-qibates-connector"] ?? accepted[0]);
        expect(accepted, `${path} ${name}`).toContain(connector);
        const value = obj(example.value);
        if (path === "/action/login" || path === "/action/loginpbcs") {
          expect(value).toMatchObject({ username: "demo", password: "demo" });
          expect(value.providerAddress).toBe(DEMO.addresses[connector]);
        } else {
          const loginid = PLANNING.includes(connector) ? DEMO.planningLoginid : DEMO.essbaseLoginid;
          expect(value.loginid, `${path} ${name}`).toBe(loginid);
          if (value.server !== undefined) {
            expect(value.server).toBe(PLANNING.includes(connector) ? "Planning" : "EssbaseCluster-1");
          }
          if (value.application !== undefined) {
            expect(value.application).toBe(PLANNING.includes(connector) ? "Vision" : "Sample");
          }
        }
      }
    }
  });

  it("has one login example per demo provider", () => {
    const login = ops.find((o) => o.path === "/action/login");
    const examples = Object.values(
      mediaExamples(obj(obj(obj(login?.operation.requestBody).content)["application/json"])),
    ).map(obj);
    const addresses = examples.map((e) => obj(e.value).providerAddress);
    expect(addresses).toContain(DEMO.addresses.essbase);
    expect(addresses).toContain(DEMO.addresses.planning);
  });
});

describe("descriptions", () => {
  it("describes every parameter and every schema property", () => {
    const missing: string[] = [];
    for (const [name, raw] of Object.entries(obj(obj(doc.components).parameters))) {
      if (typeof obj(raw).description !== "string") missing.push(`parameter ${name}`);
    }
    const visit = (node: Json | undefined, where: string) => {
      if (!isObject(node)) return;
      for (const [prop, raw] of Object.entries(obj(node.properties))) {
        const schema = obj(raw);
        const described =
          typeof schema.description === "string" ||
          typeof obj(resolveRef(doc, schema)).description === "string";
        if (!described) missing.push(`${where}.${prop}`);
        visit(schema, `${where}.${prop}`);
      }
      if (isObject(node.items)) visit(node.items, `${where}[]`);
      for (const sub of Array.isArray(node.oneOf) ? node.oneOf : []) visit(sub, where);
    };
    for (const [name, schema] of Object.entries(obj(obj(doc.components).schemas))) {
      if (typeof obj(schema).description !== "string") missing.push(`schema ${name}`);
      visit(schema, name);
    }
    expect(missing).toEqual([]);
  });
});

describe("French overlay", () => {
  const overlay = readYaml(OVERLAY_FILE);

  it("applies cleanly and translates every summary, description and display name", () => {
    const { applied } = applyOverlay(doc, overlay);
    const report = frenchCoverage(doc, applied);
    expect(report.missing).toEqual([]);
    expect(report.extra).toEqual([]);
    expect(report.required).toBeGreaterThan(400);
  });

  it("translates rather than copies: every operation's summary and description differ from the English", () => {
    const fr = applyOverlay(doc, overlay).document;
    const copied: string[] = [];
    for (const { path, method, operation } of ops) {
      const french = obj(obj(obj(fr.paths)[path])[method]);
      if (french.summary === operation.summary) copied.push(`${method} ${path} summary`);
      if (french.description === operation.description) copied.push(`${method} ${path} description`);
    }
    expect(copied).toEqual([]);
  });

  it("says it in French", () => {
    const fr = applyOverlay(doc, overlay).document;
    const login = obj(obj(obj(fr.paths)["/action/login"]).post);
    expect(login.summary).toBe("Se connecter à un fournisseur");
    const keepOnly = obj(obj(obj(fr.paths)["/action/keeponly"]).post);
    expect(String(keepOnly.summary)).toContain("Conserver uniquement");
    const removeOnly = obj(obj(obj(fr.paths)["/action/removeonly"]).post);
    expect(String(removeOnly.summary)).toContain("Enlever uniquement");
    const settings = obj(obj(obj(fr.components).schemas).Settings);
    expect(String(settings.description)).toContain("ad hoc");
  });
});

describe("lint and derived artefacts", () => {
  it("passes Redocly lint (recommended rules) with no error and no warning, in English and French", () => {
    const dir = mkdtempSync(join(tmpdir(), "qibates-openapi-"));
    try {
      emit(dir);
      const files = [fileURLToPath(CONTRACT_FILE), join(dir, "qibates.fr.yaml")];
      // One Redocly process lints both documents and prints one JSON report per document, one after the other.
      const out = execFileSync(REDOCLY, ["lint", ...files, "--config", REDOCLY_CONFIG, "--format=json"], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      });
      // Each report is indented JSON: only a report's own closing brace starts a line.
      const reports = out
        .slice(out.indexOf("{"))
        .split(/(?<=^\})\s*(?=\{)/m)
        .map(
          (report) =>
            JSON.parse(report) as {
              totals: { errors: number; warnings: number };
              problems: { message: string }[];
            },
        );
      expect(reports).toHaveLength(files.length);
      for (const result of reports) {
        expect(result.problems.map((p) => p.message)).toEqual([]);
        expect(result.totals).toMatchObject({ errors: 0, warnings: 0 });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("has committed types and route list that match the contract (no drift)", async () => {
    const fresh = await generateAll();
    expect(readFileSync(SCHEMA_FILE, "utf8")).toBe(fresh.schema);
    expect(readFileSync(ROUTES_FILE, "utf8")).toBe(fresh.routes);
    expect(readFileSync(DOCUMENT_FILE, "utf8")).toBe(fresh.document);
  });
});
