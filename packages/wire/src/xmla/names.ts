import type { Dimension, Member } from "@qibates/engine";

/**
 * How the endpoint names an Essbase outline in XMLA terms. One hierarchy per dimension, named as the dimension;
 * one level per generation (`LEVEL_NUMBER` = generation − 1, as MDX counts from the top); members by name, an
 * outline's member names being unique, a shared member through its parent. Every name is one the engine's MDX
 * resolves back.
 */

export function bracket(name: string): string {
  return `[${name.replaceAll("]", "]]")}]`;
}

export function dimensionName(d: Dimension): string {
  return bracket(d.name);
}

/** `[Market]` for the dimension's top member, `[Market].[East]`, a shared member `[Product].[Diet].[100-20]`. */
export function memberName(m: Member): string {
  if (m.parent === null) return bracket(m.dimension.name);
  if (m.isShared) return `${bracket(m.dimension.name)}.${bracket(m.parent.name)}.${bracket(m.name)}`;
  return `${bracket(m.dimension.name)}.${bracket(m.name)}`;
}

/**
 * The name of a generation: the outline's generation name when it has one (Year's `Quarter`), else Essbase's
 * placeholder `Gen<n>,<dimension>`.
 */
export function levelName(d: Dimension, generation: number): string {
  return d.generationNames.get(generation) ?? `Gen${generation},${d.name}`;
}

export function levelUniqueName(d: Dimension, generation: number): string {
  return `${bracket(d.name)}.${bracket(levelName(d, generation))}`;
}

/** The deepest generation of a dimension. */
export function depth(d: Dimension): number {
  let max = 1;
  for (const m of d.members) if (m.generation > max) max = m.generation;
  return max;
}

/** The member's caption: its alias in the table, else its name. */
export function caption(m: Member, aliasTable: string): string {
  return m.alias(aliasTable) ?? m.name;
}

/** MEMBER_TYPE (MS-SSAS): 1 regular, 2 all, 3 measure, 4 formula. */
export function memberType(m: Member): number {
  if (m.formula !== undefined) return 4;
  if (m.dimension.type === "accounts") return 3;
  if (m.parent === null) return 2;
  return 1;
}

/** DIMENSION_TYPE (OLE DB for OLAP): 1 time, 2 measure, 3 other. */
export function dimensionType(d: Dimension): number {
  if (d.type === "accounts") return 2;
  if (d.type === "time") return 1;
  return 3;
}
