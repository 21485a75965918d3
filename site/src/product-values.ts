/**
 * The numbers the pages state, read from the product: the server's settings and their defaults
 * (packages/server/src/config-registry.ts) and the fixed limits of the code (request bodies, JSON nesting, headers, the
 * grid the API accepts, a Planning text cell). Pages render them with a token (src/plugins/product-values.ts)
 * and site/test/stated-values.test.ts compares every number a page states about them with these values.
 * Node only: read at build time and by the tests, never shipped to the browser.
 */
import { readFileSync } from "node:fs";
import { maxHeaderSize } from "node:http";
import { fileURLToPath } from "node:url";
import { ERROR_CODES } from "@qibates/provider";
import type { Accepts } from "@qibates/server/setting-accepts";
import createJiti from "jiti";
import { parse } from "yaml";

/** What a setting accepts, as the server's registry declares it. */
export type SettingAccepts = Accepts;

/** A setting of the server's registry (packages/server/src/config-registry.ts), as far as the pages need it. */
export interface ServerSetting {
  readonly env: string;
  readonly fallback: unknown;
  readonly defaultText?: string;
  /** What a value may be: the range or form its parser checks at start-up. */
  readonly accepts: SettingAccepts;
  /** The parser start-up applies to the setting's value (throws on a value it refuses). */
  readonly parse: (raw: string) => unknown;
}

let server: { settings: ServerSetting[]; maxJsonDepth: number; smallBodyBytes: number } | undefined;

/**
 * The server's settings and body limits, loaded when first asked for. The server's modules are TypeScript and
 * are read at run time through jiti, as Docusaurus reads its own config: importing them would make the site's
 * type check take in the server's whole program.
 */
export function serverValues(): { settings: ServerSetting[]; maxJsonDepth: number; smallBodyBytes: number } {
  if (!server) {
    const load = createJiti(fileURLToPath(import.meta.url), { interopDefault: true });
    const config = load("@qibates/server/config") as { variables: Record<string, ServerSetting> };
    const body = load("@qibates/server/body-limits") as { MAX_JSON_DEPTH: number; SMALL_BODY_BYTES: number };
    server = {
      settings: Object.values(config.variables),
      maxJsonDepth: body.MAX_JSON_DEPTH,
      smallBodyBytes: body.SMALL_BODY_BYTES,
    };
  }
  return server;
}

/** What a value counts: a duration in its unit, a size in bytes, or a plain count. */
export type Unit = "seconds" | "minutes" | "hours" | "bytes" | "count";

export interface ProductValue {
  /** The token's name: a setting (`CALC_JOB_TIMEOUT_SECONDS`) or a limit of the code (`MAX_JSON_DEPTH`). */
  readonly name: string;
  readonly kind: "config" | "limit";
  readonly value: number;
  readonly unit: Unit;
}

function unitOf(name: string): Unit {
  if (name.endsWith("_SECONDS")) return "seconds";
  if (name.endsWith("_MINUTES")) return "minutes";
  if (name.endsWith("_HOURS")) return "hours";
  if (name.endsWith("_BYTES")) return "bytes";
  return "count";
}

/** Every setting whose default is a number, by its environment name (the machine's core count aside). */
function settings(): ProductValue[] {
  const out: ProductValue[] = [];
  for (const v of serverValues().settings) {
    // A default that depends on the machine (QIBATES_GRID_WORKERS) is stated by its text, not as a number.
    if (typeof v.fallback !== "number" || v.defaultText !== String(v.fallback)) continue;
    out.push({ name: v.env, kind: "config", value: v.fallback, unit: unitOf(v.env) });
  }
  return out;
}

/** The largest grid the API description accepts: its rows and the cells of a row (`GridInput`). */
function gridInput(): { rows: number; columns: number } {
  const text = readFileSync(new URL("../../openapi/qibates.yaml", import.meta.url), "utf8");
  const grid = (parse(text) as { components: { schemas: Record<string, unknown> } }).components.schemas
    .GridInput as { maxItems: number; items: { maxItems: number } };
  return { rows: grid.maxItems, columns: grid.items.maxItems };
}

/** The longest text a Planning text cell holds, as the server's message states it (registry, QB_ERR_CELL_TOO_LONG). */
function textCellCharacters(): number {
  const m = /at most (\d+)/.exec(ERROR_CODES.QB_ERR_CELL_TOO_LONG.en);
  if (!m) throw new Error("QB_ERR_CELL_TOO_LONG no longer states the text cell's limit");
  return Number(m[1]);
}

function limits(): ProductValue[] {
  const grid = gridInput();
  const limit = (name: string, value: number, unit: Unit): ProductValue => ({
    name,
    kind: "limit",
    value,
    unit,
  });
  return [
    limit("MAX_JSON_DEPTH", serverValues().maxJsonDepth, "count"),
    limit("SMALL_BODY_BYTES", serverValues().smallBodyBytes, "bytes"),
    limit("MAX_HEADER_BYTES", maxHeaderSize, "bytes"),
    limit("MAX_GRID_ROWS", grid.rows, "count"),
    limit("MAX_GRID_COLUMNS", grid.columns, "count"),
    limit("TEXT_CELL_CHARACTERS", textCellCharacters(), "count"),
  ];
}

let cached: ReadonlyMap<string, ProductValue> | undefined;

/** Every value a page may state, by name: the settings (`config`) and the limits (`limit`). */
export function productValues(): ReadonlyMap<string, ProductValue> {
  cached ??= new Map([...settings(), ...limits()].map((v) => [v.name, v]));
  return cached;
}

export type Locale = "en" | "fr";

const NNBSP = "\u202F";

/**
 * A number as a page writes it: 1,000 and 500,000 in English, 1 000 and 500 000 (narrow no-break spaces) in
 * French, as the pages write the quantities they state by hand.
 */
export function formatNumber(n: number, locale: Locale): string {
  const [int = "", frac] = String(n).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+$)/g, locale === "fr" ? NNBSP : ",");
  return frac === undefined ? grouped : `${grouped}${locale === "fr" ? "," : "."}${frac}`;
}

/** The units a token may convert its value to (`{{config:CALC_JOB_TIMEOUT_SECONDS in minutes}}` → 10): base units each. */
const CONVERSIONS: Record<string, { family: "time" | "bytes"; size: number }> = {
  seconds: { family: "time", size: 1 },
  minutes: { family: "time", size: 60 },
  hours: { family: "time", size: 3600 },
  KiB: { family: "bytes", size: 1024 },
  MiB: { family: "bytes", size: 1024 * 1024 },
  GiB: { family: "bytes", size: 1024 * 1024 * 1024 },
};

/** Whether a unit measures time, bytes or counts. */
export function familyOf(unit: Unit): "time" | "bytes" | "count" {
  return unit === "bytes" ? "bytes" : unit === "count" ? "count" : "time";
}

/** A value in the base unit of its kind: seconds for durations, bytes for sizes. */
export function inBaseUnit(v: Pick<ProductValue, "value" | "unit">): number {
  if (v.unit === "minutes") return v.value * 60;
  if (v.unit === "hours") return v.value * 3600;
  return v.value;
}

/** The text of one token (`config:NAME`, `limit:NAME`, optionally ` in minutes`, ` in MiB`…); throws when it names nothing. */
export function tokenText(token: string, locale: Locale): string {
  const m = /^(config|limit):([A-Z][A-Z0-9_]*)(?:\s+in\s+(\w+))?$/.exec(token.trim());
  if (!m)
    throw new Error(
      `product value token "${token}": write {{config:NAME}} or {{limit:NAME}}, optionally followed by ' in <unit>'`,
    );
  const [, kind, name = "", to] = m;
  const v = productValues().get(name);
  if (!v || v.kind !== kind) {
    throw new Error(`product value token "${token}": no ${kind} named ${name} (site/src/product-values.ts)`);
  }
  if (!to) return formatNumber(v.value, locale);
  const conversion = CONVERSIONS[to];
  if (!conversion || conversion.family !== familyOf(v.unit)) {
    throw new Error(`product value token "${token}": ${name} cannot be written in ${to}`);
  }
  return formatNumber(Math.round((inBaseUnit(v) / conversion.size) * 100) / 100, locale);
}

/** `{{config:NAME}}` / `{{limit:NAME in unit}}` in a text. */
export const TOKEN = /\{\{\s*((?:config|limit):[A-Z][A-Z0-9_]*(?:\s+in\s+\w+)?)\s*\}\}/g;

/** A text with every token replaced by its value. */
export function renderTokens(text: string, locale: Locale): string {
  return text.replace(TOKEN, (_m, token: string) => tokenText(token, locale));
}
