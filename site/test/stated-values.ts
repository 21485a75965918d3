// Finds the numbers a page states about the product's settings and limits, so that a test can compare each with
// the code (site/src/product-values.ts: packages/server/src/config.ts and the limits of the code).
//
// A number is tied to a value in two ways:
// - by name: a setting or a limit named, then its number in brackets, after a colon, or with "by default" /
//   "par défaut" ("`CALC_JOB_TIMEOUT_SECONDS` (600 s)", "MAX_GRID_CELLS (500,000 by default)", "SESSION_IDLE_MINUTES
//   without a call (30 by default)"), or a sum of settings with the sum of their defaults ("`A` + `B`: 600 + 10");
// - by what the sentence says, for pages that do not name settings (the user's): "no action for 30 minutes",
//   "12 hours since you logged in", "after 10 minutes … stops waiting", "more cells than … (500,000", "255-character".
// Durations and sizes are compared in one unit (10 minutes = 600 s; 16 MiB = 16777216 bytes). Code blocks and
// assignments in inline code (`PORT=7143`: a value someone sets, not a default) are not read. A token
// (`{{config:NAME}}`) is read as the value it renders, so a page that renders its numbers always agrees.
import {
  familyOf,
  inBaseUnit,
  type Locale,
  type ProductValue,
  productValues,
  renderTokens,
  type Unit,
} from "../src/product-values.ts";

/** One number a page ties to a setting or a limit. */
export interface StatedValue {
  name: string;
  /** As written, in the page's words ("10 minutes", "500,000"). */
  text: string;
  /** In the value's base unit (seconds, bytes, count). */
  stated: number;
  /** 1-based line of the page. */
  line: number;
  how: "name" | "phrase";
}

export interface WrongValue extends StatedValue {
  expected: number;
}

const SEP = "[,\\u00A0\\u202F ]";
/** A number as pages write it: 500,000 / 500 000 / 16 / 1.5 / 1,5. */
const NUMBER = `(?<![\\w.,/-])(\\d{1,3}(?:${SEP}\\d{3})+|\\d+)(?:[.,](\\d+)(?!\\d))?`;
const UNITS: Record<string, { unit: Unit; factor: number }> = {};
for (const [words, unit, factor] of [
  ["s sec secs second seconds seconde secondes", "seconds", 1],
  ["min mins minute minutes", "seconds", 60],
  ["h hour hours heure heures", "seconds", 3600],
  ["day days jour jours", "seconds", 86400],
  ["byte bytes octet octets o B", "bytes", 1],
  ["KiB Kio KB Ko kB", "bytes", 1024],
  ["MiB Mio MB Mo", "bytes", 1024 ** 2],
  ["GiB Gio GB Go", "bytes", 1024 ** 3],
] as const) {
  for (const w of words.split(" ")) UNITS[w] = { unit, factor };
}
const UNIT = `(?:[\\s\\u00A0\\u202F]|-)?(${Object.keys(UNITS)
  .sort((a, b) => b.length - a.length)
  .join("|")})(?![\\w])`;
const QUANTITY = new RegExp(`${NUMBER}(?:${UNIT})?`, "g");

interface Quantity {
  index: number;
  end: number;
  text: string;
  number: number;
  unit: string | undefined;
}

function parseNumber(int: string, frac: string | undefined): number {
  const whole = Number(int.replace(new RegExp(SEP, "g"), ""));
  return frac === undefined ? whole : Number(`${whole}.${frac}`);
}

function quantities(text: string): Quantity[] {
  const out: Quantity[] = [];
  for (const m of text.matchAll(QUANTITY)) {
    out.push({
      index: m.index,
      end: m.index + m[0].length,
      text: m[0],
      number: parseNumber(m[1] ?? "", m[2]),
      unit: m[3],
    });
  }
  return out;
}

/** A quantity in the base unit of `value`'s kind, or undefined when its unit measures something else. */
function inUnitOf(q: Quantity, value: ProductValue): number | undefined {
  const family = familyOf(value.unit);
  if (!q.unit) {
    // A bare number counts in the setting's own unit (SESSION_IDLE_MINUTES (30)).
    return inBaseUnit({ value: q.number, unit: value.unit });
  }
  const u = UNITS[q.unit];
  if (!u || family === "count") return undefined;
  if ((u.unit === "bytes" ? "bytes" : "time") !== family) return undefined;
  return q.number * u.factor;
}

/** The prose of a page, line by line: code blocks, comments and assignments blanked, tokens rendered. */
export function proseLines(source: string, locale: Locale): string[] {
  let inFence = false;
  let inComment = false;
  return source.split("\n").map((raw) => {
    if (/^\s*(```|~~~)/.test(raw)) {
      inFence = !inFence;
      return "";
    }
    if (inFence) return "";
    let line = raw;
    if (inComment) {
      const end = line.indexOf("-->");
      if (end < 0) return "";
      inComment = false;
      line = line.slice(end + 3);
    }
    line = line.replace(/<!--.*?-->|\{\/\*.*?\*\/\}/g, " ");
    const open = line.indexOf("<!--");
    if (open >= 0) {
      inComment = true;
      line = line.slice(0, open);
    }
    // `NAME=value` in inline code is a value someone sets, not a default.
    line = line.replace(/`[^`]*=[^`]*`/g, " ");
    // A link's target is an address, not prose.
    line = line.replace(/\]\([^)]*\)/g, "]");
    try {
      return renderTokens(line, locale);
    } catch {
      return line;
    }
  });
}

/** The pieces of a line that each hold one statement: table cells, then sentences. */
function clauses(line: string): { text: string; offset: number }[] {
  const out: { text: string; offset: number }[] = [];
  let offset = 0;
  for (const cell of line.split(/(?<!\\)\|/)) {
    let start = 0;
    for (const m of cell.matchAll(/(?<=[.;!?])\s+(?=[A-Z«"`*])/g)) {
      out.push({ text: cell.slice(start, m.index), offset: offset + start });
      start = m.index + m[0].length;
    }
    out.push({ text: cell.slice(start), offset: offset + start });
    offset += cell.length + 1;
  }
  return out;
}

const DEFAULT_WORDS = /\b(?:by default|default|defaults to)\b|par défaut|défaut/i;

/** The names a page may tie a number to, longest first (so that no name is read inside another). */
function names(): string[] {
  return [...productValues().keys()].sort((a, b) => b.length - a.length);
}

function nameRegex(): RegExp {
  return new RegExp(`(?<![A-Z0-9_])(${names().join("|")})(?![A-Z0-9_])`, "g");
}

/** Numbers tied to a name in one clause. */
function byName(clause: string, values: ReadonlyMap<string, ProductValue>): { name: string; q: Quantity }[] {
  const found: { name: string; q: Quantity }[] = [];
  const mentions = [...clause.matchAll(nameRegex())].map((m) => ({
    name: m[1] ?? "",
    index: m.index,
    end: m.index + m[0].length,
  }));
  if (mentions.length === 0) return found;
  // A sum: `A` + `B` + `C`: 600 + 10 + 120 (= 730).
  const sum = new RegExp(
    `((?:\`?(?:${names().join("|")})\`?\\s*\\+\\s*)+\`?(?:${names().join("|")})\`?)\\s*[:(=]?\\s*((?:${NUMBER}(?:${UNIT})?\\s*\\+\\s*)+${NUMBER}(?:${UNIT})?)`,
    "g",
  );
  const used = new Set<number>();
  for (const m of clause.matchAll(sum)) {
    const sumNames = [...(m[1] ?? "").matchAll(nameRegex())].map((n) => n[1] ?? "");
    const numbersAt = m.index + m[0].length - (m[2]?.length ?? 0);
    const qs = quantities(m[2] ?? "").map((q) => ({
      ...q,
      index: q.index + numbersAt,
      end: q.end + numbersAt,
    }));
    if (qs.length !== sumNames.length) continue;
    sumNames.forEach((name, i) => {
      const q = qs[i] as Quantity;
      found.push({ name, q });
      used.add(q.index);
    });
    for (const n of (m[1] ?? "").matchAll(nameRegex())) used.add(-(m.index + n.index) - 1);
    // "= 730": the sum of the defaults.
    const total = new RegExp(`^\\s*=\\s*${NUMBER}(?:${UNIT})?`).exec(clause.slice(m.index + m[0].length));
    if (total) {
      const at = m.index + m[0].length + total[0].indexOf(total[1] ?? "");
      const q = quantities(clause.slice(at))[0];
      if (q) found.push({ name: sumNames.join(" + "), q: { ...q, index: q.index + at, end: q.end + at } });
    }
  }
  const all = quantities(clause);
  mentions.forEach((mention, i) => {
    if (used.has(-mention.index - 1)) return;
    const until = mentions[i + 1]?.index ?? clause.length;
    const q = all.find((x) => x.index >= mention.end && x.end <= until && !used.has(x.index));
    if (!q) return;
    const between = clause.slice(mention.end, q.index);
    const after = clause.slice(q.end, q.end + 20);
    const value = values.get(mention.name);
    if (!value) return;
    const direct = /^[`*]*\s*(?:\(|:|=|—|–|is|est|vaut)?\s*$/.test(between);
    const defaulted = !/[)]/.test(between) && (DEFAULT_WORDS.test(between) || DEFAULT_WORDS.test(after));
    if (!direct && !defaulted) return;
    // "to 3600" / "à 3600": a value someone sets.
    if (/\b(?:to|à|at|sur)\s*$/.test(between) && !DEFAULT_WORDS.test(between)) return;
    found.push({ name: mention.name, q });
    used.add(q.index);
  });
  return found;
}

/** What a sentence says a number is, for the pages that do not name the setting. */
interface Phrase {
  name: string;
  /** The sentence must say this (its subject). */
  context: RegExp;
  /** The number, as group 1 of the quantity regex, right where this pattern puts it. */
  before?: RegExp;
  after?: RegExp;
  /** Both `before` and `after` must hold (else either). */
  both?: boolean;
}

/** Words before a number that make it a bound ("at most 255", "more than 10,000 rows or 1,000 columns"). */
const BOUND =
  /(?:at most|up to|more than|longer than|over|beyond|limit of|first|the|au plus|jusqu'à|plus de|au-delà de|dépasse|dépassant|limite de|premiers|règle des|des)\s*(?:[\d,\u00A0\u202F ]+\s*(?:rows|lignes)\s*(?:or|ou|and|et)\s*)?$/i;

const PHRASES: readonly Phrase[] = [
  {
    name: "SESSION_IDLE_MINUTES",
    context:
      /no action|without (?:a call|any call|activity|an action|any action)|idle|inactiv|sans (?:action|appel|activité)|aucune? (?:action|appel)/i,
    before:
      /(?:no action|without (?:a call|any call|activity|an action|any action)|idle|inactivity|sans (?:action|appel|activité)|aucune? (?:action|appel)|d'inactivité|inactivité)(?: for| pendant| de| depuis)?\s*(?:\*\*)?\s*$/i,
    after: /^\s*(?:\*\*)?\s*(?:without|of inactivity|idle|sans|d'inactivité)/i,
  },
  {
    name: "SESSION_MAX_HOURS",
    context: /logged in|log in|login|connexion|connecté|ouverture de session/i,
    after:
      /^[^.;\d]{0,20}(?:after|since|from|après|depuis)\s+(?:you |your |la |votre |l')?(?:logged in|log in|login|log-in|connexion|ouverture de session|vous être connecté|être connecté)/i,
  },
  {
    name: "CALC_JOB_TIMEOUT_SECONDS",
    // A calculation or rule the call stops following (not any work that ends after a while).
    context:
      /(?:calculation|script|rule|job|calcul|règle|travail)[\s\S]*(?:wait|still running|keeps? running|attend|toujours en cours|continue)|(?:wait|still running|attend|toujours en cours)[\s\S]*(?:calculation|script|rule|job|calcul|règle|travail)/i,
    before:
      /(?:after|still running after|au bout de|après|toujours en cours après|en cours depuis|waits?[^.;\d]{0,30} for|attend[^.;\d]{0,30} pendant)\s*$/i,
  },
  {
    name: "MAX_GRID_CELLS",
    context: /cells|cellules/i,
    before: /(?:more cells than|plus de cellules que)[^.;(]*\(\s*$/i,
  },
  {
    name: "RATE_LIMIT_PER_MINUTE",
    context: /(?:one|a|per|in a|par|en une|une) minute/i,
    before: /(?:requests|calls|requêtes|appels)[^.;\d]{0,60}\(\s*$/i,
  },
  {
    name: "RATE_LIMIT_PER_MINUTE",
    context: /(?:one|a|per|in a|par|en une|une) minute/i,
    before: BOUND,
    after: /^\s*(?:requests|calls|requêtes|appels)\b/i,
    both: true,
  },
  {
    name: "MAX_SESSIONS_PER_KEY",
    context: /\bkey\b|\bclé\b|at once|à la fois|en même temps/i,
    before: /sessions[^.;\d]{0,80}\(\s*$/i,
  },
  {
    name: "TEXT_CELL_CHARACTERS",
    context: /text|texte|large cell|cellules longues/i,
    before: BOUND,
    after: /^\s*(?:characters?|caractères?)\b/i,
    both: true,
  },
  {
    name: "TEXT_CELL_CHARACTERS",
    context: /text|texte|large cell|cellules longues/i,
    after: /^-characters?\b/i,
  },
  {
    name: "MAX_GRID_ROWS",
    context: /grid|grille/i,
    before: BOUND,
    after: /^\s*(?:rows|lignes)\b/i,
    both: true,
  },
  {
    name: "MAX_GRID_COLUMNS",
    context: /grid|grille/i,
    before: BOUND,
    after: /^\s*(?:columns|colonnes)\b/i,
    both: true,
  },
  { name: "MAX_JSON_DEPTH", context: /nest|imbriqu|imbrication|JSON/i, after: /^\s*(?:levels|niveaux)\b/i },
  {
    name: "OPERATIONS_KEPT_HOURS",
    context: /operation|opération/i,
    before: /(?:kept|kept for|conservée?s?|gardée?s?)(?: for| pendant)?\s*$/i,
  },
];

/** Numbers tied to a value by what their sentence says. */
function byPhrase(
  clause: string,
  values: ReadonlyMap<string, ProductValue>,
  taken: ReadonlySet<number>,
): { name: string; q: Quantity }[] {
  const found: { name: string; q: Quantity }[] = [];
  const qs = quantities(clause).filter((q) => !taken.has(q.index));
  for (const phrase of PHRASES) {
    if (!phrase.context.test(clause)) continue;
    const value = values.get(phrase.name);
    if (!value) continue;
    for (const q of qs) {
      const before = clause.slice(Math.max(0, q.index - 120), q.index);
      const after = clause.slice(q.end);
      const b = phrase.before?.test(before) ?? false;
      const a = phrase.after?.test(after) ?? false;
      if (phrase.both ? !(a && b) : !(a || b)) continue;
      // A count is written without a unit ("64 KiB" is no count of cells).
      if (familyOf(value.unit) === "count" && q.unit) continue;
      // A count is written without a unit; a duration with one.
      if (familyOf(value.unit) === "time" && !q.unit) continue;
      if (inUnitOf(q, value) === undefined && familyOf(value.unit) !== "count") continue;
      found.push({ name: phrase.name, q });
    }
  }
  return found;
}

/** A value by name; `A + B` is the sum of their defaults (all in one unit's family). */
function namedValue(name: string, values: ReadonlyMap<string, ProductValue>): ProductValue {
  const parts = name.split(" + ").map((n) => values.get(n) as ProductValue);
  if (parts.length === 1) return parts[0] as ProductValue;
  const unit: Unit = familyOf(parts[0]?.unit ?? "count") === "time" ? "seconds" : (parts[0]?.unit ?? "count");
  return { name, kind: "config", unit, value: parts.reduce((sum, p) => sum + inBaseUnit(p), 0) };
}

/** Every number of `source` tied to a setting or a limit. */
export function statedValues(source: string, locale: Locale): StatedValue[] {
  const values = productValues();
  const out: StatedValue[] = [];
  const raw = source.split("\n");
  proseLines(source, locale).forEach((line, i) => {
    // A settings table: `NAME` in the first cell, its default in the second (`500000`, `600`).
    const row = /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|\s*`?([\d,\u00A0\u202F ]+)`?\s*\|/.exec(
      renderTokens(raw[i] ?? "", locale),
    );
    const tabled = row?.[1] ? values.get(row[1]) : undefined;
    if (row && tabled) {
      out.push({
        name: tabled.name,
        text: (row[2] ?? "").trim(),
        stated: inBaseUnit({ value: parseNumber(row[2] ?? "", undefined), unit: tabled.unit }),
        line: i + 1,
        how: "name",
      });
    }
    if (line.trim() === "") return;
    for (const { text } of clauses(line)) {
      const named = byName(text, values);
      const taken = new Set(named.map((n) => n.q.index));
      for (const { name, q, how } of [
        ...named.map((n) => ({ ...n, how: "name" as const })),
        ...byPhrase(text, values, taken).map((n) => ({ ...n, how: "phrase" as const })),
      ]) {
        const value = namedValue(name, values);
        const stated = familyOf(value.unit) === "count" ? q.number : (inUnitOf(q, value) ?? Number.NaN);
        if (Number.isNaN(stated)) continue;
        out.push({ name, text: q.text, stated, line: i + 1, how });
      }
    }
  });
  return out;
}

/** The numbers of `source` that differ from the product's. */
export function wrongValues(source: string, locale: Locale): WrongValue[] {
  const values = productValues();
  return statedValues(source, locale)
    .map((s) => ({ ...s, expected: inBaseUnit(namedValue(s.name, values)) }))
    .filter((s) => s.stated !== s.expected);
}
