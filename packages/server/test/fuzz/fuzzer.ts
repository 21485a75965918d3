/**
 * A contract-driven HTTP fuzzer: it reads the shipped contract (`@qibates/client/contract.json`), builds a valid
 * baseline request for every operation (the contract's own request examples, and one built from the schema),
 * then derives hostile requests from it — each field removed, retyped or given a hostile value, unknown
 * fields, bodies of hostile shapes and encodings, hostile path parameters, query strings and headers, wrong
 * methods, and malformed HTTP written byte by byte on a socket.
 *
 * Everything is drawn from a seeded PRNG: request `i` of seed `s` is always the same request (it depends on
 * `s` and `i` only, not on what the server answered before), so a failure is replayed with `--seed s --only i`.
 * Sending and judging the answers is `runner.ts`.
 */
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import {
  basePath,
  operations as contractEntries,
  isObject,
  type Json,
  type JsonObject,
  resolveRef,
} from "@qibates/client/contract";
import contractJson from "@qibates/client/contract.json" with { type: "json" };
import { hostileMdx } from "./hostile-mdx.ts";

export const CONTRACT = contractJson as unknown as JsonObject;

// ---------------------------------------------------------------------------------------------------------
// Seeded PRNG (mulberry32) and seed mixing.

export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[this.int(items.length)] as T;
  }
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return (entries[entries.length - 1] as readonly [T, number])[0];
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  }
}

/** murmur3's 32-bit finaliser: every input bit changes about half of the output bits. */
function fmix32(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A 32-bit seed from a seed and a request index (so request `i` does not depend on the ones before it). The
 * seed is hashed twice, with two keys, around the index: two seeds give unrelated sequences, not the same
 * requests in another order (the index was XORed with the seed before one hash, so that seed 18's request `i`
 * was seed 19's request `i ^ 1`).
 */
export function mixSeed(seed: number, index: number): number {
  const a = fmix32(seed ^ 0x9e3779b9);
  const b = fmix32((seed + 0x7f4a7c15) ^ 0x5bd1e995);
  return fmix32((fmix32((a + index) >>> 0) ^ b) >>> 0);
}

// ---------------------------------------------------------------------------------------------------------
// Values: JSON, plus raw JSON text spliced in as is (tokens JSON.stringify cannot write: 1e999, deep nesting).

export class Raw {
  constructor(readonly text: string) {}
}
export type Val = null | boolean | number | string | Raw | Val[] | { [k: string]: Val };

function isPlainObject(v: Val | undefined): v is { [k: string]: Val } {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Raw);
}

/** JSON text of a value; `Raw` parts are written as they are. Iterative enough for the depths built here. */
export function serialize(v: Val): string {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(serialize).join(",")}]`;
  if (isPlainObject(v)) {
    return `{${Object.keys(v)
      .map((k) => `${JSON.stringify(k)}:${serialize(v[k] as Val)}`)
      .join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}

/** Sets an own property, even `__proto__`. */
function defineField(obj: { [k: string]: Val }, key: string, value: Val): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

function cloneVal(v: Val): Val {
  if (v instanceof Raw) return v;
  if (Array.isArray(v)) return v.map(cloneVal);
  if (isPlainObject(v)) {
    const out: { [k: string]: Val } = {};
    for (const k of Object.keys(v)) defineField(out, k, cloneVal(v[k] as Val));
    return out;
  }
  return v;
}

// ---------------------------------------------------------------------------------------------------------
// The contract's operations.

export interface Param {
  name: string;
  required: boolean;
  schema: Json;
  /** The parameter's example value, or one built from its schema. */
  baseline: string | null;
}

export interface FuzzOperation {
  operationId: string;
  method: string;
  /** Full path template with the base path (`/qibates/api/v2/deletekey/{keyname}`). */
  path: string;
  pathParams: Param[];
  queryParams: Param[];
  needsKey: boolean;
  connectors: string[] | null;
  bodySchema: Json | null;
  /** The contract's request examples, with the connector each is meant for. */
  examples: { name: string; connector: string | null; value: Json }[];
}

const METHODS = ["get", "post", "put", "delete", "patch"];

export function contractOperations(doc: JsonObject = CONTRACT): FuzzOperation[] {
  const base = basePath(doc);
  const globalSecurity = Array.isArray(doc.security) ? doc.security : [];
  const out: FuzzOperation[] = [];
  for (const { method, path, operation, pathItem } of contractEntries(doc)) {
    if (!METHODS.includes(method)) continue;
    const params = [
      ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
      ...(Array.isArray(operation.parameters) ? operation.parameters : []),
    ]
      .map((p) => resolveRef(doc, p))
      .filter(isObject);
    const param = (p: JsonObject): Param => {
      const examples = isObject(p.examples) ? Object.values(p.examples) : [];
      const firstExample = examples.map((e) => resolveRef(doc, e)).find(isObject)?.value;
      const example = p.example ?? firstExample ?? generate(doc, p.schema ?? {});
      return {
        name: String(p.name),
        required: p.required === true,
        schema: p.schema ?? {},
        baseline: example === null || example === undefined ? null : String(example),
      };
    };
    const security = Array.isArray(operation.security) ? operation.security : globalSecurity;
    const body = resolveRef(doc, operation.requestBody);
    const json = isObject(body) && isObject(body.content) ? body.content["application/json"] : undefined;
    const examples = isObject(json) && isObject(json.examples) ? json.examples : {};
    out.push({
      operationId: String(operation.operationId),
      method: method.toUpperCase(),
      path: base + path,
      pathParams: params.filter((p) => p.in === "path").map(param),
      queryParams: params.filter((p) => p.in === "query").map(param),
      needsKey: security.some((s) => isObject(s) && "qibateskey" in s),
      connectors: Array.isArray(operation["x-qibates-connectors"])
        ? operation["x-qibates-connectors"].map(String)
        : null,
      bodySchema: isObject(json) ? (json.schema ?? null) : null,
      examples: Object.entries(examples).flatMap(([name, e]) => {
        const ex = resolveRef(doc, e);
        if (!isObject(ex) || ex.value === undefined) return [];
        const connector = typeof ex["x-qibates-connector"] === "string" ? ex["x-qibates-connector"] : null;
        return [{ name, connector, value: ex.value }];
      }),
    });
  }
  return out;
}

/** The registry's error codes, as the contract lists them. */
export function contractErrorCodes(doc: JsonObject = CONTRACT): Set<string> {
  const schema = resolveRef(doc, { $ref: "#/components/schemas/ErrorCode" });
  return new Set(isObject(schema) && Array.isArray(schema.enum) ? schema.enum.map(String) : []);
}

/** Demo provider addresses by connector, from the contract's login examples. */
export function demoLogins(ops: FuzzOperation[]): Map<string, { operationId: string; body: Json }> {
  const out = new Map<string, { operationId: string; body: Json }>();
  for (const op of ops) {
    if (op.operationId !== "login" && op.operationId !== "loginPbcs") continue;
    for (const ex of op.examples) {
      const connector = ex.connector ?? op.connectors?.[0];
      if (connector && !out.has(connector))
        out.set(connector, { operationId: op.operationId, body: ex.value });
    }
  }
  // SSAS goes through Provider Services like Essbase 11.x: same address suffix (`/aps/JAPI`).
  const essbase = out.get("essbase");
  if (essbase && !out.has("ssas")) out.set("ssas", essbase);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// A valid value from a schema (deterministic: examples, defaults, enums' first value, minimal sizes).

function resolveSchema(doc: JsonObject, schema: Json | undefined): JsonObject {
  let s = resolveRef(doc, schema);
  if (isObject(s) && Array.isArray(s.allOf)) {
    const parts = s.allOf.map((part) => resolveSchema(doc, part));
    if (parts.some((p) => isObject(p.properties))) {
      const merged: JsonObject = { type: "object", properties: {}, required: [] };
      for (const p of parts) {
        Object.assign(merged.properties as JsonObject, isObject(p.properties) ? p.properties : {});
        (merged.required as Json[]).push(...(Array.isArray(p.required) ? p.required : []));
      }
      s = merged;
    } else {
      // Constraints on one value (a string's patterns): its own keywords, with every part's pattern kept.
      const { allOf: _parts, ...own } = s;
      const patterns = [own.pattern, ...parts.map((p) => p.pattern)].filter((x) => typeof x === "string");
      s = { ...own, patterns };
    }
  }
  if (isObject(s)) {
    const alternatives = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : null;
    if (alternatives?.[0] !== undefined && !s.type) return { ...s, ...resolveSchema(doc, alternatives[0]) };
    return s;
  }
  return {};
}

function schemaType(s: JsonObject): string | null {
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== "null") : s.type;
  if (typeof t === "string") return t;
  if (isObject(s.properties)) return "object";
  if (s.items) return "array";
  return null;
}

function stringFor(s: JsonObject): string {
  if (s.format === "uuid") return "3b241101-e2bb-4255-8caf-4136c566a962";
  if (s.format === "uri") return "https://example.test/";
  if (s.format === "date-time") return "2026-01-01T00:00:00Z";
  const min = typeof s.minLength === "number" ? s.minLength : 1;
  const candidates = ["demo", "a", "abc1", "Sample", "/Forms", "demo-1"].map((c) => c.padEnd(min, "x"));
  const patterns = Array.isArray(s.patterns) ? s.patterns : typeof s.pattern === "string" ? [s.pattern] : [];
  if (patterns.length > 0) {
    const res = patterns.map((p) => new RegExp(String(p), "u"));
    return candidates.find((c) => res.every((re) => re.test(c))) ?? (candidates[0] as string);
  }
  return candidates[0] as string;
}

export function generate(doc: JsonObject, schema: Json, depth = 0): Json {
  const s = resolveSchema(doc, schema);
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples[0] !== undefined) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0] as Json;
  switch (schemaType(s)) {
    case "string":
      return stringFor(s);
    case "integer":
    case "number":
      return typeof s.minimum === "number" ? s.minimum : 1;
    case "boolean":
      return false;
    case "array": {
      if (depth > 5) return [];
      const n = typeof s.minItems === "number" ? Math.max(1, s.minItems) : 1;
      return Array.from({ length: n }, () => generate(doc, s.items ?? {}, depth + 1));
    }
    case "object": {
      const out: JsonObject = {};
      if (depth > 5) return out;
      const props = isObject(s.properties) ? s.properties : {};
      for (const [k, p] of Object.entries(props)) out[k] = generate(doc, p, depth + 1);
      return out;
    }
    default:
      return "demo";
  }
}

/** The schema of the value at `path` inside a value of schema `schema` (empty when unknown). */
export function schemaAt(doc: JsonObject, schema: Json, path: readonly (string | number)[]): JsonObject {
  let s = resolveSchema(doc, schema);
  for (const step of path) {
    if (typeof step === "number") s = resolveSchema(doc, s.items ?? {});
    else {
      const props = isObject(s.properties) ? s.properties : {};
      const next = props[step] ?? (isObject(s.additionalProperties) ? s.additionalProperties : undefined);
      s = resolveSchema(doc, next ?? {});
    }
  }
  return s;
}

// ---------------------------------------------------------------------------------------------------------
// Hostile values.

const SSRF = [
  "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
  "http://127.0.0.1:5432/aps/JAPI",
  "http://[::1]/aps/JAPI",
  "https://[::ffff:127.0.0.1]/aps/JAPI",
  "http://0.0.0.0/HyperionPlanning/SmartView",
  "http://localhost:6379/aps/JAPI",
  "http://2130706433/aps/JAPI",
  "http://0x7f000001/aps/JAPI",
  "https://demo.qibates.local@169.254.169.254/aps/JAPI",
  "https://demo.qibates.local.evil.example/aps/JAPI",
  "https://demo.qibates.local%2f@evil.example/aps/JAPI",
  "file:///etc/passwd",
  "gopher://127.0.0.1:6379/_INFO",
  "ftp://127.0.0.1/aps/JAPI",
  "javascript:alert(1)//aps/JAPI",
  "http://metadata.google.internal/computeMetadata/v1/",
  "https://demo.qibates.local:99999/aps/JAPI",
  "https://demo.qibates.local/aps/JAPI/../../../etc/passwd",
  "https://demo.qibates.local/aps/JAPI?x=http://169.254.169.254/",
];

const TRAVERSAL = [
  "../../../../etc/passwd",
  "..\\..\\..\\windows\\win.ini",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "%252e%252e%252f",
  "....//....//etc/passwd",
  "/etc/passwd",
  "/Forms/../../../../etc/shadow",
  "..",
  ".",
  "/",
  "C:\\Windows\\System32",
  "\\\\server\\share",
];

const INJECTION = [
  "' OR '1'='1' --",
  '"; DROP TABLE api_keys; --',
  // A log4j lookup, written so that it is not mistaken for a template.
  ["$", "{jndi:ldap://127.0.0.1/a}"].join(""),
  "{{7*7}}",
  "<script>alert(1)</script>",
  "%s%s%s%n",
  "\r\nSet-Cookie: pwned=1",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  '@CHILDREN("Market")',
  "&CurrMonth",
  'FIX("New York") CLEARDATA Sales; ENDFIX',
  "CALC ALL; CALC ALL; CALC ALL;",
  "#Missing",
  "#NoData",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "0x10",
  "true",
  "null",
  "undefined",
  "[object Object]",
];

const UNICODE = [
  "",
  " ",
  "\t",
  "\u0000",
  "a\u0000b",
  "\u0001\u0002\u0003\u001b[31m\u007f",
  "\u202etxt.exe",
  "\u200b\u200c\u200d\ufeff",
  "\ud800",
  "\udfff\ud800",
  "\uffff\ufffe",
  "Ünïcödé ✓ 漢字 😀 مرحبا",
  "É".repeat(300),
  "😀".repeat(200),
  "New York\u0000",
  "  New York  ",
  "NEW YORK",
  "Cola\nCola",
];

function hugeString(rng: Rng): string {
  const n = rng.pick([256, 1025, 4097, 65_537, 100_001, 1_048_577]);
  const unit = rng.pick(["a", "é", "😀", "\u0000", "../", "%", "\\"]);
  return unit.repeat(Math.ceil(n / unit.length));
}

const HOSTILE_NUMBERS: Val[] = [
  0,
  -1,
  1,
  0.5,
  -0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
  1e-7,
  new Raw("1e999"),
  new Raw("-1e999"),
  new Raw("1e-999"),
  new Raw("-0"),
  new Raw("123456789012345678901234567890123456789"),
  new Raw("0.0000000000000000000000000000000000000001"),
  new Raw("1E+2"),
];

/** Invalid JSON tokens where a value goes: the whole body becomes malformed JSON. */
const BAD_TOKENS = [
  "NaN",
  "Infinity",
  "-Infinity",
  "undefined",
  "0x10",
  "01",
  ".5",
  "1.",
  "+1",
  "'x'",
  "tru",
];

function deepArray(depth: number): Raw {
  return new Raw("[".repeat(depth) + "]".repeat(depth));
}
function deepObject(depth: number): Raw {
  return new Raw(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`);
}

function hostileStructure(rng: Rng): Val {
  switch (rng.int(10)) {
    case 0:
      return [];
    case 1:
      return {};
    case 2:
      return deepArray(rng.pick([64, 1_000, 10_000, 100_000]));
    case 3:
      return deepObject(rng.pick([64, 1_000, 10_000]));
    case 4:
      return new Raw(
        `[${Array(rng.pick([1_001, 10_001, 100_001]))
          .fill("0")
          .join(",")}]`,
      );
    case 5:
      return new Raw(
        `[${Array(rng.pick([1_001, 10_001]))
          .fill('"New York"')
          .join(",")}]`,
      );
    case 6: {
      const n = rng.pick([1_000, 20_000]);
      return new Raw(`{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(",")}}`);
    }
    case 7:
      return new Raw('{"__proto__":{"polluted":true,"isAdmin":true}}');
    case 8:
      return new Raw('{"constructor":{"prototype":{"polluted":true}}}');
    default:
      return [[null, [{}], [[[]]]], { "": "" }];
  }
}

/** A hostile value for a field whose valid value is `current` (schema `s`), often still of the right type. */
export function hostileValue(
  rng: Rng,
  current: Val | undefined,
  s: JsonObject,
): { value: Val; what: string } {
  const type = typeof current;
  const family = rng.weighted<string>([
    ["ssrf", type === "string" ? 3 : 1],
    ["traversal", type === "string" ? 3 : 1],
    ["injection", type === "string" ? 3 : 1],
    ["unicode", type === "string" ? 3 : 1],
    ["huge", 2],
    ["number", type === "number" ? 6 : 1],
    ["bounds", typeof s.maximum === "number" || typeof s.minimum === "number" ? 4 : 0],
    ["structure", 2],
    ["token", 1],
    ["enum-case", Array.isArray(s.enum) ? 3 : 0],
  ]);
  let value: Val;
  switch (family) {
    case "ssrf":
      value = rng.pick(SSRF);
      break;
    case "traversal":
      value = rng.pick(TRAVERSAL);
      break;
    case "injection":
      value = rng.pick(INJECTION);
      break;
    case "unicode":
      value = rng.pick(UNICODE);
      break;
    case "huge":
      value = hugeString(rng);
      break;
    case "number":
      value = rng.pick(HOSTILE_NUMBERS);
      break;
    case "bounds": {
      const min = typeof s.minimum === "number" ? s.minimum : 0;
      const max = typeof s.maximum === "number" ? s.maximum : min + 1000;
      value = rng.pick([min - 1, min, max, max + 1, (min + max) / 2 + 0.5, -max]);
      break;
    }
    case "structure":
      value = hostileStructure(rng);
      break;
    case "token":
      value = new Raw(rng.pick(BAD_TOKENS));
      break;
    default: {
      const e = String(rng.pick((s.enum as Json[] | undefined) ?? ["x"]));
      value = rng.pick([e.toLowerCase(), e.toUpperCase(), ` ${e}`, `${e}\u0000`, e.repeat(2)]);
    }
  }
  // A string cut to the field's maxLength passes the schema and reaches the handler.
  if (typeof value === "string" && typeof s.maxLength === "number" && rng.chance(0.5)) {
    value = [...value].slice(0, s.maxLength).join("");
  }
  return { value, what: `${family} ${describe(value)}` };
}

/** The same field with another JSON type. */
export function retypeValue(rng: Rng, current: Val | undefined): { value: Val; what: string } {
  const from = current === null ? "null" : Array.isArray(current) ? "array" : typeof current;
  const choices: [string, Val][] = [
    ["string", typeof current === "number" || typeof current === "boolean" ? String(current) : "1"],
    [
      "number",
      typeof current === "string" && current !== "" && !Number.isNaN(Number(current)) ? Number(current) : 1,
    ],
    ["boolean", rng.chance(0.5)],
    ["null", null],
    ["array", current === undefined ? [] : [current]],
    ["object", current === undefined ? {} : { value: current }],
  ];
  const [to, value] = rng.pick(choices.filter(([t]) => t !== from && !(from === "object" && t === "object")));
  return { value, what: `${from}→${to}` };
}

export function describe(v: Val | string | undefined, max = 60): string {
  const text = v instanceof Raw ? v.text : typeof v === "string" ? JSON.stringify(v) : serialize(v ?? null);
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

// ---------------------------------------------------------------------------------------------------------
// Requests.

export type MutationKind =
  | "baseline"
  | "remove"
  | "retype"
  | "hostile"
  | "extra"
  | "shape"
  | "encoding"
  | "header"
  | "param"
  | "method"
  | "raw"
  /** `action/mdx` with a hostile query (`hostile-mdx.ts`): deep calculated members, huge CrossJoins, recursion. */
  | "mdx";

export interface FuzzRequest {
  index: number;
  operationId: string;
  kind: MutationKind;
  /** What was changed, in words. */
  what: string;
  method: string;
  /** Path and query as sent. */
  path: string;
  headers: Record<string, string | string[]>;
  /** Body sent with a Content-Length. */
  body?: Buffer;
  /** Body sent with Transfer-Encoding: chunked, in these pieces. */
  chunks?: Buffer[];
  /** Bytes written as they are on a new connection (malformed HTTP); `method`/`path` only describe it. */
  raw?: Buffer;
  /** A request that may end this session (logout), so the runner opens another for the next ones. */
  endsSession?: string;
}

/** What the fuzzer needs from the running server: the demo key and the sessions it opened. */
export interface FuzzContext {
  key: string;
  /** A session for a connector: `shared` for every call, `logout` for the logout calls (which end it). */
  loginid(connector: string, purpose: "shared" | "logout"): string;
}

type FieldWhere = "body" | "path" | "query" | "header";
interface FieldRef {
  where: FieldWhere;
  path: (string | number)[];
}

interface Draft {
  op: FuzzOperation;
  connector: string | null;
  method: string;
  pathValues: Record<string, string>;
  /** Replaces the whole path (without query). */
  pathOverride?: string;
  query: [string, string][];
  rawQuery?: string;
  headers: Record<string, string | string[]>;
  body: Val | undefined;
  bodyBytes?: Buffer;
  chunked?: boolean;
  /** What was changed, in words. */
  what: string[];
}

const baselineCache = new WeakMap<FuzzOperation, { connector: string | null; value: Json; name: string }[]>();

/** The baselines of an operation: each contract example, then one built from the schema. */
export function baselineBodies(op: FuzzOperation): { connector: string | null; value: Json; name: string }[] {
  const cached = baselineCache.get(op);
  if (cached) return cached;
  const out: { connector: string | null; value: Json; name: string }[] = op.examples.map((e) => ({
    connector: e.connector,
    value: e.value,
    name: `example ${e.name}`,
  }));
  if (op.bodySchema) out.push({ connector: null, value: generate(CONTRACT, op.bodySchema), name: "schema" });
  if (out.length === 0) out.push({ connector: null, value: null, name: "no body" });
  baselineCache.set(op, out);
  return out;
}

function draftFor(
  op: FuzzOperation,
  ctx: FuzzContext,
  baseline: { connector: string | null; value: Json },
  connectorOverride?: string,
): Draft {
  const connector = connectorOverride ?? baseline.connector ?? op.connectors?.[0] ?? null;
  const headers: Record<string, string | string[]> = { accept: "application/json" };
  if (op.needsKey) headers.qibateskey = ctx.key;
  if (connector) headers.connector = connector;
  let body: Val | undefined;
  if (op.bodySchema) {
    headers["content-type"] = "application/json";
    body = cloneVal(baseline.value as Val);
    if (isPlainObject(body) && "loginid" in body && connector) {
      body.loginid = ctx.loginid(connector, op.operationId === "logout" ? "logout" : "shared");
    }
  }
  const pathValues: Record<string, string> = {};
  for (const p of op.pathParams) pathValues[p.name] = encodeLoose(p.baseline ?? "x");
  const query: [string, string][] = op.queryParams
    .filter((p) => p.baseline !== null)
    .map((p) => [p.name, p.baseline as string]);
  return { op, connector, method: op.method, pathValues, query, headers, body, what: [] };
}

function finish(d: Draft, index: number, kind: MutationKind): FuzzRequest {
  let path =
    d.pathOverride ?? d.op.path.replace(/\{([^}]+)\}/g, (_, name: string) => d.pathValues[name] ?? "");
  const query = d.rawQuery ?? d.query.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`).join("&");
  if (query) path += `?${query}`;
  const req: FuzzRequest = {
    index,
    operationId: d.op.operationId,
    kind,
    what: d.what.join("; ") || "unchanged",
    method: d.method,
    path,
    headers: d.headers,
  };
  const bytes = d.bodyBytes ?? (d.body === undefined ? undefined : Buffer.from(serialize(d.body), "utf8"));
  if (bytes) {
    if (d.chunked) {
      const size = Math.max(1, Math.ceil(bytes.length / 3));
      req.chunks = [bytes.subarray(0, size), bytes.subarray(size, 2 * size), bytes.subarray(2 * size)];
    } else req.body = bytes;
  }
  if (d.op.operationId === "logout" && d.connector) req.endsSession = d.connector;
  return req;
}

/** Every field of a draft: body paths (array items: first and last), path and query parameters, connector. */
export function fieldsOf(op: FuzzOperation, body: Val | undefined): FieldRef[] {
  const out: FieldRef[] = [];
  const walk = (v: Val, path: (string | number)[], depth: number): void => {
    if (depth > 6) return;
    if (Array.isArray(v)) {
      const idx = v.length > 1 ? [0, v.length - 1] : v.length === 1 ? [0] : [];
      for (const i of idx) {
        out.push({ where: "body", path: [...path, i] });
        walk(v[i] as Val, [...path, i], depth + 1);
      }
    } else if (isPlainObject(v)) {
      for (const k of Object.keys(v)) {
        out.push({ where: "body", path: [...path, k] });
        walk(v[k] as Val, [...path, k], depth + 1);
      }
    }
  };
  if (body !== undefined) walk(body, [], 0);
  for (const p of op.pathParams) out.push({ where: "path", path: [p.name] });
  for (const p of op.queryParams) out.push({ where: "query", path: [p.name] });
  if (op.connectors) out.push({ where: "header", path: ["connector"] });
  if (op.needsKey) out.push({ where: "header", path: ["qibateskey"] });
  return out;
}

export function fieldName(f: FieldRef): string {
  const p = f.path.map((s) => (typeof s === "number" ? `[${s}]` : `.${s}`)).join("");
  return f.where === "body" ? `body${p}` : `${f.where} ${String(f.path[0])}`;
}

function getAt(v: Val | undefined, path: (string | number)[]): Val | undefined {
  let cur = v;
  for (const step of path) {
    if (Array.isArray(cur) && typeof step === "number") cur = cur[step];
    else if (isPlainObject(cur) && typeof step === "string") cur = cur[step];
    else return undefined;
  }
  return cur;
}

/** Sets (or with `value` undefined removes) the value at a body path; the root is replaced via the draft. */
function setAt(d: Draft, path: (string | number)[], value: Val | undefined): void {
  if (path.length === 0) {
    d.body = value;
    return;
  }
  const parent = getAt(d.body, path.slice(0, -1));
  const last = path[path.length - 1] as string | number;
  if (Array.isArray(parent) && typeof last === "number") {
    if (value === undefined) parent.splice(last, 1);
    else parent[last] = value;
  } else if (isPlainObject(parent) && typeof last === "string") {
    if (value === undefined) delete parent[last];
    else defineField(parent, last, value);
  }
}

/**
 * `encodeURIComponent` that also takes lone surrogates (which it refuses): they are written as the three
 * bytes a careless encoder would produce (WTF-8), i.e. percent-encoded bytes that are not valid UTF-8.
 */
export function encodeLoose(s: string): string {
  let out = "";
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join("");
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/** A transport-level (path, query, header) string for a value. */
function asText(v: Val): string {
  return typeof v === "string" ? v : v instanceof Raw ? v.text : serialize(v);
}

/** Header values Node can send: Latin-1 without control characters (others would be refused client-side). */
function headerSafe(s: string): string {
  let out = "";
  for (const c of s.slice(0, 8_000)) {
    const code = c.charCodeAt(0);
    out += c.length === 1 && (code === 9 || (code >= 0x20 && code !== 0x7f && code <= 0xff)) ? c : "?";
  }
  return out;
}

function mutateField(rng: Rng, d: Draft, f: FieldRef, kind: "remove" | "retype" | "hostile"): void {
  const name = fieldName(f);
  if (f.where === "body") {
    const current = getAt(d.body, f.path);
    if (kind === "remove") {
      setAt(d, f.path, undefined);
      d.what.push(`removed ${name}`);
      return;
    }
    const s = d.op.bodySchema ? schemaAt(CONTRACT, d.op.bodySchema, f.path) : {};
    const { value, what } = kind === "retype" ? retypeValue(rng, current) : hostileValue(rng, current, s);
    setAt(d, f.path, value);
    d.what.push(`${kind} ${name}: ${what}`);
    return;
  }
  const key = String(f.path[0]);
  const param = [...d.op.pathParams, ...d.op.queryParams].find((p) => p.name === key);
  const s = param ? resolveSchema(CONTRACT, param.schema) : {};
  let text: string | undefined;
  let what: string;
  if (kind === "remove") {
    text = undefined;
    what = `removed ${name}`;
  } else {
    const current = f.where === "path" ? d.pathValues[key] : undefined;
    const { value, what: w } =
      kind === "retype" ? retypeValue(rng, current) : hostileValue(rng, current ?? "x", s);
    text = asText(value);
    what = `${kind} ${name}: ${w}`;
  }
  d.what.push(what);
  if (f.where === "path") {
    const encoded =
      text === undefined
        ? ""
        : rng.chance(0.5)
          ? encodeLoose(text)
          : // Sent as typed: only what Node refuses in a path is escaped.
            text.replace(/[^\x21-\x7e]/gu, (c) => encodeLoose(c));
    d.pathValues[key] = encoded;
  } else if (f.where === "query") {
    d.query = d.query.filter(([k]) => k !== key);
    if (text !== undefined) d.query.push([key, text]);
  } else {
    if (text === undefined) delete d.headers[key];
    else d.headers[key] = headerSafe(text);
  }
}

const EXTRA_KEYS = [
  "extra",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "",
  "loginid ",
  "LOGINID",
  "\u0000",
  "$where",
  "a".repeat(2_000),
  "😀",
];

function addExtraField(rng: Rng, d: Draft): void {
  const objects: (string | number)[][] = [[]];
  for (const f of fieldsOf(d.op, d.body)) {
    if (f.where === "body" && isPlainObject(getAt(d.body, f.path))) objects.push(f.path);
  }
  if (!isPlainObject(d.body)) d.body = {};
  const at = rng.pick(objects);
  const target = getAt(d.body, at);
  if (!isPlainObject(target)) return;
  const count = rng.chance(0.1) ? 500 : 1;
  for (let i = 0; i < count; i++) {
    const key = count > 1 ? `extra${i}` : rng.pick(EXTRA_KEYS);
    const value =
      count > 1
        ? rng.pick(INJECTION)
        : rng.chance(0.5)
          ? hostileValue(rng, "x", {}).value
          : hostileStructure(rng);
    defineField(target, key, value);
  }
  d.what.push(`${count} unknown field(s) in body${at.map((s) => `.${s}`).join("")}`);
}

function bodyShape(rng: Rng, d: Draft): void {
  const valid = Buffer.from(serialize(d.body ?? {}), "utf8");
  const shapes: [string, () => Buffer][] = [
    ["not JSON", () => Buffer.from(rng.pick(["hello", "<xml/>", "loginid=x&server=y", "{", "}", "\u0000"]))],
    ["truncated JSON", () => valid.subarray(0, rng.int(Math.max(1, valid.length - 1)))],
    ["JSON with a BOM", () => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), valid])],
    ["array at top level", () => Buffer.from(`[${valid.toString()}]`)],
    ["scalar at top level", () => Buffer.from(rng.pick(['"x"', "1", "true", "null", "1e999", '""']))],
    ["empty body", () => Buffer.alloc(0)],
    ["whitespace only", () => Buffer.from(" \r\n\t ".repeat(rng.pick([1, 1000, 200_000])))],
    ["deep arrays", () => Buffer.from(deepArray(rng.pick([1_000, 50_000, 500_000])).text)],
    ["deep objects", () => Buffer.from(deepObject(rng.pick([1_000, 50_000])).text)],
    ["unclosed nesting", () => Buffer.from("[".repeat(rng.pick([10, 100_000])))],
    ["duplicate keys", () => Buffer.from(`{"loginid":"x",${valid.toString().slice(1)}`)],
    [
      "trailing garbage",
      () => Buffer.concat([valid, Buffer.from(rng.pick(["x", "}", ",", valid.toString()]))]),
    ],
    ["comments", () => Buffer.from(`/* c */${valid.toString()}// c`)],
    ["single quotes", () => Buffer.from(valid.toString().replace(/"/g, "'"))],
    [
      "invalid UTF-8",
      () =>
        Buffer.concat([
          valid.subarray(0, valid.length - 2),
          Buffer.from([0xff, 0xfe, 0xc3]),
          valid.subarray(valid.length - 2),
        ]),
    ],
    ["UTF-16 JSON", () => Buffer.from(`\ufeff${valid.toString()}`, "utf16le")],
    ["NUL bytes", () => Buffer.from(valid.toString().replace(/,/g, ",\u0000"))],
    ["prototype pollution", () => Buffer.from(`{"__proto__":{"isAdmin":true},${valid.toString().slice(1)}`)],
    [
      "constructor pollution",
      () => Buffer.from(`{"constructor":{"prototype":{"x":1}},${valid.toString().slice(1)}`),
    ],
    ["bad number token", () => Buffer.from(`{"row":${rng.pick(BAD_TOKENS)},${valid.toString().slice(1)}`)],
    ["body over the limit", () => Buffer.alloc(rng.pick([10 * 1024 * 1024 + 1, 11 * 1024 * 1024]), 0x20)],
    ["long array of the body", () => Buffer.from(`[${Array(20_000).fill(valid.toString()).join(",")}]`)],
  ];
  const [name, make] = rng.pick(shapes);
  d.bodyBytes = make();
  if (!d.headers["content-type"]) d.headers["content-type"] = "application/json";
  d.what.push(`body: ${name} (${d.bodyBytes.length} bytes)`);
}

const CONTENT_TYPES = [
  "text/plain",
  "application/xml",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=----x",
  "application/json; charset=utf-16",
  "application/json; charset=latin1",
  'application/json; charset="bogus"',
  "application/json; charset=utf-8; charset=utf-16",
  "APPLICATION/JSON",
  "application/json;;;",
  "application/jsonx",
  "application/vnd.api+json",
  "application/json-patch+json",
  "*/*",
  "application/",
  "json",
  `application/json; x=${"a".repeat(4000)}`,
  "application/octet-stream",
  "",
];

let bomb: Buffer | undefined;
function gzipBomb(): Buffer {
  bomb ??= gzipSync(Buffer.from(deepArray(2_000_000).text));
  return bomb;
}

function encoding(rng: Rng, d: Draft): void {
  const valid = Buffer.from(serialize(d.body ?? {}), "utf8");
  const variant = rng.int(12);
  const set = (ce: string, bytes: Buffer, what: string) => {
    d.headers["content-encoding"] = ce;
    d.bodyBytes = bytes;
    d.what.push(what);
  };
  switch (variant) {
    case 0:
    case 1: {
      const ct = rng.pick(CONTENT_TYPES);
      if (ct === "") delete d.headers["content-type"];
      else d.headers["content-type"] = ct;
      d.bodyBytes = valid;
      d.what.push(`content-type ${describe(ct, 40)}`);
      break;
    }
    case 2:
      set(
        "gzip",
        Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0]), Buffer.from("not gzip at all")]),
        "gzip with bad data",
      );
      break;
    case 3:
      set("gzip", gzipSync(valid), "gzip, valid");
      break;
    case 4:
      set(rng.pick(["gzip", "br", "deflate"]), valid, "content-encoding that lies (plain JSON)");
      break;
    case 5:
      set("deflate", deflateSync(valid), "deflate, valid");
      break;
    case 6:
      set("br", brotliCompressSync(valid), "br, valid");
      break;
    case 7: {
      const gz = gzipSync(valid);
      set("gzip", gz.subarray(0, Math.max(1, gz.length - 6)), "gzip, truncated");
      break;
    }
    case 8:
      set(
        rng.pick(["zstd", "x-unknown", "compress", "identity, gzip", "gzip, gzip", "*"]),
        valid,
        "unknown content-encoding",
      );
      break;
    case 9:
      set("gzip", gzipBomb(), "gzip bomb: 4 MB of nested arrays");
      break;
    case 10:
      d.chunked = true;
      d.bodyBytes = valid;
      d.what.push("chunked transfer");
      break;
    default:
      d.headers["content-type"] = "application/json; charset=utf-16le";
      d.bodyBytes = Buffer.from(valid.toString(), "utf16le");
      d.what.push("UTF-16LE body, declared");
  }
}

const ACCEPT_LANGUAGES = [
  "fr-FR,fr;q=0.9",
  "fr_FR",
  "*",
  "xx-YY",
  "fr-FR;q=abc",
  ";;;,,,",
  "en;q=2, fr;q=-1",
  "é",
  "\u00ff\u00fe",
];

function header(rng: Rng, d: Draft): void {
  const variant = rng.int(14);
  const huge = (n: number) => "a".repeat(n);
  switch (variant) {
    case 0: {
      const v = rng.chance(0.2) ? `fr-FR,${"en;q=0.1,".repeat(800)}` : rng.pick(ACCEPT_LANGUAGES);
      d.headers["accept-language"] = v;
      d.what.push(`accept-language ${describe(v, 40)}`);
      break;
    }
    case 1: {
      const v = rng.pick([
        "",
        "x",
        "qb_",
        ctxKeyLike(),
        ` ${String(d.headers.qibateskey ?? "")} `,
        huge(8_000),
      ]);
      d.headers.qibateskey = v;
      d.what.push(`qibateskey ${describe(v, 40)}`);
      break;
    }
    case 2:
      d.headers.qibateskey = [String(d.headers.qibateskey ?? "x"), "qb_other"];
      d.what.push("qibateskey twice");
      break;
    case 3: {
      const v = rng.pick([
        "",
        "ESSBASE",
        " essbase ",
        "essbase,planning",
        "unknown",
        "ssas",
        "pbcs",
        "planning",
        "essbase-stndln",
        huge(5000),
      ]);
      d.headers.connector = v;
      d.what.push(`connector ${describe(v, 40)}`);
      break;
    }
    case 4:
      d.headers.connector = ["essbase", "planning"];
      d.what.push("connector twice");
      break;
    case 5: {
      const n = rng.pick([8_000, 15_000, 17_000, 40_000]);
      d.headers[`x-${rng.pick(["big", "padding", "custom"])}`] = huge(n);
      d.what.push(`a header of ${n} bytes`);
      break;
    }
    case 6:
      for (let i = 0; i < 300; i++) d.headers[`x-h${i}`] = String(i);
      d.what.push("300 headers");
      break;
    case 7: {
      const v = rng.pick(["", huge(300), "id with spaces", "é", "../../x"]);
      d.headers["x-request-id"] = v;
      d.what.push(`x-request-id ${describe(v, 30)}`);
      break;
    }
    case 8: {
      const v = rng.pick([
        "qibates_session=garbage",
        `qibates_session=${huge(4000)}`,
        "qibates_session=",
        "a=b; a=c; ;;",
      ]);
      d.headers.cookie = v;
      d.what.push(`cookie ${describe(v, 30)}`);
      break;
    }
    case 9: {
      const v = rng.pick(["Bearer x", "Basic Zm9vOmJhcg==", "", huge(6000)]);
      d.headers.authorization = v;
      d.what.push(`authorization ${describe(v, 30)}`);
      break;
    }
    case 10: {
      const v = rng.pick(["evil.example", "127.0.0.1:1", "[::1]", "", "a".repeat(300), "demo.qibates.local"]);
      d.headers.host = v;
      d.what.push(`host ${describe(v, 30)}`);
      break;
    }
    case 11: {
      const v = rng.pick(["127.0.0.1", "169.254.169.254, 10.0.0.1", "garbage", "::1", "1.2.3.4".repeat(100)]);
      d.headers["x-forwarded-for"] = v;
      d.headers["x-forwarded-host"] = "evil.example";
      d.headers["x-forwarded-proto"] = "gopher";
      d.what.push(`x-forwarded-* ${describe(v, 30)}`);
      break;
    }
    case 12: {
      const v = rng.pick(["text/html", "application/xml", "*/*;q=abc", "", "image/png"]);
      d.headers.accept = v;
      d.what.push(`accept ${describe(v, 30)}`);
      break;
    }
    default:
      d.headers.expect = "100-continue";
      d.what.push("expect: 100-continue");
  }
}

function ctxKeyLike(): string {
  return `qb_${"A".repeat(43)}`;
}

const PATH_HOSTILE = [
  "..",
  "%2e%2e",
  "..%2f..%2f..%2fetc%2fpasswd",
  "%2e%2e%2f%2e%2e%2f",
  "%00",
  "%ff",
  "%zz",
  "%",
  "a%2fb",
  "callback",
  "demo",
  "%252e%252e",
  "%C0%AE%C0%AE",
  "%E2%80%AE",
  ";x=1",
  "a".repeat(5_000),
  "%F0%9F%98%80",
  "~",
  "*",
];

const QUERY_HOSTILE = [
  "__proto__[polluted]=1",
  "constructor[prototype][polluted]=1",
  "a[b][c][d][e][f]=1",
  "provider=google&provider=microsoft",
  "provider[]=google",
  "=&&=&",
  "%zz=%zz",
  "%ff=%00",
  "state=%00",
  `x=${"a".repeat(10_000)}`,
  Array.from({ length: 2000 }, (_, i) => `p${i}=1`).join("&"),
  "loginid=../../etc/passwd",
  "callback=http://169.254.169.254/",
  "redirect=//evil.example",
];

function param(rng: Rng, d: Draft): void {
  if (d.op.pathParams.length > 0 && rng.chance(0.6)) {
    const p = rng.pick(d.op.pathParams);
    const v = rng.pick(PATH_HOSTILE);
    d.pathValues[p.name] = v;
    d.what.push(`path ${p.name} = ${describe(v, 40)}`);
    return;
  }
  const q = rng.pick(QUERY_HOSTILE);
  d.rawQuery = [d.query.map(([k, v]) => `${k}=${encodeLoose(v)}`).join("&"), q].filter(Boolean).join("&");
  d.what.push(`query ${describe(q, 40)}`);
}

function method(rng: Rng, d: Draft, base: string): void {
  const variant = rng.int(4);
  if (variant <= 1) {
    const m = rng.pick(
      ["GET", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "POST"].filter((x) => x !== d.method),
    );
    d.what.push(`method ${m} instead of ${d.method}`);
    d.method = m;
  } else if (variant === 2) {
    const p = rng.pick([
      "/action",
      "/nav/",
      "/action/LOGIN",
      "/action/login/",
      "/action/login/extra",
      "//action/login",
      "/action/./login",
      "/action/../action/login",
      "/action%2flogin",
      "/nav/../../../etc/passwd",
      "/../../qibates/api/v2/health",
      `/${"x/".repeat(500)}`,
      "/health/../action/login",
      "/unknown",
    ]);
    d.pathOverride = base + p;
    d.what.push(`path ${describe(p, 40)}`);
  } else {
    d.method = rng.pick(["PROPFIND", "M-SEARCH", "PURGE", "LOCK", "SEARCH", "TRACE"]);
    d.what.push(`method ${d.method}`);
  }
}

/** Malformed HTTP written on a socket as bytes. Each closes the connection after its answer. */
function rawRequest(rng: Rng, d: Draft): { raw: Buffer; what: string } {
  const path = d.op.path.replace(/\{([^}]+)\}/g, (_, n: string) => d.pathValues[n] ?? "x");
  const body = Buffer.from(serialize(d.body ?? {}), "utf8");
  const head = Object.entries(d.headers)
    .flatMap(([k, v]) => [v].flat().map((x) => `${k}: ${x}`))
    .join("\r\n");
  const std = `${head}\r\nHost: 127.0.0.1\r\nConnection: close`;
  const cases: [string, () => Buffer | string][] = [
    [
      "Content-Length not a number",
      () => `${d.method} ${path} HTTP/1.1\r\n${std}\r\nContent-Length: abc\r\n\r\n${body}`,
    ],
    [
      "negative Content-Length",
      () => `${d.method} ${path} HTTP/1.1\r\n${std}\r\nContent-Length: -1\r\n\r\n${body}`,
    ],
    [
      "two different Content-Lengths",
      () =>
        `${d.method} ${path} HTTP/1.1\r\n${std}\r\nContent-Length: ${body.length}\r\nContent-Length: 2\r\n\r\n${body}`,
    ],
    [
      "Content-Length and chunked",
      () =>
        `${d.method} ${path} HTTP/1.1\r\n${std}\r\nContent-Length: ${body.length}\r\nTransfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
    ],
    [
      "bad chunk size",
      () =>
        `${d.method} ${path} HTTP/1.1\r\n${std}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n${body}\r\n0\r\n\r\n`,
    ],
    [
      "chunk longer than said",
      () =>
        `${d.method} ${path} HTTP/1.1\r\n${std}\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n${body}\r\n0\r\n\r\n`,
    ],
    [
      "Transfer-Encoding: gzip, chunked",
      () => `${d.method} ${path} HTTP/1.1\r\n${std}\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n`,
    ],
    [
      "a raw 0xff byte in the path",
      () =>
        Buffer.concat([
          Buffer.from(`${d.method} ${path}`),
          Buffer.from([0xff, 0xfe]),
          Buffer.from(` HTTP/1.1\r\n${std}\r\nContent-Length: ${body.length}\r\n\r\n`),
          body,
        ]),
    ],
    ["%ff in the path", () => `GET ${path}/%ff HTTP/1.1\r\n${std}\r\n\r\n`],
    ["%00 in the path", () => `GET ${path}%00 HTTP/1.1\r\n${std}\r\n\r\n`],
    [
      "a header line without a colon",
      () =>
        `${d.method} ${path} HTTP/1.1\r\n${std}\r\nno colon here\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    ],
    [
      "a folded header",
      () =>
        `${d.method} ${path} HTTP/1.1\r\n${std}\r\nX-Folded: a\r\n b\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    ],
    [
      "NUL in a header value",
      () =>
        `${d.method} ${path} HTTP/1.1\r\n${std}\r\nX-Nul: a\u0000b\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    ],
    [
      "bare LF line endings",
      () =>
        `${d.method} ${path} HTTP/1.1\n${std.replace(/\r\n/g, "\n")}\nContent-Length: ${body.length}\n\n${body}`,
    ],
    [
      "HTTP/1.0 without Host",
      () => `${d.method} ${path} HTTP/1.0\r\n${head}\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    ],
    [
      "absolute-form target",
      () =>
        `${d.method} http://evil.example${path} HTTP/1.1\r\n${std}\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    ],
    ["OPTIONS *", () => `OPTIONS * HTTP/1.1\r\n${std}\r\n\r\n`],
    ["HTTP/2 preface", () => "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"],
    [
      "HTTP/9.9",
      () => `${d.method} ${path} HTTP/9.9\r\n${std}\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    ],
    [
      "lower-case method",
      () =>
        `${d.method.toLowerCase()} ${path} HTTP/1.1\r\n${std}\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    ],
    ["a request line of 20 KB", () => `GET ${path}?${"a".repeat(20_000)} HTTP/1.1\r\n${std}\r\n\r\n`],
    [
      "pipelined garbage after a request",
      () =>
        `${d.method} ${path} HTTP/1.1\r\n${head}\r\nHost: 127.0.0.1\r\nContent-Length: ${body.length}\r\n\r\n${body}GARBAGE\r\n\r\n`,
    ],
    [
      "body longer than Content-Length",
      () =>
        `${d.method} ${path} HTTP/1.1\r\n${std}\r\nContent-Length: ${Math.max(0, body.length - 3)}\r\n\r\n${body}`,
    ],
    [
      "space before the colon",
      () => `${d.method} ${path} HTTP/1.1\r\n${std}\r\nContent-Length : ${body.length}\r\n\r\n${body}`,
    ],
    [
      "Expect: 100-continue, then the body",
      () =>
        `${d.method} ${path} HTTP/1.1\r\n${std}\r\nExpect: 100-continue\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    ],
    [
      "Expect: something else",
      () =>
        `${d.method} ${path} HTTP/1.1\r\n${std}\r\nExpect: 200-ok\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    ],
    [
      "Content-Length with a leading +",
      () => `${d.method} ${path} HTTP/1.1\r\n${std}\r\nContent-Length: +${body.length}\r\n\r\n${body}`,
    ],
  ];
  const [what, make] = rng.pick(cases);
  const made = make();
  return { raw: typeof made === "string" ? Buffer.from(made, "latin1") : made, what };
}

// ---------------------------------------------------------------------------------------------------------
// The plan: a sweep (every field of every baseline of every operation, removed, retyped and hostile), then
// random mutations of every kind.

export interface SweepEntry {
  op: number;
  baseline: number;
  field: number;
  kind: "remove" | "retype" | "hostile";
}

export class Fuzzer {
  readonly operations: FuzzOperation[];
  readonly base: string;
  private readonly sweep: SweepEntry[];
  /** Number of (operation, baseline, field) combinations: the sweep's first part, one request each. */
  readonly fieldCount: number;

  constructor(
    readonly seed: number,
    /** Operations to leave out (e.g. none); by operationId. */
    skip: readonly string[] = [],
  ) {
    this.operations = contractOperations().filter((o) => !skip.includes(o.operationId));
    this.base = basePath(CONTRACT);
    // First every field once, with a kind drawn for it; then the two other kinds of every field.
    const rng = new Rng(seed);
    const first: SweepEntry[] = [];
    const rest: SweepEntry[] = [];
    const kinds = ["remove", "retype", "hostile"] as const;
    this.operations.forEach((op, oi) => {
      baselineBodies(op).forEach((b, bi) => {
        fieldsOf(op, b.value as Val).forEach((_, fi) => {
          const k = rng.int(3);
          kinds.forEach((kind, i) => {
            (i === k ? first : rest).push({ op: oi, baseline: bi, field: fi, kind });
          });
        });
      });
    });
    this.fieldCount = first.length;
    this.sweep = [...rng.shuffle(first), ...rng.shuffle(rest)];
  }

  /** Number of (operation, baseline, field, kind) combinations the sweep covers. */
  get sweepSize(): number {
    return this.sweep.length;
  }

  /** The fields of a sweep entry's baseline, by name (for reports and tests). */
  sweepField(e: SweepEntry): string {
    const op = this.operations[e.op] as FuzzOperation;
    const b = baselineBodies(op)[e.baseline];
    const f = fieldsOf(op, b?.value as Val)[e.field];
    return `${op.operationId} ${b?.name} ${f ? fieldName(f) : "?"} ${e.kind}`;
  }

  /** Every operation's baselines (operation and baseline index): the first requests of a run. */
  baselineList(): { op: FuzzOperation; baseline: number }[] {
    return this.operations.flatMap((op) => baselineBodies(op).map((_, baseline) => ({ op, baseline })));
  }

  /** A baseline, unchanged (built when sent, with the sessions open at that moment). */
  baseline(entry: { op: FuzzOperation; baseline: number }, ctx: FuzzContext): FuzzRequest {
    const b = baselineBodies(entry.op)[entry.baseline] as {
      connector: string | null;
      value: Json;
      name: string;
    };
    const d = draftFor(entry.op, ctx, b);
    d.what.push(`baseline (${b.name})`);
    return finish(d, -1, "baseline");
  }

  /**
   * Request `index` of a run of `total`: the sweep comes first, spread over the run (one request in
   * `sweepShare`); the rest are random mutations of every kind.
   */
  /** The sweep entry request `index` of a run of `total` carries, or null for a random mutation. */
  sweepSlot(index: number, total: number): SweepEntry | null {
    // Half of a short run goes to the sweep (every field once, first), all of it in a long enough run.
    const slots = Math.min(this.sweep.length, Math.ceil(total / 2));
    if (slots === 0) return null;
    const stride = total / slots;
    const slot = Math.floor(index / stride);
    if (Math.floor(slot * stride) !== index || slot >= slots) return null;
    return this.sweep[slot] ?? null;
  }

  request(index: number, total: number, ctx: FuzzContext): FuzzRequest {
    const rng = new Rng(mixSeed(this.seed, index));
    const e = this.sweepSlot(index, total);
    if (e) {
      const op = this.operations[e.op] as FuzzOperation;
      const b = baselineBodies(op)[e.baseline] as { connector: string | null; value: Json; name: string };
      const d = draftFor(op, ctx, b);
      const f = fieldsOf(op, d.body)[e.field];
      if (f) mutateField(rng, d, f, e.kind);
      return finish(d, index, e.kind);
    }
    // One random request in 25 sends hostile MDX (`hostile-mdx.ts`) to action/mdx.
    const mdx = this.operations.find((o) => o.operationId === "mdxQuery");
    if (mdx && rng.chance(1 / 25)) {
      const b = rng.pick(baselineBodies(mdx));
      const d = draftFor(mdx, ctx, b);
      const { query, what } = hostileMdx(rng);
      if (isPlainObject(d.body)) d.body.query = query;
      d.what.push(`hostile MDX: ${what}`);
      return finish(d, index, "mdx");
    }
    const op = rng.pick(this.operations);
    const baselines = baselineBodies(op);
    const b = rng.pick(baselines);
    const otherConnector = op.connectors && rng.chance(0.3) ? rng.pick(op.connectors) : undefined;
    const d = draftFor(op, ctx, b, otherConnector);
    if (otherConnector) d.what.push(`connector ${otherConnector}`);
    const kind = rng.weighted<MutationKind>([
      ["baseline", 3],
      ["remove", 8],
      ["retype", 12],
      ["hostile", 24],
      ["extra", 6],
      ["shape", op.bodySchema ? 12 : 2],
      ["encoding", op.bodySchema ? 10 : 2],
      ["header", 9],
      ["param", 6],
      ["method", 4],
      ["raw", 4],
    ]);
    switch (kind) {
      case "baseline":
        break;
      case "remove":
      case "retype":
      case "hostile": {
        const fields = fieldsOf(op, d.body);
        // Sometimes several fields at once.
        const n = rng.chance(0.2) ? 1 + rng.int(4) : 1;
        for (let i = 0; i < n && fields.length > 0; i++) mutateField(rng, d, rng.pick(fields), kind);
        break;
      }
      case "extra":
        addExtraField(rng, d);
        break;
      case "shape":
        bodyShape(rng, d);
        break;
      case "encoding":
        encoding(rng, d);
        break;
      case "header":
        header(rng, d);
        break;
      case "param":
        param(rng, d);
        break;
      case "method":
        method(rng, d, this.base);
        break;
      case "raw": {
        const { raw, what } = rawRequest(rng, d);
        d.what.push(`raw HTTP: ${what}`);
        const req = finish(d, index, kind);
        req.raw = raw;
        // The request line as written (its method and target may differ from the operation's).
        const [rawMethod, target] = raw
          .subarray(0, 300)
          .toString("latin1")
          .split(/[ \r\n]/);
        req.method = rawMethod ?? req.method;
        req.path = target ?? req.path;
        delete req.body;
        delete req.chunks;
        return req;
      }
    }
    return finish(d, index, kind);
  }
}
