import {
  type GridAction,
  isGridAction,
  MESSAGES,
  type RestGrid,
  ROUTES,
} from "@qibates/protocols/essbase-rest";
import type { CubeRef, GridAnswer, GridCall } from "@qibates/provider";
import { answerValue } from "@qibates/provider";
import type { FastifyInstance } from "fastify";
import { checkAnswerCells } from "../answer-cells.ts";
import type { EssbaseContext } from "./context.ts";
import { badRequest } from "./errors.ts";
import { cellAt, rangeCells, restGrid, sheetOf } from "./grid.ts";
import type { MdxDownloads } from "./mdx-download.ts";
import { essbaseOf } from "./outline.ts";
import { gridSettings } from "./preferences.ts";
import { JSON_TYPE } from "./request.ts";
import type { WireSession } from "./sessions.ts";

type Cell = { row: number; column: number };
type GridInputOf = { grid: string[][] } & ReturnType<typeof gridSettings>;

function flatCells(indices: unknown[], rows: number, columns: number): Cell[] {
  return indices.map((i) => {
    const cell = cellAt(i, rows, columns);
    if (!cell) throw badRequest(MESSAGES.nonsensical);
    return cell;
  });
}

function pairCells(values: unknown[], rows: number, columns: number): Cell[] {
  if (values.length % 2 !== 0) throw badRequest(MESSAGES.nonsensical);
  const cells: Cell[] = [];
  for (let i = 0; i < values.length; i += 2) {
    const [row, column] = [values[i], values[i + 1]];
    if (
      typeof row !== "number" ||
      typeof column !== "number" ||
      !Number.isInteger(row) ||
      !Number.isInteger(column) ||
      row < 0 ||
      column < 0 ||
      row >= rows ||
      column >= columns
    ) {
      throw badRequest(MESSAGES.nonsensical);
    }
    cells.push({ row, column });
  }
  return cells;
}

function firstRangeIndex(ranges: unknown, rows: number, columns: number): number {
  const [first] = rangeCells(ranges, rows, columns);
  return first ? first.row * columns + first.column : -1;
}

/** The provider call of a grid operation other than submit, or the two cells of a pivot to a given place. */
function gridCall(
  action: Exclude<GridAction, "submit">,
  body: Record<string, unknown>,
  input: GridInputOf,
  rows: number,
  columns: number,
): GridCall | { from: Cell; to: Cell } {
  const refresh: GridCall = { action: "refresh", input };
  const ranges = body.ranges;
  const coordinates = Array.isArray(body.coordinates) ? body.coordinates : null;
  const hasRanges = Array.isArray(ranges) && ranges.length > 0;
  switch (action) {
    case "refresh":
      return refresh;
    case "zoomin":
    case "zoomout":
    case "keeponly":
    case "removeonly": {
      let cells: Cell[];
      if (hasRanges) cells = rangeCells(ranges, rows, columns);
      else if (coordinates && coordinates.length > 0) {
        // A live server ignores coordinates for zoom out and keep only (the grid comes back unchanged);
        // zoom in reads them as [row, column] pairs; remove only as flat cell indices.
        if (action === "zoomout" || action === "keeponly") return refresh;
        cells =
          action === "zoomin" ? pairCells(coordinates, rows, columns) : flatCells(coordinates, rows, columns);
      } else return refresh;
      return { action, input: { ...input, cells } };
    }
    case "pivot":
    case "pivotToPOV": {
      const picks =
        coordinates && coordinates.length > 0
          ? coordinates
          : hasRanges
            ? [firstRangeIndex(ranges, rows, columns)]
            : [];
      const from = cellAt(picks[0], rows, columns);
      if (!from) throw badRequest(MESSAGES.pivotNoStart);
      if (action === "pivotToPOV") return { action: "pivottopov", input: { ...input, ...from } };
      if (picks.length < 2) return { action: "pivot", input: { ...input, ...from } };
      const to = cellAt(picks[1], rows, columns);
      if (!to) throw badRequest(MESSAGES.nonsensical);
      return { from, to };
    }
  }
}

/**
 * The ad hoc grid: `GET …/grid` (the cube's default grid), `POST …/grid` (one operation on the sheet the
 * request's grid describes; its `dimensions` are not read) and `POST …/grid/mdx` (Essbase's "Execute MDX
 * Query": `{query}` in, the answer as a Grid, laid out and written off the event loop when large, as `…/mdx`
 * reports are: `downloads`).
 */
export function registerGridRoutes(
  scope: FastifyInstance,
  ctx: EssbaseContext,
  maxCells: number,
  downloads: MdxDownloads,
): void {
  const { provider } = ctx;

  /** `answer`, refused past `maxCells` (`MAX_GRID_CELLS`) whatever the provider that made it. */
  function capped<T extends { grid: readonly (readonly unknown[])[] }>(answer: GridAnswer<T>): GridAnswer<T> {
    checkAnswerCells(answer, maxCells);
    return answer;
  }

  /** The alias table of a grid call: the request's `alias`, else the session's active one; `none` = names. */
  function gridAlias(session: WireSession, ref: CubeRef, requested: unknown): string | null {
    const alias =
      typeof requested === "string" && requested !== "" ? requested : ctx.activeAlias(session, ref);
    return alias.toLowerCase() === "none" ? null : alias;
  }

  async function answerGrid(
    session: WireSession,
    ref: CubeRef,
    answer: Parameters<typeof restGrid>[0],
    alias: string | null,
  ): Promise<RestGrid> {
    const index = await ctx.outline(session, ref);
    return restGrid(
      answer,
      index.dimensions.map((d) => d.name),
      alias,
    );
  }

  async function gridOperation(
    s: WireSession,
    ref: CubeRef,
    action: GridAction,
    body: Record<string, unknown>,
  ): Promise<RestGrid> {
    const essbase = essbaseOf(provider);
    const { sheet, rows, columns } = sheetOf(body.grid, maxCells);
    const alias = gridAlias(s, ref, body.alias ?? (body.grid as { alias?: unknown }).alias);
    const input = { grid: sheet, ...gridSettings(s.preferences, alias), maxCells };
    if (action === "submit") {
      const dirty = (body.grid as { slice?: { dirtyCells?: unknown } }).slice?.dirtyCells ?? [];
      if (!Array.isArray(dirty)) throw badRequest("slice.dirtyCells must be an array of cell indices.");
      const cells = flatCells(dirty, rows, columns);
      const saved = answerValue(await essbase.save(s.provider, ref, { ...input, cells }));
      return answerGrid(s, ref, saved, alias);
    }
    const call = gridCall(action, body, input, rows, columns);
    if (!("action" in call)) return pivotTo(s, ref, input, call.from, call.to, alias);
    return answerGrid(s, ref, answerValue(capped(await essbase.grid(s.provider, ref, call))), alias);
  }

  /** `pivot [from, to]`: the dimension of `from` to the POV, the rows or the columns, wherever `to` lies. */
  async function pivotTo(
    s: WireSession,
    ref: CubeRef,
    input: GridInputOf,
    from: Cell,
    to: Cell,
    alias: string | null,
  ): Promise<RestGrid> {
    const essbase = essbaseOf(provider);
    // The sheet's regions, as the provider reads them.
    const read = answerValue(await essbase.grid(s.provider, ref, { action: "refresh", input }));
    const { headerRows, leftColumns } = read.layout;
    const kind = (c: Cell) => read.cellKinds[c.row]?.[c.column];
    const region = (c: Cell) => {
      const k = kind(c);
      if (k === "pov") return "pov";
      if (k === "row-header" || (c.row >= headerRows && c.column < leftColumns)) return "rows";
      if (k === "column-header" || (c.row < headerRows && c.column >= leftColumns)) return "columns";
      return null;
    };
    const source = region(from);
    if (source === null) throw badRequest(MESSAGES.pivotNoStart);
    const target = region(to);
    const run = async (call: GridCall) =>
      answerGrid(s, ref, answerValue(capped(await essbase.grid(s.provider, ref, call))), alias);
    if (target === null) return answerGrid(s, ref, read, alias);
    if (target === source) {
      throw badRequest(
        "This endpoint moves a dimension to another axis or to the POV, not within its own axis.",
      );
    }
    if (target === "pov") return run({ action: "pivottopov", input: { ...input, ...from } });
    return run({ action: "pivot", input: { ...input, ...from, to: target } });
  }

  const db = ROUTES.database;

  scope.get(`${db}/grid`, async (request, reply) => {
    const s = ctx.sessionOf(request);
    const ref = await ctx.cubeRef(s, request.params);
    const alias = gridAlias(s, ref, undefined);
    const answer = answerValue(
      await essbaseOf(provider).grid(s.provider, ref, {
        action: "initgrid",
        input: gridSettings(s.preferences, alias),
      }),
    );
    return reply.type(JSON_TYPE).send(await answerGrid(s, ref, answer, alias));
  });

  scope.post(`${db}/grid`, async (request, reply) => {
    const s = ctx.sessionOf(request);
    const body = request.body as Record<string, unknown> | null;
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      throw badRequest("The request body must be a grid operation (JSON object).");
    }
    const action = body.action;
    if (!isGridAction(action)) throw badRequest(MESSAGES.badAction(String(action)));
    const ref = await ctx.cubeRef(s, request.params);
    return reply.type(JSON_TYPE).send(await gridOperation(s, ref, action, body));
  });

  scope.post(`${db}/grid/mdx`, async (request, reply) => {
    const s = ctx.sessionOf(request);
    const query = (request.body as { query?: unknown } | null)?.query;
    if (typeof query !== "string" || query.trim() === "") throw badRequest("query is required.");
    const ref = await ctx.cubeRef(s, request.params);
    const alias = gridAlias(s, ref, undefined);
    const answer = capped(
      await essbaseOf(provider).mdx(s.provider, ref, {
        query,
        ...gridSettings(s.preferences, alias),
        maxCells,
      }),
    );
    const index = await ctx.outline(s, ref);
    // The grid's JSON read, laid out as Essbase's Grid and written again: hundreds of milliseconds for a grid of
    // 383,000 cells, which held every other call of the server on the event loop.
    const bytes = await downloads.make(answer, {
      format: "GRID",
      alias,
      outline: index.dimensions.map((d) => ({ name: d.name, attribute: d.dimensionType === "attribute" })),
      dataless: false,
      title: "",
    });
    return reply.type(JSON_TYPE).send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}
