import type { Dimension, Member, Outline } from "@qibates/engine";

/**
 * The outline of a remote cube rebuilt as an engine `Outline` from what its server answered (Essbase REST's
 * outline endpoints, XMLA Discover, Smart View's MDX), so that every remote connector lists trees, applies
 * member filters, searches and lays grids out with the embedded engine's rules.
 */

export interface RemoteDimension {
  name: string;
  type: "accounts" | "time" | "regular" | "attribute";
}

export interface RemoteOutline {
  outline: Outline;
  dimensions: RemoteDimension[];
  aliasTables: string[];
}

/** A remote outline whose members the connector names in MDX (XMLA, Smart View's MDX queries). */
export interface MdxOutline extends RemoteOutline {
  /** The MDX unique name of a member of the rebuilt outline. */
  uniqueName(member: Member): string;
  /** The member of the rebuilt outline a unique name stands for (as the server wrote it). */
  memberOf(uniqueName: string): Member | undefined;
  /** The dimension a hierarchy or dimension unique name stands for. */
  dimensionOf(uniqueName: string): Dimension | undefined;
}

/**
 * `tuples` as tuples of one length, as a query names them: the engine's tuple holds one member per base
 * dimension in outline order, then the attribute members a cell is sliced by (an attribute dimension at its
 * top is left out); here each tuple holds, after its base members, one member of every attribute dimension
 * some tuple names, in the order first met, at that dimension's top where the tuple names none (no slicing).
 */
export function uniformTuples(outline: Outline, tuples: readonly (readonly Member[])[]): Member[][] {
  const base = outline.baseDimensions.length;
  const attributes: Dimension[] = [];
  for (const t of tuples)
    for (let i = base; i < t.length; i++) {
      const d = (t[i] as Member).dimension;
      if (!attributes.includes(d)) attributes.push(d);
    }
  return tuples.map((t) => [
    ...t.slice(0, base),
    ...attributes.map((d) => t.slice(base).find((m) => m.dimension === d) ?? d.root),
  ]);
}

/** MDX names are written as the XMLA codec writes them, for the Smart View connector's MDX too. */
export { bracket } from "@qibates/protocols/xmla";
