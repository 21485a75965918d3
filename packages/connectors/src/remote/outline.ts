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

/** MDX names are written as the XMLA codec writes them, for the Smart View connector's MDX too. */
export { bracket } from "@qibates/protocols/xmla";
