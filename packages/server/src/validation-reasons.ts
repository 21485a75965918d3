import { type LocalizedText, quantity } from "@qibates/provider";
import type { ErrorObject } from "ajv/dist/2020.js";

/**
 * The reason of a `QB_ERR_VALIDATION` refusal by the contract's schemas, in English and French, for a developer:
 * "Invalid value for settings.zoomInMode: must be one of …" / « Valeur invalide pour settings.zoomInMode : doit
 * être … ». A keyword without a wording here keeps Ajv's English text in both languages
 * (test/api/validation-messages.test.ts lists the keywords worded, and fails on a contract that uses another).
 */

/** A schema as Ajv's errors carry it (`verbose`): plain JSON. */
type Schema = { readonly [k: string]: unknown };

/** Finds the schema a `$ref` names in the contract (`qibates#/components/schemas/Range`, `#/…`). */
export type RefResolver = (ref: string) => Schema | undefined;

/** The missing property of `required`, the body itself missing: said the same way everywhere. */
export const REQUIRED: LocalizedText = { en: "is required", fr: "est obligatoire" };

/** The body itself: missing, not an object, or refused without a reason from the validator. */
export const BODY_REASONS = {
  missing: { en: "a JSON object is required", fr: "un objet JSON est obligatoire" },
  notObject: { en: "must be a JSON object", fr: "doit être un objet JSON" },
  unexplained: { en: "does not match the contract", fr: "ne respecte pas le contrat" },
} as const satisfies Record<string, LocalizedText>;

const both = (en: string, fr: string): LocalizedText => ({ en, fr });

/** `a, b or c` / `a, b ou c`. */
function alternatives(items: readonly LocalizedText[]): LocalizedText {
  const join = (words: string[], or: string) =>
    words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} ${or} ${words.at(-1)}`;
  return both(
    join(
      items.map((i) => i.en),
      "or",
    ),
    join(
      items.map((i) => i.fr),
      "ou",
    ),
  );
}

/** An allowed value as the message lists it: a name as it is (`NEXT_LEVEL`), anything else as JSON. */
const listed = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));

const TYPE_NOUNS: Record<string, LocalizedText> = {
  boolean: both("a boolean (true or false)", "un booléen (true ou false)"),
  integer: both("an integer", "un entier"),
  number: both("a number", "un nombre"),
  string: both("a string", "une chaîne de caractères"),
  array: both("an array", "un tableau"),
  object: both("an object", "un objet"),
  null: both("null", "null"),
};

/** `boolean`, `["string", "null"]` or Ajv's `string,null` as nouns, or null for a type it does not know. */
function typeNouns(type: unknown): LocalizedText | null {
  const names = Array.isArray(type) ? type.map(String) : typeof type === "string" ? type.split(",") : [];
  const nouns = names.map((n) => TYPE_NOUNS[n.trim()]);
  if (nouns.length === 0 || nouns.some((n) => !n)) return null;
  return alternatives(nouns as LocalizedText[]);
}

const FORMATS: Record<string, LocalizedText> = {
  uuid: both("a UUID", "un UUID"),
  "date-time": both(
    "a date and time in ISO 8601 format (2026-11-21T09:14:03Z)",
    "une date et une heure au format ISO 8601 (2026-11-21T09:14:03Z)",
  ),
  date: both("a date in the format YYYY-MM-DD", "une date au format AAAA-MM-JJ"),
  email: both("an e-mail address", "une adresse e-mail"),
  uri: both("an absolute URL (https://…)", "une URL absolue (https://…)"),
};

/** `N character(s)` / `N caractère(s)`, `N item(s)` / `N élément(s)`: a count with its word in each language. */
export function count(n: number, en: string, fr: string): LocalizedText {
  const q = quantity(n);
  return both(`${q.en} ${en}${n === 1 ? "" : "s"}`, `${q.fr}\u00a0${fr}${n === 1 ? "" : "s"}`);
}

const NOT_EMPTY = both("must not be empty", "ne doit pas être vide");
const NOT_ONLY_SPACES = both("must not be only spaces", "ne doit pas contenir que des espaces");
const NO_SPACES = both(
  "must not hold spaces, tabs or line breaks (check the start and the end of what was pasted)",
  "ne doit contenir ni espace, ni tabulation, ni saut de ligne (vérifiez le début et la fin du texte collé)",
);

/** What one branch of a `oneOf` or `anyOf` takes, or null when it cannot be said in a few words. */
function describe(schema: unknown, resolve: RefResolver, depth = 0): LocalizedText | null {
  if (depth > 4 || schema === null || typeof schema !== "object") return null;
  const s = schema as Schema;
  if (typeof s.$ref === "string") return describe(resolve(s.$ref), resolve, depth + 1);
  const values = Array.isArray(s.enum) ? s.enum : "const" in s ? [s.const] : null;
  if (values) {
    if (values.length > 0 && values.every((v) => typeof v === "string")) {
      const quoted = alternatives(values.map((v) => both(`"${v}"`, `«\u00a0${v}\u00a0»`)));
      return both(`the string ${quoted.en}`, `la chaîne ${quoted.fr}`);
    }
    return alternatives(values.map((v) => both(JSON.stringify(v), JSON.stringify(v))));
  }
  if (typeof s.format === "string" && FORMATS[s.format]) return FORMATS[s.format] as LocalizedText;
  return typeNouns(s.type);
}

/** What each pattern of the contract asks, said in words: a caller never reads a regular expression. */
export const PATTERNS: Readonly<Record<string, LocalizedText>> = {
  // A name of only spaces (`\S`, after `minLength` has refused the empty one) names nothing.
  "\\S": NOT_ONLY_SPACES,
  // A value with no blank anywhere (a provider address): a pasted one often brings one at either end.
  "^\\S+$": NO_SPACES,
  "^op_[A-Za-z0-9_-]{22}$": both(
    "must be an operation id as a 202 answer gives it (op_ then 22 letters, digits, _ or -)",
    "doit être un identifiant d'opération tel qu'une réponse 202 le donne (op_ puis 22\u00a0lettres, chiffres, _ ou -)",
  ),
  "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$": both(
    "must be 1 to 64 letters, digits, ., _ or -, starting with a letter or a digit",
    "doit compter de 1 à 64\u00a0lettres, chiffres, ., _ ou -, et commencer par une lettre ou un chiffre",
  ),
  "^/": both("must start with /", "doit commencer par /"),
  "^[a-z]{2}(_[A-Z]{2})?$": both(
    "must be a language code such as fr or fr_FR",
    "doit être un code de langue comme fr ou fr_FR",
  ),
  "[^*?]": both(
    "must hold at least one character other than * and ?",
    "doit contenir au moins un caractère autre que * et\u202f?",
  ),
  "^[A-Za-z0-9_]+$": both(
    "must hold only letters, digits and underscores (without the & that grids put before it)",
    "ne doit contenir que des lettres, des chiffres et des traits de soulignement (sans le & que les grilles placent devant)",
  ),
  "^[^&]": both(
    "must not start with & (a value cannot name another variable)",
    "ne doit pas commencer par & (une valeur ne peut pas nommer une autre variable)",
  ),
  "^[0-9]{1,15}$": both(
    "must be the dataVersion a grid answer gave (1 to 15 digits)",
    "doit être le dataVersion qu'une réponse de grille a donné (1 à 15\u00a0chiffres)",
  ),
  "^[1-9][0-9]{0,15}$": both(
    "must be a key id as the list of keys gives it (a whole number of 1 to 16 digits, not starting with 0)",
    "doit être un identifiant de clé tel que la liste des clés le donne (un nombre entier de 1 à 16\u00a0chiffres, sans 0 en tête)",
  ),
  "^[^\\s@]+@[^\\s@]+$": both(
    "must be an e-mail address (name@domain, without spaces)",
    "doit être une adresse e-mail (nom@domaine, sans espace)",
  ),
};

type Wording = (e: ErrorObject, resolve: RefResolver) => LocalizedText | null;

/** One wording per Ajv keyword; null leaves Ajv's own text. */
const WORDINGS: Record<string, Wording> = {
  type: (e) => {
    const nouns = typeNouns((e.params as { type: unknown }).type);
    return nouns && both(`must be ${nouns.en}`, `doit être ${nouns.fr}`);
  },
  enum: (e) => {
    const allowed = ((e.params as { allowedValues?: unknown[] }).allowedValues ?? []).map(listed);
    if (allowed.length === 0) return null;
    return both(
      `must be one of ${allowed.join(", ")}`,
      `doit être ${alternatives(allowed.map((v) => both(v, v))).fr}`,
    );
  },
  const: (e) => {
    const value = listed((e.params as { allowedValue: unknown }).allowedValue);
    return both(`must be ${value}`, `doit être ${value}`);
  },
  pattern: (e) => {
    const pattern = (e.params as { pattern: string }).pattern;
    return PATTERNS[pattern] ?? both(`must match the pattern ${pattern}`, `doit suivre le motif ${pattern}`);
  },
  format: (e) => {
    const format = (e.params as { format: string }).format;
    const noun = FORMATS[format];
    return noun
      ? both(`must be ${noun.en}`, `doit être ${noun.fr}`)
      : both(`must be in the format ${format}`, `doit être au format ${format}`);
  },
  minimum: (e) => {
    const limit = quantity((e.params as { limit: number }).limit);
    return both(`must be at least ${limit.en}`, `doit valoir au moins ${limit.fr}`);
  },
  maximum: (e) => {
    const limit = quantity((e.params as { limit: number }).limit);
    return both(`must be at most ${limit.en}`, `doit valoir au plus ${limit.fr}`);
  },
  exclusiveMinimum: (e) => {
    const limit = quantity((e.params as { limit: number }).limit);
    return both(`must be greater than ${limit.en}`, `doit être strictement supérieur à ${limit.fr}`);
  },
  exclusiveMaximum: (e) => {
    const limit = quantity((e.params as { limit: number }).limit);
    return both(`must be less than ${limit.en}`, `doit être strictement inférieur à ${limit.fr}`);
  },
  minLength: (e) => {
    const limit = (e.params as { limit: number }).limit;
    if (limit === 1) return NOT_EMPTY;
    const n = count(limit, "character", "caractère");
    return both(`must be at least ${n.en} long`, `doit compter au moins ${n.fr}`);
  },
  maxLength: (e) => {
    const n = count((e.params as { limit: number }).limit, "character", "caractère");
    return both(`must be at most ${n.en} long`, `doit compter au plus ${n.fr}`);
  },
  minItems: (e) => {
    const limit = (e.params as { limit: number }).limit;
    if (limit === 1) return NOT_EMPTY;
    const n = count(limit, "item", "élément");
    return both(`must have at least ${n.en}`, `doit compter au moins ${n.fr}`);
  },
  maxItems: (e) => {
    const n = count((e.params as { limit: number }).limit, "item", "élément");
    return both(`must have at most ${n.en}`, `doit compter au plus ${n.fr}`);
  },
  required: () => REQUIRED,
  // `settings.zoomMode`: worded by api.ts' unknownPropertyError, which names the object and lists its properties.
  additionalProperties: () => null,
  oneOf: combination,
  anyOf: combination,
};

/** A value none of the branches takes: what each takes ("a boolean (true or false) or the string …"). */
function combination(e: ErrorObject, resolve: RefResolver): LocalizedText | null {
  // More than one branch took it (an ambiguous oneOf): not a wrong value, Ajv's text says it.
  if ((e.params as { passingSchemas?: unknown }).passingSchemas) return null;
  const branches = Array.isArray(e.schema) ? e.schema : [];
  const nouns = branches.map((b) => describe(b, resolve));
  if (nouns.length === 0 || nouns.some((n) => !n)) return null;
  const all = alternatives(nouns as LocalizedText[]);
  return both(`must be ${all.en}`, `doit être ${all.fr}`);
}

/** The keywords worded in both languages (the others keep Ajv's English text). */
export const WORDED_KEYWORDS: readonly string[] = Object.keys(WORDINGS).sort();

/**
 * The error a refusal speaks of, and its reason: in both languages when its keyword is worded, else Ajv's
 * English text. Ajv lists the errors of a `oneOf`'s (or `anyOf`'s) branches before the combination's own: the
 * combination says what the value may be (when each branch can be said in a few words), else the first error
 * is the one spoken of, as for any other failure (the first, and only, error).
 */
export function explainValidation(
  errors: readonly ErrorObject[],
  resolve: RefResolver,
): { error: ErrorObject; reason: LocalizedText | string } | undefined {
  const last = errors.at(-1);
  if (last && (last.keyword === "oneOf" || last.keyword === "anyOf")) {
    const reason = combination(last, resolve);
    if (reason) return { error: last, reason };
  }
  const first = errors[0];
  if (!first) return undefined;
  return {
    error: first,
    reason: WORDINGS[first.keyword]?.(first, resolve) ?? first.message ?? "is not valid",
  };
}
