// Pictures of the grid before and after each ad hoc operation the feature pages describe, computed by
// @qibates/engine on Sample.Basic (never drawn by hand): each picture is an SVG per language (labels, title and
// description in that language) plus its alt text and caption in pictures.json. The site's grid-pictures plugin
// (src/plugins/grid-pictures.ts) runs this when the site is built or started; the pages show them with
// <GridPictures page="…" />. Run by hand: npx tsx site/scripts/grid-pictures.ts [output folder]
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createSampleBasicCube } from "@qibates/engine/demo/sample-basic";
import type { CellKind, GridSettings, ZoomMode } from "@qibates/engine/grid";
import { runGridOperation } from "@qibates/engine/grid";
import { PRESETS } from "../src/components/LiveGrid/presets.ts";
import { frenchTypography } from "../src/plugins/french-typography.ts";

export type Locale = "en" | "fr";
type Text = Record<Locale, string>;
interface Cell {
  row: number;
  column: number;
}

/** One sheet as the engine returns it. */
export interface Sheet {
  grid: string[][];
  kinds: CellKind[][];
}

/** One operation pictured: the page it belongs to, how its starting grid is reached, what is run. */
export interface PictureSpec {
  id: string;
  /** The feature page (its `<GridPictures page="…" />`). */
  page: "zoom" | "keepRemove" | "pivot";
  preset: "zoom" | "keepRemove" | "pivot";
  /** Operations run on the preset's grid first, to reach the "before" grid. */
  setup?: { action: string; cells: Cell[]; zoomMode?: ZoomMode }[];
  action: "zoomin" | "zoomout" | "keeponly" | "removeonly" | "pivot" | "pivottopov";
  cells: Cell[];
  zoomMode?: ZoomMode;
  /** The operation's name as the pane shows it, and what it was run on. */
  operation: Text;
}

export const PICTURES: readonly PictureSpec[] = [
  {
    id: "zoom-in",
    page: "zoom",
    preset: "zoom",
    action: "zoomin",
    cells: [{ row: 1, column: 1 }],
    zoomMode: "NEXT_LEVEL",
    operation: { en: "Zoom In (Next level)", fr: "Zoom avant (Niveau suivant)" },
  },
  {
    id: "zoom-out",
    page: "zoom",
    preset: "zoom",
    setup: [{ action: "zoomin", cells: [{ row: 1, column: 1 }], zoomMode: "NEXT_LEVEL" }],
    action: "zoomout",
    cells: [{ row: 1, column: 2 }],
    operation: { en: "Zoom Out", fr: "Zoom arrière" },
  },
  {
    id: "keep-only",
    page: "keepRemove",
    preset: "keepRemove",
    action: "keeponly",
    cells: [{ row: 2, column: 1 }],
    operation: { en: "Keep Only", fr: "Conserver uniquement" },
  },
  {
    id: "remove-only",
    page: "keepRemove",
    preset: "keepRemove",
    action: "removeonly",
    cells: [{ row: 4, column: 0 }],
    operation: { en: "Remove Only", fr: "Enlever uniquement" },
  },
  {
    id: "pivot",
    page: "pivot",
    preset: "pivot",
    action: "pivot",
    cells: [{ row: 2, column: 1 }],
    operation: { en: "Pivot", fr: "Pivoter" },
  },
  {
    id: "pivot-to-pov",
    page: "pivot",
    preset: "pivot",
    setup: [{ action: "pivot", cells: [{ row: 2, column: 1 }] }],
    action: "pivottopov",
    cells: [{ row: 2, column: 1 }],
    operation: { en: "Pivot to POV", fr: "Pivoter vers le PDV" },
  },
];

/** Names, not aliases, and the default settings, as the pages' tables show the grids. */
const SETTINGS: GridSettings = {
  memberDisplay: "name",
  aliasTable: null,
  missingLabel: "#Missing",
  includeSelection: true,
};

/** The spreadsheet name of a cell (B3), from 0-based coordinates. */
export function cellName({ row, column }: Cell): string {
  let letters = "";
  for (let c = column + 1; c > 0; c = Math.floor((c - 1) / 26)) {
    letters = String.fromCharCode(65 + ((c - 1) % 26)) + letters;
  }
  return `${letters}${row + 1}`;
}

type Cube = ReturnType<typeof createSampleBasicCube>;

function run(cube: Cube, action: string, grid: string[][], cells: Cell[], zoomMode?: ZoomMode): Sheet {
  const r = runGridOperation(cube, {
    action,
    grid,
    cells,
    settings: SETTINGS,
    ...(zoomMode ? { zoomMode } : {}),
  });
  return { grid: r.grid, kinds: r.kinds };
}

/** The grids before and after one pictured operation, from the engine. */
export function computePicture(
  spec: PictureSpec,
  cube: Cube = createSampleBasicCube(),
): {
  before: Sheet;
  after: Sheet;
} {
  let before = run(cube, "refresh", PRESETS[spec.preset].sheet, []);
  for (const step of spec.setup ?? []) {
    before = run(cube, step.action, before.grid, step.cells, step.zoomMode);
  }
  const after = run(cube, spec.action, before.grid, spec.cells, spec.zoomMode);
  return { before, after };
}

const xml = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The non-empty rows of a sheet, each as "row N: a, b, c". */
function describeSheet(sheet: Sheet, locale: Locale): string {
  const rowWord = locale === "fr" ? "ligne" : "row";
  return sheet.grid
    .map((cells, i) => ({ i, cells: cells.map((c) => String(c ?? "").trim()).filter(Boolean) }))
    .filter((r) => r.cells.length > 0)
    .map((r) => `${rowWord} ${r.i + 1}${locale === "fr" ? " : " : ": "}${r.cells.join(", ")}`)
    .join(locale === "fr" ? " ; " : "; ");
}

/** The selected cells, as "B2 (Qtr1)". */
function selection(spec: PictureSpec, before: Sheet): string {
  return spec.cells
    .map((c) => `${cellName(c)} (${String(before.grid[c.row]?.[c.column] ?? "").trim()})`)
    .join(", ");
}

export function caption(spec: PictureSpec, before: Sheet, locale: Locale): string {
  const sel = selection(spec, before);
  return locale === "fr"
    ? frenchTypography(
        `${spec.operation.fr} sur la cellule ${sel} : la grille avant et après, calculée par le moteur QiBates sur Sample.Basic à la construction du site.`,
      )
    : `${spec.operation.en} on cell ${sel}: the grid before and after, computed by the QiBates engine on Sample.Basic when the site was built.`;
}

export function altText(spec: PictureSpec, pair: { before: Sheet; after: Sheet }, locale: Locale): string {
  const sel = selection(spec, pair.before);
  return locale === "fr"
    ? frenchTypography(
        `Avant, cellule ${sel} sélectionnée : ${describeSheet(pair.before, "fr")}. Après ${spec.operation.fr} : ${describeSheet(pair.after, "fr")}.`,
      )
    : `Before, cell ${sel} selected: ${describeSheet(pair.before, "en")}. After ${spec.operation.en}: ${describeSheet(pair.after, "en")}.`;
}

// Layout of one sheet: a header row of column letters, a column of row numbers, cells sized to their text.
const ROW_H = 24;
const HEAD_H = 20;
const NUM_W = 28;
const CHAR_W = 7.4;
const GAP = 56;
const TITLE_H = 26;

const FILL: Partial<Record<CellKind, string>> = {
  pov: "#eef1f5",
  "column-header": "#e4edf9",
  "row-header": "#e4edf9",
  data: "#ffffff",
  missing: "#ffffff",
  noaccess: "#f4f4f4",
};

function widths(sheet: Sheet): number[] {
  const columns = sheet.grid.reduce((n, r) => Math.max(n, r.length), 0);
  return Array.from({ length: columns }, (_, c) =>
    Math.max(48, Math.ceil(16 + CHAR_W * Math.max(0, ...sheet.grid.map((r) => String(r[c] ?? "").length)))),
  );
}

function sheetSvg(
  which: "before" | "after",
  sheet: Sheet,
  x0: number,
  y0: number,
  title: string,
  marked: Set<string>,
): string {
  const w = widths(sheet);
  const out: string[] = [`<g data-sheet="${which}">`];
  out.push(`<text x="${x0}" y="${y0 + 16}" class="t">${xml(title)}</text>`);
  const top = y0 + TITLE_H;
  let x = x0 + NUM_W;
  w.forEach((cw, c) => {
    out.push(`<rect x="${x}" y="${top}" width="${cw}" height="${HEAD_H}" class="h"/>`);
    out.push(
      `<text x="${x + cw / 2}" y="${top + 14}" class="hc">${cellName({ row: 0, column: c }).replace(/\d+$/, "")}</text>`,
    );
    x += cw;
  });
  sheet.grid.forEach((cells, r) => {
    const y = top + HEAD_H + r * ROW_H;
    out.push(`<rect x="${x0}" y="${y}" width="${NUM_W}" height="${ROW_H}" class="h"/>`);
    out.push(`<text x="${x0 + NUM_W / 2}" y="${y + 16}" class="hc">${r + 1}</text>`);
    let cx = x0 + NUM_W;
    w.forEach((cw, c) => {
      const kind = sheet.kinds[r]?.[c] ?? "blank";
      const text = String(cells[c] ?? "");
      const mark = marked.has(`${r}:${c}`);
      const fill = mark ? "#ffe8a3" : (FILL[kind] ?? "#ffffff");
      out.push(
        `<rect x="${cx}" y="${y}" width="${cw}" height="${ROW_H}" fill="${fill}" class="c${mark ? " m" : ""}"/>`,
      );
      if (text) {
        const numeric = kind === "data" || kind === "missing";
        const tx = numeric ? cx + cw - 6 : cx + 6;
        out.push(
          `<text x="${tx}" y="${y + 16}" class="${numeric ? "d" : kind === "pov" ? "p" : "v"}" data-cell="${cellName({ row: r, column: c })}">${xml(text)}</text>`,
        );
      }
      cx += cw;
    });
  });
  out.push("</g>");
  return out.join("");
}

function sheetSize(sheet: Sheet): { width: number; height: number } {
  return {
    width: NUM_W + widths(sheet).reduce((a, b) => a + b, 0),
    height: TITLE_H + HEAD_H + sheet.grid.length * ROW_H,
  };
}

/** The picture: before on the left, an arrow, after on the right; title and description for screen readers. */
export function pictureSvg(
  spec: PictureSpec,
  pair: { before: Sheet; after: Sheet },
  locale: Locale,
): { svg: string; width: number; height: number } {
  const a = sheetSize(pair.before);
  const b = sheetSize(pair.after);
  const pad = 8;
  const width = Math.ceil(pad + a.width + GAP + b.width + pad);
  const height = Math.ceil(pad + Math.max(a.height, b.height) + pad);
  const selected = new Set(spec.cells.map((c) => `${c.row}:${c.column}`));
  // In the "after" grid, the member cells whose text the "before" grid did not have.
  const known = new Set(pair.before.grid.flat().map((t) => String(t).trim()));
  const added = new Set<string>();
  for (const [r, cells] of pair.after.grid.entries()) {
    for (const [c, t] of cells.entries()) {
      const kind = pair.after.kinds[r]?.[c];
      if (t && (kind === "row-header" || kind === "column-header") && !known.has(String(t).trim()))
        added.add(`${r}:${c}`);
    }
  }
  const words =
    locale === "fr"
      ? { before: "Avant", after: frenchTypography(`Après : ${spec.operation.fr}`) }
      : { before: "Before", after: `After: ${spec.operation.en}` };
  const arrowX = pad + a.width + 10;
  const arrowY = pad + TITLE_H + HEAD_H + 20;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="title desc" lang="${locale}" xml:space="preserve">`,
    `<title id="title">${xml(caption(spec, pair.before, locale))}</title>`,
    `<desc id="desc">${xml(altText(spec, pair, locale))}</desc>`,
    "<style>text{white-space:pre;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:12px;fill:#1c1e21}",
    ".t{font-weight:600;font-size:13px}.hc{text-anchor:middle;fill:#606770;font-size:11px}.d{text-anchor:end}",
    ".p{fill:#4a4f57}.h{fill:#f3f4f6;stroke:#c9ccd1}.c{stroke:#c9ccd1}.m{stroke:#c77c00;stroke-width:1.5}</style>",
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    sheetSvg("before", pair.before, pad, pad, words.before, selected),
    `<path d="M${arrowX} ${arrowY}h${GAP - 26}m-8 -6l8 6l-8 6" fill="none" stroke="#606770" stroke-width="2"/>`,
    sheetSvg("after", pair.after, pad + a.width + GAP, pad, words.after, added),
    "</svg>",
  ].join("");
  return { svg, width, height };
}

export interface PictureEntry {
  page: PictureSpec["page"];
  width: number;
  height: number;
  /** Per language: the SVG's path under the site's static folder, its alt text and caption. */
  locales: Record<Locale, { src: string; alt: string; caption: string }>;
}

/** Writes every picture (both languages) and pictures.json into `dir`; returns the manifest. */
export function writePictures(dir: string): Record<string, PictureEntry> {
  mkdirSync(dir, { recursive: true });
  const manifest: Record<string, PictureEntry> = {};
  const cube = createSampleBasicCube();
  for (const spec of PICTURES) {
    const pair = computePicture(spec, cube);
    const entry: PictureEntry = {
      page: spec.page,
      width: 0,
      height: 0,
      locales: {} as PictureEntry["locales"],
    };
    for (const locale of ["en", "fr"] as const) {
      const { svg, width, height } = pictureSvg(spec, pair, locale);
      const file = `${spec.id}.${locale}.svg`;
      writeFileSync(join(dir, file), `${svg}\n`);
      entry.width = width;
      entry.height = height;
      entry.locales[locale] = {
        src: `/img/grids/${file}`,
        alt: altText(spec, pair, locale),
        caption: caption(spec, pair.before, locale),
      };
    }
    manifest[spec.id] = entry;
  }
  writeFileSync(join(dir, "pictures.json"), `${JSON.stringify(manifest, null, 1)}\n`);
  return manifest;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const dir = resolve(process.argv[2] ?? fileURLToPath(new URL("../static/img/grids", import.meta.url)));
  const manifest = writePictures(dir);
  process.stdout.write(`[site] ${Object.keys(manifest).length} grid pictures in ${dir}\n`);
}
