import type { components } from "@qibates/client/schema";
import type { Dimension } from "@qibates/engine";
import type { FilterInput, SearchInput } from "@qibates/provider";
import { ProviderError } from "@qibates/provider";
import { searchOutline } from "./member-search.ts";
import { filterOutline, knownAliasTable, memberNode } from "./members.ts";
import type { RemoteOutline } from "./remote-outline.ts";

type Schemas = components["schemas"];

/**
 * The metadata calls every connector answers over the outline it read from its server (an engine `Outline`
 * rebuilt from the server's answers): dimensions, trees, member filters, search, UDAs and alias tables
 * answer as on the demo, whatever protocol the outline came through (Essbase REST, XMLA Discover).
 */

/** The alias table as the outline spells it (`Default` when none is given), or `ALIAS_TABLE_UNKNOWN`. */
export function remoteAliasTable(remote: RemoteOutline, value: string | undefined, field: string): string {
  return knownAliasTable(remote.aliasTables, value, field);
}

/** The dimension, or `DIMENSION_UNKNOWN`. */
export function remoteDimension(remote: RemoteOutline, name: string, cube: string, field: string): Dimension {
  const dim = remote.outline.dimension(name);
  if (!dim) {
    throw new ProviderError(
      "DIMENSION_UNKNOWN",
      `Unknown dimension ${name}.`,
      { dimension: name, cube },
      field,
    );
  }
  return dim;
}

export function remoteDimensions(
  remote: RemoteOutline,
  cube: string,
  aliasTable: string | undefined,
): Schemas["DimensionList"] {
  const table = remoteAliasTable(remote, aliasTable, "aliastable");
  return {
    cube,
    aliastable: table,
    dimensions: remote.dimensions.map((d) => ({
      name: d.name,
      alias: remote.outline.dimension(d.name)?.root.alias(table) ?? null,
      type: d.type,
      // Neither the REST API nor XMLA says whether a dimension is dense or sparse.
      storage: null,
    })),
  };
}

export function remoteDimensionTree(
  remote: RemoteOutline,
  cube: string,
  input: { dimension: string; aliasTable?: string },
): Schemas["DimensionTree"] {
  const table = remoteAliasTable(remote, input.aliasTable, "aliastable");
  const dim = remoteDimension(remote, input.dimension, cube, "action.dimension");
  return { dimension: input.dimension, aliastable: table, root: memberNode(dim.root, table) };
}

export function remoteFilter(
  remote: RemoteOutline,
  cube: string,
  input: FilterInput,
): Schemas["FilterResponse"] {
  const table = remoteAliasTable(remote, input.aliasTable, "aliastable");
  const dim = remoteDimension(remote, input.dimension, cube, "dimension");
  return filterOutline(remote.outline, dim, table, input);
}

export function remoteSearch(
  remote: RemoteOutline,
  cube: string,
  input: SearchInput,
): Schemas["SearchResponse"] {
  const table = remoteAliasTable(remote, input.aliasTable, "aliastable");
  const dim = input.dimension === null ? null : remoteDimension(remote, input.dimension, cube, "dimension");
  return searchOutline(remote.outline, dim, table, input);
}

export function remoteUdas(
  remote: RemoteOutline,
  cube: string,
  dimension: string,
): Record<string, readonly string[]> {
  const dim = remoteDimension(remote, dimension, cube, "dimension");
  const out: Record<string, readonly string[]> = {};
  for (const m of dim.members) if (m.udas.length > 0) out[m.name] = [...m.udas];
  return out;
}
