import type { components } from "@qibates/client/schema";
import type { CubeRef, Provider, ProviderSession } from "@qibates/connectors";
import { badRequest } from "./errors.ts";

type Schemas = components["schemas"];
type Storage = Schemas["MemberNode"]["storage"];

/** One member of an outline read through the provider. */
export interface OutlineMember {
  name: string;
  dimension: string;
  dimensionType: string;
  parent: OutlineMember | null;
  children: OutlineMember[];
  generation: number;
  level: number;
  consolidation: Schemas["MemberNode"]["consolidation"];
  storage: Storage;
  /** Alias per alias table that has one. */
  aliases: Record<string, string>;
  /** User-defined attributes. */
  udas: readonly string[];
}

/** The members of a cube, dimension by dimension, in outline order. */
export interface OutlineIndex {
  dimensions: OutlineMember[];
  /** Every member in outline order (depth first). */
  members: OutlineMember[];
  byName: Map<string, OutlineMember>;
  aliasTables: string[];
}

/**
 * Reads a cube's outline through the provider: the dimensions, then each dimension's tree once per alias table
 * (the contract answers one alias table at a time), merged into one index.
 */
export async function readOutline(
  provider: Provider,
  session: ProviderSession,
  cube: CubeRef,
): Promise<OutlineIndex> {
  const essbase = essbaseOf(provider);
  const [dims, tables] = await Promise.all([
    essbase.dimensions(session, cube),
    essbase.aliasTables(session, cube),
  ]);
  const aliasTables = tables.aliasTables.map((t) => t.name);
  const index: OutlineIndex = { dimensions: [], members: [], byName: new Map(), aliasTables };
  for (const dim of dims.dimensions) {
    const [udas, ...trees] = await Promise.all([
      essbase.memberUdas(session, cube, dim.name),
      ...aliasTables.map((table) =>
        essbase.dimensionTree(session, cube, { dimension: dim.name, aliasTable: table }),
      ),
    ]);
    const build = (nodes: Schemas["MemberNode"][], parent: OutlineMember | null): OutlineMember => {
      const [first] = nodes as [Schemas["MemberNode"]];
      const m: OutlineMember = {
        name: first.name,
        dimension: dim.name,
        dimensionType: dim.type,
        parent,
        children: [],
        generation: first.generation,
        level: first.level,
        consolidation: first.consolidation,
        storage: first.storage,
        aliases: {},
        udas: udas[first.name] ?? [],
      };
      nodes.forEach((n, i) => {
        const table = aliasTables[i];
        if (table !== undefined && n.alias !== null && n.alias !== "") m.aliases[table] = n.alias;
      });
      index.members.push(m);
      if (!index.byName.has(m.name.toLowerCase())) index.byName.set(m.name.toLowerCase(), m);
      m.children = first.children.map((_, c) =>
        build(
          nodes.map((n) => n.children[c] as Schemas["MemberNode"]),
          m,
        ),
      );
      return m;
    };
    index.dimensions.push(
      build(
        trees.map((t) => t.root),
        null,
      ),
    );
  }
  return index;
}

export function essbaseOf(provider: Provider): NonNullable<Provider["essbase"]> {
  if (!provider.essbase) throw badRequest("This server serves no Essbase cube.");
  return provider.essbase;
}

/** A member named by its name (or, failing that, by an alias of any table), without regard to case. */
export function findMember(index: OutlineIndex, name: string): OutlineMember {
  const key = name.toLowerCase();
  const m =
    index.byName.get(key) ??
    index.members.find((x) => Object.values(x.aliases).some((a) => a.toLowerCase() === key));
  if (!m) throw badRequest(`Member ${name} does not exist in the outline.`);
  return m;
}

/** Essbase's storage names (`DYNAMICCALC` is the one a live server was seen to send). */
const STORAGE: Record<Storage, string> = {
  store: "STOREDATA",
  dynamicCalc: "DYNAMICCALC",
  dynamicCalcAndStore: "DYNAMICCALCANDSTORE",
  labelOnly: "LABELONLY",
  shared: "SHAREDMEMBER",
  neverShare: "NEVERSHARE",
};

export function descendants(m: OutlineMember): number {
  return m.children.reduce((n, c) => n + 1 + descendants(c), 0);
}

/**
 * A member as `MemberBean`. As Essbase does, defaults are left out: `consolidation` when it is `+`,
 * `numberOfChildren` on a leaf, `activeAliasName` unless the session's alias table is not `Default`, the
 * `dimension`, `account` and `attribute` flags when false.
 */
export function memberBean(m: OutlineMember, activeAlias: string): Record<string, unknown> {
  const bean: Record<string, unknown> = {
    name: m.name,
    uniqueName: m.name,
    dimensionName: m.dimension,
    levelNumber: m.level,
    generationNumber: m.generation,
    aliases: { ...m.aliases },
    dataStorageType: STORAGE[m.storage],
    descendantsCount: descendants(m),
  };
  if (m.children.length > 0) bean.numberOfChildren = m.children.length;
  if (m.parent) bean.parentName = m.parent.name;
  if (m.udas.length > 0) bean.uda = [...m.udas];
  if (m.consolidation !== "+") bean.consolidation = m.consolidation;
  if (activeAlias.toLowerCase() !== "default") bean.activeAliasName = m.aliases[activeAlias] ?? m.name;
  if (!m.parent) {
    bean.dimension = true;
    if (m.dimensionType !== "regular") bean.dimensionType = m.dimensionType.toUpperCase();
  }
  if (m.dimensionType === "accounts") bean.account = true;
  if (m.dimensionType === "attribute") bean.attribute = true;
  return bean;
}

/** `offset`/`limit` of a list, as `RestCollectionResponse` (and the other `*List` wrappers) answer it. */
export function page<T>(
  all: readonly T[],
  offset: number,
  limit: number,
): { items: T[]; count: number; hasMore: boolean; offset: number; limit: number; totalResults: number } {
  const items = all.slice(offset, offset + limit);
  return {
    items,
    count: items.length,
    hasMore: offset + items.length < all.length,
    offset,
    limit,
    totalResults: all.length,
  };
}
