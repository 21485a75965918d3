import type { components } from "@qibates/client/schema";
import type { Dimension, Member, Outline } from "@qibates/engine";
import { keywordRegExp } from "@qibates/engine/members";
import type { SearchInput } from "@qibates/provider";

type Schemas = components["schemas"];

/** A member a search may find, as an outline or a server lists it. */
export interface SearchCandidate {
  dimension: string;
  name: string;
  /** Its alias in the call's alias table; null when it has none there. */
  alias: string | null;
  generation: number;
  level: number;
}

/**
 * `nav/search`'s rule, the one every path answers by: among `candidates` (each dimension's members in outline
 * order, the dimensions in the order the answer lists them), those whose name (`searchIn` `NAME` or `BOTH`) or
 * alias (`ALIAS` or `BOTH`) the keyword matches (`keywordRegExp`: wildcards, whole word), each name of a dimension
 * once — its first instance, the stored member, which Essbase lists before its shared ones — then the page
 * `offset`/`limit` of them. Each candidate is read when it is given, never kept. A server's hits may hold more
 * members than the keyword matches (a fragment of it, a looser pattern): the rule chooses among them as the
 * demo chooses among its outline's members.
 */
export function searchAnswer(
  input: SearchInput,
  candidates: Iterable<SearchCandidate>,
): Schemas["SearchResponse"] {
  const re = keywordRegExp(input.keyword, input.matchWholeWord);
  const byName = input.searchIn !== "ALIAS";
  const byAlias = input.searchIn !== "NAME";
  const seen = new Set<string>();
  const found: Schemas["SearchHit"][] = [];
  for (const m of candidates) {
    if (!((byName && re.test(m.name)) || (byAlias && m.alias !== null && re.test(m.alias)))) continue;
    // Instances of one member share its name (and its alias): the first one matched stands for all.
    const key = `${m.dimension.toLowerCase()}\u0000${m.name.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({
      dimension: m.dimension,
      name: m.name,
      alias: m.alias,
      generation: m.generation,
      level: m.level,
    });
  }
  return {
    keyword: input.keyword,
    matchWholeWord: input.matchWholeWord,
    searchIn: input.searchIn,
    total: found.length,
    offset: input.offset,
    limit: input.limit,
    members: found.slice(input.offset, input.offset + input.limit),
  };
}

/**
 * The order in which a search of every dimension visits them, as the demo's search does: the base dimensions in
 * outline order, then the attribute dimensions. Remote connectors read it of their server's dimension list.
 */
export function searchOrder(
  dimensions: readonly { readonly name: string; readonly type?: string | null }[],
): string[] {
  return [
    ...dimensions.filter((d) => d.type !== "attribute"),
    ...dimensions.filter((d) => d.type === "attribute"),
  ].map((d) => d.name);
}

/**
 * `nav/search` over an outline the provider holds (the embedded engine's, or the one a remote connector rebuilt
 * from its server's members): the members of `dimension` (or of every dimension, base then attribute, in outline
 * order) whose name or alias in `table` matches ({@link searchAnswer}); shared members are found through their
 * stored member only.
 */
export function searchOutline(
  outline: Outline,
  dimension: Dimension | null,
  table: string,
  input: SearchInput,
): Schemas["SearchResponse"] {
  const dims = dimension ? [dimension] : [...outline.baseDimensions, ...outline.attributeDimensions];
  function* candidates(): Generator<SearchCandidate> {
    // One view of the member at hand, given again for each member (searchAnswer reads a candidate when it is
    // given): nothing is made per member, and a level, a generation or an alias is read only for a member the
    // rule reads it of.
    let at: Member | undefined;
    let dim = "";
    const view: SearchCandidate = {
      get dimension() {
        return dim;
      },
      get name() {
        return (at as Member).name;
      },
      get alias() {
        return (at as Member).alias(table) ?? null;
      },
      get generation() {
        return (at as Member).generation;
      },
      get level() {
        return (at as Member).level;
      },
    };
    for (const d of dims) {
      dim = d.name;
      for (const m of d.members) {
        if (m.isShared) continue;
        at = m;
        yield view;
      }
    }
  }
  return searchAnswer(input, candidates());
}
