import type { components } from "@qibates/client/schema";
import {
  DATA_STORAGE,
  type GenerationLevel,
  getLink,
  type MemberBean,
} from "@qibates/protocols/essbase-rest";
import { type CubeRef, olapLayerName, type Provider, type ProviderSession } from "@qibates/provider";
import { badRequest } from "./errors.ts";

type Schemas = components["schemas"];
type Storage = Schemas["MemberNode"]["storage"];

/** One member of an outline read through the provider. */
export interface OutlineMember {
  /** Position in outline order (depth first, from 1), the number of `memberId`. */
  id: number;
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
  /**
   * The outline's own names of a dimension's generations and levels (Year's `Quarter`), where the provider's
   * OLAP port gives them; a generation or level without one is named as Essbase names it (`Gen2,Market`).
   * The same names MDSCHEMA_LEVELS and the MDX engine use, so every endpoint answers one outline alike.
   */
  layerNames: Map<
    string,
    { generationNames: Readonly<Record<number, string>>; levelNames: Readonly<Record<number, string>> }
  >;
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
  const layerNames = await layerNamesOf(provider, session, cube);
  const aliasTables = tables.aliasTables.map((t) => t.name);
  const index: OutlineIndex = {
    dimensions: [],
    members: [],
    byName: new Map(),
    aliasTables,
    layerNames,
  };
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
        id: index.members.length + 1,
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

/** The generation and level names of every dimension, from the OLAP port when the provider has one. */
async function layerNamesOf(
  provider: Provider,
  session: ProviderSession,
  cube: CubeRef,
): Promise<OutlineIndex["layerNames"]> {
  const names: OutlineIndex["layerNames"] = new Map();
  const metadata = provider.olap
    ? await (await provider.olap.cube(session.connector, cube, session)).metadata()
    : null;
  for (const d of metadata?.dimensions ?? [])
    names.set(d.name.toLowerCase(), { generationNames: d.generationNames, levelNames: d.levelNames });
  return names;
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

/** Each member's count of descendants, worked out once per member (an outline index is never changed). */
const descendantCounts = new WeakMap<OutlineMember, number>();

export function descendants(m: OutlineMember): number {
  let n = descendantCounts.get(m);
  if (n === undefined) {
    n = 0;
    // Depth first without recursion: a dimension may be deep, and a top member's count is asked on every list of
    // the dimensions (a million members walked each time, 0.6–1.3 s at 101,007, before it was kept).
    const stack = [...m.children];
    while (stack.length > 0) {
      const c = stack.pop() as OutlineMember;
      n++;
      for (const k of c.children) stack.push(k);
    }
    descendantCounts.set(m, n);
  }
  return n;
}

/** Members stored in the cube: neither dynamic, label only nor shared. */
export function storedMembers(m: OutlineMember): number {
  const own = m.storage === "store" || m.storage === "neverShare" || m.storage === "dynamicCalcAndStore";
  return (own ? 1 : 0) + m.children.reduce((n, c) => n + storedMembers(c), 0);
}

/**
 * A member as `MemberBean`. As Essbase does, defaults are left out: `consolidation` when it is `+`,
 * `numberOfChildren` on a leaf, `activeAliasName` unless the session's alias table is not `Default`, the
 * `dimension`, `account` and `attribute` flags when false. `memberId` is `id__<n>` (the shape appliedolap
 * recorded from a live server), `n` the member's place in outline order; `links` (unless the call asked
 * `links=none`) point at the member, its children, its ancestors and its descendant count under `outline`
 * (the cube's `/outline/{app}/{cube}` address).
 */
export function memberBean(m: OutlineMember, activeAlias: string, outline: string | null = null): MemberBean {
  const siblings = m.parent ? m.parent.children : null;
  const bean: MemberBean = {
    name: m.name,
    uniqueName: m.name,
    memberId: `id__${m.id}`,
    dimensionName: m.dimension,
    levelNumber: m.level,
    generationNumber: m.generation,
    aliases: { ...m.aliases },
    dataStorageType: DATA_STORAGE[m.storage],
    descendantsCount: descendants(m),
  };
  if (m.children.length > 0) bean.numberOfChildren = m.children.length;
  if (m.parent) bean.parentName = m.parent.name;
  if (siblings) bean.previousSiblingsCount = siblings.indexOf(m);
  if (m.udas.length > 0) bean.uda = [...m.udas];
  if (m.consolidation !== "+") bean.consolidation = m.consolidation;
  if (activeAlias.toLowerCase() !== "default") bean.activeAliasName = m.aliases[activeAlias] ?? m.name;
  if (!m.parent) {
    bean.dimension = true;
    if (m.dimensionType !== "regular") bean.dimensionType = m.dimensionType.toUpperCase();
  }
  if (m.dimensionType === "accounts") bean.account = true;
  if (m.dimensionType === "attribute") bean.attribute = true;
  if (outline !== null) {
    const name = encodeURIComponent(m.name);
    bean.links = [
      getLink("self", `${outline}/${name}`),
      getLink("children", `${outline}?parent=${name}`),
      getLink("ancestors", `${outline}/ancestors/${name}`),
      getLink("descendantsCount", `${outline}/descendantsCount/${name}`),
    ];
  }
  return bean;
}

/** The depth of a dimension: its generations (1 for the top alone). */
export function generationsOf(dimension: OutlineMember): number {
  return dimension.children.reduce((n, c) => Math.max(n, generationsOf(c) + 1), 1);
}

/**
 * The generations (`kind` "generations", 1 = the dimension) or levels (0 = the leaves) of a dimension, as
 * `GenerationLevel`: named as Essbase names them when the outline gives no name (`Gen2,Market`,
 * `Lev0,Market`), `unique` false (the outline's default).
 */
export function generationLevels(
  index: OutlineIndex,
  dimension: OutlineMember,
  kind: "generations" | "levels",
  base: string | null,
): GenerationLevel[] {
  const own = index.layerNames.get(dimension.name.toLowerCase());
  const named = {
    name: dimension.name,
    generationNames: own?.generationNames ?? {},
    levelNames: own?.levelNames ?? {},
  };
  const depth = generationsOf(dimension);
  const numbers =
    kind === "generations"
      ? Array.from({ length: depth }, (_, i) => i + 1)
      : Array.from({ length: depth }, (_, i) => i);
  return numbers.map((number) => {
    const name = olapLayerName(named, kind === "generations" ? "generation" : "level", number);
    const item: GenerationLevel = { name, number, unique: false };
    if (base !== null) item.links = [getLink("self", `${base}/${number}`)];
    return item;
  });
}
