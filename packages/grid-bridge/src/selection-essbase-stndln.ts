import type { components } from "@qibates/client/schema";
import type { FilterInput, SearchInput } from "@qibates/provider";
import { ProviderError } from "@qibates/provider";
import { searchAnswer } from "./member-search.ts";

type Schemas = components["schemas"];

/**
 * Member selection answered from a server's own member lists (a parent's children, a keyword search) instead of
 * an outline read whole: the server's rows mapped to the API's `FilterResponse` and `SearchResponse` as the demo
 * answers them over its own outline (`members.ts` `filterOutline`, `member-search.ts` `searchOutline`).
 */

/** A member as a server lists it: what member selection shows of it. */
export interface ServerMemberRow {
  dimension: string;
  name: string;
  /** Its alias per alias table (a shared member's are its stored member's). */
  aliases: Readonly<Record<string, string>>;
  generation: number;
  level: number;
  /** A shared member (a search finds its stored member only). */
  shared: boolean;
}

const lower = (s: string) => s.toLowerCase();

/** The alias of `row` in `table` (the table spelled as the server lists it, matched without case). */
export function rowAlias(row: ServerMemberRow, table: string): string | null {
  const own = row.aliases[table];
  if (own !== undefined) return own;
  const key = Object.keys(row.aliases).find((t) => lower(t) === lower(table));
  return key === undefined ? null : (row.aliases[key] ?? null);
}

/**
 * The member a typed text names among `candidates` (every member whose name or some alias is the text), as the
 * demo's outline resolves it: an alias of `table` first, then a name, then an alias of `Default`.
 */
export function resolveRow(
  text: string,
  table: string,
  candidates: readonly ServerMemberRow[],
): ServerMemberRow | undefined {
  const t = lower(text.trim().replace(/^'/, ""));
  if (t === "") return undefined;
  const stored = (rows: ServerMemberRow[]) => rows.find((r) => !r.shared) ?? rows[0];
  const byAlias = (tbl: string) => stored(candidates.filter((r) => lower(rowAlias(r, tbl) ?? "") === t));
  return (
    byAlias(table) ??
    stored(candidates.filter((r) => lower(r.name) === t)) ??
    (lower(table) !== "default" ? byAlias("Default") : undefined)
  );
}

/** `MEMBER_UNKNOWN` for the filter's member, as the demo refuses it. */
export function filterMemberUnknown(member: string): ProviderError {
  return new ProviderError("MEMBER_UNKNOWN", `Unknown member ${member}.`, { member }, "action.member");
}

/** `nav/filter`'s answer for the members a server listed (a parent's children, in the server's order). */
export function filterAnswerOf(
  input: FilterInput,
  table: string,
  rows: readonly ServerMemberRow[],
): Schemas["FilterResponse"] {
  return {
    dimension: input.dimension,
    filter: input.filter,
    arg1: input.arg1 ?? null,
    members: rows.map((r) => ({
      name: r.name,
      alias: rowAlias(r, table),
      generation: r.generation,
      level: r.level,
    })),
  };
}

/**
 * The text a server's keyword search (a name or alias containing it, case ignored) is asked for so that its hits
 * hold every member the API's keyword matches: the longest run of the keyword without a wildcard (`*`, `?`), or
 * null when it has none (every member would match).
 */
export function keywordFragment(keyword: string): string | null {
  const runs = keyword.split(/[*?]+/).filter((r) => r !== "");
  if (runs.length === 0) return null;
  return runs.reduce((a, b) => (b.length > a.length ? b : a));
}

/** Whether the server may be asked to match the whole word itself: the keyword holds no wildcard. */
export function keywordIsLiteral(keyword: string): boolean {
  return !/[*?]/.test(keyword);
}

/**
 * `nav/search`'s answer from the hits of a server's keyword search (in the server's order, each dimension's
 * members in outline order): those the API's keyword matches in `input.searchIn` (names, aliases of `table`, or
 * both), shared members left out, in `dimensionOrder` (the demo lists base dimensions, then attribute ones),
 * then paged.
 */
export function searchAnswerOf(
  input: SearchInput,
  table: string,
  hits: readonly ServerMemberRow[],
  dimensionOrder: readonly string[],
): Schemas["SearchResponse"] {
  const place = new Map(dimensionOrder.map((d, i) => [lower(d), i]));
  const only = input.dimension === null ? null : lower(input.dimension);
  const rows = hits
    .filter((r) => {
      if (r.shared) return false;
      if (only !== null && lower(r.dimension) !== only) return false;
      return place.has(lower(r.dimension));
    })
    .map((r, i) => ({ r, i }))
    .sort(
      (a, b) =>
        (place.get(lower(a.r.dimension)) as number) - (place.get(lower(b.r.dimension)) as number) ||
        a.i - b.i,
    );
  return searchAnswer(
    input,
    rows.map(({ r }) => ({
      dimension: r.dimension,
      name: r.name,
      alias: rowAlias(r, table),
      generation: r.generation,
      level: r.level,
    })),
  );
}
