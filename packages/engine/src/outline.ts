/**
 * The outline: dimensions and members with Essbase semantics (generations from the root, levels from the
 * leaves, consolidation operators, storage, aliases per alias table, UDAs, attribute associations, shared
 * members). Built once from an {@link OutlineSpec}; immutable afterwards, so cube storage can key cells by
 * member ordinals.
 */

export type DimensionType = "accounts" | "time" | "regular" | "attribute";
export type Density = "dense" | "sparse";
/** `+ - * / %` combine into the parent in outline order; `~` is not rolled up; `^` is never consolidated. */
export type Consolidation = "+" | "-" | "*" | "/" | "%" | "~" | "^";
export type Storage =
  | "store"
  | "dynamic-calc"
  | "dynamic-calc-and-store"
  | "label-only"
  | "shared"
  | "never-share";
export type TimeBalance = "none" | "first" | "last" | "average";
export type TimeBalanceSkip = "none" | "missing" | "zeros" | "missing-and-zeros";
export type AttributeKind = "text" | "numeric" | "boolean" | "date";

/** One member as written in an outline source. `children` are in outline order. */
export interface MemberSpec {
  name: string;
  /** Alias per alias table name (e.g. `{ Default: "Colas", "Long Names": "..." }`). */
  aliases?: Record<string, string>;
  consolidation?: Consolidation;
  storage?: Storage;
  /** Member formula in calc-script syntax (e.g. `Margin % Sales;`). */
  formula?: string;
  udas?: string[];
  timeBalance?: TimeBalance;
  timeBalanceSkip?: TimeBalanceSkip;
  /** Expense reporting: @VAR/@VARPER compute Budget − Actual for these accounts. */
  expense?: boolean;
  twoPass?: boolean;
  /** Attribute associations: attribute dimension name → attribute member name (level-0 base members only). */
  attributes?: Record<string, string>;
  /** For `storage: "shared"`: the prototype's name when it differs from `name` (it never does in Essbase). */
  children?: MemberSpec[];
}

export interface DimensionSpec {
  name: string;
  type?: DimensionType;
  density?: Density;
  /** For attribute dimensions: the kind of attribute values and the base dimension it is attached to. */
  attributeKind?: AttributeKind;
  baseDimension?: string;
  /** Aliases of the dimension member itself. */
  aliases?: Record<string, string>;
  storage?: Storage;
  /** Generation names by generation number (1 = the dimension). */
  generationNames?: Record<number, string>;
  /** Level names by level number (0 = leaves). */
  levelNames?: Record<number, string>;
  /** Dynamic Time Series members enabled, by DTS name (e.g. `"H-T-D"`) → generation number. */
  dynamicTimeSeries?: Record<string, number>;
  members: MemberSpec[];
}

export interface OutlineSpec {
  name?: string;
  /** Alias table names; `Default` always exists and is added when missing. */
  aliasTables?: string[];
  dimensions: DimensionSpec[];
  /** Substitution variables visible to the cube, without the leading `&`. */
  substitutionVariables?: Record<string, string>;
}

export class OutlineError extends Error {
  override readonly name = "OutlineError";
}

export class Member {
  /** Position of the member in its dimension, in outline (depth-first, pre-order) order. 0 = the dimension. */
  readonly ordinal: number;
  readonly name: string;
  readonly dimension: Dimension;
  readonly parent: Member | null;
  readonly children: Member[] = [];
  readonly aliases: ReadonlyMap<string, string>;
  readonly consolidation: Consolidation;
  readonly storage: Storage;
  readonly formula: string | undefined;
  readonly udas: readonly string[];
  readonly timeBalance: TimeBalance;
  readonly timeBalanceSkip: TimeBalanceSkip;
  readonly expense: boolean;
  readonly twoPass: boolean;
  /** Attribute associations (attribute dimension name → attribute member), filled after all dimensions load. */
  readonly attributes = new Map<string, Member>();
  /** For a shared member: the stored member it points to. */
  prototype: Member | null = null;
  /** Generation: the dimension is 1, its children 2, … */
  readonly generation: number;
  /** Level: leaves are 0; a parent is one more than its highest child. */
  level = 0;

  constructor(
    ordinal: number,
    spec: MemberSpec,
    dimension: Dimension,
    parent: Member | null,
    defaultStorage: Storage,
  ) {
    this.ordinal = ordinal;
    this.name = spec.name;
    this.dimension = dimension;
    this.parent = parent;
    this.aliases = new Map(Object.entries(spec.aliases ?? {}));
    this.consolidation = spec.consolidation ?? "+";
    this.storage = spec.storage ?? defaultStorage;
    this.formula = spec.formula;
    this.udas = spec.udas ?? [];
    this.timeBalance = spec.timeBalance ?? "none";
    this.timeBalanceSkip = spec.timeBalanceSkip ?? "none";
    this.expense = spec.expense ?? false;
    this.twoPass = spec.twoPass ?? false;
    this.generation = parent ? parent.generation + 1 : 1;
  }

  get isShared(): boolean {
    return this.storage === "shared";
  }

  get isLeaf(): boolean {
    return this.children.length === 0;
  }

  /** The member that holds the data: the prototype for a shared member, itself otherwise. */
  get stored(): Member {
    return this.prototype ?? this;
  }

  /** Dynamic members are computed at retrieval and never written. */
  get isDynamic(): boolean {
    return this.storage === "dynamic-calc" || this.storage === "dynamic-calc-and-store";
  }

  /** Alias in the given table; falls back to the prototype's alias for shared members. */
  alias(table: string): string | undefined {
    return this.aliases.get(table) ?? this.prototype?.aliases.get(table);
  }

  /** Display label for an alias table: the alias when there is one, the name otherwise. */
  label(table: string | null | undefined): string {
    if (!table) return this.name;
    return this.alias(table) ?? this.name;
  }

  ancestors(): Member[] {
    const out: Member[] = [];
    for (let m = this.parent; m; m = m.parent) out.push(m);
    return out;
  }

  /** Descendants in outline order (pre-order), without the member itself. */
  descendants(): Member[] {
    const out: Member[] = [];
    const walk = (m: Member): void => {
      for (const c of m.children) {
        out.push(c);
        walk(c);
      }
    };
    walk(this);
    return out;
  }

  siblings(): Member[] {
    return this.parent ? this.parent.children.filter((m) => m !== this) : [];
  }

  isDescendantOf(other: Member): boolean {
    for (let m = this.parent; m; m = m.parent) if (m === other) return true;
    return false;
  }

  toString(): string {
    return this.name;
  }
}

export class Dimension {
  readonly name: string;
  readonly index: number;
  readonly type: DimensionType;
  readonly density: Density;
  readonly attributeKind: AttributeKind | undefined;
  readonly baseDimensionName: string | undefined;
  readonly generationNames: ReadonlyMap<number, string>;
  readonly levelNames: ReadonlyMap<number, string>;
  readonly dynamicTimeSeries: ReadonlyMap<string, number>;
  /** Every member including the dimension itself (ordinal 0), in outline order. */
  readonly members: Member[] = [];
  readonly root: Member;

  constructor(spec: DimensionSpec, index: number) {
    this.name = spec.name;
    this.index = index;
    this.type = spec.type ?? "regular";
    this.density = spec.density ?? (this.type === "attribute" ? "sparse" : "dense");
    this.attributeKind = spec.attributeKind;
    this.baseDimensionName = spec.baseDimension;
    this.generationNames = new Map(
      Object.entries(spec.generationNames ?? {}).map(([k, v]) => [Number(k), v]),
    );
    this.levelNames = new Map(Object.entries(spec.levelNames ?? {}).map(([k, v]) => [Number(k), v]));
    this.dynamicTimeSeries = new Map(Object.entries(spec.dynamicTimeSeries ?? {}));
    // Attribute members are always dynamic; everything else is stored unless said otherwise.
    const defaultStorage: Storage = this.type === "attribute" ? "dynamic-calc" : "store";
    const rootSpec: MemberSpec = {
      name: spec.name,
      aliases: spec.aliases,
      storage: spec.storage ?? defaultStorage,
      children: spec.members,
    };
    const build = (s: MemberSpec, parent: Member | null): Member => {
      const m = new Member(this.members.length, s, this, parent, defaultStorage);
      this.members.push(m);
      for (const c of s.children ?? []) m.children.push(build(c, m));
      if (m.children.length > 0) m.level = 1 + Math.max(...m.children.map((c) => c.level));
      return m;
    };
    this.root = build(rootSpec, null);
  }

  get size(): number {
    return this.members.length;
  }

  /** Members at generation `gen` (1 = the dimension), outline order. */
  generation(gen: number): Member[] {
    return this.members.filter((m) => m.generation === gen);
  }

  /** Members at level `level` (0 = leaves), outline order. */
  level(level: number): Member[] {
    return this.members.filter((m) => m.level === level);
  }

  /**
   * The generation a name stands for: the outline's name (e.g. "Quarter"), else Essbase's default name of a
   * generation the dimension has (`Gen2,Year`, {@link layerNameOf}); `undefined` for any other name.
   */
  generationByName(name: string): number | undefined {
    const lower = name.toLowerCase();
    for (const [g, n] of this.generationNames) if (n.toLowerCase() === lower) return g;
    return this.defaultLayer(lower, "gen");
  }

  /** The level a name stands for: the outline's name (e.g. "Family"), else `Lev0,Product` for a level it has. */
  levelByName(name: string): number | undefined {
    const lower = name.toLowerCase();
    for (const [l, n] of this.levelNames) if (n.toLowerCase() === lower) return l;
    return this.defaultLayer(lower, "lev");
  }

  private defaultLayer(lower: string, prefix: "gen" | "lev"): number | undefined {
    const m = /^(gen|lev)(\d+),(.+)$/.exec(lower);
    if (!m || m[1] !== prefix || m[3] !== this.name.toLowerCase()) return undefined;
    const n = Number(m[2]);
    const has = this.members.some((x) => (prefix === "gen" ? x.generation === n : x.level === n));
    return has ? n : undefined;
  }

  /** The name of generation `n` ({@link layerNameOf}): `Quarter`, else `Gen2,Year`. */
  generationName(n: number): string {
    return layerNameOf(this, "generation", n);
  }

  /** The name of level `n` ({@link layerNameOf}): `Family`, else `Lev0,Year`. */
  levelName(n: number): string {
    return layerNameOf(this, "level", n);
  }
}

/**
 * The one rule that names a dimension's generations and levels, for every answer that shows one (MDX `.Name`,
 * XMLA's MDSCHEMA_LEVELS, Essbase REST's `…/generations` and `…/levels`): the outline's own name (`Quarter`),
 * else the name Essbase gives it, `Gen<n>,<dimension>` or `Lev<n>,<dimension>` ("use the default names provided
 * by Essbase … Gen2,Year", Essbase Database Administrator's Guide, "Selecting Members by Using Generation and
 * Level Names"), which calc scripts and MDX read back.
 */
export function layerNameOf(
  dimension: {
    readonly name: string;
    readonly generationNames: ReadonlyMap<number, string>;
    readonly levelNames: ReadonlyMap<number, string>;
  },
  by: "generation" | "level",
  n: number,
): string {
  const own = (by === "generation" ? dimension.generationNames : dimension.levelNames).get(n);
  return own ?? `${by === "generation" ? "Gen" : "Lev"}${n},${dimension.name}`;
}

/** An immutable outline with name and alias look-ups. Names are case-insensitive, as in Essbase. */
export class Outline {
  readonly name: string;
  readonly dimensions: Dimension[];
  readonly aliasTables: readonly string[];
  readonly substitutionVariables: ReadonlyMap<string, string>;
  /** The substitution variables' names as the outline spells them (the map above is keyed in lower case). */
  readonly substitutionVariableNames: readonly string[];
  private readonly byName = new Map<string, Member>();
  private readonly byAlias = new Map<string, Map<string, Member>>();
  private readonly dimByName = new Map<string, Dimension>();

  constructor(spec: OutlineSpec) {
    this.name = spec.name ?? "";
    const tables = spec.aliasTables ?? ["Default"];
    this.aliasTables = tables.includes("Default") ? tables : ["Default", ...tables];
    for (const t of this.aliasTables) this.byAlias.set(t.toLowerCase(), new Map());
    this.substitutionVariables = new Map(
      Object.entries(spec.substitutionVariables ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
    );
    this.substitutionVariableNames = Object.keys(spec.substitutionVariables ?? {});
    this.dimensions = spec.dimensions.map((d, i) => new Dimension(d, i));

    for (const dim of this.dimensions) {
      const key = dim.name.toLowerCase();
      if (this.dimByName.has(key)) throw new OutlineError(`Duplicate dimension name "${dim.name}"`);
      this.dimByName.set(key, dim);
    }
    // First pass: stored members own their names. A repeated name is a shared member pointing to the first.
    for (const dim of this.dimensions) {
      for (const m of dim.members) {
        const key = m.name.toLowerCase();
        const existing = this.byName.get(key);
        if (!existing) {
          if (m.storage === "shared") {
            throw new OutlineError(`Shared member "${m.name}" has no stored member before it`);
          }
          this.byName.set(key, m);
          continue;
        }
        if (existing.dimension !== dim) {
          throw new OutlineError(
            `Member name "${m.name}" is used in ${existing.dimension.name} and ${dim.name}`,
          );
        }
        if (m.children.length > 0) throw new OutlineError(`Shared member "${m.name}" cannot have children`);
        (m as { storage: Storage }).storage = "shared";
        m.prototype = existing;
      }
    }
    for (const dim of this.dimensions) {
      for (const m of dim.members) {
        if (m.isShared) continue;
        for (const [table, alias] of m.aliases) {
          const map = this.byAlias.get(table.toLowerCase());
          if (!map) throw new OutlineError(`Member "${m.name}" uses unknown alias table "${table}"`);
          const key = alias.toLowerCase();
          const clash = map.get(key);
          if (clash && clash !== m) {
            throw new OutlineError(
              `Alias "${alias}" of table ${table} is used by "${clash.name}" and "${m.name}"`,
            );
          }
          map.set(key, m);
        }
      }
    }
    this.linkAttributes(spec);
  }

  private linkAttributes(spec: OutlineSpec): void {
    spec.dimensions.forEach((dspec, i) => {
      const dim = this.dimensions[i] as Dimension;
      const visit = (s: MemberSpec, m: Member): void => {
        for (const [attrDimName, attrMemberName] of Object.entries(s.attributes ?? {})) {
          const attrDim = this.dimension(attrDimName);
          if (attrDim?.type !== "attribute") {
            throw new OutlineError(
              `"${m.name}" is associated with unknown attribute dimension "${attrDimName}"`,
            );
          }
          if (attrDim.baseDimensionName?.toLowerCase() !== dim.name.toLowerCase()) {
            throw new OutlineError(`Attribute dimension ${attrDim.name} is not attached to ${dim.name}`);
          }
          if (!m.isLeaf) throw new OutlineError(`Only level-0 members take attributes ("${m.name}")`);
          const attr = attrDim.members.find(
            (a) => a.isLeaf && a.ordinal > 0 && a.name.toLowerCase() === attrMemberName.toLowerCase(),
          );
          if (!attr)
            throw new OutlineError(`Unknown attribute member "${attrMemberName}" in ${attrDim.name}`);
          m.attributes.set(attrDim.name, attr);
        }
        s.children?.forEach((cs, j) => {
          visit(cs, m.children[j] as Member);
        });
      };
      dspec.members.forEach((ms, j) => {
        visit(ms, dim.root.children[j] as Member);
      });
    });
  }

  dimension(name: string): Dimension | undefined {
    return this.dimByName.get(name.toLowerCase());
  }

  /** Base (non-attribute) dimensions, in outline order. */
  get baseDimensions(): Dimension[] {
    return this.dimensions.filter((d) => d.type !== "attribute");
  }

  get attributeDimensions(): Dimension[] {
    return this.dimensions.filter((d) => d.type === "attribute");
  }

  /** The stored member with this name (case-insensitive), or undefined. Shared instances are not returned. */
  member(name: string): Member | undefined {
    return this.byName.get(name.toLowerCase());
  }

  /** The member with this alias in the given table (case-insensitive). */
  memberByAlias(alias: string, table = "Default"): Member | undefined {
    return this.byAlias.get(table.toLowerCase())?.get(alias.toLowerCase());
  }

  /**
   * Resolves what a user typed: a member name, or an alias of the active table (then of `Default`), as Smart
   * View's free-form parser does. A leading apostrophe (used to type numeric names as text) is ignored.
   */
  resolve(text: string, aliasTable: string | null = "Default"): Member | undefined {
    const t = text.trim().replace(/^'/, "");
    if (t === "") return undefined;
    if (aliasTable) {
      const byAlias = this.memberByAlias(t, aliasTable);
      if (byAlias) return byAlias;
    }
    return this.member(t) ?? (aliasTable !== "Default" ? this.memberByAlias(t, "Default") : undefined);
  }

  substitutionVariable(name: string): string | undefined {
    return this.substitutionVariables.get(name.replace(/^&/, "").toLowerCase());
  }
}
