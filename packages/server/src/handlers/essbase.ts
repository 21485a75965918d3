import {
  applyApiFilter,
  CalcError,
  CalcSyntaxError,
  type CellKind,
  type Dimension,
  GridError,
  type GridRequest,
  type GridResponse,
  type GridSettings,
  initialGrid,
  type Member,
  type Outline,
  parseGrid,
  QueryError,
  resolveSettings,
  runCalcScript,
  runGridOperation,
} from "@qibates/engine";
import type { CallContext, Handler, Handlers } from "../api.ts";
import { ApiError } from "../api-error.ts";
import { findCube } from "../backend.ts";
import { recordingSource } from "../embedded.ts";
import type { EssbaseApplication } from "../essbase-app.ts";
import { requireSession } from "./session.ts";

/** The demo application and cube a request names, after checking the session. */
async function essbaseApp(ctx: CallContext): Promise<EssbaseApplication> {
  await requireSession(ctx);
  findCube("essbase", ctx.body.server, ctx.body.application, ctx.body.cube);
  const app = ctx.services.embedded.essbase;
  return app;
}

function aliasTableOf(ctx: CallContext, app: EssbaseApplication, value: unknown): string {
  const table = typeof value === "string" && value !== "" ? value : "Default";
  const known = app.cube.outline.aliasTables.find((t) => t.toLowerCase() === table.toLowerCase());
  if (!known) {
    throw new ApiError(
      "QB_ERR_ALIAS_TABLE_UNKNOWN",
      { aliasTable: table },
      ctx.body.aliastable !== undefined ? "aliastable" : "settings.aliasTable",
    );
  }
  return known;
}

function dimensionOf(app: EssbaseApplication, name: unknown, field: string): Dimension {
  const dim = typeof name === "string" ? app.cube.outline.dimension(name) : undefined;
  if (!dim) {
    throw new ApiError("QB_ERR_DIMENSION_UNKNOWN", { dimension: String(name), cube: app.cubeName }, field);
  }
  return dim;
}

const STORAGE: Record<Member["storage"], string> = {
  store: "store",
  "dynamic-calc": "dynamicCalc",
  "dynamic-calc-and-store": "dynamicCalcAndStore",
  "label-only": "labelOnly",
  shared: "shared",
  "never-share": "neverShare",
};

function memberInfo(m: Member, table: string) {
  return { name: m.name, alias: m.alias(table) ?? null, generation: m.generation, level: m.level };
}

interface MemberNode {
  name: string;
  alias: string | null;
  generation: number;
  level: number;
  consolidation: string;
  storage: string;
  children: MemberNode[];
}

function memberNode(m: Member, table: string): MemberNode {
  return {
    ...memberInfo(m, table),
    consolidation: m.consolidation,
    storage: STORAGE[m.storage],
    children: m.children.map((c) => memberNode(c, table)),
  };
}

/** Contract settings (spec §3 plus the Smart View options) → the engine's grid settings. */
export function engineSettings(body: Record<string, unknown>): {
  settings: GridSettings;
  aliasTable: string | null;
} {
  const s = (body.settings ?? {}) as Record<string, unknown>;
  const cap = (body.codeAliasParam ?? {}) as { displayCodeAndAlias?: boolean; hasCodeAndAlias?: boolean };
  // Contract defaults: aliases of the Default table; `aliasTable: null` shows member names only.
  const aliasTable =
    s.aliasTable === null ? null : typeof s.aliasTable === "string" ? s.aliasTable : "Default";
  const display =
    s.memberDisplay === "NAME" || aliasTable === null
      ? "name"
      : s.memberDisplay === "NAME_AND_ALIAS"
        ? "nameAndAlias"
        : "alias";
  const settings: GridSettings = {
    missingSuppression: s.missingSuppression === true,
    ...(typeof s.missingLabel === "string" ? { missingLabel: s.missingLabel } : {}),
    navigateWithoutData: s.navigateWithoutData === true || s.navigateWithoutData === "true",
    withoutIndentation: s.withoutIndentation === true,
    ...(typeof s.indentation === "string" ? { indentation: s.indentation } : {}),
    ...(typeof s.zoomInMode === "string" ? { zoomInPreference: s.zoomInMode } : {}),
    ...(typeof s.includeSelection === "boolean" ? { includeSelection: s.includeSelection } : {}),
    ...(typeof s.withinSelectedGroup === "boolean" ? { withinSelectedGroup: s.withinSelectedGroup } : {}),
    ...(typeof s.removeUnselectedGroups === "boolean"
      ? { removeUnselectedGroup: s.removeUnselectedGroups }
      : {}),
    ...(typeof s.repeatMemberLabels === "boolean" ? { repeatMemberLabels: s.repeatMemberLabels } : {}),
    ancestorPosition: typeof s.ancestorPosition === "string" ? s.ancestorPosition : "BOTTOM",
    memberDisplay: cap.displayCodeAndAlias ? "nameAndAlias" : display,
    codeAliasParam: cap,
  };
  return { settings, aliasTable };
}

const KIND: Record<string, string> = {
  corner: "corner",
  blank: "blank",
  pov: "pov",
  "column-header": "column-header",
  "row-header": "row-header",
  data: "data",
  missing: "missing",
  noaccess: "no-access",
  "no-access": "no-access",
  "read-only": "read-only",
};

function contractKind(kind: CellKind, writable: boolean | undefined): string {
  if (kind === "data" && writable === false) return "read-only";
  return KIND[kind] ?? "blank";
}

/** The engine's answer → the contract's GridResponse. */
function gridAnswer(r: GridResponse, outline: Outline, aliasTable: string | null) {
  const placements = r.placements;
  const povDims = new Set(placements.filter((p) => p.region === "POV").map((p) => p.name));
  // The POV row names one member per POV dimension (by name or alias): answer their member names.
  const pov: Record<string, string> = {};
  r.grid[0]?.forEach((text, column) => {
    if (r.kinds[0]?.[column] !== "pov") return;
    const label = text.trim();
    const m =
      outline.resolve(label, aliasTable ?? "Default") ?? outline.resolve(label.split(" - ")[0] ?? "", null);
    if (m && povDims.has(m.dimension.name)) pov[m.dimension.name] = m.name;
  });
  const byIndex = (region: string) =>
    placements
      .filter((p) => p.region === region)
      .sort((a, b) => a.index - b.index)
      .map((p) => p.name);
  return {
    grid: r.grid,
    cellKinds: r.kinds.map((line, row) =>
      line.map((kind, column) => contractKind(kind, r.writable[row]?.[column])),
    ),
    layout: {
      pov,
      rowDimensions: byIndex("LEFT"),
      columnDimensions: byIndex("TOP"),
      headerRows: r.headerRows,
      leftColumns: r.leftColumns,
    },
    rangesToDelete: r.rangesToDelete,
    rangeToDelete: r.rangesToDelete[0] ?? null,
  };
}

function gridError(e: unknown): never {
  if (e instanceof GridError) {
    switch (e.code) {
      case "GRID_UNKNOWN_MEMBER": {
        const first = e.unknownMembers?.[0];
        throw new ApiError(
          "QB_ERR_MEMBER_UNKNOWN",
          { member: first?.text ?? "" },
          first ? `grid[${first.row}][${first.column}]` : "grid",
        );
      }
      case "GRID_PIVOT_LAST_ROW":
        throw new ApiError("QB_ERR_PIVOT_LAST_DIMENSION", e.message, "row");
      case "GRID_PIVOT_NO_START":
        throw new ApiError("QB_ERR_SELECTION_INVALID", { reason: e.message }, "row");
      case "GRID_REMOVE_EMPTIES_AXIS":
        throw new ApiError("QB_ERR_SELECTION_INVALID", { reason: e.message }, "cells");
      default:
        throw new ApiError("QB_ERR_GRID_INVALID", { reason: e.message }, "grid");
    }
  }
  throw e;
}

function checkGridSize(ctx: CallContext, grid: unknown): void {
  if (!Array.isArray(grid)) return;
  const cells = grid.reduce((n: number, r: unknown) => n + (Array.isArray(r) ? r.length : 0), 0);
  if (cells > ctx.services.config.maxGridCells) {
    throw new ApiError(
      "QB_ERR_GRID_TOO_LARGE",
      { reason: `${cells} cells sent, at most ${ctx.services.config.maxGridCells} accepted` },
      "grid",
    );
  }
}

function checkAnswerSize(ctx: CallContext, r: GridResponse): GridResponse {
  const cells = r.grid.length * (r.grid[0]?.length ?? 0);
  if (cells > ctx.services.config.maxGridCells) {
    throw new ApiError(
      "QB_ERR_GRID_TOO_LARGE",
      { reason: `the answer would have ${cells} cells, at most ${ctx.services.config.maxGridCells} allowed` },
      "cells",
    );
  }
  return r;
}

/** A read-only grid operation (refresh, zoom, keep/remove only, pivot). */
function gridOperation(
  action: string,
  extra: (ctx: CallContext) => Partial<GridRequest> = () => ({}),
): Handler {
  return async (ctx) => {
    const app = await essbaseApp(ctx);
    checkGridSize(ctx, ctx.body.grid);
    const { settings, aliasTable } = engineSettings(ctx.body);
    if (aliasTable) aliasTableOf(ctx, app, aliasTable);
    let r: GridResponse;
    try {
      r = runGridOperation(app.cube, {
        action,
        grid: ctx.body.grid as unknown[][],
        settings,
        aliasTable,
        ...extra(ctx),
      });
    } catch (e) {
      gridError(e);
    }
    return gridAnswer(checkAnswerSize(ctx, r), app.cube.outline, aliasTable);
  };
}

const cellsOf = (ctx: CallContext) => ({ cells: ctx.body.cells as { row: number; column: number }[] });

export const essbaseHandlers: Handlers = {
  listDimensions: async (ctx) => {
    const app = await essbaseApp(ctx);
    const table = aliasTableOf(ctx, app, ctx.body.aliastable);
    const outline = app.cube.outline;
    const dims = [...outline.baseDimensions, ...outline.attributeDimensions];
    return {
      cube: ctx.body.cube,
      aliastable: table,
      dimensions: dims.map((d) => ({
        name: d.name,
        alias: d.root.alias(table) ?? null,
        type: d.type,
        storage: d.density,
      })),
    };
  },

  getDimensionTree: async (ctx) => {
    const app = await essbaseApp(ctx);
    const table = aliasTableOf(ctx, app, ctx.body.aliastable);
    const action = ctx.body.action as { dimension: string };
    const dim = dimensionOf(app, action.dimension, "action.dimension");
    return { dimension: action.dimension, aliastable: table, root: memberNode(dim.root, table) };
  },

  filterMembers: async (ctx) => {
    const app = await essbaseApp(ctx);
    const table = aliasTableOf(ctx, app, ctx.body.aliastable);
    const dim = dimensionOf(app, ctx.body.dimension, "dimension");
    const action = ctx.body.action as {
      filter: string;
      arg1?: string | number | null;
      member?: string | null;
    };
    let member: Member | undefined;
    if (action.member) {
      member = app.cube.outline.resolve(action.member, table);
      if (!member || member.dimension !== dim) {
        throw new ApiError("QB_ERR_MEMBER_UNKNOWN", { member: action.member }, "action.member");
      }
    }
    let members: Member[];
    try {
      members = applyApiFilter(dim, action.filter, action.arg1 ?? null, member);
    } catch (e) {
      if (e instanceof QueryError)
        throw new ApiError("QB_ERR_VALIDATION", { field: "action.arg1", reason: e.message }, "action.arg1");
      throw e;
    }
    return {
      dimension: ctx.body.dimension,
      filter: action.filter,
      arg1: action.arg1 ?? null,
      members: members.map((m) => memberInfo(m, table)),
    };
  },

  listScripts: async (ctx) => {
    const app = await essbaseApp(ctx);
    return {
      cube: ctx.body.cube,
      scripts: [...app.scripts]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((s) => ({ name: s.name, description: s.description ?? null })),
    };
  },

  listAliasTables: async (ctx) => {
    const app = await essbaseApp(ctx);
    return { cube: ctx.body.cube, aliasTables: app.cube.outline.aliasTables.map((name) => ({ name })) };
  },

  calculate: async (ctx) => {
    const app = await essbaseApp(ctx);
    const name = (ctx.body.action as { script: string }).script;
    const script = app.scripts.find((s) => s.name.toLowerCase() === name.toLowerCase());
    if (!script)
      throw new ApiError("QB_ERR_SCRIPT_UNKNOWN", `Unknown calculation script "${name}".`, "action.script");
    const started = performance.now();
    try {
      await app.mutate(ctx.key?.ownerId ?? "", () => {
        runCalcScript(app.cube, script.text);
        return { result: null, entry: { kind: "calc", payload: { script: script.name, text: script.text } } };
      });
    } catch (e) {
      if (e instanceof CalcSyntaxError || e instanceof CalcError) {
        throw new ApiError("QB_ERR_CALC_FAILED", { script: script.name, reason: e.message }, "action.script");
      }
      throw e;
    }
    return { script: name, status: "completed", durationMs: Math.round(performance.now() - started) };
  },

  refreshGrid: gridOperation("refresh"),

  initGrid: async (ctx) => {
    const app = await essbaseApp(ctx);
    const { settings, aliasTable } = engineSettings(ctx.body);
    if (aliasTable) aliasTableOf(ctx, app, aliasTable);
    const grid = ctx.body.grid as unknown[][] | undefined;
    if (grid && grid.length > 0) return gridOperation("refresh")(ctx);
    try {
      return gridAnswer(initialGrid(app.cube, settings, aliasTable), app.cube.outline, aliasTable);
    } catch (e) {
      gridError(e);
    }
  },

  saveGrid: async (ctx) => {
    const app = await essbaseApp(ctx);
    checkGridSize(ctx, ctx.body.grid);
    const { settings, aliasTable } = engineSettings(ctx.body);
    if (aliasTable) aliasTableOf(ctx, app, aliasTable);
    const r = await app
      .mutate(ctx.key?.ownerId ?? "", () => {
        const { source, writes } = recordingSource(app.cube);
        const result = runGridOperation(source, {
          action: "submit",
          grid: ctx.body.grid as unknown[][],
          ...(Array.isArray(ctx.body.cells)
            ? { dirtyCells: ctx.body.cells as { row: number; column: number }[] }
            : {}),
          settings,
          aliasTable,
        });
        return { result, entry: writes.length > 0 ? { kind: "cells", payload: { writes } } : null };
      })
      .catch(gridError);
    const sent = ctx.body.grid as unknown[][];
    const missingLabel = settings.missingLabel ?? "#Missing";
    const cells = (r.cellStatus ?? []).map((c) => {
      const received = sent[c.row]?.[c.column];
      const status = c.status === "written" ? "written" : c.status === "read-only" ? "read-only" : "invalid";
      const value =
        status === "written"
          ? c.value === null || c.value === undefined
            ? missingLabel
            : String(c.value)
          : received === null || received === undefined
            ? ""
            : String(received);
      return { row: c.row, column: c.column, status, value };
    });
    return {
      submitted: cells.filter((c) => c.status === "written" || c.status === "truncated").length,
      cells,
      ...gridAnswer(r, app.cube.outline, aliasTable),
    };
  },

  zoomIn: gridOperation("zoomin", cellsOf),
  zoomOut: gridOperation("zoomout", cellsOf),
  keepOnly: gridOperation("keeponly", cellsOf),
  removeOnly: gridOperation("removeonly", cellsOf),
  pivot: gridOperation("pivot", (ctx) => {
    const row = ctx.body.row as number;
    const column = ctx.body.column as number;
    if (ctx.body.to !== "columns") return { row, column };
    // A POV dimension sent to the columns goes to the outermost column row, right of the row headers.
    const { model } = parseGrid(
      ctx.services.embedded.essbase.cube.outline,
      ctx.body.grid as unknown[][],
      resolveSettings(engineSettings(ctx.body).settings),
    );
    const firstTopRow = [...model.layout.topRows.entries()].sort((a, b) => a[1] - b[1])[0]?.[0];
    if (firstTopRow === undefined) return { row, column };
    return { pivot: { row, column, toRow: firstTopRow, toColumn: model.layout.leftColumns } };
  }),
  pivotToPov: gridOperation("pivottopov", (ctx) => ({
    row: ctx.body.row as number,
    column: ctx.body.column as number,
  })),
};
