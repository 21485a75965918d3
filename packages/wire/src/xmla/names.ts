import { bracket, DIMENSION_TYPE, MEMBER_TYPE } from "@qibates/protocols/xmla";
import {
  type OlapDimension,
  OlapDimensionIndex,
  type OlapMember,
  type OlapMetadata,
  olapLayerName,
} from "@qibates/provider";

/**
 * How the endpoint names an Essbase outline in XMLA terms. One hierarchy per dimension, named as the dimension;
 * one level per generation (`LEVEL_NUMBER` = generation − 1, as MDX counts from the top); members by name, an
 * outline's member names being unique, a shared member through its parent. Every name is one the engine's MDX
 * resolves back. The outline is the OLAP port's (`Provider.olap`): plain data, from whichever provider.
 */

/** Whether two names are the same name: MDX and XMLA restrictions compare names without case. */
export const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

export function dimensionName(d: { readonly name: string }): string {
  return bracket(d.name);
}

/** `[Market]` for the dimension's top member, `[Market].[East]`, a shared member `[Product].[Diet].[100-20]`. */
export function memberName(m: OlapMember): string {
  if (m.parent === null) return bracket(m.dimension);
  if (m.shared) return `${bracket(m.dimension)}.${bracket(m.parent)}.${bracket(m.name)}`;
  return `${bracket(m.dimension)}.${bracket(m.name)}`;
}

/**
 * The name of a generation: the outline's generation name when it has one (Year's `Quarter`), else Essbase's
 * placeholder `Gen<n>,<dimension>`.
 */
export function levelName(d: OlapDimension, generation: number): string {
  return olapLayerName(d, "generation", generation);
}

export function levelUniqueName(d: OlapDimension, generation: number): string {
  return layerUniqueName(d, levelName(d, generation));
}

/** A generation's or level's unique name: `[dimension].[name]`. */
const layerUniqueName = (d: OlapDimension, name: string) => `${bracket(d.name)}.${bracket(name)}`;

/**
 * How an address numbers a dimension's levels: from the root on Analysis Services' address (XMLA's
 * `LEVEL_NUMBER` 0 = the top, one level per generation, MDX `Levels(0)` = the top), from the leaves on Essbase's
 * (`LEVEL_NUMBER` 0 = level 0, Essbase's levels, as Oracle's XMLA reference maps MDSCHEMA_LEVELS and as its MDX
 * reads `Levels(0)`). One rule per address, the same in the rowsets, the MDDataSet and MDX.
 */
export type LevelRule = "root" | "leaves";

/** A level as an address lists it: its number, its name, its unique name, and which members stand on it. */
export interface XmlaLevel {
  number: number;
  name: string;
  uniqueName: string;
  holds(m: OlapMember): boolean;
}

/** The levels of a dimension by the address's rule, in LEVEL_NUMBER order. */
export function levelsOf(d: OlapDimension, rule: LevelRule): XmlaLevel[] {
  if (rule === "root")
    return Array.from({ length: depth(d) }, (_, k) => ({
      number: k,
      name: levelName(d, k + 1),
      uniqueName: levelUniqueName(d, k + 1),
      holds: (m: OlapMember) => m.generation === k + 1,
    }));
  let top = 0;
  for (const m of d.members) if (m.level > top) top = m.level;
  return Array.from({ length: top + 1 }, (_, k) => {
    const name = olapLayerName(d, "level", k);
    return {
      number: k,
      name,
      uniqueName: layerUniqueName(d, name),
      holds: (m: OlapMember) => m.level === k,
    };
  });
}

/** The level a member stands on by the address's rule: its LEVEL_NUMBER and level unique name. */
export function memberLevel(
  d: OlapDimension,
  m: Pick<OlapMember, "generation" | "level">,
  rule: LevelRule,
): { number: number; uniqueName: string } {
  if (rule === "root") return { number: m.generation - 1, uniqueName: levelUniqueName(d, m.generation) };
  return { number: m.level, uniqueName: layerUniqueName(d, olapLayerName(d, "level", m.level)) };
}

/** The deepest generation of a dimension. */
export function depth(d: OlapDimension): number {
  let max = 1;
  for (const m of d.members) if (m.generation > max) max = m.generation;
  return max;
}

/** The member's caption: its alias in the table, else its name. */
export function caption(m: OlapMember, aliasTable: string): string {
  return m.aliases[aliasTable] ?? m.name;
}

/** MEMBER_TYPE: a formula, a measure (the accounts dimension), the dimension's top (all), else regular. */
export function memberType(m: OlapMember, d: OlapDimension): number {
  if (m.formula !== undefined) return MEMBER_TYPE.FORMULA;
  if (d.kind === "accounts") return MEMBER_TYPE.MEASURE;
  if (m.parent === null) return MEMBER_TYPE.ALL;
  return MEMBER_TYPE.REGULAR;
}

/** DIMENSION_TYPE: accounts answer as the measure dimension, time as time, every other one as other. */
export function dimensionType(d: OlapDimension): number {
  if (d.kind === "accounts") return DIMENSION_TYPE.MEASURE;
  if (d.kind === "time") return DIMENSION_TYPE.TIME;
  return DIMENSION_TYPE.OTHER;
}

/** The indexed outline of each metadata object read, so that each request does not index its dimensions again. */
const outlines = new WeakMap<OlapMetadata, CubeOutline>();

/**
 * `metadata` indexed ({@link CubeOutline}), once per metadata object: indexing a dimension of a million members
 * for every Discover took seconds a request.
 */
export function cubeOutlineOf(metadata: OlapMetadata): CubeOutline {
  let outline = outlines.get(metadata);
  if (!outline) {
    outline = new CubeOutline(metadata);
    outlines.set(metadata, outline);
  }
  return outline;
}

/** A cube's metadata with each dimension indexed for walking, as the rowsets and the MDDataSet read it. */
export class CubeOutline {
  private readonly indexes = new Map<string, OlapDimensionIndex>();

  constructor(readonly metadata: OlapMetadata) {}

  get dimensions(): readonly OlapDimension[] {
    return this.metadata.dimensions;
  }

  /** The base dimensions (not attribute ones), in outline order. */
  get baseDimensions(): readonly OlapDimension[] {
    return this.metadata.dimensions.filter((d) => d.kind !== "attribute");
  }

  /** A dimension by name, without regard to case. */
  dimension(name: string): OlapDimension | undefined {
    return this.metadata.dimensions.find((d) => same(d.name, name));
  }

  index(d: OlapDimension | string): OlapDimensionIndex {
    const dim = typeof d === "string" ? this.dimension(d) : d;
    if (!dim) throw new Error(`the cube has no dimension ${String(d)}`);
    let index = this.indexes.get(dim.name);
    if (!index) {
      index = new OlapDimensionIndex(dim);
      this.indexes.set(dim.name, index);
    }
    return index;
  }
}
