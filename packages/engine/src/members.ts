import { EngineError } from "./engine-error.ts";
import type { Dimension, Member, Outline } from "./outline.ts";
import { dynamicTimeSeriesLabel } from "./time-series-label.ts";

/**
 * Member queries used by member selection, the API's `nav/filter`, `nav/dimtree` and `nav/enummembers`, and
 * the member-set functions of calc scripts. Every function returns members in outline order.
 */

/** Filter values of the API (`nav/filter`): `arg1` is the level or generation number, or the UDA text. */
export type ApiFilter = "NONE" | "CHILDREN" | "DESCENDANT" | "UDA" | "LEVEL" | "GENERATION";

/** Member filters of the Planning member selector, as its filter list names them. */
export type MemberFilterName =
  | "Hierarchy"
  | "Substitution"
  | "Descendants"
  | "Children"
  | "Children Inclusive"
  | "Siblings"
  | "Siblings Inclusive"
  | "Parents"
  | "Ancestors Inclusive"
  | "Level 0 Descendants";

export const MEMBER_FILTERS: readonly MemberFilterName[] = [
  "Hierarchy",
  "Substitution",
  "Descendants",
  "Children",
  "Children Inclusive",
  "Siblings",
  "Siblings Inclusive",
  "Parents",
  "Ancestors Inclusive",
  "Level 0 Descendants",
];

export const API_FILTERS: readonly ApiFilter[] = [
  "NONE",
  "CHILDREN",
  "DESCENDANT",
  "UDA",
  "LEVEL",
  "GENERATION",
];

export class QueryError extends EngineError {
  override readonly name = "QueryError";
  /** `reason`: what is wrong with the argument, in each language of the API's messages (English only when absent). */
  constructor(
    message: string,
    field: string | null = null,
    readonly reason?: { readonly en: string; readonly fr: string },
  ) {
    super("QUERY_INVALID", message, field);
  }
}

export function children(m: Member): Member[] {
  return [...m.children];
}

export function childrenInclusive(m: Member): Member[] {
  return [m, ...m.children];
}

export function descendants(m: Member): Member[] {
  return m.descendants();
}

export function descendantsInclusive(m: Member): Member[] {
  return [m, ...m.descendants()];
}

/** Level-0 descendants (the member itself when it is a leaf), shared instances included once per position. */
export function level0Descendants(m: Member): Member[] {
  if (m.isLeaf) return [m];
  return m.descendants().filter((d) => d.isLeaf);
}

export function siblings(m: Member): Member[] {
  return m.siblings();
}

export function siblingsInclusive(m: Member): Member[] {
  return m.parent ? [...m.parent.children] : [m];
}

/** The parent of the member and of each of its shared instances (e.g. 100-20 → 100, Diet). */
export function parents(m: Member): Member[] {
  const out: Member[] = [];
  for (const inst of instances(m)) if (inst.parent && !out.includes(inst.parent)) out.push(inst.parent);
  return sortOutline(out);
}

export function ancestors(m: Member): Member[] {
  return m.ancestors().reverse();
}

/** Ancestors from the dimension down, then the member itself (Essbase @IANCESTORS lists the member first). */
export function ancestorsInclusive(m: Member): Member[] {
  return [...m.ancestors().reverse(), m];
}

/** Members at a level, excluding shared instances (each stored member once). */
export function levelMembers(dim: Dimension, level: number): Member[] {
  return dim.members.filter((x) => x.level === level && !x.isShared);
}

/** Members at a generation (1 = the dimension), excluding shared instances. */
export function generationMembers(dim: Dimension, generation: number): Member[] {
  return dim.members.filter((x) => x.generation === generation && !x.isShared);
}

/** Members carrying a UDA (case-insensitive), first instance only like `<UDA`. */
export function udaMembers(dim: Dimension, uda: string): Member[] {
  const u = uda.toLowerCase();
  return dim.members.filter((x) => !x.isShared && x.udas.some((y) => y.toLowerCase() === u));
}

/** @RELATIVE: positive n = generation n below m, 0 or negative = level |n| below m (m included when it matches). */
export function relative(m: Member, n: number): Member[] {
  const all = [m, ...m.descendants()].filter((x) => !x.isShared || x === m);
  if (n > 0) return all.filter((x) => x.generation === n);
  return all.filter((x) => x.level === -n);
}

/**
 * Base members associated with an attribute member, or with any level-0 member below an upper attribute
 * member (e.g. Population `Small`); the attribute dimension itself matches every associated member.
 */
export function attributeMembers(outline: Outline, attribute: Member): Member[] {
  const attrDim = attribute.dimension;
  const base = attrDim.baseDimensionName ? outline.dimension(attrDim.baseDimensionName) : undefined;
  if (!base) return [];
  const accepted = new Set(level0Descendants(attribute));
  return base.members.filter((x) => {
    if (x.isShared) return false;
    const a = x.attributes.get(attrDim.name);
    return a !== undefined && accepted.has(a);
  });
}

/** Substitution variables as `{ name, value }`, sorted by name. */
export function substitutionVariables(outline: Outline): { name: string; value: string }[] {
  return [...outline.substitutionVariables.entries()]
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Members whose name or alias (in `aliasTable`, when given) matches a pattern with `*` (any run) and `?`
 * (one character), case-insensitive. Without wildcards the whole text must match.
 */
export function searchMembers(
  scope: Dimension | Outline,
  pattern: string,
  aliasTable?: string | null,
): Member[] {
  const re = wildcardRegExp(pattern);
  const dims = "members" in scope ? [scope] : scope.dimensions;
  const out: Member[] = [];
  for (const d of dims) {
    for (const m of d.members) {
      const alias = aliasTable ? m.alias(aliasTable) : undefined;
      if (re.test(m.name) || (alias !== undefined && re.test(alias))) out.push(m);
    }
  }
  return out;
}

/** Whether a text matches a pattern, as `RegExp.test` says. */
export interface TextMatcher {
  test(text: string): boolean;
}

/** A UTF-16 unit without case (one unit: a RegExp without the `u` flag compares units). */
function foldUnit(code: number): number {
  const lower = String.fromCharCode(code).toLowerCase();
  return lower.length === 1 ? lower.charCodeAt(0) : code;
}

const STAR = -1;
const ANY = -2;

/**
 * `*` (any run of characters, none included) and `?` (exactly one) in `pattern`, every other character literal,
 * case ignored; `whole`: the pattern matches the whole text, else any part of it. Matched in at most the
 * pattern's length times the text's steps: a RegExp of the pattern backtracked without end on many stars and a
 * long name (`*?` twelve times then `!`, against an alias of 42 characters: more than five minutes).
 */
export function wildcardMatcher(pattern: string, whole: boolean): TextMatcher {
  const p: number[] = [];
  if (!whole) p.push(STAR);
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    const code = c === "*" ? STAR : c === "?" ? ANY : foldUnit(pattern.charCodeAt(i));
    // A run of stars is one star.
    if (code !== STAR || p[p.length - 1] !== STAR) p.push(code);
  }
  if (!whole && p[p.length - 1] !== STAR) p.push(STAR);
  return {
    test(text: string): boolean {
      // The last star is the only one ever taken back: whatever an earlier star took, a later one can take.
      let i = 0;
      let j = 0;
      let star = -1;
      let resume = 0;
      while (i < text.length) {
        const at = p[j];
        if (at !== undefined && at !== STAR && (at === ANY || at === foldUnit(text.charCodeAt(i)))) {
          i++;
          j++;
        } else if (at === STAR) {
          star = j++;
          resume = i;
        } else if (star >= 0) {
          j = star + 1;
          i = ++resume;
        } else return false;
      }
      while (p[j] === STAR) j++;
      return j === p.length;
    },
  };
}

export function wildcardRegExp(pattern: string): TextMatcher {
  return wildcardMatcher(pattern, true);
}

/** Where a keyword search looks: member names, aliases (of one alias table), or both. */
export type KeywordSearchIn = "NAME" | "ALIAS" | "BOTH";

export interface KeywordSearch {
  /** The text to find; `*` stands for any run of characters (none included), `?` for one. Case is ignored. */
  keyword: string;
  /** `true`: the keyword (with its wildcards) must match the whole name or alias; else any part of it. */
  matchWholeWord: boolean;
  searchIn: KeywordSearchIn;
  /** The alias table whose aliases are searched. */
  aliasTable: string;
}

/**
 * The regular expression of a search keyword: `*` any run of characters, `?` exactly one (as the Member
 * Selection dialog's search), every other character literal.
 */
export function keywordRegExp(keyword: string, matchWholeWord: boolean): TextMatcher {
  return wildcardMatcher(keyword, matchWholeWord);
}

/**
 * Smart View's Find (Essbase REST's `keyword` search): the members of `dims` (in order, each in outline order)
 * whose name or alias matches the keyword. A shared member is not repeated: its stored member is found once.
 */
export function keywordSearch(dims: readonly Dimension[], search: KeywordSearch): Member[] {
  const re = keywordRegExp(search.keyword, search.matchWholeWord);
  const out: Member[] = [];
  for (const d of dims) {
    for (const m of d.members) {
      if (m.isShared) continue;
      const byName = search.searchIn !== "ALIAS" && re.test(m.name);
      const alias = search.searchIn !== "NAME" ? m.alias(search.aliasTable) : undefined;
      if (byName || (alias !== undefined && re.test(alias))) out.push(m);
    }
  }
  return out;
}

/** The substitution variables of an outline as it spells them, sorted by name. */
export function outlineVariables(outline: Outline): { name: string; value: string }[] {
  return outline.substitutionVariableNames
    .map((name) => ({ name, value: outline.substitutionVariable(name) ?? "" }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The whole dimension tree in outline order (the `Hierarchy` filter and `nav/dimtree`). */
export function hierarchy(dim: Dimension): Member[] {
  return [...dim.members];
}

/**
 * The API's `nav/filter`: NONE = the whole dimension, CHILDREN / DESCENDANT of the dimension (or of `member`
 * when given), UDA with the UDA text in `arg1`, LEVEL / GENERATION with the number in `arg1`.
 */
export function applyApiFilter(
  dim: Dimension,
  filter: ApiFilter | string,
  arg1?: string | number | null,
  member?: Member,
): Member[] {
  const root = member ?? dim.root;
  switch (String(filter).toUpperCase()) {
    case "NONE":
      return hierarchy(dim);
    case "CHILDREN":
      return children(root);
    case "DESCENDANT":
    case "DESCENDANTS":
      return descendants(root);
    case "UDA":
      if (arg1 === undefined || arg1 === null || String(arg1) === "")
        throw new QueryError("UDA filter needs arg1", null, {
          en: "the UDA filter needs the name of a user-defined attribute (UDA)",
          fr: "le filtre UDA attend le nom d'un attribut défini par l'utilisateur (UDA)",
        });
      return udaMembers(dim, String(arg1));
    case "LEVEL":
      return levelMembers(dim, integerArg(arg1, "LEVEL"));
    case "GENERATION":
      return generationMembers(dim, integerArg(arg1, "GENERATION"));
    default:
      throw new QueryError(`Unknown filter "${filter}"; expected one of ${API_FILTERS.join(", ")}`);
  }
}

/**
 * The member relations of the member filters ({@link MEMBER_FILTERS}), by normalised name (`level 0 descendants`): the one
 * implementation behind `applyMemberFilter`, the planning member calls and the member selection of prompts.
 */
const RELATIONS: Readonly<Record<string, (m: Member) => Member[]>> = {
  descendants,
  children,
  "children inclusive": childrenInclusive,
  siblings,
  "siblings inclusive": siblingsInclusive,
  parents,
  "ancestors inclusive": ancestorsInclusive,
  "level 0 descendants": level0Descendants,
};

/** A filter name as written by users (`Level 0 Descendants`, `level_0-descendants`) in its one spelling. */
export function memberFilterKey(filter: string): string {
  return String(filter)
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
}

/** The relation of a member filter that starts from a member, or undefined (Hierarchy, Substitution, unknown). */
export function memberRelation(filter: string): ((m: Member) => Member[]) | undefined {
  return RELATIONS[memberFilterKey(filter)];
}

/** A member filter ({@link MEMBER_FILTERS}) applied to a member (Hierarchy and Substitution ignore the member's position). */
export function applyMemberFilter(
  outline: Outline,
  filter: MemberFilterName | string,
  member: Member,
): Member[] | { name: string; value: string }[] {
  const key = memberFilterKey(filter);
  if (key === "hierarchy") return hierarchy(member.dimension);
  if (key === "substitution") return substitutionVariables(outline);
  const relation = RELATIONS[key];
  if (!relation) {
    throw new QueryError(`Unknown member filter "${filter}"; expected one of ${MEMBER_FILTERS.join(", ")}`);
  }
  return relation(member);
}

/** The stored member and all its shared instances. */
export function instances(m: Member): Member[] {
  const stored = m.stored;
  return stored.dimension.members.filter((x) => x === stored || x.prototype === stored);
}

function integerArg(arg: string | number | null | undefined, filter: string): number {
  const n = typeof arg === "number" ? arg : Number(arg);
  if (!Number.isInteger(n) || n < 0)
    throw new QueryError(`${filter} filter needs a non-negative integer arg1`, null, {
      en: `the ${filter} filter needs an integer of 0 or more`,
      fr: `le filtre ${filter} attend un entier positif ou nul`,
    });
  return n;
}

function sortOutline(ms: Member[]): Member[] {
  return ms.sort((a, b) => a.dimension.index - b.dimension.index || a.ordinal - b.ordinal);
}

/**
 * Parses a Dynamic Time Series reference such as `Q-T-D(May)` or `H-T-D(&CurrMonth)` against the time
 * dimension: the DTS name must be enabled there and the latest period must be a time member. Read the value
 * with {@link Cube.readToDate}.
 */
export function parseDynamicTimeSeries(
  outline: Outline,
  text: string,
): { dts: string; latest: Member } | undefined {
  const label = dynamicTimeSeriesLabel(text);
  if (!label) return undefined;
  const dts = label.series;
  const time = outline.dimensions.find((d) => d.type === "time");
  if (!time?.dynamicTimeSeries.has(dts)) return undefined;
  let name = label.latest;
  if (name.startsWith("&")) name = outline.substitutionVariable(name) ?? name;
  const latest = outline.resolve(name);
  return latest && latest.dimension === time ? { dts, latest } : undefined;
}
