import { Ajv2020 } from "ajv/dist/2020.js";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type JsonObject, loadContract } from "../../src/contract-operations.ts";
import { explainValidation, PATTERNS, WORDED_KEYWORDS } from "../../src/validation-reasons.ts";
import { MARKET_GRID, SAMPLE_BASIC, startTestApi, type TestApi } from "../support/api.ts";

/**
 * A request the contract refuses is answered 400 QB_ERR_VALIDATION with a reason a developer reads in their
 * language: « Valeur invalide pour settings.zoomInMode : doit être ALL_LEVELS, … », not Ajv's English
 * ("must be boolean", "must match pattern …") inside a French sentence. One bad request per keyword the contract
 * uses, in English and in French.
 */

let api: TestApi;
let loginid: string;
let planningLoginid: string;
beforeAll(async () => {
  api = await startTestApi();
  loginid = await api.login();
  planningLoginid = await api.login("planning");
});
afterAll(async () => api.close());

const cube = SAMPLE_BASIC;
const zoom = (change: Record<string, unknown>) => {
  const body: Record<string, unknown> = {
    loginid,
    ...cube,
    grid: MARKET_GRID,
    cells: [{ row: 2, column: 0 }],
    ...change,
  };
  for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
  return body;
};

type Send = (language: string) => Promise<LightMyRequestResponse>;
const post =
  (path: string, body: () => unknown, connector = "essbase"): Send =>
  (language) =>
    api.post(path, body(), { "accept-language": language, connector });
const get =
  (url: string, key = true): Send =>
  (language) =>
    api.app.inject({
      method: "GET",
      url: `/qibates/api/v2/${url}`,
      headers: { "accept-language": language, ...(key ? { qibateskey: api.key } : {}) },
    });

interface Case {
  keyword: string;
  send: Send;
  field: string | null;
  en: string;
  fr: string;
}

const CASES: Case[] = [
  {
    keyword: "type",
    send: post("action/zoomin", () => zoom({ settings: { removeUnselectedGroups: "yes" } })),
    field: "settings.removeUnselectedGroups",
    en: "Invalid value for settings.removeUnselectedGroups: must be a boolean (true or false).",
    fr: "Valeur invalide pour settings.removeUnselectedGroups : doit être un booléen (true ou false).",
  },
  {
    keyword: "type (an integer)",
    send: post("action/zoomin", () => zoom({ cells: [{ row: "2", column: 0 }] })),
    field: "cells[0].row",
    en: "Invalid value for cells[0].row: must be an integer.",
    fr: "Valeur invalide pour cells[0].row : doit être un entier.",
  },
  {
    keyword: "type (several)",
    send: post("action/zoomin", () => zoom({ grid: [["", true]] })),
    field: "grid[0][1]",
    en: "Invalid value for grid[0][1]: must be a string, a number or null.",
    fr: "Valeur invalide pour grid[0][1] : doit être une chaîne de caractères, un nombre ou null.",
  },
  {
    keyword: "enum",
    send: post("action/zoomin", () => zoom({ settings: { zoomInMode: "CHILDREN" } })),
    field: "settings.zoomInMode",
    en: "Invalid value for settings.zoomInMode: must be one of ALL_LEVELS, BOTTOM_LEVEL, CALC_LEVEL, NEXT_LEVEL, SAME_GENERATION, SAME_LEVEL, SIBLING_LEVEL.",
    fr: "Valeur invalide pour settings.zoomInMode : doit être ALL_LEVELS, BOTTOM_LEVEL, CALC_LEVEL, NEXT_LEVEL, SAME_GENERATION, SAME_LEVEL ou SIBLING_LEVEL.",
  },
  {
    keyword: "enum (a query parameter)",
    send: get("generatekey/my-laptop?provider=facebook", false),
    field: "provider",
    en: "Invalid value for provider: must be one of google, microsoft.",
    fr: "Valeur invalide pour provider : doit être google ou microsoft.",
  },
  {
    keyword: "oneOf",
    send: post("action/zoomin", () => zoom({ settings: { navigateWithoutData: "yes" } })),
    field: "settings.navigateWithoutData",
    // Ajv's first error said "must be boolean", though the strings "true" and "false" are taken too.
    en: 'Invalid value for settings.navigateWithoutData: must be a boolean (true or false) or the string "true" or "false".',
    fr: "Valeur invalide pour settings.navigateWithoutData\u00a0: doit être un booléen (true ou false) ou la chaîne «\u00a0true\u00a0» ou «\u00a0false\u00a0».",
  },
  {
    keyword: "pattern",
    send: get("operations/op_bad"),
    field: "operationId",
    en: "Invalid value for operationId: must be an operation id as a 202 answer gives it (op_ then 22 letters, digits, _ or -).",
    fr: "Valeur invalide pour operationId\u00a0: doit être un identifiant d'opération tel qu'une réponse 202 le donne (op_ puis 22\u00a0lettres, chiffres, _ ou -).",
  },
  {
    keyword: "pattern (a body property)",
    send: post("action/setvariable", () => ({ loginid, server: cube.server, name: "my-var", value: "Jan" })),
    field: "name",
    en: "Invalid value for name: must hold only letters, digits and underscores (without the & that grids put before it).",
    fr: "Valeur invalide pour name : ne doit contenir que des lettres, des chiffres et des traits de soulignement (sans le & que les grilles placent devant).",
  },
  {
    keyword: "format",
    send: post("action/zoomin", () => zoom({ loginid: "not-a-session" })),
    field: "loginid",
    en: "Invalid value for loginid: must be a UUID.",
    fr: "Valeur invalide pour loginid : doit être un UUID.",
  },
  {
    keyword: "minimum",
    send: post("action/zoomin", () => zoom({ cells: [{ row: -1, column: 0 }] })),
    field: "cells[0].row",
    en: "Invalid value for cells[0].row: must be at least 0.",
    fr: "Valeur invalide pour cells[0].row : doit valoir au moins 0.",
  },
  {
    keyword: "maximum",
    send: post("nav/search", () => ({ loginid, ...cube, action: { keyword: "Cola", limit: 5000 } })),
    field: "action.limit",
    en: "Invalid value for action.limit: must be at most 1,000.",
    fr: "Valeur invalide pour action.limit : doit valoir au plus 1000.",
  },
  {
    keyword: "minLength",
    send: post("action/zoomin", () => zoom({ server: "" })),
    field: "server",
    en: "Invalid value for server: must not be empty.",
    fr: "Valeur invalide pour server : ne doit pas être vide.",
  },
  {
    keyword: "maxLength",
    send: post("action/zoomin", () => zoom({ server: "x".repeat(256) })),
    field: "server",
    en: "Invalid value for server: must be at most 255 characters long.",
    fr: "Valeur invalide pour server\u00a0: doit compter au plus 255\u00a0caractères.",
  },
  {
    keyword: "minItems",
    send: post("action/zoomin", () => zoom({ cells: [] })),
    field: "cells",
    en: "Invalid value for cells: must not be empty.",
    fr: "Valeur invalide pour cells : ne doit pas être vide.",
  },
  {
    keyword: "maxItems",
    send: post("action/zoomin", () => zoom({ grid: [Array.from({ length: 16_385 }, () => "")] })),
    field: "grid[0]",
    en: "Invalid value for grid[0]: must have at most 16,384 items.",
    fr: "Valeur invalide pour grid[0]\u00a0: doit compter au plus 16\u202f384\u00a0éléments.",
  },
  {
    keyword: "required",
    send: post("action/zoomin", () => zoom({ server: undefined })),
    field: "server",
    en: "Invalid value for server: is required.",
    fr: "Valeur invalide pour server : est obligatoire.",
  },
  {
    keyword: "required (one of two spellings, checked by the call)",
    send: post(
      "nav/openform",
      () => ({
        loginid: planningLoginid,
        server: "Planning",
        application: "Vision",
        folder: "/Forms/Revenue",
      }),
      "planning",
    ),
    field: "formName",
    en: "Invalid value for formName: is required.",
    fr: "Valeur invalide pour formName : est obligatoire.",
  },
  {
    keyword: "additionalProperties",
    send: post("action/zoomin", () => zoom({ settings: { zoomMode: "ALL_LEVELS" } })),
    field: "settings.zoomMode",
    en: 'Invalid value for settings: unknown setting "zoomMode"; the settings are ',
    fr: "Valeur invalide pour settings\u00a0: option inconnue «\u00a0zoomMode\u00a0»\u202f; les options sont ",
  },
  {
    keyword: "the body (not an object)",
    send: post("action/zoomin", () => [loginid]),
    field: null,
    en: "Invalid value for body: must be a JSON object.",
    fr: "Valeur invalide pour body : doit être un objet JSON.",
  },
  {
    keyword: "the body (none)",
    send: (language) =>
      api.app.inject({
        method: "POST",
        url: "/qibates/api/v2/action/zoomin",
        headers: { qibateskey: api.key, connector: "essbase", "accept-language": language },
      }),
    field: null,
    en: "Invalid value for body: a JSON object is required.",
    fr: "Valeur invalide pour body : un objet JSON est obligatoire.",
  },
];

describe("a request the contract refuses is answered in the caller's language", () => {
  it.each(CASES)("$keyword: $en", async ({ send, field, en, fr }) => {
    for (const [language, message] of [
      ["en", en],
      ["fr-FR", fr],
    ] as const) {
      const res = await send(language);
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect({ code: body.code, field: body.field }, language).toEqual({ code: "QB_ERR_VALIDATION", field });
      // The unknown setting's message goes on with the list of settings (settings.test.ts).
      if (message.endsWith(" ")) expect(body.message.slice(0, message.length), language).toBe(message);
      else expect(body.message, language).toBe(message);
    }
  });

  it("speaks French with settings.locale fr_FR as with Accept-Language", async () => {
    const res = await api.post("action/zoomin", zoom({ settings: { locale: "fr_FR", zoomInMode: 3 } }));
    expect(res.json().message).toBe(
      "Valeur invalide pour settings.zoomInMode : doit être une chaîne de caractères.",
    );
  });

  it("leaves no English wording of the validator in a French message", async () => {
    for (const { send } of CASES) {
      const { message } = (await send("fr")).json() as { message: string };
      expect(message).not.toMatch(/\b(must|is required|pattern|items|characters)\b/);
    }
  });
});

/** The keywords of JSON Schema 2020-12 whose failure is an error of its own (Ajv's `keyword`). */
const FAILING_KEYWORDS = [
  "type",
  "enum",
  "const",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "format",
  "maxItems",
  "minItems",
  "uniqueItems",
  "contains",
  "maxContains",
  "minContains",
  "items",
  "maxProperties",
  "minProperties",
  "required",
  "dependentRequired",
  "additionalProperties",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "discriminator",
];

/** Which of those the request schemas of the contract (bodies and parameters, their `$ref`s followed) use. */
function keywordsOfRequests(): Set<string> {
  const document = loadContract().document;
  const seen = new Set<unknown>();
  const used = new Set<string>();
  const resolve = (ref: string): unknown =>
    ref
      .slice(ref.indexOf("#") + 2)
      .split("/")
      .reduce<unknown>((node, key) => (node as JsonObject | undefined)?.[key], document);
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    const schema = node as JsonObject;
    if (typeof schema.$ref === "string") walk(resolve(schema.$ref));
    for (const k of FAILING_KEYWORDS) {
      // `items` fails on its own only as `false`; `additionalProperties` only as `false` or a schema.
      if (k in schema && (k !== "items" || schema[k] === false)) used.add(k);
    }
    for (const k of [
      "properties",
      "items",
      "oneOf",
      "anyOf",
      "allOf",
      "prefixItems",
      "additionalProperties",
    ]) {
      const child = schema[k];
      if (k !== "properties") walk(child);
      else if (child && typeof child === "object")
        for (const property of Object.values(child)) walk(property);
    }
  };
  for (const op of loadContract().operations) {
    walk(op.requestBodySchema);
    walk(op.pathSchema);
    walk(op.querySchema);
  }
  return used;
}

/** Every `pattern` of the contract, request or answer. */
function patternsOfContract(): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "pattern" && typeof value === "string") found.add(value);
      else walk(value);
    }
  };
  walk(loadContract().document);
  return found;
}

describe("a pattern the contract refuses, said in words", () => {
  it("every pattern of the contract has its words (a caller never reads a regular expression)", () => {
    const patterns = [...patternsOfContract()];
    expect(patterns.length).toBeGreaterThan(5);
    expect(patterns.filter((p) => !(p in PATTERNS))).toEqual([]);
  });

  it("a variable value starting with & says so, in English and in French", async () => {
    const send = post("action/setvariable", () => ({
      loginid,
      server: cube.server,
      name: "v",
      value: "&Other",
    }));
    for (const [language, message] of [
      ["en", "Invalid value for value: must not start with & (a value cannot name another variable)."],
      [
        "fr",
        "Valeur invalide pour value : ne doit pas commencer par & (une valeur ne peut pas nommer une autre variable).",
      ],
    ] as const) {
      const res = await send(language);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message, language).toBe(message);
    }
  });
});

describe("the keywords worded in English and French", () => {
  it("are these (a keyword added here needs its case above or below)", () => {
    expect(WORDED_KEYWORDS).toEqual([
      "additionalProperties",
      "anyOf",
      "const",
      "enum",
      "exclusiveMaximum",
      "exclusiveMinimum",
      "format",
      "maxItems",
      "maxLength",
      "maximum",
      "minItems",
      "minLength",
      "minimum",
      "oneOf",
      "pattern",
      "required",
      "type",
    ]);
  });

  it("cover every keyword a request schema of the contract uses (a new one keeps Ajv's English in French)", () => {
    const used = keywordsOfRequests();
    expect([...used].sort()).toEqual(
      expect.arrayContaining(["enum", "maxLength", "oneOf", "pattern", "required"]),
    );
    expect([...used].filter((k) => !WORDED_KEYWORDS.includes(k))).toEqual([]);
  });

  // Keywords the contract's requests do not use today: worded all the same, for the day one does.
  it.each([
    {
      schema: { type: "object", properties: { v: { const: "v2" } } },
      value: { v: "v1" },
      en: "must be v2",
      fr: "doit être v2",
    },
    {
      schema: { type: "object", properties: { v: { exclusiveMinimum: 0 } } },
      value: { v: 0 },
      en: "must be greater than 0",
      fr: "doit être strictement supérieur à 0",
    },
    {
      schema: { type: "object", properties: { v: { exclusiveMaximum: 10 } } },
      value: { v: 10 },
      en: "must be less than 10",
      fr: "doit être strictement inférieur à 10",
    },
    {
      schema: { type: "object", properties: { v: { anyOf: [{ type: "integer" }, { enum: [null] }] } } },
      value: { v: "x" },
      en: "must be an integer or null",
      fr: "doit être un entier ou null",
    },
    {
      schema: { type: "object", properties: { v: { type: "string", minLength: 3, format: "date" } } },
      value: { v: "20261124" },
      en: "must be a date in the format YYYY-MM-DD",
      fr: "doit être une date au format AAAA-MM-JJ",
    },
    {
      schema: { type: "object", properties: { v: { type: "array", minItems: 2, maxItems: 1 } } },
      value: { v: [] },
      en: "must have at least 2 items",
      fr: "doit compter au moins 2\u00a0éléments",
    },
    {
      schema: { type: "object", properties: { v: { type: "string", minLength: 2 } } },
      value: { v: "x" },
      en: "must be at least 2 characters long",
      fr: "doit compter au moins 2\u00a0caractères",
    },
  ])("$en / $fr", ({ schema, value, en, fr }) => {
    const ajv = new Ajv2020({ strict: false, verbose: true });
    ajv.addFormat("date", /^\d{4}-\d{2}-\d{2}$/);
    const validate = ajv.compile(schema);
    expect(validate(value)).toBe(false);
    expect(explainValidation(validate.errors ?? [], () => undefined)?.reason).toEqual({ en, fr });
  });

  it("keeps Ajv's English text for a keyword it does not word", () => {
    const ajv = new Ajv2020({ strict: false, verbose: true });
    const validate = ajv.compile({ type: "array", uniqueItems: true });
    expect(validate([1, 1])).toBe(false);
    expect(explainValidation(validate.errors ?? [], () => undefined)?.reason).toBe(
      "must NOT have duplicate items (items ## 0 and 1 are identical)",
    );
  });
});
