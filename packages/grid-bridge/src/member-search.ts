import type { components } from "@qibates/client/schema";
import type { Dimension, Outline } from "@qibates/engine";
import { keywordSearch } from "@qibates/engine/members";
import type { SearchInput } from "@qibates/provider";

type Schemas = components["schemas"];

/**
 * `nav/search` over an outline the provider holds (the embedded engine's, or the one essbase-stndln rebuilt
 * from the Essbase REST outline endpoints): the members of `dimension` (or of every dimension, base then
 * attribute, in outline order) whose name or alias in `table` matches, and the page `offset`/`limit` of them.
 */
export function searchOutline(
  outline: Outline,
  dimension: Dimension | null,
  table: string,
  input: SearchInput,
): Schemas["SearchResponse"] {
  const dims = dimension ? [dimension] : [...outline.baseDimensions, ...outline.attributeDimensions];
  const found = keywordSearch(dims, {
    keyword: input.keyword,
    matchWholeWord: input.matchWholeWord,
    searchIn: input.searchIn,
    aliasTable: table,
  });
  return {
    keyword: input.keyword,
    matchWholeWord: input.matchWholeWord,
    searchIn: input.searchIn,
    total: found.length,
    offset: input.offset,
    limit: input.limit,
    members: found.slice(input.offset, input.offset + input.limit).map((m) => ({
      dimension: m.dimension.name,
      name: m.name,
      alias: m.alias(table) ?? null,
      generation: m.generation,
      level: m.level,
    })),
  };
}
