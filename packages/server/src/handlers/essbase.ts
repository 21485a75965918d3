import contractDocument from "@qibates/client/contract.json" with { type: "json" };
import { zoomModeOf } from "@qibates/grid-rules";
import type {
  Capability,
  CubeRef,
  EssbaseOperations,
  GridAnswer,
  GridCall,
  GridRows,
  GridSource,
  ZoomInMode,
} from "@qibates/provider";
import { answerGridSize, gridExtent } from "@qibates/provider";
import type { CallContext, Handlers, OperationId, RequestBody } from "../api.ts";
import { ApiError } from "../api-error.ts";
import { checkCells, checkGridSize, saveCells } from "../grid-size.ts";
import { requestGrid } from "../json-parser.ts";
import { gridLimitsOf } from "../json-scan.ts";
import { longCall } from "../long-operations.ts";
import { answerTooLong, fromProvider } from "../provider-errors.ts";
import { requireCapability, type SessionProvider, sessionProvider } from "../session-provider.ts";
import { count } from "../validation-reasons.ts";

/** The Essbase-family calls name a cube; the provider gets it apart from the rest of the input. */
interface CubeCall {
  loginid: string;
  server: string;
  application: string;
  cube: string;
}

type EssbaseCall<Id extends OperationId> = CallContext<Id> & { body: CubeCall };

/**
 * The session's provider for an Essbase-family call, once the connector is known to have `capability`
 * (`operation`, and the field at fault, name what is refused otherwise).
 */
export async function essbase<Id extends OperationId>(
  ctx: EssbaseCall<Id>,
  capability: Capability,
  operation: string,
  field: string | null = null,
): Promise<{ sp: SessionProvider; ops: EssbaseOperations; cube: CubeRef }> {
  const sp = await sessionProvider(ctx);
  requireCapability(ctx.services.connectors, sp.record.connector, capability, operation, field);
  if (!sp.provider.essbase) {
    throw new ApiError("QB_ERR_OPERATION_UNSUPPORTED", { operation, connector: sp.record.connector }, null);
  }
  const { server, application, cube } = ctx.body;
  return { sp, ops: sp.provider.essbase, cube: { server, application, cube } };
}

/**
 * The answer's size, for providers that cannot stop early: the embedded engine stops as soon as the answer
 * would exceed `maxCells` (passed with every grid call) without building it.
 */
function checkAnswerSize<T extends { grid: string[][] }>(
  ctx: CallContext,
  answer: GridAnswer<T>,
): GridAnswer<T> {
  // Read without parsing an answer that a grid worker sent as text.
  const { rows, columns } = answerGridSize(answer);
  checkCells(ctx, { rows, columns }, false, "cells");
  // Within the cells, an answer longer or wider than a grid call takes could not be sent back to refresh it.
  if (rows > SENDABLE.rows || columns > SENDABLE.columns) throw answerTooLong({ rows, columns }, SENDABLE);
  return answer;
}

/** The rows and columns a grid call accepts (the contract's `GridInput`, a spreadsheet's own). */
const SENDABLE = (() => {
  const limits = gridLimitsOf(contractDocument as Record<string, unknown>);
  return { rows: limits.rows, columns: limits.rowCells };
})();

/**
 * Refuses a selection that names a cell outside the grid (a row beyond its last, a column beyond its longest
 * row), before the provider is called: every connector then answers it alike. A data or blank cell inside the
 * grid is not refused: as in Essbase, it selects nothing and the grid comes back refreshed.
 */
function checkSelection(grid: GridSource, cells: readonly { row: number; column: number }[]): void {
  const extent = gridExtent(grid);
  const i = cells.findIndex((c) => c.row >= extent.rows || c.column >= extent.columns);
  if (i < 0) return;
  const { row, column } = cells[i] as { row: number; column: number };
  const field = `cells[${i}]`;
  throw outsideTheGrid(
    extent,
    { en: `${field} (row ${row}, column ${column})`, fr: `${field} (ligne ${row}, colonne ${column})` },
    field,
  );
}

/**
 * Refuses a pivot's member cell (`row`, `column`) outside the grid, before the provider is called, as a selection's
 * cell is refused (`checkSelection`): the field is the coordinate past the grid's edge.
 */
function checkPivotCell(grid: GridSource, row: number, column: number): void {
  const extent = gridExtent(grid);
  if (row < extent.rows && column < extent.columns) return;
  const cell = { en: `row ${row}, column ${column}`, fr: `ligne ${row}, colonne ${column}` };
  throw outsideTheGrid(extent, cell, row >= extent.rows ? "row" : "column");
}

/** `QB_ERR_SELECTION_INVALID`: `cell` is outside the grid of `rows` and `columns`, told in each language. */
function outsideTheGrid(
  { rows, columns }: { rows: number; columns: number },
  cell: { en: string; fr: string },
  field: string,
): ApiError {
  const empty = rows === 0 || columns === 0;
  const [r, c] = [count(rows, "row", "ligne"), count(columns, "column", "colonne")];
  return new ApiError(
    "QB_ERR_SELECTION_INVALID",
    {
      reason: {
        en: `${cell.en} is outside the grid, ${
          empty ? "which has no cells" : `which has ${r.en} and ${c.en}, numbered from 0`
        }`,
        fr: `${cell.fr} est hors de la grille, ${
          empty ? "qui n'a aucune cellule" : `qui a ${r.fr} et ${c.fr}, numérotées à partir de 0`
        }`,
      },
    },
    field,
  );
}

/** The call's grid: the body's rows, or the request's text with the grid's span when the parser left it as text. */
const gridOf = (ctx: CallContext, rows: GridRows): GridSource => requestGrid(ctx.request, rows);

/** The zoom mode of a Zoom In: the request's setting read as every side reads it, else next level. */
function zoomMode(settings: { zoomInMode?: string } | undefined): ZoomInMode {
  return zoomModeOf(settings?.zoomInMode);
}

/** A grid operation: sizes checked on the way in and out, the capability before the provider is called. */
async function gridCall<Id extends OperationId>(
  ctx: EssbaseCall<Id>,
  capability: Capability,
  operation: string,
  call: GridCall,
  field: string | null = null,
) {
  const { sp, ops, cube } = await essbase(ctx, capability, operation, field);
  checkGridSize(ctx, call.input.grid);
  if (
    call.action === "zoomin" ||
    call.action === "zoomout" ||
    call.action === "keeponly" ||
    call.action === "removeonly"
  )
    checkSelection(call.input.grid, call.input.cells);
  if (call.action === "pivot" || call.action === "pivottopov")
    checkPivotCell(call.input.grid, call.input.row, call.input.column);
  const budgeted = {
    ...call,
    input: { ...call.input, maxCells: ctx.services.config.maxGridCells },
  } as GridCall;
  return checkAnswerSize(ctx, await fromProvider(ops.grid(sp.session, cube, budgeted)));
}

const settingsOf = <T extends { settings?: unknown; codeAliasParam?: unknown }>(body: T) => ({
  ...(body.settings ? { settings: body.settings as NonNullable<GridCall["input"]["settings"]> } : {}),
  ...(body.codeAliasParam
    ? { codeAliasParam: body.codeAliasParam as NonNullable<GridCall["input"]["codeAliasParam"]> }
    : {}),
});

/**
 * The settings of a call that reads data whatever they say: navigating without data is for zoom, pivot, keep
 * only and remove only (the API's contract, as Smart View's option); a refresh, the default grid and a
 * submit's answer read the cube.
 */
const readingSettingsOf = <T extends { settings?: unknown; codeAliasParam?: unknown }>(body: T) => {
  const given = settingsOf(body);
  if (!given.settings || !("navigateWithoutData" in given.settings)) return given;
  const { navigateWithoutData: _ignored, ...settings } = given.settings;
  return { ...given, settings };
};

/** The grid, its selected cells and its settings: the input of the operations on a selection. */
const selectionInput = (ctx: CallContext & { body: RequestBody<"zoomIn"> }) => ({
  grid: gridOf(ctx, ctx.body.grid),
  cells: ctx.body.cells,
  ...settingsOf(ctx.body),
});

export const essbaseHandlers = {
  listDimensions: async (ctx) => {
    const { sp, ops, cube } = await essbase(ctx, "metadata", "nav/dimensions");
    return fromProvider(ops.dimensions(sp.session, cube, ctx.body.aliastable));
  },

  getDimensionTree: async (ctx) => {
    const { sp, ops, cube } = await essbase(ctx, "metadata", "nav/dimtree");
    return fromProvider(
      ops.dimensionTree(sp.session, cube, {
        dimension: ctx.body.action.dimension,
        ...(ctx.body.aliastable !== undefined ? { aliasTable: ctx.body.aliastable } : {}),
      }),
    );
  },

  filterMembers: async (ctx) => {
    const { filter, arg1, member } = ctx.body.action;
    const { sp, ops, cube } = await essbase(ctx, "memberFilters", "nav/filter");
    if (filter === "UDA")
      requireCapability(
        ctx.services.connectors,
        sp.record.connector,
        "udaFilter",
        "nav/filter (UDA)",
        "action.filter",
      );
    if (filter === "UDA" && (arg1 === undefined || arg1 === null || String(arg1).trim() === "")) {
      // Checked before the provider is called: the demo, Essbase REST and Smart View (which would send the server
      // an empty UDA) refuse it alike, in the caller's language.
      throw new ApiError(
        "QB_ERR_VALIDATION",
        {
          field: "action.arg1",
          reason: {
            en: "is required: the UDA filter selects the members tagged with the user-defined attribute (UDA) named in arg1",
            fr: "est obligatoire\u00a0: le filtre UDA sélectionne les membres qui portent l'attribut défini par l'utilisateur (UDA) nommé dans arg1",
          },
        },
        "action.arg1",
      );
    }
    if (typeof member === "string" && member !== "" && member.trim() === "") {
      // Only spaces name no member (an unknown member would quote a blank name); empty or null is the dimension.
      throw new ApiError(
        "QB_ERR_VALIDATION",
        {
          field: "action.member",
          reason: {
            en: "names no member, only spaces: leave it out, or send null, to start from the dimension",
            fr: "ne nomme aucun membre, seulement des espaces\u00a0: omettez-le, ou envoyez null, pour partir de la dimension",
          },
        },
        "action.member",
      );
    }
    return fromProvider(
      ops.filterMembers(sp.session, cube, {
        dimension: ctx.body.dimension,
        filter,
        ...(ctx.body.aliastable !== undefined ? { aliasTable: ctx.body.aliastable } : {}),
        ...(arg1 !== undefined ? { arg1 } : {}),
        ...(member !== undefined ? { member } : {}),
      }),
    );
  },

  listScripts: async (ctx) => {
    const { sp, ops, cube } = await essbase(ctx, "calcScripts", "nav/scripts");
    return fromProvider(ops.scripts(sp.session, cube));
  },

  listAliasTables: async (ctx) => {
    const { sp, ops, cube } = await essbase(ctx, "aliasTables", "nav/aliastables");
    return fromProvider(ops.aliasTables(sp.session, cube));
  },

  calculate: async (ctx) => {
    const { sp, ops, cube } = await essbase(ctx, "calcScripts", "action/calculate", "action.script");
    return fromProvider(longCall(ctx, ops.calculate(sp.session, cube, ctx.body.action.script)));
  },

  mdxQuery: async (ctx) => {
    const { sp, ops, cube } = await essbase(ctx, "mdx", "action/mdx", "query");
    const input = {
      query: ctx.body.query,
      ...settingsOf(ctx.body),
      maxCells: ctx.services.config.maxGridCells,
    };
    return checkAnswerSize(ctx, await fromProvider(ops.mdx(sp.session, cube, input)));
  },

  refreshGrid: (ctx) =>
    gridCall(ctx, "adhoc", "action/refresh", {
      action: "refresh",
      input: { grid: gridOf(ctx, ctx.body.grid), ...readingSettingsOf(ctx.body) },
    }),

  initGrid: (ctx) =>
    gridCall(ctx, "adhoc", "action/initgrid", {
      action: "initgrid",
      input: {
        ...(ctx.body.grid ? { grid: gridOf(ctx, ctx.body.grid) } : {}),
        ...readingSettingsOf(ctx.body),
      },
    }),

  saveGrid: async (ctx) => {
    const { sp, ops, cube } = await essbase(ctx, "writeBack", "action/save");
    const grid = gridOf(ctx, ctx.body.grid);
    checkGridSize(ctx, grid);
    return fromProvider(
      ops.save(sp.session, cube, {
        grid,
        ...readingSettingsOf(ctx.body),
        ...(Array.isArray(ctx.body.cells) ? { cells: saveCells(grid, ctx.body.cells) } : {}),
        ...(ctx.body.dataVersion !== undefined ? { dataVersion: ctx.body.dataVersion } : {}),
        ...(ctx.body.overwrite === true ? { overwrite: true } : {}),
        maxCells: ctx.services.config.maxGridCells,
      }),
    );
  },

  zoomIn: (ctx) => {
    const mode = zoomMode(ctx.body.settings);
    return gridCall(
      ctx,
      `zoomIn:${mode}`,
      `action/zoomin (${mode})`,
      { action: "zoomin", input: selectionInput(ctx) },
      "settings.zoomInMode",
    );
  },
  zoomOut: (ctx) =>
    gridCall(ctx, "zoomOut", "action/zoomout", { action: "zoomout", input: selectionInput(ctx) }),
  keepOnly: (ctx) =>
    gridCall(ctx, "keepRemoveOnly", "action/keeponly", {
      action: "keeponly",
      input: selectionInput(ctx),
    }),
  removeOnly: (ctx) =>
    gridCall(ctx, "keepRemoveOnly", "action/removeonly", {
      action: "removeonly",
      input: selectionInput(ctx),
    }),
  pivot: (ctx) =>
    gridCall(ctx, "pivot", "action/pivot", {
      action: "pivot",
      input: {
        grid: gridOf(ctx, ctx.body.grid),
        row: ctx.body.row,
        column: ctx.body.column,
        ...(ctx.body.to ? { to: ctx.body.to } : {}),
        ...settingsOf(ctx.body),
      },
    }),
  pivotToPov: (ctx) =>
    gridCall(ctx, "pivot", "action/pivotToPOV", {
      action: "pivottopov",
      input: {
        grid: gridOf(ctx, ctx.body.grid),
        row: ctx.body.row,
        column: ctx.body.column,
        ...settingsOf(ctx.body),
      },
    }),
} satisfies Partial<Handlers>;
