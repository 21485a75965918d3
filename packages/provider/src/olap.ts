import type { Connector } from "./connectors.ts";
import type { CubeRef, ProviderSession } from "./session.ts";

/**
 * The OLAP port: what a protocol endpoint richer than the provider contract reads of a cube (XMLA's rowsets and
 * Execute, Smart View's attribute filter) — metadata, member queries, MDX answered as a cell set — as plain data,
 * with no engine type. A provider offers it as `Provider.olap`: the embedded one over the engine, a remote one
 * over its server's protocol. An endpoint that needs it refuses to start without it.
 *
 * An Essbase dimension is one hierarchy, whose levels are its generations: `OlapDimension` stands for both.
 */
export interface OlapPort {
  /** The cube `ref` names, as `session` reads and writes it (a session the provider keeps apart sees its own data). */
  cube(connector: Connector, ref: CubeRef, session?: ProviderSession): Promise<OlapCube>;
  /** What an MDX statement is and which cube it names (throws `OlapError` "syntax"). */
  statement(text: string): OlapStatement;
  /**
   * The parts of a member's unique name, `[Market].[East]` → `["Market", "East"]`, as the port's MDX reads it;
   * null when the text is no member name.
   */
  memberNameParts(text: string): string[] | null;
  /** The words the port's MDX reads as keywords, upper case (XMLA's DISCOVER_KEYWORDS). */
  readonly mdxKeywords: readonly string[];
  /** The functions and methods the port's MDX runs (XMLA's MDSCHEMA_FUNCTIONS), in name order. */
  readonly mdxFunctions: readonly OlapMdxFunction[];
  /** What the port's MDX can do that a client asks before it writes its queries (XMLA's DISCOVER_PROPERTIES). */
  readonly mdxCapabilities: OlapMdxCapabilities;
  /** Whether `UPDATE CUBE` writes cells (`OlapCube.update`). */
  readonly writable: boolean;
}

/**
 * One function or method of the port's MDX, in MDSCHEMA_FUNCTIONS's terms: its parameters in SSAS's form («…»
 * placeholders, `[…]` optional), its group (`INTERFACE_NAME`) and, for a method, what it is written after.
 */
export interface OlapMdxFunction {
  readonly name: string;
  readonly description: string;
  readonly parameters: string;
  readonly group: string;
  readonly object?: string;
}

/**
 * The features of the port's MDX that XMLA clients ask about on connecting (OLE DB for OLAP's MDPROP_* bits, which
 * the XMLA endpoint writes): a feature is claimed only where the MDX is known to run it.
 */
export interface OlapMdxCapabilities {
  /** Subselects, `FROM (SELECT … FROM cube)`. */
  readonly subselects: {
    /** Subselects of members (MDPROPVAL_MSQ_BASIC). */
    readonly basic: boolean;
    /** Of tuples of any shape, several dimensions' tuples that are no crossjoin (MDPROPVAL_MSQ_ARBITRARYSHAPE). */
    readonly arbitraryShape: boolean;
    /** `FROM NON VISUAL (SELECT …)` (MDPROPVAL_MSQ_NONVISUAL). */
    readonly nonVisual: boolean;
  };
  /** Microsoft's drill functions, `DrilldownLevel` and `DrilldownMember`. */
  readonly drill: {
    /** On members (MDPROPVAL_MDF_BASIC). */
    readonly basic: boolean;
    /** On tuples, with a target hierarchy (MDPROPVAL_MDF_ASYMMETRIC). */
    readonly asymmetric: boolean;
    /** `INCLUDE_CALC_MEMBERS` (MDPROPVAL_MDF_CALC_MEMBERS). */
    readonly calculatedMembers: boolean;
  };
  /** The query's own definitions. */
  readonly formulas: {
    /** `WITH MEMBER` (MDPROPVAL_MF_WITH_CALCMEMBERS). */
    readonly withMembers: boolean;
    /** `WITH SET` (MDPROPVAL_MF_WITH_NAMEDSETS). */
    readonly withSets: boolean;
  };
  /** How a level is named in a statement. */
  readonly levels: {
    /** By its name, `[Market].[Region]` (MDPROPVAL_NL_NAMEDLEVELS). */
    readonly named: boolean;
    /** By its number, `Levels(n)` (MDPROPVAL_NL_NUMBEREDLEVELS). */
    readonly numbered: boolean;
  };
}

/** An MDX statement's kind, the parts of the cube its `FROM` (or `UPDATE CUBE`) names, and its axis count. */
export type OlapStatement =
  | { kind: "select"; cube: readonly string[]; axes: number }
  | { kind: "update"; cube: readonly string[] }
  | { kind: "drillthrough"; cube: readonly string[] };

export interface OlapCube {
  readonly application: string;
  readonly cube: string;
  /** The cube's dimensions (base ones first, then attribute ones), each with its members in outline order. */
  metadata(): Promise<OlapMetadata>;
  /** The members a query picks, in outline order. */
  members(query: OlapMemberQuery): Promise<OlapMember[]>;
  /**
   * Runs an MDX `SELECT` over the cube's current data (throws `OlapError`). `dialect` `ssas` reads it as
   * Microsoft's MDX where it differs from Essbase's (levels numbered from the root…), for a port that can; a port
   * that cannot reads Essbase's, so a caller that needs the difference writes it in terms both read.
   */
  mdx(
    text: string,
    options?: {
      maxCells?: number;
      dialect?: "essbase" | "ssas";
      /** The query's work budget, in the engine's units, for a port that counts one (the engine's default else). */
      maxWork?: number;
    },
  ): Promise<OlapCellSet>;
  /**
   * Runs an MDX `UPDATE CUBE` as one change, journaled under `ownerId`: when one cell cannot be written,
   * nothing is (`OlapError` "write-refused"). Answers the number of cells written; an allocation over more than
   * `maxCells` cells is refused before any is written. Absent when `writable` is false.
   */
  update?(ownerId: string, text: string, options?: { maxCells?: number }): Promise<number>;
  /**
   * Runs an MDX `DRILLTHROUGH` over the cube's current data: the stored level-0 cells under the one cell it names
   * (throws `OlapError`). Absent when the port cannot (a remote server's cube).
   */
  drillthrough?(
    text: string,
    options?: { maxCells?: number; dialect?: "essbase" | "ssas" },
  ): Promise<OlapDrillthrough>;
}

/**
 * A `DRILLTHROUGH`'s answer: its columns (a dimension, whose cells hold level-0 member names, or a measure,
 * whose cells hold values) and one row per stored level-0 cell holding data, `null` where #Missing.
 */
export interface OlapDrillthrough {
  readonly cube: string;
  readonly columns: readonly { readonly kind: "dimension" | "measure"; readonly name: string }[];
  readonly rows: readonly (readonly (string | number | null)[])[];
  /** Whether more cells held data than the rows returned (its MAXROWS). */
  readonly truncated: boolean;
}

export interface OlapMetadata {
  readonly application: string;
  readonly cube: string;
  readonly aliasTables: readonly string[];
  /** Base dimensions in outline order, then attribute dimensions. */
  readonly dimensions: readonly OlapDimension[];
}

export type OlapDimensionKind = "accounts" | "time" | "regular" | "attribute";

export interface OlapDimension {
  readonly name: string;
  readonly kind: OlapDimensionKind;
  /** The outline's own generation names (Year's generation 2 `Quarter`), by generation number. */
  readonly generationNames: Readonly<Record<number, string>>;
  /** The outline's own level names (Product's level 1 `Family`), by level number. */
  readonly levelNames: Readonly<Record<number, string>>;
  /** Every member in outline order (depth first, the dimension's top first), shared ones included. */
  readonly members: readonly OlapMember[];
}

export interface OlapMember {
  readonly name: string;
  readonly dimension: string;
  /** The parent's name (never a shared member: those have no children); null for the dimension's top. */
  readonly parent: string | null;
  /** 1 for the dimension's top, 2 for its children… */
  readonly generation: number;
  /** 0 for leaves; a parent is one more than its highest child. */
  readonly level: number;
  /** The member's number in the outline (`MEMBER_ORDINAL`). */
  readonly ordinal: number;
  readonly childCount: number;
  /** A shared member: another occurrence of a member stored elsewhere in the dimension. */
  readonly shared: boolean;
  /** Aliases by alias table. */
  readonly aliases: Readonly<Record<string, string>>;
  readonly formula?: string;
  /** Time balance of an accounts member (`none`, `first`, `last`, `average`). */
  readonly timeBalance?: string;
  readonly udas: readonly string[];
  /** Attribute associations: attribute dimension → attribute member. */
  readonly attributes: Readonly<Record<string, string>>;
  /** A member of the query (`WITH MEMBER`), in a cell set only. */
  readonly calculated?: boolean;
}

/** Members picked in one dimension, in outline order. */
export type OlapMemberQuery =
  | { dimension: string }
  | {
      dimension: string;
      of: string;
      relation: "self" | "children" | "descendants" | "parent" | "ancestors" | "siblings";
    }
  | { dimension: string; generation: number }
  | { dimension: string; level: number }
  | { dimension: string; named: string; aliasTable?: string };

/**
 * An MDX answer: its axes (columns first), each a list of tuples of members; the slicer (the `WHERE` tuple's
 * members); the cells by ordinal (the index on axis 0, plus the index on axis 1 times the length of axis 0, …;
 * one cell without axes), `null` where #Missing, a string where a calculated member gives one.
 */
export interface OlapCellSet {
  readonly cube: string;
  readonly axes: readonly OlapAxis[];
  readonly slicer: readonly OlapMember[];
  readonly cells: ArrayLike<number | string | null>;
  /** Each cell's value as the server formats it, when it does; absent: the endpoint formats `cells`. */
  readonly formatted?: ArrayLike<string | null>;
}

export interface OlapAxis {
  readonly ordinal: number;
  /** The dimension of each position of the axis's tuples. */
  readonly dimensions: readonly string[];
  readonly tuples: readonly (readonly OlapMember[])[];
}

export type OlapErrorKind = "syntax" | "unknown-member" | "unknown-cube" | "query" | "write-refused";

/** A statement the port cannot read or run, with the reason. */
export class OlapError extends Error {
  override readonly name = "OlapError";
  constructor(
    readonly kind: OlapErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The name of a generation or level: the outline's own (`Quarter`), else Essbase's placeholder (`Gen2,Year`,
 * `Lev0,Product`). The engine's `layerNameOf` says the same; a test holds the two equal.
 */
export function olapLayerName(
  dimension: Pick<OlapDimension, "name" | "generationNames" | "levelNames">,
  by: "generation" | "level",
  n: number,
): string {
  const own = (by === "generation" ? dimension.generationNames : dimension.levelNames)[n];
  return own ?? `${by === "generation" ? "Gen" : "Lev"}${n},${dimension.name}`;
}

/**
 * A dimension's members indexed for walking: a member by name, its children, its parent. Built once per
 * dimension by whoever walks it (an endpoint, a remote port answering member queries).
 */
export class OlapDimensionIndex {
  private readonly byName = new Map<string, OlapMember>();
  private readonly childrenOf = new Map<string, OlapMember[]>();

  constructor(readonly dimension: OlapDimension) {
    for (const m of dimension.members) {
      const key = m.name.toLowerCase();
      // A shared member stands for its name only until the stored member is met.
      if (!m.shared || !this.byName.has(key)) this.byName.set(key, m);
      if (m.parent !== null) {
        const p = m.parent.toLowerCase();
        const list = this.childrenOf.get(p);
        if (list) list.push(m);
        else this.childrenOf.set(p, [m]);
      }
    }
  }

  get root(): OlapMember {
    return this.dimension.members[0] as OlapMember;
  }

  /** The stored (not shared) member of this name, without regard to case. */
  member(name: string): OlapMember | undefined {
    return this.byName.get(name.toLowerCase());
  }

  children(m: OlapMember): readonly OlapMember[] {
    return m.shared ? [] : (this.childrenOf.get(m.name.toLowerCase()) ?? []);
  }

  parent(m: OlapMember): OlapMember | null {
    return m.parent === null ? null : (this.byName.get(m.parent.toLowerCase()) ?? null);
  }

  /** The member and every member under it, depth first. */
  descendants(m: OlapMember): OlapMember[] {
    const out: OlapMember[] = [];
    const walk = (x: OlapMember) => {
      out.push(x);
      for (const c of this.children(x)) walk(c);
    };
    walk(m);
    return out;
  }

  /** The member and its ancestors, up to the dimension's top. */
  ancestors(m: OlapMember): OlapMember[] {
    const out: OlapMember[] = [m];
    for (let p = this.parent(m); p; p = this.parent(p)) out.push(p);
    return out;
  }

  /** The deepest generation. */
  get depth(): number {
    let max = 1;
    for (const m of this.dimension.members) if (m.generation > max) max = m.generation;
    return max;
  }
}

/** Answers a member query over a dimension's members (`OlapCube.members`, for a port that holds them). */
export function queryOlapMembers(dimension: OlapDimension, query: OlapMemberQuery): OlapMember[] {
  const members = dimension.members;
  if ("generation" in query) return members.filter((m) => m.generation === query.generation);
  if ("level" in query) return members.filter((m) => m.level === query.level);
  if ("named" in query) {
    const lower = query.named.toLowerCase();
    const table = query.aliasTable;
    return members.filter(
      (m) =>
        m.name.toLowerCase() === lower || (table !== undefined && m.aliases[table]?.toLowerCase() === lower),
    );
  }
  if (!("of" in query)) return [...members];
  const index = new OlapDimensionIndex(dimension);
  const pivot = index.member(query.of);
  if (!pivot) return [];
  const picked = new Set<OlapMember>();
  switch (query.relation) {
    case "self":
      picked.add(pivot);
      break;
    case "children":
      for (const c of index.children(pivot)) picked.add(c);
      break;
    case "descendants":
      for (const c of index.descendants(pivot)) if (c !== pivot) picked.add(c);
      break;
    case "parent": {
      const p = index.parent(pivot);
      if (p) picked.add(p);
      break;
    }
    case "ancestors":
      for (const a of index.ancestors(pivot)) if (a !== pivot) picked.add(a);
      break;
    case "siblings": {
      const p = index.parent(pivot);
      for (const s of p ? index.children(p) : [pivot]) if (s !== pivot) picked.add(s);
      break;
    }
  }
  return members.filter((m) => picked.has(m));
}
