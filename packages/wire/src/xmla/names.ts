import type { Dimension, Member } from "@qibates/connectors/engine-port";
import { bracket, DIMENSION_TYPE, MEMBER_TYPE } from "@qibates/protocols/xmla";

/**
 * How the endpoint names an Essbase outline in XMLA terms. One hierarchy per dimension, named as the dimension;
 * one level per generation (`LEVEL_NUMBER` = generation − 1, as MDX counts from the top); members by name, an
 * outline's member names being unique, a shared member through its parent. Every name is one the engine's MDX
 * resolves back.
 */

/** Whether two names are the same name: MDX and XMLA restrictions compare names without case. */
export const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

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
  return d.generationName(generation);
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

/** MEMBER_TYPE: a formula, a measure (the accounts dimension), the dimension's top (all), else regular. */
export function memberType(m: Member): number {
  if (m.formula !== undefined) return MEMBER_TYPE.FORMULA;
  if (m.dimension.type === "accounts") return MEMBER_TYPE.MEASURE;
  if (m.parent === null) return MEMBER_TYPE.ALL;
  return MEMBER_TYPE.REGULAR;
}

/** DIMENSION_TYPE: accounts answer as the measure dimension, time as time, every other one as other. */
export function dimensionType(d: Dimension): number {
  if (d.type === "accounts") return DIMENSION_TYPE.MEASURE;
  if (d.type === "time") return DIMENSION_TYPE.TIME;
  return DIMENSION_TYPE.OTHER;
}
