import { createSampleBasicCube } from "@qibates/engine/demo/sample-basic";
import type { GridResponse, GridSettings } from "@qibates/engine/grid";
// The grid layer straight from its folder, not through the package index: the index also re-exports the planning
// layer, which webpack would then keep in this chunk too (the engine declares no "sideEffects": false).
import { GridError, runGridOperation } from "@qibates/engine/grid";
import { keywordSearch, outlineVariables } from "@qibates/engine/members";
// The product's message for an engine refusal (the API's, in either language): the grid-bridge module alone.
import { gridErrorMessage } from "@qibates/grid-bridge/grid-errors";
import { type Backend, LiveError, type Options, padded, type Sheet } from "./backend";
import { cellName } from "./cells";
import type { LivePreset } from "./presets";

type Cube = ReturnType<typeof createSampleBasicCube>;

export function toSettings(o: Options, readData: boolean): GridSettings {
  return {
    missingLabel: o.missingLabel,
    missingSuppression: o.missingSuppression,
    withoutIndentation: o.withoutIndentation,
    memberDisplay: o.memberDisplay,
    aliasTable: o.memberDisplay === "name" ? null : "Default",
    includeSelection: o.includeSelection,
    navigateWithoutData: readData ? false : o.navigateWithoutData,
  };
}

function toSheet(r: Pick<GridResponse, "grid" | "kinds" | "writable">): Sheet {
  return { grid: r.grid, kinds: r.kinds, writable: r.writable };
}

/**
 * An engine refusal as the live grid shows it: the API's message in `locale`, with the cells of unknown members.
 */
export function liveGridError(e: GridError, locale: "en" | "fr"): LiveError {
  return new LiveError(
    gridErrorMessage(e, locale),
    (e.unknownMembers ?? []).map((u) => `${cellName(u)} (${u.text})`),
  );
}

/**
 * Sample.Basic, built in the browser from the engine's deterministic demo data; refusals are said in `locale`
 * (the page's language).
 */
export function sampleBasicBackend(locale: "en" | "fr" = "en"): Backend {
  let cube: Cube | null = null;
  const source = (): Cube => {
    if (!cube) cube = createSampleBasicCube();
    return cube;
  };
  return {
    start(preset: LivePreset, o: Options): Sheet {
      cube = createSampleBasicCube();
      const r = runGridOperation(cube, {
        action: "refresh",
        ...preset.setup,
        grid: preset.sheet,
        settings: toSettings(o, true),
      });
      return padded(toSheet(r), preset.editable === "members");
    },
    run(preset, { action, grid, cells, dirty, options }) {
      try {
        const r = runGridOperation(source(), {
          action,
          grid,
          cells,
          ...(action === "submit" ? { dirtyCells: dirty } : {}),
          settings: toSettings(options, action === "refresh" || action === "submit"),
          zoomMode: options.zoomMode,
        });
        // The engine's reasons are English words of its own (`"abc" is not a number`): the report names the
        // status in the page's language instead, and shows a refused cell's text as typed, as the API does.
        const statuses = r.cellStatus?.map((s) => ({
          row: s.row,
          column: s.column,
          status: s.status,
          value:
            s.value === undefined
              ? (grid[s.row]?.[s.column] ?? "")
              : s.value === null
                ? options.missingLabel
                : String(s.value),
        }));
        return {
          sheet: padded(toSheet(r), preset.editable === "members"),
          changed: r.changed,
          ...(statuses ? { statuses } : {}),
        };
      } catch (e) {
        if (e instanceof GridError) throw liveGridError(e, locale);
        throw e;
      }
    },
    search(keyword, limit) {
      const outline = source().outline;
      const found = keywordSearch([...outline.baseDimensions, ...outline.attributeDimensions], {
        keyword,
        matchWholeWord: false,
        searchIn: "BOTH",
        aliasTable: "Default",
      });
      return {
        total: found.length,
        members: found.slice(0, limit).map((m) => ({
          dimension: m.dimension.name,
          name: m.name,
          alias: m.alias("Default") ?? null,
        })),
      };
    },
    variables: () => outlineVariables(source().outline),
  };
}
