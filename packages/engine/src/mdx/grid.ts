import type { CellValue } from "../data-source.ts";
import type { AxisTuple, GridAxis, GridModel } from "../grid/model.ts";
import { emptyLayout, tupleKey } from "../grid/model.ts";
import { type GridResponse, renderedAnswer } from "../grid/operations.ts";
import { type GridDataSource, renderGridSteps, tupleBuilder } from "../grid/render.ts";
import type { ResolvedGridSettings } from "../grid/settings.ts";
import { finish, type Steps } from "../grid/steps.ts";
import { type Dimension, Member } from "../outline.ts";
import { MdxError } from "./errors.ts";
import { cellAt, executeMdxSteps, type MdxOptions, type MdxResult } from "./executor.ts";
import { parseMdx } from "./parser.ts";
import { CalculatedMember, type MdxMember } from "./values.ts";

/**
 * An MDX answer laid out as an ad hoc grid, with the grid's own rules (`../grid/render.ts`): the columns axis
 * across (one header row per dimension of its tuples), the rows axis down (one header column per dimension),
 * data where they cross. The slicer (`WHERE`) makes the POV row, in outline order; a query without `WHERE`
 * has no POV row, its column headers start on the first row, as Essbase REST's `grid/mdx` answer shows them
 * (a column dimension at row 0). Every dimension the query does not name stands at its top member, which is
 * what a refresh of the answer reads too. Labels, indentation, missing and no-access labels and suppression
 * follow the settings; a cell is writable as in any grid, never on a calculated member.
 *
 * A query without a rows axis answers one data row without row headers; one without any axis, one cell.
 * An axis left without a tuple (`NON EMPTY`, a `Filter` keeping nothing) keeps the header rows or columns of
 * the dimensions it has (`empty-axis.ts`), with no data row or column under them; `{}` has none.
 * Pages and further axes have no place in a sheet: they are refused (`MDX_ARGUMENT`).
 */

export interface MdxGridOptions extends MdxOptions {
  settings: ResolvedGridSettings;
}

/** Parses and runs `query` over `source`, and lays the answer out ({@link mdxGridSteps}). */
export function* runMdxGridSteps(
  source: GridDataSource,
  query: string,
  options: MdxGridOptions,
): Steps<GridResponse> {
  const q = parseMdx(query);
  for (const axis of q.axes) {
    if (axis.ordinal > 1) {
      throw new MdxError("MDX_ARGUMENT", { id: "gridTwoAxes" }, axis.at);
    }
  }
  const result = yield* executeMdxSteps(source, q, options);
  return yield* mdxGridSteps(source, result, options.settings, options.maxCells);
}

/** {@link runMdxGridSteps} at once. */
export function runMdxGrid(source: GridDataSource, query: string, options: MdxGridOptions): GridResponse {
  return finish(runMdxGridSteps(source, query, options));
}

/**
 * Lays out an MDX result (axes of members of `source.outline`, calculated members among them) as a grid,
 * its cells taken from the result. `maxCells` bounds the answer as for any grid operation.
 */
export function* mdxGridSteps(
  source: GridDataSource,
  result: MdxResult,
  settings: ResolvedGridSettings,
  maxCells?: number,
): Steps<GridResponse> {
  const outline = source.outline;
  if (result.axes.length > 2) {
    throw new Error("An MDX result with more than two axes has no grid layout");
  }
  const standIns = new StandIns();
  // The POV row in outline order, whatever the order of the WHERE tuple.
  const pov = result.slicer.map((m) => standIns.of(m)).sort((a, b) => a.dimension.index - b.dimension.index);
  const top = axisOf(result, 0, standIns);
  const left = axisOf(result, 1, standIns);
  // The result's cells, found again by the tuple the grid reads for them.
  const build = tupleBuilder(outline, pov);
  const values = new Map<string, CellValue>();
  // Cells that hold a string (a calculated member's): read as a number that no suppression drops, written after.
  const texts = new Map<number, string>();
  left.tuples.forEach((row, i) => {
    top.tuples.forEach((col, j) => {
      const v = cellAt(result, [j, i]);
      if (typeof v === "string") texts.set(i * top.tuples.length + j, v);
      values.set(tupleKey(build(row.members, col.members)), typeof v === "string" ? 1 : v);
    });
  });
  const answer: GridDataSource = {
    outline,
    read: (tuple) => values.get(tupleKey(tuple)) ?? null,
    writeBlocker: (tuple) =>
      tuple.some((m) => standIns.isCalculated(m)) ? "a calculated member" : source.writeBlocker(tuple),
    write: () => {
      throw new Error("An MDX answer is not written through");
    },
    ...(source.canRead
      ? {
          canRead: (tuple: readonly Member[]) =>
            tuple.some((m) => standIns.isCalculated(m)) || (source.canRead?.(tuple) ?? true),
        }
      : {}),
  };
  const model: GridModel = { outline, pov, left, top, typed: new Map(), layout: emptyLayout() };
  // A query is asked for its data: "navigate without data" has nothing to keep here.
  const shown = settings.navigateWithoutData ? { ...settings, navigateWithoutData: false } : settings;
  const out = yield* renderGridSteps(answer, model, shown, maxCells);
  if (texts.size > 0) {
    // The axes as rendered (suppression may drop rows or columns; an MDX axis has no blank): each tuple's origin
    // is its place in the result.
    const rows = out.model.left.tuples;
    const cols = out.model.top.tuples;
    rows.forEach((row, r) => {
      cols.forEach((col, c) => {
        const text = texts.get(row.origin * top.tuples.length + col.origin);
        if (text !== undefined) (out.grid[out.headerRows + r] as string[])[out.leftColumns + c] = text;
      });
    });
  }
  return renderedAnswer(out);
}

/** {@link mdxGridSteps} at once. */
export function mdxGrid(
  source: GridDataSource,
  result: MdxResult,
  settings: ResolvedGridSettings,
  maxCells?: number,
): GridResponse {
  return finish(mdxGridSteps(source, result, settings, maxCells));
}

/** An axis of the result as a grid axis; a missing axis is one tuple of no member (one row, or one column). */
function axisOf(result: MdxResult, ordinal: number, standIns: StandIns): GridAxis {
  const axis = result.axes[ordinal];
  if (!axis) return { dims: [], tuples: [{ members: [], origin: 0 }], blanks: [] };
  const tuples: AxisTuple[] = axis.tuples.map((t, origin) => ({
    members: t.map((m) => standIns.of(m)),
    origin,
  }));
  return { dims: [...axis.dimensions] as Dimension[], tuples, blanks: [] };
}

/**
 * Calculated members stand in the grid as members of their dimension under their parent, outside the
 * outline (a negative ordinal keeps their cells apart from every outline member's), dynamic (never written).
 */
class StandIns {
  private readonly made = new Map<CalculatedMember, Member>();
  private readonly calculated = new Set<Member>();

  of(m: MdxMember): Member {
    if (!(m instanceof CalculatedMember)) return m;
    let stand = this.made.get(m);
    if (!stand) {
      stand = new Member(
        -1 - this.made.size,
        { name: m.name, storage: "dynamic-calc" },
        m.dimension,
        m.parent ?? m.dimension.root,
        "dynamic-calc",
      );
      this.made.set(m, stand);
      this.calculated.add(stand);
    }
    return stand;
  }

  isCalculated(m: Member): boolean {
    return this.calculated.has(m);
  }
}
