import type { components } from "@qibates/client/schema";
import {
  answerGridXml,
  SV_MISSING,
  SV_MISSING_TEXT,
  SV_TYPE,
  type SvGridDim,
  type SvRequestGrid,
} from "@qibates/protocols/smartview";

type Schemas = components["schemas"];

function typeOf(kind: Schemas["CellKind"]): number {
  if (kind === "corner" || kind === "blank" || kind === "pov") return SV_TYPE.blank;
  if (kind === "column-header" || kind === "row-header") return SV_TYPE.member;
  return SV_TYPE.data;
}

/**
 * An API grid answer as the `grid` element of Smart View's answer (`res_ExecuteQuery`, the APS capture's
 * shape): column dimensions, then row dimensions, then every other dimension at its POV member; the sheet
 * without its POV row; `preferences` is the echoed preferences element, already written.
 */
export function gridXml(answer: Schemas["GridResponse"], dimensions: readonly string[], preferences: string) {
  const { layout } = answer;
  const povRows = layout.headerRows - layout.columnDimensions.length;
  const rows = answer.grid.slice(povRows);
  const kinds = answer.cellKinds.slice(povRows);
  // The POV row may be wider than the sheet below it: the slice is as wide as its last non-blank cell.
  let cols = 0;
  for (const row of kinds) {
    for (let c = row.length - 1; c >= cols; c--) {
      if (row[c] !== "blank") {
        cols = c + 1;
        break;
      }
    }
  }
  const vals: string[] = [];
  const types: number[] = [];
  const status: number[] = [];
  rows.forEach((row, r) => {
    for (let c = 0; c < cols; c++) {
      const kind = kinds[r]?.[c] ?? "blank";
      const type = typeOf(kind);
      types.push(type);
      status.push(kind === "missing" ? SV_MISSING : 0);
      vals.push(kind === "missing" ? SV_MISSING_TEXT : String(row[c] ?? ""));
    }
  });
  const dims: SvGridDim[] = [
    ...layout.columnDimensions.map((name, col) => ({ name, col })),
    ...layout.rowDimensions.map((name, row) => ({ name, row })),
  ];
  const onAxis = new Set([...layout.columnDimensions, ...layout.rowDimensions]);
  for (const d of dimensions) {
    if (!onAxis.has(d)) dims.push({ name: d, pov: layout.pov[d] ?? d });
  }
  return answerGridXml(dims, preferences, { rows: rows.length, cols, vals, types, status });
}

/**
 * The sheet the engine reads for a grid of `labels` (rows of cells, data cells already blank): a POV row of
 * the `pov` members (those of dimensions on neither axis) over the columns after the `left` row-header
 * columns, then the grid's rows. Data is never read from the sheet: a refresh reads it again.
 */
export function sheetWithPov(
  labels: readonly (readonly string[])[],
  left: number,
  pov: ReadonlyMap<string, string>,
  onAxes: readonly string[],
): string[][] {
  const axes = new Set(onAxes.map((d) => d.toLowerCase()));
  const members = [...pov].filter(([d, m]) => !axes.has(d.toLowerCase()) && m !== "").map(([, m]) => m);
  const sheet = labels.map((r) => [...r]);
  if (members.length > 0) sheet.unshift([...new Array<string>(left).fill(""), ...members]);
  return sheet;
}

/** The rows of a request's grid with its data cells (type 2) blank, and its row-header width. */
export function labelsOf(g: SvRequestGrid): { labels: string[][]; left: number } {
  const labels: string[][] = [];
  for (let r = 0; r < g.rows; r++) {
    const row: string[] = [];
    for (let c = 0; c < g.cols; c++) {
      const i = r * g.cols + c;
      row.push(g.types[i] === String(SV_TYPE.data) ? "" : (g.vals[i] ?? ""));
    }
    labels.push(row);
  }
  let left = g.rowDims.length;
  if (left === 0) {
    // No row dimension named: the blank corner cells of the first row tell the row-header width.
    const first = labels[0] ?? [];
    while (left < first.length && first[left] === "" && g.types[left] !== String(SV_TYPE.member)) left++;
  }
  return { labels, left };
}
