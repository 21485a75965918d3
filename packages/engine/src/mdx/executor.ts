import { FormulaEvaluator } from "../calc/eval.ts";
import {
  combine,
  OP_DIVIDE,
  OP_MINUS,
  OP_PLUS,
  OP_TIMES,
  opCode,
  tbCode,
  timeBalance,
} from "../cube/arithmetic.ts";
import type { Cube } from "../cube/cube.ts";
import type { CellValue, DataSource } from "../data-source.ts";
import { finish, STEP_CELLS, type Steps, StepTooLong } from "../grid/steps.ts";
import { Dimension, type Member, type Outline } from "../outline.ts";
import {
  type AxisSpec,
  type Expr,
  type MdxDrillthrough,
  type MdxPosition,
  type MdxQuery,
  type MdxUpdate,
  type NamePart,
  refText,
  type Subcube,
  startOf,
  type UpdateAssignment,
} from "./ast.ts";
import { emptySetDimensions } from "./empty-axis.ts";
import { foundOf, MdxError } from "./errors.ts";
import {
  Call,
  checkArity,
  checkMethodArity,
  type Evaluator,
  type MdxDialect,
  type MethodRequest,
} from "./functions/call.ts";
import { attributeValueOf, onLayer } from "./functions/helpers.ts";
import { FUNCTIONS, METHOD_TABLE, NAVIGATION_TABLE } from "./functions/library.ts";
import { intrinsicProperty } from "./functions/methods.ts";
import { refusal } from "./functions/refused-functions.ts";
import { parseMdx } from "./parser.ts";
import { compareStrings, distinct, except } from "./sets.ts";
import {
  CalculatedMember,
  type Coords,
  isCalc,
  type Layer,
  layerByName,
  type MdxCell,
  type MdxMember,
  type MdxTuple,
  type Val,
} from "./values.ts";

/**
 * The MDX executor: sets are evaluated over the outline, values over a {@link DataSource} (the cube's `read`,
 * one member per base dimension in outline order, attribute members after). Essbase semantics: generation 1 is
 * the dimension, level 0 the leaves; every dimension not on an axis nor in the slicer is at its top member;
 * #Missing is `null` in the result and follows Essbase arithmetic in calculated members (`#Missing + 5` is 5,
 * `#Missing * 5` and `x / 0` are #Missing). The function library is in `functions/`, a table the evaluator
 * dispatches through.
 */

export interface MdxAxis {
  /** 0 = columns, 1 = rows, 2 = pages… */
  ordinal: number;
  /**
   * The dimensions of every tuple, in tuple order; for an empty set, those its expression names
   * (`empty-axis.ts`: the Market of an empty `Filter([Market].Children, …)`), none for `{}`.
   */
  dimensions: Dimension[];
  tuples: MdxTuple[];
}

export interface MdxResult {
  /** Axes in axis order (columns first). */
  axes: MdxAxis[];
  /** The slicer: the members of the `WHERE` tuple (empty without `WHERE`). */
  slicer: MdxTuple;
  /**
   * Cell values, `null` for #Missing, by cell ordinal: the tuple index on axis 0, plus the index on axis 1
   * times the length of axis 0, and so on (columns vary fastest). One cell when there is no axis. A cell
   * whose calculated member gives a string (Report Builder's `ParameterCaption`) holds that string.
   */
  cells: MdxCell[];
}

export interface MdxOptions {
  /** The application name a `FROM [App].[Cube]` may carry (checked when given). */
  application?: string;
  /** The cube name `FROM` must name; the outline's name by default. */
  cube?: string;
  /** The most cells a query may compute (the product of the axes' lengths before NON EMPTY); 1,000,000 by default. */
  maxCells?: number;
  /**
   * The most work a query may do, in units of one expression evaluated, one cell read or one tuple built
   * ({@link MAX_MDX_WORK} by default): counted as the work is done, sets before they are built, so that a query
   * over it is refused (`MDX_TOO_COSTLY`) after at most that much work, whatever its shape.
   */
  maxWork?: number;
  /**
   * When set, a step (the work between two yields of {@link executeMdxSteps}) that would do more than this much
   * work throws {@link StepTooLong} instead: a host that must not be held long runs the query elsewhere.
   */
  stepWork?: number;
  /**
   * Whose MDX the query is read as: `essbase` (the default: `Levels(0)` are the leaves, as Essbase numbers
   * them) or `ssas` (Microsoft's: levels numbered from the root, `Levels(0)` the top, and `Ancestors(m, level)`
   * the one ancestor at that level). The host picks it per address, as the rowsets it answers there number levels.
   */
  dialect?: MdxDialect;
}

/**
 * The default work budget of a query: about half a second of work on one core of a small server (the query that
 * reaches it is refused at once). Sample.Basic's largest sensible queries (every level-0 product by every
 * level-0 market by the months, a few measures) stay far below it.
 */
export const MAX_MDX_WORK = 1_000_000;

/** Work between two steps of {@link executeMdxSteps}' cells: about a millisecond. */
const STEP_WORK = 8_192;

/** The value of one cell of a result, by its position on each axis (columns first). */
export function cellAt(result: MdxResult, positions: readonly number[]): MdxCell {
  let ordinal = 0;
  let stride = 1;
  result.axes.forEach((axis, k) => {
    ordinal += (positions[k] ?? 0) * stride;
    stride *= axis.tuples.length;
  });
  return result.cells[ordinal] ?? null;
}

/** Parses and runs an MDX query against a cube (or any data source). */
export function executeMdx(
  source: DataSource,
  query: string | MdxQuery,
  options: MdxOptions = {},
): MdxResult {
  return finish(executeMdxSteps(source, query, options));
}

/**
 * {@link executeMdx} in steps (`../grid/steps.ts`): the axes are evaluated in one step, then the cells are
 * computed about {@link STEP_CELLS} at a time, so that a host may run a large query a slice at a time.
 */
export function* executeMdxSteps(
  source: DataSource,
  query: string | MdxQuery,
  options: MdxOptions = {},
): Steps<MdxResult> {
  const q = typeof query === "string" ? parseMdx(query) : query;
  return yield* new Executor(source, options).run(q);
}

/**
 * The calculated members a query's `WITH` clause defines over `source`'s outline, in the order it defines them:
 * the members an execution of the query puts on its axes (`transfer.ts` finds them again by these).
 */
export function calculatedMembersOf(source: DataSource, q: MdxQuery): CalculatedMember[] {
  const executor = new Executor(source, {});
  executor.define(q);
  return executor.calculated;
}

/** One cell an `UPDATE CUBE` writes: one stored member per base dimension (outline order), and its value. */
export interface MdxCellWrite {
  tuple: Member[];
  value: CellValue;
}

/**
 * The cells an `UPDATE CUBE` statement writes, with their values computed over the source as it is: every base
 * dimension the tuple leaves out is at its top member, as in a query. Without an allocation, the cell named is
 * written, whatever its level, and the source's write rule decides; `USE_EQUAL_ALLOCATION` and
 * `USE_EQUAL_INCREMENT` write the stored level-0 cells under it instead (the weighted forms are refused).
 */
export function resolveMdxUpdate(
  source: DataSource,
  update: MdxUpdate,
  options: MdxOptions = {},
): MdxCellWrite[] {
  const executor = new Executor(source, options);
  return executor.writesOf(executor.assignments(update));
}

/**
 * One assignment of an `UPDATE CUBE` resolved over a source: the cell it names (a stored member of each base
 * dimension, in outline order), its value (null: #Missing), and whether that value is written to the cell itself
 * (`allocation` null) or spread over the stored level-0 cells under it (`equal`: `USE_EQUAL_ALLOCATION`,
 * `increment`: `USE_EQUAL_INCREMENT`). The cells it writes follow from it and the data as it then is
 * ({@link mdxAssignmentWrites}): a statement is kept (journaled) as its assignments, far smaller than its cells.
 */
export interface MdxAssignment {
  tuple: Member[];
  value: CellValue;
  allocation: "equal" | "increment" | null;
}

/** The assignments of `update` resolved over `source`: each value computed, no cell written or read under them. */
export function resolveMdxAssignments(
  source: DataSource,
  update: MdxUpdate,
  options: MdxOptions = {},
): MdxAssignment[] {
  return new Executor(source, options).assignments(update).map(({ at: _at, ...a }) => a);
}

/**
 * The cells `assignments` write over `source` as it is, all read before any is written (an increment reads the
 * cells it changes and the cell it names), as `resolveMdxUpdate` answers them.
 */
export function mdxAssignmentWrites(
  source: DataSource,
  assignments: readonly MdxAssignment[],
  options: MdxOptions = {},
): MdxCellWrite[] {
  return new Executor(source, options).writesOf(assignments.map((a) => ({ ...a, at: ORIGIN })));
}

/**
 * The work of an `UPDATE CUBE` counted before any of it is done: each assignment's tuple resolved, the level-0
 * cells an allocation spreads over counted (a unit each, as the allocation charges them; an increment reads
 * each, `READ_WORK`), no value computed. Refused past `options.maxWork` (`MDX_TOO_COSTLY`) or an allocation past
 * `options.maxCells` (`MDX_TOO_LARGE`), as running it would be: a host that runs statements elsewhere (a worker
 * thread) refuses them before they take a place there. The cells of all the assignments together.
 */
export function mdxUpdateWork(source: DataSource, update: MdxUpdate, options: MdxOptions = {}): number {
  return new Executor(source, options).updateWork(update);
}

/**
 * The rows a `DRILLTHROUGH` returns when it writes no `MAXROWS`: Analysis Services' default
 * (`OLAP\\Query\\DefaultDrillthroughMaxRows`, 10,000).
 */
export const DRILLTHROUGH_DEFAULT_ROWS = 10_000;

/**
 * What a `DRILLTHROUGH` returns: one row per stored level-0 cell under the cell it names that holds data (a value
 * in at least one of its measures), in outline order. Each row holds, for each dimension column, the cell's
 * level-0 member and, for each measure column, its value there (`null`: #Missing).
 */
export interface MdxDrillthroughResult {
  /** The dimension columns, in outline order or as RETURN lists them: every base dimension but the accounts one. */
  dimensions: Dimension[];
  /** The measure columns (members of the accounts dimension): RETURN's, or the cell's own measure. */
  measures: Member[];
  rows: { members: Member[]; values: CellValue[] }[];
  /** The most rows this statement returns (its MAXROWS, or the default). */
  maxRows: number;
  /** Whether more cells held data than `maxRows`: the rows are the first ones. */
  truncated: boolean;
}

/**
 * Runs a `DRILLTHROUGH` over `source`: the stored level-0 cells (neither Dynamic Calc nor label only, shared
 * members read once) under the cell its `SELECT` names, one row each. Refused: `FIRSTROWSET`, `WITH`, subselects,
 * calculated or attribute members in the cell, more than one tuple on an axis, RETURN columns other than measures
 * and dimensions, MAXROWS above `options.maxCells` divided by the columns. The reads count against
 * `options.maxWork` as a query's do.
 */
export function executeMdxDrillthrough(
  source: DataSource,
  statement: MdxDrillthrough,
  options: MdxOptions = {},
): MdxDrillthroughResult {
  return new Executor(source, options).drillthrough(statement);
}

/** The allocations `UPDATE CUBE` runs; the weighted ones (`USE_WEIGHTED_…`) are refused. */
const EQUAL_ALLOCATIONS = new Set(["USE_EQUAL_ALLOCATION", "USE_EQUAL_INCREMENT"]);

const MAX_DEPTH = 64;

/** The deepest nesting of evaluations (expressions within calculated members within expressions…). */
const MAX_EVAL_DEPTH = 1_000;

/** Calculated-member values kept at once (see `Executor.memo`); the memo starts again past it. */
const MEMO_SIZE = 100_000;

/**
 * The work of one value read from the source inside an expression: an upper-level cell is aggregated on the
 * fly, a few microseconds, several times the cost of evaluating one expression.
 */
const READ_WORK = 4;

const ORIGIN: MdxPosition = { line: 1, column: 1, text: "" };

/**
 * The refusal of a name that is not one of the engine's functions (`method`: written `target.NAME`): a function
 * the engine knows of but does not run says what it would need; any other is unknown.
 */
function notAFunction(name: string, at: MdxPosition, method: boolean): MdxError {
  const needs = refusal(name);
  return needs
    ? new MdxError(
        "MDX_UNSUPPORTED_FUNCTION",
        { id: "unsupportedFunction", name: at.text, method, needs },
        at,
      )
    : new MdxError("MDX_UNKNOWN_FUNCTION", { id: "unknownFunction", name: at.text, method }, at);
}

class Executor implements Evaluator {
  readonly outline: Outline;
  readonly dialect: MdxDialect;
  private readonly base: readonly Dimension[];
  readonly calcMembers: CalculatedMember[] = [];
  private readonly namedSets = new Map<
    string,
    { expr: Expr; value: MdxMember[][] | null; evaluating: boolean }
  >();
  private slicerCoords: Coords = new Map();
  /**
   * The subselects' space (`FROM (SELECT … ON 0 FROM cube)`): per dimension they restrict, the members kept, and
   * whether the totals of the members above them are visual (count only the members kept) or not (`NON VISUAL`).
   */
  private readonly subcube = new Map<Dimension, { kept: Set<Member>; visual: boolean }>();
  /**
   * The subselects' tuples of several dimensions that are no crossjoin (`{([East],[100]), ([West],[200])}`, an
   * arbitrary shape): the space holds only the combinations they name (and what lies below or above them), not
   * every kept member of one dimension with every kept member of the other.
   */
  private readonly shapes: { dims: Dimension[]; tuples: Member[][]; visual: boolean }[] = [];
  /** Work done so far, and at the start of the current step (see `MdxOptions.maxWork`). */
  private work = 0;
  private stepStart = 0;
  private readonly maxWork: number;
  /** Nesting of `evaluate`, bounded so that no query exhausts the stack. */
  private evalDepth = 0;
  /**
   * Values of calculated members already computed, by coordinates: a member used twice at the same coordinates
   * (`[x2] AS [x1] + [x1]`) is computed once, so a chain of members costs its length, not a power of two.
   */
  private readonly memo = new Map<string, number>();
  /** The string the last cell of the result computed ({@link cellValue}), taken by {@link cells}. */
  private text: string | null = null;
  /** The coordinates whose calculated value is being computed: met again, a member refers to itself. */
  private readonly computing = new Set<string>();

  constructor(
    private readonly source: DataSource,
    private readonly options: MdxOptions,
  ) {
    this.outline = source.outline;
    this.base = this.outline.baseDimensions;
    this.maxWork = options.maxWork ?? MAX_MDX_WORK;
    this.dialect = options.dialect ?? "essbase";
  }

  /** A Dynamic Time Series value through the source's own rule, when it has one and no calculated member is in play. */
  readToDate(coords: Coords, dts: string, latest: Member): number | undefined {
    const source = this.source as DataSource & {
      readToDate?: (tuple: readonly Member[], dts: string, latest: Member) => CellValue;
    };
    if (typeof source.readToDate !== "function") return undefined;
    // The time dimension's member is replaced by the periods to date: a calculated member there does not matter.
    for (const [d, m] of coords) if (isCalc(m) && d !== latest.dimension) return undefined;
    this.charge(READ_WORK * 12, ORIGIN);
    const tuple: Member[] = this.base.map((d) => {
      const m = coords.get(d);
      return m === undefined || isCalc(m) ? d.root : m.stored;
    });
    const v = source.readToDate(tuple, dts, latest);
    return v === null ? Number.NaN : v;
  }

  /** Counts `n` units of work: refused past the query's budget, or past the step's when the host set one. */
  charge(n: number, at: MdxPosition): void {
    this.work += n;
    if (this.work > this.maxWork) {
      throw new MdxError("MDX_TOO_COSTLY", { id: "tooCostly", max: this.maxWork }, at);
    }
    if (this.options.stepWork !== undefined && this.work - this.stepStart > this.options.stepWork)
      throw new StepTooLong();
  }

  /**
   * No set may hold more tuples than the query may have cells: such a set can never be answered on an axis,
   * and building it would hold memory for nothing.
   */
  private checkSetSize(tuples: number, at: MdxPosition): void {
    const max = this.options.maxCells ?? 1_000_000;
    if (tuples <= max) return;
    const e = new MdxError("MDX_TOO_LARGE", { id: "setTooLarge", tuples, max }, at);
    e.size = { cells: tuples, max };
    throw e;
  }

  /** Marks the start of a new step (after a yield). */
  private stepped(): void {
    this.stepStart = this.work;
  }

  get calculated(): CalculatedMember[] {
    return this.calcMembers;
  }

  /** Takes in the `WITH` clause: the named sets, and the calculated members over the outline. */
  define(q: MdxQuery): void {
    for (const def of q.with) {
      const last = def.parts[def.parts.length - 1] as NamePart;
      if (def.kind === "set") {
        this.namedSets.set(last.name.toLowerCase(), { expr: def.expr, value: null, evaluating: false });
        continue;
      }
      let dimension: Dimension;
      let parent: Member | null = null;
      if (def.parts.length === 1) {
        dimension = this.outline.dimensions.find((d) => d.type === "accounts") ?? (this.base[0] as Dimension);
        parent = dimension.root;
      } else {
        const owner = this.resolveRef(def.parts.slice(0, -1));
        if (owner.t !== "member" || isCalc(owner.m))
          throw new MdxError("MDX_ARGUMENT", { id: "calcNeedsParent", name: refText(def.parts) }, def.at);
        dimension = owner.m.dimension;
        parent = owner.m;
      }
      this.calcMembers.push(new CalculatedMember(last.name, dimension, parent, def.expr, def.solveOrder));
    }
  }

  *run(q: MdxQuery): Steps<MdxResult> {
    this.checkCube(q.cube);
    this.define(q);
    this.restrict(q.subcubes ?? []);

    const slicer: MdxMember[] = [];
    if (q.where) {
      const v = this.evaluate(q.where, new Map());
      const tuples = this.toSet(v, startOf(q.where));
      if (tuples.length !== 1) throw new MdxError("MDX_ARGUMENT", { id: "whereOneTuple" }, startOf(q.where));
      slicer.push(...(tuples[0] as MdxMember[]));
    }
    this.slicerCoords = new Map(slicer.map((m) => [m.dimension, m]));

    const specs = [...q.axes].sort((a, b) => a.ordinal - b.ordinal);
    // Where each dimension already is: "slicer", or the axis number.
    const used = new Map<Dimension, string>(slicer.map((m) => [m.dimension, "slicer"]));
    const axes: MdxAxis[] = specs.map((spec, k) => {
      if (spec.ordinal !== k) {
        throw new MdxError("MDX_ARGUMENT", { id: "axisSkipped", ordinal: spec.ordinal, missing: k }, spec.at);
      }
      const tuples = this.inSubcube(
        this.toSet(this.evaluate(spec.set, this.slicerCoords), startOf(spec.set)),
      );
      const dimensions = tuples[0]?.map((m) => m.dimension) ?? this.emptyAxisDimensions(spec.set, used);
      for (const d of dimensions) {
        const other = used.get(d);
        if (other)
          throw new MdxError(
            "MDX_DUPLICATE_DIMENSION",
            {
              id: "dimensionOnTwoAxes",
              dimension: d.name,
              axis: k,
              other: other === "slicer" ? null : Number(other),
            },
            startOf(spec.set),
          );
        used.set(d, String(k));
      }
      return { ordinal: k, dimensions, tuples };
    });

    const total = axes.reduce((n, a) => n * a.tuples.length, 1);
    const maxCells = this.options.maxCells ?? 1_000_000;
    if (total > maxCells) {
      const e = new MdxError(
        "MDX_TOO_LARGE",
        { id: "tooManyCells", cells: total, max: maxCells },
        (specs[0] as AxisSpec).at,
      );
      e.size = { cells: total, max: maxCells };
      throw e;
    }
    let cells = yield* this.cells(axes);
    for (let k = 0; k < specs.length; k++) {
      if (!specs[k]?.nonEmpty) continue;
      yield;
      this.stepped();
      const keep = this.nonEmptyPositions(axes, cells, k);
      if (keep.length === (axes[k] as MdxAxis).tuples.length) continue;
      yield;
      this.stepped();
      cells = this.project(axes, cells, k, keep);
      const axis = axes[k] as MdxAxis;
      axis.tuples = keep.map((i) => axis.tuples[i] as MdxTuple);
    }
    return { axes, slicer, cells };
  }

  /** The cell an assignment names, every base dimension it leaves out at its top (`coords`: its members). */
  private assignedCell(a: UpdateAssignment): { tuple: Member[]; coords: Coords } {
    if (a.allocation !== null && !EQUAL_ALLOCATIONS.has(a.allocation))
      throw new MdxError("MDX_ARGUMENT", { id: "allocationUnsupported", allocation: a.allocation }, a.at);
    const tuples = this.toSet(this.evaluate(a.tuple, new Map()), startOf(a.tuple));
    if (tuples.length !== 1) throw new MdxError("MDX_ARGUMENT", { id: "updateOneTuple" }, startOf(a.tuple));
    const coords: Coords = new Map();
    for (const m of tuples[0] as MdxMember[]) {
      if (isCalc(m))
        throw new MdxError("MDX_ARGUMENT", { id: "calcNotWritable", member: m.name }, startOf(a.tuple));
      if (m.dimension.type === "attribute")
        throw new MdxError("MDX_ARGUMENT", { id: "attributeNotWritable", member: m.name }, startOf(a.tuple));
      if (coords.has(m.dimension))
        throw new MdxError(
          "MDX_DUPLICATE_DIMENSION",
          { id: "dimensionTwiceInTuple", dimension: m.dimension.name },
          startOf(a.tuple),
        );
      coords.set(m.dimension, m);
    }
    const tuple = this.base.map((d) => ((coords.get(d) as Member | undefined) ?? d.root).stored);
    return { tuple, coords };
  }

  assignments(u: MdxUpdate): (MdxAssignment & { at: MdxPosition })[] {
    this.checkCube(u.cube);
    return u.assignments.map((a) => {
      const { tuple, coords } = this.assignedCell(a);
      // `NULL` empties the cell (#Missing).
      const isNull =
        a.value.kind === "ref" &&
        a.value.parts.length === 1 &&
        !a.value.parts[0]?.bracketed &&
        a.value.parts[0]?.name.toUpperCase() === "NULL";
      const v = isNull
        ? Number.NaN
        : this.toNumber(this.evaluate(a.value, coords), startOf(a.value), coords, 0);
      const allocation =
        a.allocation === null ? null : a.allocation === "USE_EQUAL_INCREMENT" ? "increment" : "equal";
      return { tuple, value: Number.isNaN(v) ? null : v, allocation, at: a.at };
    });
  }

  writesOf(assignments: readonly (MdxAssignment & { at: MdxPosition })[]): MdxCellWrite[] {
    return assignments.flatMap((a) => {
      if (a.allocation === null) return [{ tuple: a.tuple, value: a.value }];
      return this.allocate(a.tuple, a.value ?? Number.NaN, a.allocation === "increment", a.at);
    });
  }

  updateWork(u: MdxUpdate): number {
    this.checkCube(u.cube);
    const max = this.options.maxCells ?? 1_000_000;
    for (const a of u.assignments) {
      const { tuple } = this.assignedCell(a);
      if (a.allocation === null) {
        this.charge(1, a.at);
        continue;
      }
      const leaves = tuple.map((m) => storedLeaves(m));
      if (leaves.some((l) => l.length === 0)) {
        this.charge(1, a.at);
        continue;
      }
      const count = leaves.reduce((n, l) => n * l.length, 1);
      if (count > max) {
        const e = new MdxError("MDX_TOO_LARGE", { id: "allocationTooLarge", cells: count, max }, a.at);
        e.size = { cells: count, max };
        throw e;
      }
      this.charge(count * (a.allocation === "USE_EQUAL_INCREMENT" ? READ_WORK : 1), a.at);
    }
    return this.work;
  }

  /**
   * An equal allocation of `v` over the stored level-0 cells under `tuple` (SSAS's `USE_EQUAL_ALLOCATION`: each
   * gets `v / n`; `USE_EQUAL_INCREMENT`: each gets its value plus `(v - the tuple's value) / n`; `NULL` (NaN)
   * empties them all). Neither Dynamic Calc nor label-only leaves are written; a dimension with no stored leaf
   * under the tuple's member leaves the tuple itself, which the cube's write rule then refuses with its reason.
   */
  private allocate(tuple: Member[], v: number, increment: boolean, at: MdxPosition): MdxCellWrite[] {
    const leaves = tuple.map((m) => storedLeaves(m));
    if (leaves.some((l) => l.length === 0)) return [{ tuple, value: Number.isNaN(v) ? null : v }];
    const count = leaves.reduce((n, l) => n * l.length, 1);
    const max = this.options.maxCells ?? 1_000_000;
    if (count > max) {
      const e = new MdxError("MDX_TOO_LARGE", { id: "allocationTooLarge", cells: count, max }, at);
      e.size = { cells: count, max };
      throw e;
    }
    const current = increment ? (this.source.read(tuple) ?? 0) : 0;
    const share = increment ? (v - current) / count : v / count;
    const out: MdxCellWrite[] = [];
    const index = leaves.map(() => 0);
    for (;;) {
      const cell = leaves.map((l, k) => l[index[k] as number] as Member);
      let value: CellValue = Number.isNaN(v) ? null : share;
      if (increment && value !== null) {
        this.charge(READ_WORK, at);
        value = (this.source.read(cell) ?? 0) + share;
      } else this.charge(1, at);
      out.push({ tuple: cell, value });
      if (!nextCombination(index, leaves)) break;
    }
    return out;
  }

  drillthrough(d: MdxDrillthrough): MdxDrillthroughResult {
    const q = d.query;
    this.checkCube(q.cube);
    if (d.firstRowset)
      throw new MdxError("MDX_ARGUMENT", { id: "drillthroughClause", clause: "FIRSTROWSET" }, d.firstRowset);
    if (q.with.length > 0)
      throw new MdxError("MDX_ARGUMENT", { id: "drillthroughClause", clause: "WITH" }, d.at);
    if ((q.subcubes ?? []).length > 0)
      throw new MdxError("MDX_ARGUMENT", { id: "drillthroughClause", clause: "subselect" }, d.at);
    // The cell: the one tuple of each axis and of the slicer.
    const coords: Coords = new Map();
    const parts = [...q.axes.map((a) => a.set), ...(q.where ? [q.where] : [])];
    for (const e of parts) {
      const tuples = this.toSet(this.evaluate(e, new Map()), startOf(e));
      if (tuples.length > 1) throw new MdxError("MDX_ARGUMENT", { id: "drillthroughOneCell" }, startOf(e));
      for (const m of tuples[0] ?? []) {
        if (isCalc(m) || m.dimension.type === "attribute")
          throw new MdxError(
            "MDX_ARGUMENT",
            { id: "drillthroughMember", member: m.name, kind: isCalc(m) ? "calculated" : "attribute" },
            startOf(e),
          );
        if (coords.has(m.dimension))
          throw new MdxError(
            "MDX_DUPLICATE_DIMENSION",
            { id: "dimensionTwiceInTuple", dimension: m.dimension.name },
            startOf(e),
          );
        coords.set(m.dimension, m);
      }
    }
    const accounts = this.base.find((dim) => dim.type === "accounts");
    // The columns: RETURN's measures and dimensions, or every dimension and the cell's measure.
    let dimensions = this.base.filter((dim) => dim !== accounts);
    let measures: Member[] = [];
    if (d.returns.length > 0) {
      const asked: Dimension[] = [];
      for (const r of d.returns) {
        const column = this.returnColumn(r, accounts);
        if (column instanceof Dimension) {
          if (!asked.includes(column)) asked.push(column);
        } else if (!measures.includes(column)) measures.push(column);
      }
      dimensions = asked;
    }
    if (measures.length === 0)
      measures = accounts ? [((coords.get(accounts) as Member | undefined) ?? accounts.root).stored] : [];
    const columns = dimensions.length + Math.max(1, measures.length);
    const maxCells = this.options.maxCells ?? 1_000_000;
    const cap = Math.max(1, Math.floor(maxCells / columns));
    if (d.maxRows !== null && (!Number.isInteger(d.maxRows) || d.maxRows < 1 || d.maxRows > cap))
      throw new MdxError("MDX_ARGUMENT", { id: "drillthroughMaxRows", given: d.maxRows, max: cap }, d.at);
    const maxRows = d.maxRows ?? Math.min(DRILLTHROUGH_DEFAULT_ROWS, cap);
    // The stored level-0 members under the cell's member, per enumerated dimension (every base one but accounts).
    const walked = this.base.filter((dim) => dim !== accounts);
    const leaves = walked.map((dim) => storedLeaves((coords.get(dim) as Member | undefined) ?? dim.root));
    const rows: MdxDrillthroughResult["rows"] = [];
    let truncated = false;
    if (leaves.every((l) => l.length > 0)) {
      const at = startOf(parts[0] ?? { kind: "number", value: 0, at: d.at });
      const index = walked.map(() => 0);
      const tuple: Member[] = this.base.map((dim) => dim.root);
      const position = walked.map((dim) => this.base.indexOf(dim));
      const accountsAt = accounts ? this.base.indexOf(accounts) : -1;
      const measureList: (Member | null)[] = measures.length > 0 ? measures : [null];
      for (;;) {
        walked.forEach((_, k) => {
          tuple[position[k] as number] = (leaves[k] as Member[])[index[k] as number] as Member;
        });
        const values: CellValue[] = [];
        let any = false;
        for (const measure of measureList) {
          if (measure) tuple[accountsAt] = measure;
          this.charge(READ_WORK, at);
          const v = this.source.read(tuple);
          if (v !== null) any = true;
          values.push(v);
        }
        if (any) {
          if (rows.length === maxRows) {
            truncated = true;
            break;
          }
          rows.push({ members: dimensions.map((dim) => tuple[this.base.indexOf(dim)] as Member), values });
        }
        if (!nextCombination(index, leaves)) break;
      }
    }
    return { dimensions, measures, rows, maxRows, truncated };
  }

  /** A RETURN column: a dimension (`[$Market]`, `[Market]`, `[$Market].[Market]`) or a measure. */
  private returnColumn(e: Expr, accounts: Dimension | undefined): Dimension | Member {
    const refuse = (): never => {
      const at = startOf(e);
      throw new MdxError("MDX_ARGUMENT", { id: "drillthroughReturn", column: at.text }, at);
    };
    if (e.kind !== "ref") return refuse();
    const names = e.parts.map((p) => p.name);
    const first = (names[0] as string).replace(/^\$/, "").toLowerCase();
    const dim = this.base.find((x) => x.name.toLowerCase() === first);
    if (
      dim &&
      dim !== accounts &&
      (names.length === 1 || (names.length === 2 && names[1]?.toLowerCase() === first))
    )
      return dim;
    // A measure, named as a query names it or by its measure group, the cube (`[Basic].[Sales]`).
    const cube = (this.options.cube ?? this.outline.name).toLowerCase();
    const parts = names.length === 2 && first === cube ? e.parts.slice(1) : e.parts;
    let v: Val;
    try {
      v = this.resolveRef(parts);
    } catch (err) {
      if (err instanceof MdxError && err.code === "MDX_UNKNOWN_MEMBER") return refuse();
      throw err;
    }
    if (v.t !== "member" || isCalc(v.m) || v.m.dimension !== accounts) return refuse();
    return v.m.stored;
  }

  // ------------------------------------------------------------------------------------------ subselects

  /**
   * Reads the subselects, innermost first: each axis's members restrict their dimension (within what an inner
   * subselect kept), its `WHERE` is the context its sets are evaluated in.
   */
  private restrict(subcubes: readonly Subcube[]): void {
    for (const sub of subcubes) {
      let ctx: Coords = new Map();
      if (sub.where) {
        const tuples = this.toSet(this.evaluate(sub.where, ctx), startOf(sub.where));
        if (tuples.length !== 1)
          throw new MdxError("MDX_ARGUMENT", { id: "whereOneTuple" }, startOf(sub.where));
        ctx = new Map((tuples[0] as MdxMember[]).map((m) => [m.dimension, m]));
      }
      for (const spec of sub.axes) {
        let tuples = this.inSubcube(this.toSet(this.evaluate(spec.set, ctx), startOf(spec.set)));
        if (spec.nonEmpty)
          tuples = tuples.filter((t) => !Number.isNaN(this.cellValue(this.override(ctx, t), 0)));
        const dimensions =
          tuples[0]?.map((m) => m.dimension) ?? this.emptyAxisDimensions(spec.set, new Map());
        const shape = arbitraryShape(tuples);
        if (shape) this.shapes.push({ dims: dimensions, tuples: shape, visual: sub.visual });
        dimensions.forEach((d, k) => {
          let kept = new Set<Member>();
          for (const t of tuples) {
            const m = t[k];
            if (m && !isCalc(m)) kept.add(m);
          }
          const before = this.subcube.get(d);
          // Nested subselects on one dimension: the space both keep.
          if (before)
            kept = new Set([
              ...[...kept].filter((m) => underOrIn(m, before.kept)),
              ...[...before.kept].filter((m) => underOrIn(m, kept)),
            ]);
          this.subcube.set(d, { kept, visual: sub.visual });
        });
      }
    }
  }

  /** The tuples whose members all lie in the subselects' space: kept, below or above a member kept. */
  inSubcube(tuples: MdxMember[][]): MdxMember[][] {
    if (this.subcube.size === 0) return tuples;
    return tuples.filter(
      (t) =>
        t.every((m) => {
          if (isCalc(m)) return true;
          const r = this.subcube.get(m.dimension);
          return !r || underOrIn(m, r.kept) || above(m, r.kept);
        }) && this.shapes.every((s) => inShape(s, new Map(t.map((m) => [m.dimension, m])))),
    );
  }

  /**
   * A visual total: the value at coordinates where a dimension's member stands above the members a subselect
   * kept, from those members only (`undefined` when no dimension does). A member with a formula (or label only)
   * elsewhere in the coordinates is computed from the visual totals, as at any upper level; else the dimension's
   * children in the space are consolidated by their operators, over time by the account's time balance.
   */
  private visualTotal(coords: Coords, depth: number): number | undefined {
    let d: Dimension | undefined;
    let m: Member | undefined;
    for (const [dim, r] of this.subcube) {
      const x = coords.get(dim) ?? dim.root;
      // A subselect that kept no member (a filter no member passes, nested filters with none in common): the
      // dimension's top totals nothing, rather than the whole dimension.
      if (r.visual && r.kept.size === 0 && x === dim.root) return Number.NaN;
      if (r.visual && !isCalc(x) && above(x, r.kept) && !underOrIn(x, r.kept)) {
        d = dim;
        m = x;
        break;
      }
    }
    if (!d || !m) return undefined;
    const at = ORIGIN;
    if (depth > MAX_DEPTH)
      throw new MdxError("MDX_TOO_DEEP", { id: "calcRefersToItself", member: m.name }, at);
    this.charge(1, at);
    for (const [e, x] of coords) {
      if (e === d || isCalc(x)) continue;
      if (x.storage === "label-only" && x.children[0])
        return this.cellValue(this.override(coords, [x.children[0]]), depth + 1);
      // Without the engine's cube to run the formula on, the member's whole total (as NON VISUAL), never a sum of
      // its values (a ratio added up).
      if (x.formula) return this.formulaOverVisual(x, coords, depth + 1);
    }
    const kept = (this.subcube.get(d) as { kept: Set<Member> }).kept;
    const dim = d;
    const kids = m.children.filter(
      (c) =>
        (underOrIn(c, kept) || above(c, kept)) &&
        this.shapes.every(
          (s) => !s.visual || !s.dims.includes(dim) || inShape(s, this.override(coords, [c])),
        ),
    );
    const values = kids.map((c) => this.cellValue(this.override(coords, [c]), depth + 1));
    const accounts = this.outline.dimensions.find((x) => x.type === "accounts");
    const account = accounts ? (coords.get(accounts) ?? accounts.root) : undefined;
    if (d.type === "time" && account && !isCalc(account) && account.stored.timeBalance !== "none")
      return timeBalance(values, tbCode(account.stored.timeBalance), account.stored.timeBalanceSkip);
    let total = Number.NaN;
    kids.forEach((c, i) => {
      total = combine(total, values[i] as number, opCode(c.consolidation));
    });
    return total;
  }

  /**
   * A member's formula at coordinates, its references read through this query (so through visual totals); needs
   * the engine's own cube as the source (`undefined` otherwise: the source reads the cell).
   */
  private formulaOverVisual(x: Member, coords: Coords, depth: number): number | undefined {
    const cube = this.source as DataSource & Partial<Pick<Cube, "valueAt" | "member" | "dims">>;
    if (typeof cube.valueAt !== "function" || typeof cube.member !== "function" || !cube.dims)
      return undefined;
    const dims = cube.dims;
    const view = Object.create(cube) as Cube;
    view.valueAt = (ords: number[], d = 0): number => {
      const at: Coords = new Map(coords);
      dims.forEach((dim, i) => {
        at.set(dim, (cube.member as Cube["member"]).call(cube, i, ords[i] as number));
      });
      return this.cellValue(at, depth + d + 1);
    };
    const ords = dims.map((dim) => ((coords.get(dim) as Member | undefined) ?? dim.root).stored.ordinal);
    return new FormulaEvaluator(view).memberValue(x.stored, ords, depth);
  }

  private checkCube(parts: NamePart[]): void {
    const expected = (this.options.cube ?? this.outline.name).toLowerCase();
    const last = parts[parts.length - 1] as NamePart;
    const app = parts.length > 1 ? parts[parts.length - 2] : undefined;
    const appOk =
      !app || !this.options.application || app.name.toLowerCase() === this.options.application.toLowerCase();
    if (last.name.toLowerCase() !== expected || !appOk || parts.length > 2) {
      const at = parts[0] as NamePart;
      throw new MdxError(
        "MDX_UNKNOWN_CUBE",
        { id: "unknownCube", cube: refText(parts) },
        {
          ...at.at,
          text: refText(parts),
        },
      );
    }
  }

  // -------------------------------------------------------------------------------------------- cells

  private *cells(axes: MdxAxis[]): Steps<MdxCell[]> {
    const total = axes.reduce((n, a) => n * a.tuples.length, 1);
    const out: MdxCell[] = new Array(total);
    const idx = axes.map(() => 0);
    let stepCells = 0;
    for (let c = 0; c < total; c++) {
      if (stepCells >= STEP_CELLS || this.work - this.stepStart >= STEP_WORK) {
        yield;
        this.stepped();
        stepCells = 0;
      }
      stepCells++;
      const coords = new Map(this.slicerCoords);
      axes.forEach((a, k) => {
        for (const m of a.tuples[idx[k] as number] as MdxTuple) coords.set(m.dimension, m);
      });
      // The answer's own cells are bounded by `maxCells`: their stored values are read free of the work budget,
      // as a grid of that size would be; what calculated members do for them is counted.
      const v = this.cellValue(coords, 0, false);
      if (this.text === null) out[c] = Number.isNaN(v) ? null : v;
      else {
        out[c] = this.text;
        this.text = null;
      }
      for (let k = 0; k < idx.length; k++) {
        idx[k] = (idx[k] as number) + 1;
        if ((idx[k] as number) < (axes[k] as MdxAxis).tuples.length) break;
        idx[k] = 0;
      }
    }
    return out;
  }

  private strides(axes: MdxAxis[]): number[] {
    const s: number[] = [];
    let n = 1;
    for (const a of axes) {
      s.push(n);
      n *= a.tuples.length;
    }
    return s;
  }

  private nonEmptyPositions(axes: MdxAxis[], cells: MdxCell[], k: number): number[] {
    const stride = this.strides(axes)[k] as number;
    const len = (axes[k] as MdxAxis).tuples.length;
    const has = new Array<boolean>(len).fill(false);
    cells.forEach((v, c) => {
      if (v !== null) has[Math.floor(c / stride) % len] = true;
    });
    return has.flatMap((h, i) => (h ? [i] : []));
  }

  private project(axes: MdxAxis[], cells: MdxCell[], k: number, keep: number[]): MdxCell[] {
    const stride = this.strides(axes)[k] as number;
    const len = (axes[k] as MdxAxis).tuples.length;
    const out: MdxCell[] = [];
    const outer = cells.length / (stride * len);
    for (let o = 0; o < outer; o++)
      for (const i of keep)
        for (let s = 0; s < stride; s++) out.push(cells[o * stride * len + i * stride + s] as CellValue);
    return out;
  }

  /**
   * The value at coordinates: the calculated member of highest solve order computes it, else the source. A
   * result's own cell (`counted` false, at depth 0) may be a string: it is left in {@link text}, the value NaN;
   * anywhere else a number is needed, and a string is refused.
   */
  cellValue(coords: Coords, depth: number, counted = true): number {
    let calc: CalculatedMember | null = null;
    for (const m of coords.values()) if (isCalc(m) && (!calc || m.solveOrder > calc.solveOrder)) calc = m;
    if (calc) {
      const at = startOf(calc.expr);
      this.charge(1, at);
      const selfRef = (): MdxError =>
        new MdxError("MDX_TOO_DEEP", { id: "calcRefersToItself", member: calc.name }, at);
      if (depth > MAX_DEPTH) throw selfRef();
      const k = this.coordsKey(coords);
      const known = this.memo.get(k);
      if (known !== undefined) return known;
      if (this.computing.has(k)) throw selfRef();
      this.computing.add(k);
      try {
        const value = this.evaluate(calc.expr, coords, depth + 1);
        if (value.t === "str") {
          if (depth > 0 || counted)
            throw new MdxError("MDX_ARGUMENT", { id: "calcNotNumber", member: calc.name }, at);
          this.text = value.v;
          return Number.NaN;
        }
        const v = this.toNumber(value, at, coords, depth + 1);
        if (this.memo.size >= MEMO_SIZE) this.memo.clear();
        this.memo.set(k, v);
        return v;
      } finally {
        this.computing.delete(k);
      }
    }
    if (this.subcube.size > 0) {
      const visual = this.visualTotal(coords, depth);
      if (visual !== undefined) return visual;
    }
    if (counted) this.charge(READ_WORK, ORIGIN);
    const tuple: Member[] = this.base.map((d) => ((coords.get(d) as Member | undefined) ?? d.root).stored);
    for (const [d, m] of coords) if (d.type === "attribute" && (m as Member).parent) tuple.push(m as Member);
    const v = this.source.read(tuple);
    return v === null ? Number.NaN : v;
  }

  /** Coordinates as a key: each dimension's member in outline order (an absent dimension is its top). */
  private coordsKey(coords: Coords): string {
    let k = "";
    for (const d of this.outline.dimensions) {
      const m = coords.get(d);
      k += m === undefined ? "|" : isCalc(m) ? `|c${this.calcMembers.indexOf(m)}` : `|${m.ordinal}`;
    }
    return k;
  }

  /**
   * The dimensions of an axis whose set is empty, read from its expression (`empty-axis.ts`); none when one
   * of them is already on another axis or in the slicer.
   */
  private emptyAxisDimensions(set: Expr, used: ReadonlyMap<Dimension, string>): Dimension[] {
    const dims = emptySetDimensions(
      set,
      (e) => {
        try {
          return this.evaluate(e, this.slicerCoords);
        } catch {
          return null;
        }
      },
      (name) => this.namedSets.get(name.toLowerCase())?.expr ?? null,
    );
    return dims.some((d) => used.has(d)) ? [] : dims;
  }

  // ----------------------------------------------------------------------------------------- coercion

  toSet(v: Val, at: MdxPosition): MdxMember[][] {
    switch (v.t) {
      case "set":
        return v.tuples;
      case "member":
        return [[v.m]];
      case "tuple":
        return [v.ms];
      default:
        throw new MdxError("MDX_ARGUMENT", { id: "expected", needed: "set", found: foundOf(v) }, at);
    }
  }

  toMember(v: Val, at: MdxPosition): MdxMember {
    if (v.t === "member") return v.m;
    if (v.t === "set" && v.tuples.length === 1 && v.tuples[0]?.length === 1)
      return v.tuples[0][0] as MdxMember;
    if (v.t === "tuple" && v.ms.length === 1) return v.ms[0] as MdxMember;
    if (v.t === "set" && v.tuples.length === 0)
      throw new MdxError(
        "MDX_ARGUMENT",
        { id: "expected", needed: "member", found: { kind: "emptySet" } },
        at,
      );
    throw new MdxError("MDX_ARGUMENT", { id: "expected", needed: "member", found: foundOf(v) }, at);
  }

  toOutlineMember(v: Val, at: MdxPosition): Member {
    const m = this.toMember(v, at);
    if (isCalc(m)) throw new MdxError("MDX_ARGUMENT", { id: "calcNoPlace", member: m.name }, at);
    return m;
  }

  toNumber(v: Val, at: MdxPosition, ctx: Coords, depth: number): number {
    switch (v.t) {
      case "num":
        return v.v;
      case "bool":
        return v.v ? 1 : 0;
      case "member":
        return this.cellValue(this.override(ctx, [v.m]), depth);
      case "tuple":
        return this.cellValue(this.override(ctx, v.ms), depth);
      case "set":
        if (v.tuples.length === 1)
          return this.cellValue(this.override(ctx, v.tuples[0] as MdxMember[]), depth);
        // An empty member or tuple has no value: #Missing.
        if (v.tuples.length === 0) return Number.NaN;
        throw new MdxError("MDX_ARGUMENT", { id: "expected", needed: "value", found: { kind: "set" } }, at);
      default:
        // A string where a number is needed: say "a number", not "a value" (a string is one too).
        throw new MdxError(
          "MDX_ARGUMENT",
          { id: "expected", needed: v.t === "str" ? "number" : "value", found: foundOf(v) },
          at,
        );
    }
  }

  toBool(v: Val, at: MdxPosition, ctx: Coords, depth: number): boolean {
    if (v.t === "bool") return v.v;
    const n = this.toNumber(v, at, ctx, depth);
    return !Number.isNaN(n) && n !== 0;
  }

  toInteger(v: Val, at: MdxPosition, ctx: Coords, depth: number): number {
    const n = this.toNumber(v, at, ctx, depth);
    if (!Number.isFinite(n) || !Number.isInteger(n) || n < 0)
      throw new MdxError(
        "MDX_ARGUMENT",
        { id: "expected", needed: "wholeNumber", found: { kind: "text", text: at.text } },
        at,
      );
    return n;
  }

  override(ctx: Coords, ms: readonly MdxMember[]): Coords {
    const out = new Map(ctx);
    for (const m of ms) out.set(m.dimension, m);
    return out;
  }

  /** Checks that every tuple of a set has the same dimensions in the same order. */
  uniform(tuples: MdxMember[][], at: MdxPosition): MdxMember[][] {
    const first = tuples[0];
    if (!first) return tuples;
    for (const t of tuples) {
      if (t.length !== first.length || t.some((m, i) => m.dimension !== first[i]?.dimension)) {
        const dims = (x: MdxMember[]): string[] => x.map((m) => m.dimension.name);
        throw new MdxError("MDX_ARGUMENT", { id: "mixedTuples", first: dims(first), second: dims(t) }, at);
      }
    }
    return tuples;
  }

  // -------------------------------------------------------------------------------------- evaluation

  evaluate(e: Expr, ctx: Coords, depth = 0): Val {
    this.charge(1, e.at);
    if (this.evalDepth >= MAX_EVAL_DEPTH)
      throw new MdxError("MDX_TOO_DEEP", { id: "evaluationTooDeep", max: MAX_EVAL_DEPTH }, startOf(e));
    this.evalDepth++;
    try {
      const v = this.evaluateNode(e, ctx, depth);
      // A set costs its tuples (a set built from others can be twice their size: `{[s], [s]}`).
      if (v.t === "set") {
        this.checkSetSize(v.tuples.length, e.at);
        this.charge(v.tuples.length, e.at);
      }
      return v;
    } finally {
      this.evalDepth--;
    }
  }

  private evaluateNode(e: Expr, ctx: Coords, depth: number): Val {
    switch (e.kind) {
      case "number":
        return { t: "num", v: e.value };
      case "string":
        return { t: "str", v: e.value };
      case "empty":
        return { t: "empty" };
      case "flag":
        return { t: "flag", name: e.name };
      case "ref":
        return this.resolveRef(e.parts);
      case "set": {
        const tuples: MdxMember[][] = [];
        for (const item of e.items) {
          const part = this.toSet(this.evaluate(item, ctx, depth), startOf(item));
          this.checkSetSize(tuples.length + part.length, e.at);
          for (const t of part) tuples.push(t);
        }
        return { t: "set", tuples: this.uniform(tuples, e.at) };
      }
      case "tuple": {
        const ms: MdxMember[] = [];
        for (const item of e.items) {
          const v = this.evaluate(item, ctx, depth);
          // An empty member (`[Jan].PrevMember`) makes an empty tuple, whose value is #Missing (Oracle's grids).
          if (v.t === "set" && v.tuples.length === 0) return v;
          const part = v.t === "tuple" ? v.ms : [this.toMember(v, startOf(item))];
          for (const m of part) {
            if (ms.some((x) => x.dimension === m.dimension))
              throw new MdxError(
                "MDX_DUPLICATE_DIMENSION",
                { id: "tupleTwoMembers", dimension: m.dimension.name },
                startOf(item),
              );
            ms.push(m);
          }
        }
        return { t: "tuple", ms };
      }
      case "range":
        return { t: "set", tuples: this.range(e.from, e.to, ctx, depth) };
      case "unary": {
        const v = this.evaluate(e.operand, ctx, depth);
        if (e.op === "NOT") return { t: "bool", v: !this.toBool(v, startOf(e.operand), ctx, depth) };
        const n = this.toNumber(v, startOf(e.operand), ctx, depth);
        return { t: "num", v: e.op === "-" ? -n : n };
      }
      case "binary":
        return this.binary(e, ctx, depth);
      case "method":
        return this.method({
          name: e.name,
          target: e.target,
          args: e.args ?? [],
          bare: e.args === null,
          at: e.at,
          ctx,
          depth,
        });
      case "call":
        return this.call(e.name, e.args, e.at, ctx, depth);
      case "case":
        return this.caseOf(e, ctx, depth);
    }
  }

  /** `CASE [subject] WHEN … THEN … [ELSE …] END`: only the branch taken is evaluated; no branch, no ELSE: empty. */
  private caseOf(e: Extract<Expr, { kind: "case" }>, ctx: Coords, depth: number): Val {
    const subject = e.subject ? this.evaluate(e.subject, ctx, depth) : null;
    for (const [when, then] of e.whens) {
      const w = this.evaluate(when, ctx, depth);
      let hit: boolean;
      if (subject === null) hit = this.toBool(w, startOf(when), ctx, depth);
      else if (subject.t === "str" || w.t === "str")
        hit = subject.t === "str" && w.t === "str" && compareStrings(subject.v, w.v) === 0;
      else {
        const a = this.toNumber(subject, startOf(when), ctx, depth);
        const b = this.toNumber(w, startOf(when), ctx, depth);
        hit = (Number.isNaN(a) ? 0 : a) === (Number.isNaN(b) ? 0 : b);
      }
      if (hit) return this.evaluate(then, ctx, depth);
    }
    return e.otherwise ? this.evaluate(e.otherwise, ctx, depth) : { t: "num", v: Number.NaN };
  }

  private binary(e: Extract<Expr, { kind: "binary" }>, ctx: Coords, depth: number): Val {
    const l = this.evaluate(e.left, ctx, depth);
    if (e.op === "AND" || e.op === "OR" || e.op === "XOR") {
      const a = this.toBool(l, startOf(e.left), ctx, depth);
      if (e.op === "AND" && !a) return { t: "bool", v: false };
      if (e.op === "OR" && a) return { t: "bool", v: true };
      const b = this.toBool(this.evaluate(e.right, ctx, depth), startOf(e.right), ctx, depth);
      return { t: "bool", v: e.op === "XOR" ? a !== b : b };
    }
    const r = this.evaluate(e.right, ctx, depth);
    if ((l.t === "set" || r.t === "set") && (e.op === "+" || e.op === "-" || e.op === "*")) {
      const a = this.toSet(l, startOf(e.left));
      const b = this.toSet(r, startOf(e.right));
      if (e.op === "+") return { t: "set", tuples: this.uniform(distinct([...a, ...b]), e.at) };
      if (e.op === "-") return { t: "set", tuples: except(a, b) };
      return { t: "set", tuples: this.crossJoin([a, b], e.at) };
    }
    // Microsoft's MDX joins two strings with `+` ("+ (String Concatenation) (MDX)"); Essbase's has Concat only.
    if (this.dialect === "ssas" && e.op === "+" && l.t === "str" && r.t === "str")
      return { t: "str", v: l.v + r.v };
    if (l.t === "str" || r.t === "str") {
      if (l.t !== "str" || r.t !== "str")
        throw new MdxError("MDX_ARGUMENT", { id: "comparesStringWithValue", operator: e.op }, e.at);
      const c = compareStrings(l.v, r.v);
      switch (e.op) {
        case "=":
          return { t: "bool", v: c === 0 };
        case "<>":
          return { t: "bool", v: c !== 0 };
        case "<":
          return { t: "bool", v: c < 0 };
        case ">":
          return { t: "bool", v: c > 0 };
        case "<=":
          return { t: "bool", v: c <= 0 };
        case ">=":
          return { t: "bool", v: c >= 0 };
        default:
          throw new MdxError("MDX_ARGUMENT", { id: "notForStrings", operator: e.op }, e.at);
      }
    }
    const a = this.toNumber(l, startOf(e.left), ctx, depth);
    const b = this.toNumber(r, startOf(e.right), ctx, depth);
    switch (e.op) {
      case "+":
        return { t: "num", v: combine(a, b, OP_PLUS) };
      case "-":
        return { t: "num", v: combine(a, b, OP_MINUS) };
      case "*":
        return { t: "num", v: combine(a, b, OP_TIMES) };
      case "/":
        return { t: "num", v: combine(a, b, OP_DIVIDE) };
    }
    // Comparisons: #Missing counts as 0.
    const x = Number.isNaN(a) ? 0 : a;
    const y = Number.isNaN(b) ? 0 : b;
    switch (e.op) {
      case "=":
        return { t: "bool", v: x === y };
      case "<>":
        return { t: "bool", v: x !== y };
      case "<":
        return { t: "bool", v: x < y };
      case ">":
        return { t: "bool", v: x > y };
      case "<=":
        return { t: "bool", v: x <= y };
      default:
        return { t: "bool", v: x >= y };
    }
  }

  // ---------------------------------------------------------------------------------------- references

  private resolveRef(parts: NamePart[]): Val {
    const unknown = (upTo: number): never => {
      const p = parts[upTo] as NamePart;
      const text = refText(parts.slice(0, upTo + 1));
      throw new MdxError("MDX_UNKNOWN_MEMBER", { id: "unknownMember", member: text }, { ...p.at, text });
    };
    const first = parts[0] as NamePart;
    let cur: Val | null = null;
    if (parts.length === 1) {
      const set = this.namedSets.get(first.name.toLowerCase());
      if (set) {
        if (!set.value) {
          if (set.evaluating)
            throw new MdxError("MDX_TOO_DEEP", { id: "namedSetRefersToItself", name: first.name }, first.at);
          set.evaluating = true;
          try {
            set.value = this.toSet(this.evaluate(set.expr, this.slicerCoords), startOf(set.expr));
          } finally {
            set.evaluating = false;
          }
        }
        return { t: "set", tuples: set.value };
      }
      const calc = this.calcMembers.find((c) => c.name.toLowerCase() === first.name.toLowerCase());
      if (calc) return { t: "member", m: calc };
    }
    const dim = this.outline.dimension(first.name);
    if (dim) cur = { t: "member", m: dim.root };
    else {
      const m = this.outline.resolve(first.name) ?? this.attributeFullName(first.name);
      if (m) cur = { t: "member", m };
    }
    if (!cur) return unknown(0);
    // `[Market].[Region].&[East]`, a level between the dimension and the member (Microsoft's unique names): the
    // member must be on that level.
    let onLevel: Layer | null = null;
    for (let i = 1; i < parts.length; i++) {
      const name = (parts[i] as NamePart).name;
      const lower = name.toLowerCase();
      if (cur.t !== "member" || isCalc(cur.m)) return unknown(i);
      const m: Member = cur.m;
      const levelHere = m.parent === null && i < parts.length - 1 ? layerByName(m.dimension, name) : null;
      if (levelHere && !m.children.some((c) => c.name.toLowerCase() === lower)) {
        onLevel = levelHere;
        continue;
      }
      const calc = this.calcMembers.find(
        (c) =>
          c.dimension === m.dimension &&
          c.name.toLowerCase() === lower &&
          (m.parent === null || c.parent === m),
      );
      if (calc) {
        cur = { t: "member", m: calc };
        continue;
      }
      // SSAS names a hierarchy after its dimension: [Market].[Market].[East].
      if (i === 1 && m.parent === null && lower === m.dimension.name.toLowerCase()) continue;
      const child =
        m.children.find((c) => c.name.toLowerCase() === lower) ??
        m.children.find((c) => c.alias("Default")?.toLowerCase() === lower);
      if (child) {
        cur = { t: "member", m: child };
        continue;
      }
      const deeper = this.outline.resolve(name);
      if (deeper && deeper.dimension === m.dimension && deeper.isDescendantOf(m)) {
        cur = { t: "member", m: deeper };
        continue;
      }
      if (m.parent === null && i === parts.length - 1) {
        const layer = layerByName(m.dimension, name);
        if (layer) return { t: "layer", layer };
      }
      // `[Cola].[Intro Date]`: a member's attribute, by its attribute dimension's name.
      if (i === parts.length - 1) {
        const attribute = attributeValueOf(this.outline, m, name);
        if (attribute) return attribute;
      }
      return unknown(i);
    }
    if (onLevel && cur.t === "member" && !isCalc(cur.m) && !onLayer(cur.m, onLevel))
      return unknown(parts.length - 1);
    return cur;
  }

  /**
   * An attribute member by Essbase's full name, its dimension's name and its own joined by `_` (`Ounces_12`,
   * `Caffeinated_True`): how Essbase tells apart attribute members of the same name in different dimensions.
   */
  private attributeFullName(name: string): Member | undefined {
    for (let i = name.indexOf("_"); i > 0; i = name.indexOf("_", i + 1)) {
      const d = this.outline.dimension(name.slice(0, i));
      if (d?.type !== "attribute") continue;
      const rest = name.slice(i + 1).toLowerCase();
      const m = d.members.find((x) => x.parent !== null && x.name.toLowerCase() === rest);
      if (m) return m;
    }
    return undefined;
  }

  private range(fromE: Expr, toE: Expr, ctx: Coords, depth: number): MdxMember[][] {
    const a = this.toOutlineMember(this.evaluate(fromE, ctx, depth), startOf(fromE));
    const b = this.toOutlineMember(this.evaluate(toE, ctx, depth), startOf(toE));
    if (a.dimension !== b.dimension)
      throw new MdxError(
        "MDX_ARGUMENT",
        { id: "notSameDimension", first: a.name, second: b.name },
        startOf(toE),
      );
    this.charge(a.dimension.members.length, startOf(fromE));
    const peers = a.dimension.members.filter((m) => m.generation === a.generation && !m.isShared);
    const ia = peers.indexOf(a.stored);
    const ib = peers.indexOf(b.stored);
    if (ib < 0)
      throw new MdxError(
        "MDX_ARGUMENT",
        { id: "notSameGeneration", member: b.name, of: a.name },
        startOf(toE),
      );
    const slice = ia <= ib ? peers.slice(ia, ib + 1) : peers.slice(ib, ia + 1).reverse();
    return slice.map((m) => [m]);
  }

  // ----------------------------------------------------------------------------------------- functions

  /** `target.NAME`: the method table first, then the navigation table over the target as a member. */
  method({ name, target, args, bare, at, ctx, depth }: MethodRequest): Val {
    const tv = this.evaluate(target, ctx, depth);
    const method = METHOD_TABLE.get(name);
    if (method) {
      checkMethodArity(name, args, method.args, at, method.maxArgs ?? method.args);
      return method.evaluate({ ev: this, name, target, tv, args, at, ctx, depth });
    }
    if (!bare && args.length > 0) checkMethodArity(name, args, 0, at);
    const intrinsic = bare
      ? intrinsicProperty({ ev: this, name, target, tv, args, at, ctx, depth })
      : undefined;
    if (intrinsic) return intrinsic;
    const m = this.toMember(tv, startOf(target));
    const navigation = NAVIGATION_TABLE.get(name);
    if (navigation) return navigation.navigate(m);
    // `member.[Intro Date]`: the member's attribute in that attribute dimension.
    if (bare) {
      const attribute = attributeValueOf(this.outline, m, name);
      if (attribute) return attribute;
    }
    throw notAFunction(name, at, true);
  }

  /** `NAME(args)`: the function table, its arity checked before any argument is evaluated. */
  private call(name: string, args: Expr[], at: MdxPosition, ctx: Coords, depth: number): Val {
    const f = FUNCTIONS.get(name);
    if (!f) throw notAFunction(name, at, false);
    checkArity(f, args, at);
    return f.evaluate(new Call(this, name, args, at, ctx, depth));
  }

  crossJoin(sets: MdxMember[][][], at: MdxPosition): MdxMember[][] {
    // The product's size is counted before it is built: a CrossJoin of every dimension is refused at once.
    let size = 1;
    for (const s of sets) size *= s.length;
    this.checkSetSize(size, at);
    this.charge(size, at);
    let out: MdxMember[][] = [[]];
    for (const s of sets) {
      const next: MdxMember[][] = [];
      for (const a of out)
        for (const b of s) {
          for (const m of b)
            if (a.some((x) => x.dimension === m.dimension))
              throw new MdxError(
                "MDX_DUPLICATE_DIMENSION",
                { id: "crossJoinTwice", dimension: m.dimension.name },
                at,
              );
          next.push([...a, ...b]);
        }
      out = next;
    }
    return out;
  }
}

/**
 * The tuples of a subselect's axis when they span several dimensions and are not every combination of their
 * members (an arbitrary shape), calculated members left out; `null` otherwise.
 */
function arbitraryShape(tuples: readonly MdxMember[][]): Member[][] | null {
  const width = tuples[0]?.length ?? 0;
  if (width < 2 || tuples.some((t) => t.some(isCalc))) return null;
  const distinct = new Map<string, Member[]>();
  for (const t of tuples as Member[][]) distinct.set(t.map((m) => m.ordinal).join("|"), t);
  let crossjoin = 1;
  for (let k = 0; k < width; k++) crossjoin *= new Set(tuples.map((t) => t[k])).size;
  return distinct.size < crossjoin ? [...distinct.values()] : null;
}

/**
 * Whether coordinates lie in a shape's space: one of its tuples has, on each of its dimensions, the coordinates'
 * member, one below it or one above it (a dimension the coordinates leave out stands at its top, above them all).
 */
function inShape(
  shape: { dims: readonly Dimension[]; tuples: readonly Member[][] },
  at: ReadonlyMap<Dimension, MdxMember>,
): boolean {
  return shape.tuples.some((t) =>
    shape.dims.every((d, k) => {
      const x = at.get(d);
      const kept = t[k] as Member;
      return x === undefined || isCalc(x) || x === kept || x.isDescendantOf(kept) || kept.isDescendantOf(x);
    }),
  );
}

/** Whether a member is one of `kept` or below one of them. */
function underOrIn(m: Member, kept: ReadonlySet<Member>): boolean {
  if (kept.has(m)) return true;
  for (const k of kept) if (m.isDescendantOf(k)) return true;
  return false;
}

/** Whether a member stands above one of `kept` (an ancestor of it). */
function above(m: Member, kept: ReadonlySet<Member>): boolean {
  for (const k of kept) if (k.isDescendantOf(m)) return true;
  return false;
}

/**
 * Moves `index` (one position per list of `lists`) to the next combination of their members, the last list turning
 * fastest; false once every combination has been visited.
 */
function nextCombination(index: number[], lists: readonly (readonly Member[])[]): boolean {
  for (let k = lists.length - 1; k >= 0; k--) {
    index[k] = (index[k] as number) + 1;
    if ((index[k] as number) < (lists[k] as readonly Member[]).length) return true;
    index[k] = 0;
  }
  return false;
}

/**
 * The stored level-0 members at or under `m`, in outline order: leaves that are neither Dynamic Calc nor label
 * only, a shared member read once, as its stored one.
 */
function storedLeaves(m: Member): Member[] {
  const out: Member[] = [];
  const seen = new Set<Member>();
  const stack: Member[] = [m];
  while (stack.length > 0) {
    const cur = stack.pop() as Member;
    if (!cur.isLeaf) {
      for (let i = cur.children.length - 1; i >= 0; i--) stack.push(cur.children[i] as Member);
      continue;
    }
    const s = cur.stored;
    if (!s.isLeaf) {
      for (let i = s.children.length - 1; i >= 0; i--) stack.push(s.children[i] as Member);
      continue;
    }
    if (seen.has(s) || s.storage === "label-only" || s.isDynamic) continue;
    seen.add(s);
    out.push(s);
  }
  return out;
}
