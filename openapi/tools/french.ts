import { isObject, type Json, type JsonObject } from "./contract.ts";

/**
 * Which texts of the English description the French overlay must translate: every `summary`,
 * `description` and `x-displayName`, and the title — everywhere except inside example payloads.
 */

const TEXT_KEYS = new Set(["summary", "description", "x-displayName", "title"]);

function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function translatableTexts(doc: JsonObject): string[] {
  const out: string[] = [];
  const walk = (node: Json | undefined, pointer: string, parentKey: string) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        walk(item, `${pointer}/${i}`, parentKey);
      });
      return;
    }
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const here = `${pointer}/${escapePointer(key)}`;
      // Example payloads are data, not documentation.
      if (key === "example" || (key === "value" && parentKey !== "properties")) continue;
      if (parentKey === "properties" || !TEXT_KEYS.has(key) || typeof value !== "string") {
        walk(value, here, key);
        continue;
      }
      out.push(here);
    }
  };
  walk(doc, "", "");
  return out;
}

export interface FrenchCoverage {
  /** Number of texts that need a translation. */
  readonly required: number;
  /** Pointers of the texts the overlay does not translate. */
  readonly missing: string[];
  /** Pointers the overlay sets that are no text of the English description (typos in the overlay). */
  readonly extra: string[];
}

export function frenchCoverage(doc: JsonObject, applied: ReadonlySet<string>): FrenchCoverage {
  const texts = translatableTexts(doc);
  const known = new Set(texts);
  return {
    required: texts.length,
    missing: texts.filter((p) => !applied.has(p)),
    extra: [...applied].filter((p) => !known.has(p)),
  };
}
