import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  ERROR_CODE_LIST,
  ERROR_CODES,
  errorBody,
  errorCatalogue,
  errorLocale,
  formatErrorMessage,
  INTERNAL_ERROR_MESSAGE,
  templateParameters,
  templatePattern,
} from "@qibates/provider";
import { frenchTypography } from "@qibates/provider/french-typography";
import { describe, expect, it } from "vitest";
import {
  isObject,
  type Json,
  type JsonObject,
  loadContract,
  operations,
  resolveRef,
} from "../../../openapi/tools/contract.ts";

const doc = loadContract();
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

function obj(value: Json | undefined): JsonObject {
  return isObject(value) ? value : {};
}

/** Every error example of the contract with the status it is answered under. */
function errorExamples(): { where: string; status: string; value: JsonObject }[] {
  const out: { where: string; status: string; value: JsonObject }[] = [];
  for (const { path, method, operation } of operations(doc)) {
    for (const [status, raw] of Object.entries(obj(operation.responses))) {
      if (!/^[45]/.test(status)) continue;
      const response = obj(resolveRef(doc, raw));
      // The error body; a page a browser reads instead (text/html) quotes its message in HTML.
      const json = obj(response.content)["application/json"];
      if (json !== undefined) {
        for (const [name, example] of Object.entries(obj(obj(json).examples))) {
          out.push({ where: `${method} ${path} ${status} ${name}`, status, value: obj(obj(example).value) });
        }
      }
    }
  }
  return out;
}

describe("error-code registry", () => {
  it("writes its French messages with French typography, as the French pages quote them", () => {
    // An HTTP header quoted as it is sent (`Expect: 100-continue`) keeps its colon glued.
    const HEADERS = /\b(?:Expect|Prefer): /g;
    const wrong = ERROR_CODE_LIST.filter((code) => {
      const fr = ERROR_CODES[code].fr.replace(HEADERS, "");
      return frenchTypography(fr) !== fr;
    });
    expect(wrong).toEqual([]);
    // And a number said in a message keeps its unit: « réessayez dans 60 s », « 70 octets ».
    expect(formatErrorMessage("QB_ERR_RATE_LIMITED", { seconds: 60 }, "fr")).toBe(
      "Trop de requêtes\u202f; réessayez dans 60\u202fs. QiBates limite vos requêtes pour le moment.",
    );
  });

  it("lists exactly the codes of the contract's ErrorCode schema", () => {
    const schema = obj(obj(obj(doc.components).schemas).ErrorCode);
    expect([...ERROR_CODE_LIST].sort()).toEqual([...(schema.enum as string[])].sort());
  });

  it("names every code QB_ERR_<AREA>_<WHAT> and gives it the same placeholders in English and French", () => {
    for (const code of ERROR_CODE_LIST) {
      expect(code).toMatch(/^QB_ERR_[A-Z]+(_[A-Z]+)*$/);
      const def = ERROR_CODES[code];
      expect(templateParameters(def.fr).sort(), code).toEqual(templateParameters(def.en).sort());
      expect(def.when.length, code).toBeGreaterThan(10);
      expect(def.whenFr.length, code).toBeGreaterThan(10);
    }
  });

  it("keeps 4xx for client errors and 500 'Internal server error' for internal faults only", () => {
    for (const code of ERROR_CODE_LIST) {
      const { status } = ERROR_CODES[code];
      if (code === "QB_ERR_INTERNAL") expect(status).toBe(500);
      // A store the server depends on is down: the server is at fault for a while, the call may be tried again.
      // …or the API node running an operation stopped: the server is at fault, the job may be run again.
      else if (
        code === "QB_ERR_SESSION_STORE_UNAVAILABLE" ||
        code === "QB_ERR_DATA_STORE_UNAVAILABLE" ||
        code === "QB_ERR_OPERATION_LOST"
      )
        expect(status).toBe(503);
      // A call still waiting for the provider's server at its deadline: a gateway's timeout.
      else if (code === "QB_ERR_CALL_TIMEOUT") expect(status).toBe(504);
      else if (code.startsWith("QB_ERR_PROVIDER_") && code !== "QB_ERR_PROVIDER_ADDRESS")
        // Upstream failures: the provider, not the caller, is at fault.
        expect(status, code).toBe(502);
      else expect(status, code).toBeLessThan(500);
    }
    expect(errorBody("QB_ERR_INTERNAL", { requestId: "r1", locale: "fr" })).toEqual({
      code: "QB_ERR_INTERNAL",
      message: INTERNAL_ERROR_MESSAGE,
      field: null,
      requestId: "r1",
    });
  });

  it("gives the documentation a catalogue in English and in French", () => {
    const en = errorCatalogue("en");
    const fr = errorCatalogue("fr");
    // Every code once, in registry order, except that a code the server no longer returns comes last.
    expect([...en.map((r) => r.code)].sort()).toEqual([...ERROR_CODE_LIST].sort());
    const retired = ERROR_CODE_LIST.filter(
      (c) => (ERROR_CODES[c] as { returned?: false }).returned === false,
    );
    expect(retired).toEqual(["QB_ERR_PROVIDER_TIMEOUT"]);
    expect(en.map((r) => r.code)).toEqual([
      ...ERROR_CODE_LIST.filter((c) => !retired.includes(c)),
      ...retired,
    ]);
    expect(en.at(-1)).toMatchObject({ code: "QB_ERR_PROVIDER_TIMEOUT", returned: false });
    expect(en.find((r) => r.code === "QB_ERR_GRID_TOO_LARGE")).toMatchObject({ status: 413 });
    expect(fr.find((r) => r.code === "QB_ERR_SESSION_UNKNOWN")?.message).toBe(
      "La session n'existe pas ou a expiré ; reconnectez-vous.",
    );
  });

  it("formats messages in English or French", () => {
    expect(
      formatErrorMessage("QB_ERR_CONNECTOR_FAMILY", { accepted: "planning, pbcs", connector: "essbase" }),
    ).toBe("This action is not available for this type of server.");
    expect(formatErrorMessage("QB_ERR_MEMBER_UNKNOWN", { member: "Nw York" }, errorLocale("fr_FR"))).toBe(
      "Membre inconnu « Nw York ».",
    );
    expect(errorLocale("en_US")).toBe("en");
    expect(errorLocale(undefined)).toBe("en");
  });

  it("declares, for every code an operation may answer, the response status of that code", () => {
    const problems: string[] = [];
    const used = new Set<string>(
      Array.isArray(doc["x-qibates-global-error-codes"])
        ? (doc["x-qibates-global-error-codes"] as string[])
        : [],
    );
    for (const { path, method, operation } of operations(doc)) {
      const codes = Array.isArray(operation["x-qibates-error-codes"])
        ? operation["x-qibates-error-codes"]
        : [];
      const statuses = Object.keys(obj(operation.responses));
      for (const code of codes) {
        used.add(String(code));
        if (!(ERROR_CODE_LIST as readonly Json[]).includes(code)) {
          problems.push(`${method} ${path}: unknown ${String(code)}`);
          continue;
        }
        const status = String(ERROR_CODES[code as keyof typeof ERROR_CODES].status);
        if (!statuses.includes(status))
          problems.push(`${method} ${path}: ${String(code)} needs a ${status} response`);
      }
    }
    expect(problems).toEqual([]);
    expect(ERROR_CODE_LIST.filter((c) => !used.has(c))).toEqual([]);
  });

  it("matches every error example of the contract: known code, its status, a message its template produces", () => {
    const examples = errorExamples();
    expect(examples.length).toBeGreaterThan(100);
    for (const { where, status, value } of examples) {
      const code = String(value.code);
      expect(ERROR_CODE_LIST as readonly string[], where).toContain(code);
      const def = ERROR_CODES[code as keyof typeof ERROR_CODES];
      expect(String(def.status), where).toBe(status);
      expect(String(value.message), where).toMatch(templatePattern(def.en));
    }
  });
});

describe("error codes in the documentation", () => {
  const docRoots = ["site/docs", "site/i18n/fr/docusaurus-plugin-content-docs/current"].map((d) =>
    join(ROOT, d),
  );

  function markdownFiles(dir: string): string[] {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return [];
    }
    return entries.flatMap((name) => {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) return markdownFiles(full);
      return /\.mdx?$/.test(name) ? [full] : [];
    });
  }

  it("mentions only registered codes, and an error catalogue page lists them all", () => {
    const unknown: string[] = [];
    const incomplete: string[] = [];
    for (const file of docRoots.flatMap(markdownFiles)) {
      const text = readFileSync(file, "utf8");
      const mentioned = new Set(text.match(/QB_ERR_[A-Z_]*[A-Z]/g) ?? []);
      for (const code of mentioned) {
        if (!(ERROR_CODE_LIST as readonly string[]).includes(code)) unknown.push(`${file}: ${code}`);
      }
      // A page naming most codes (half of the registry or more) is an error catalogue: it must name every one.
      // A page about one connector names its own fifteen or so, and is no catalogue.
      if (mentioned.size * 2 >= ERROR_CODE_LIST.length) {
        const missing = ERROR_CODE_LIST.filter((c) => !mentioned.has(c));
        if (missing.length > 0) incomplete.push(`${file}: ${missing.join(", ")}`);
      }
    }
    expect(unknown).toEqual([]);
    expect(incomplete).toEqual([]);
  });
});
