import type { Dimension, Member, Outline } from "@qibates/engine";
import {
  CalculatedMember,
  MDX_FUNCTION_DESCRIPTIONS,
  MDX_KEYWORDS,
  type MdxDrillthrough,
  type MdxDrillthroughResult,
  MdxError,
  type MdxMember,
  type MdxOptions,
  type MdxResult,
  type MdxUpdate,
  parseMdx,
  parseMdxDrillthrough,
  parseMdxExpression,
  parseMdxUpdate,
} from "@qibates/engine/mdx";
import type { EngineDataCube } from "@qibates/provider";
import {
  type OlapCellSet,
  type OlapCube,
  type OlapDimension,
  type OlapDimensionKind,
  type OlapDrillthrough,
  OlapError,
  type OlapMember,
  type OlapMemberQuery,
  type OlapMetadata,
  type OlapPort,
  type OlapStatement,
  queryOlapMembers,
} from "@qibates/provider";

/**
 * A cube of the provider seen as the engine sees it (the embedded provider's, `EmbeddedProvider.engineCube`):
 * its outline, MDX over its current data and `UPDATE CUBE`, besides the data jobs of the engine port.
 */
export interface EngineCube extends EngineDataCube {
  readonly outline: Outline;
  /**
   * Runs the MDX query `text` over the cube's current data. As a grid call: a few cells at a time on the event
   * loop, moved to a grid worker should it outlast a few slices.
   */
  mdx(text: string, options?: Pick<MdxOptions, "maxCells" | "dialect">): Promise<MdxResult>;
  /**
   * Runs an `UPDATE CUBE` as one journaled change: each cell is checked with the cube's write rule first and,
   * when one cannot be written, nothing is and its reason is thrown (`EngineCubeWriteError`). Answers the number
   * of cells written. `maxCells` bounds the cells an allocation writes (`MAX_GRID_CELLS`), as it bounds a query's.
   */
  update(ownerId: string, statement: MdxUpdate, options?: Pick<MdxOptions, "maxCells">): Promise<number>;
  /** Runs a `DRILLTHROUGH` over the cube's current data (`executeMdxDrillthrough`). */
  drillthrough?(
    statement: MdxDrillthrough,
    options?: Pick<MdxOptions, "maxCells" | "dialect">,
  ): Promise<MdxDrillthroughResult>;
}

/** A write the cube refuses (a dynamic, label-only or upper-level intersection…). */
export class EngineCubeWriteError extends Error {
  override readonly name = "EngineCubeWriteError";
  constructor(
    readonly tuple: readonly Member[],
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * The OLAP port over the engine's objects: an outline read as the port's plain metadata (once per outline), an
 * MDX result as a cell set, the engine's MDX and write errors as `OlapError`s. The embedded provider offers it
 * over its own cubes (`engineOlapPort`); a remote provider over the outline it rebuilt from its server and the
 * MDX results it read back (`olapMetadataOf`, `olapCellSetOf`), parsing statements with the engine's MDX.
 */
export function engineOlapPort(engineCube: (...a: Parameters<OlapPort["cube"]>) => EngineCube): OlapPort {
  return {
    cube: async (connector, ref, session) => olapCubeOf(engineCube(connector, ref, session)),
    ...ENGINE_MDX,
    writable: true,
  };
}

/**
 * The port's statement reading, with the engine's MDX parser, and what the engine's MDX runs: its functions,
 * keywords and features. A remote port that reads statements this way and runs them on its server gives that
 * server's functions and features instead.
 */
export const ENGINE_MDX: Pick<
  OlapPort,
  "statement" | "memberNameParts" | "mdxKeywords" | "mdxFunctions" | "mdxCapabilities"
> = {
  statement,
  memberNameParts,
  mdxKeywords: MDX_KEYWORDS,
  // Subselects of members and of tuples of any shape (pairs that are no crossjoin, as a value filter on an inner
  // field sends them), and FROM NON VISUAL (SELECT …); DrilldownLevel and DrilldownMember on members and on tuples
  // (a target hierarchy, tuples to drill), with INCLUDE_CALC_MEMBERS; WITH MEMBER and WITH SET (CREATE [SESSION]
  // MEMBER is not MDX the engine runs); levels by name and by number (`Levels(n)`).
  mdxCapabilities: {
    subselects: { basic: true, arbitraryShape: true, nonVisual: true },
    drill: { basic: true, asymmetric: true, calculatedMembers: true },
    formulas: { withMembers: true, withSets: true },
    levels: { named: true, numbered: true },
  },
  mdxFunctions: Object.entries(MDX_FUNCTION_DESCRIPTIONS)
    .map(([name, f]) => ({
      name,
      description: f.description,
      parameters: f.parameters,
      group: f.group,
      ...(f.object ? { object: f.object } : {}),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
};

/** The port's metadata of an outline (made once per outline object). */
export function olapMetadataOf(outline: Outline, application: string, cube: string): OlapMetadata {
  return olapOutline(outline, application, cube).metadata;
}

/** An MDX result over `outline` as the port's cell set. */
export function olapCellSetOf(
  outline: Outline,
  application: string,
  cube: string,
  result: MdxResult,
): OlapCellSet {
  return cellSetOf(olapOutline(outline, application, cube), cube, result);
}

/** A member query over the cube's metadata (none for a dimension it lacks). */
export function queryMembers(metadata: OlapMetadata, query: OlapMemberQuery): OlapMember[] {
  const d = metadata.dimensions.find((x) => x.name.toLowerCase() === query.dimension.toLowerCase());
  return d ? queryOlapMembers(d, query) : [];
}

function statement(text: string): OlapStatement {
  return olapErrors(() => {
    if (/^\s*DRILLTHROUGH\b/i.test(text))
      return { kind: "drillthrough", cube: parseMdxDrillthrough(text).query.cube.map((p) => p.name) };
    if (/^\s*UPDATE\b/i.test(text)) {
      const u = parseMdxUpdate(text);
      return { kind: "update", cube: u.cube.map((p) => p.name) };
    }
    const q = parseMdx(text);
    return { kind: "select", cube: q.cube.map((p) => p.name), axes: q.axes.length };
  });
}

function memberNameParts(text: string): string[] | null {
  try {
    const e = parseMdxExpression(text);
    return e.kind === "ref" ? e.parts.map((p) => p.name) : null;
  } catch (err) {
    if (err instanceof MdxError) return null;
    throw err;
  }
}

/** Runs `f`, the engine's MDX and write errors answered as the port's. */
export async function olapErrorsAsync<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    throw asOlapError(err);
  }
}

function olapErrors<T>(f: () => T): T {
  try {
    return f();
  } catch (err) {
    throw asOlapError(err);
  }
}

function asOlapError(err: unknown): unknown {
  if (err instanceof MdxError) {
    const kind =
      err.code === "MDX_SYNTAX"
        ? "syntax"
        : err.code === "MDX_UNKNOWN_MEMBER"
          ? "unknown-member"
          : err.code === "MDX_UNKNOWN_CUBE"
            ? "unknown-cube"
            : "query";
    return new OlapError(kind, err.message);
  }
  if (err instanceof EngineCubeWriteError) return new OlapError("write-refused", err.message);
  return err;
}

function olapCubeOf(engine: EngineCube): OlapCube {
  return {
    application: engine.application,
    cube: engine.cube,
    metadata: async () => olapOutline(engine.outline, engine.application, engine.cube).metadata,
    members: async (query) =>
      queryMembers(olapOutline(engine.outline, engine.application, engine.cube).metadata, query),
    mdx: (text, options = {}) =>
      olapErrorsAsync(async () => {
        const result = await engine.mdx(text, options);
        return cellSetOf(olapOutline(engine.outline, engine.application, engine.cube), engine.cube, result);
      }),
    update: (ownerId, text, options = {}) =>
      olapErrorsAsync(() => engine.update(ownerId, parseMdxUpdate(text), options)),
    ...(engine.drillthrough
      ? {
          drillthrough: (text: string, options = {}) =>
            olapErrorsAsync(async () => {
              const r = await (engine.drillthrough as NonNullable<EngineCube["drillthrough"]>)(
                parseMdxDrillthrough(text),
                options,
              );
              return drillthroughOf(engine.cube, r);
            }),
        }
      : {}),
  };
}

/** A drillthrough's rows as the port's: member names in dimension columns, values in measure columns. */
function drillthroughOf(cube: string, r: MdxDrillthroughResult): OlapDrillthrough {
  return {
    cube,
    columns: [
      ...r.dimensions.map((d) => ({ kind: "dimension" as const, name: d.name })),
      // An outline without an accounts dimension: the cell's own value.
      ...(r.measures.length > 0 ? r.measures : [{ name: "Value" }]).map((m) => ({
        kind: "measure" as const,
        name: m.name,
      })),
    ],
    rows: r.rows.map((row) => [...row.members.map((m) => m.name), ...row.values]),
    truncated: r.truncated,
  };
}

interface OlapOutline {
  metadata: OlapMetadata;
  /** Each engine member's plain copy. */
  members: Map<Member, OlapMember>;
}

/** The plain copy of an outline, made once per outline object (an outline is immutable). */
const copies = new WeakMap<Outline, Map<string, OlapOutline>>();

function olapOutline(outline: Outline, application: string, cube: string): OlapOutline {
  let byName = copies.get(outline);
  if (!byName) {
    byName = new Map();
    copies.set(outline, byName);
  }
  const key = `${application}\u0000${cube}`;
  const known = byName.get(key);
  if (known) return known;
  const members = new Map<Member, OlapMember>();
  const dimensions = [...outline.baseDimensions, ...outline.attributeDimensions].map((d) =>
    olapDimension(d, members),
  );
  const made = { metadata: { application, cube, aliasTables: outline.aliasTables, dimensions }, members };
  byName.set(key, made);
  return made;
}

function kindOf(d: Dimension): OlapDimensionKind {
  return d.type === "accounts" || d.type === "time" || d.type === "attribute" ? d.type : "regular";
}

function olapDimension(d: Dimension, copies: Map<Member, OlapMember>): OlapDimension {
  const members = d.members.map((m) => {
    const attributes: Record<string, string> = {};
    for (const a of m.attributes.values()) attributes[a.dimension.name] = a.name;
    const copy: OlapMember = {
      name: m.name,
      dimension: d.name,
      parent: m.parent?.name ?? null,
      generation: m.generation,
      level: m.level,
      ordinal: m.ordinal,
      childCount: m.children.length,
      shared: m.isShared,
      // A shared member reads its stored member's aliases, as the engine's `alias` does.
      aliases: m.prototype
        ? { ...Object.fromEntries(m.prototype.aliases), ...Object.fromEntries(m.aliases) }
        : Object.fromEntries(m.aliases),
      ...(m.formula !== undefined ? { formula: m.formula } : {}),
      timeBalance: m.timeBalance,
      udas: m.udas,
      attributes,
    };
    copies.set(m, copy);
    return copy;
  });
  return {
    name: d.name,
    kind: kindOf(d),
    generationNames: Object.fromEntries(d.generationNames),
    levelNames: Object.fromEntries(d.levelNames),
    members,
  };
}

function cellSetOf(copy: OlapOutline, cube: string, result: MdxResult): OlapCellSet {
  const calculated = new Map<CalculatedMember, OlapMember>();
  const member = (m: MdxMember): OlapMember => {
    if (!(m instanceof CalculatedMember)) {
      const known = copy.members.get(m);
      if (!known) throw new Error(`MDX result: ${m.name} is not a member of the outline`);
      return known;
    }
    let c = calculated.get(m);
    if (!c) {
      c = {
        name: m.name,
        dimension: m.dimension.name,
        parent: m.parent?.name ?? null,
        generation: m.parent ? m.parent.generation + 1 : 1,
        level: 0,
        ordinal: -1,
        childCount: 0,
        shared: false,
        aliases: {},
        udas: [],
        attributes: {},
        calculated: true,
      };
      calculated.set(m, c);
    }
    return c;
  };
  return {
    cube,
    axes: result.axes.map((a) => ({
      ordinal: a.ordinal,
      dimensions: a.dimensions.map((d) => d.name),
      tuples: a.tuples.map((t) => t.map(member)),
    })),
    slicer: result.slicer.map(member),
    cells: result.cells,
  };
}
