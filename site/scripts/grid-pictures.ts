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
import { frenchTypography, NBSP, NNBSP } from "../src/plugins/french-typography.ts";

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
  page: "zoom" | "keepRemove" | "pivot" | "refresh" | "missingSuppression" | "submit" | "adhoc";
  /** The sheet as typed: a live example's (its preset) or the picture's own `sheet`. */
  preset?: "zoom" | "keepRemove" | "pivot";
  sheet?: string[][];
  /** The typed sheet is the "before" grid as it is (an empty sheet), not refreshed first. */
  asTyped?: true;
  /** Operations run on the refreshed sheet first, to reach the "before" grid. */
  setup?: { action: string; cells: Cell[]; zoomMode?: ZoomMode }[];
  /** Text the user then types over cells of that grid (a member over a member, a value over a value). */
  typed?: (Cell & { text: string })[];
  action: "zoomin" | "zoomout" | "keeponly" | "removeonly" | "pivot" | "pivottopov" | "refresh" | "submit";
  /** The selected cells (for Submit, the modified cells sent); marked in the "before" grid. */
  cells: Cell[];
  /** Cells marked in the "before" grid instead of the selected ones (the rows an operation removes). */
  beforeMarks?: Cell[];
  zoomMode?: ZoomMode;
  /** Settings changed for the operation only (the "before" grid has the defaults). */
  settings?: Partial<GridSettings>;
  /** The operation's name as the pane shows it, and what it was run on. */
  operation: Text;
  /** The "before" state in words, for the alt text (else "cell B2 (Qtr1) selected"). */
  before?: Text;
  /** What the operation changed, in words, for the caption (else "<operation> on cell B2 (Qtr1)"). Never a
   *  number the picture does not show: the numbers are the engine's. */
  change?: Text;
  /** What the "after" grid marks: member cells the "before" grid did not have (default), data cells whose
   *  value changed (same layout), or nothing. */
  mark?: "new-members" | "changed-data" | "none";
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
  {
    // The Refresh page's example: Cola Sales Actual for East, East overtyped with Massachusetts.
    id: "refresh",
    page: "refresh",
    sheet: [
      ["", "100-10", "Sales", "Actual"],
      ["", "Jan", "Feb", "Mar"],
      ["East", "", "", ""],
    ],
    typed: [{ row: 2, column: 0, text: "Massachusetts" }],
    action: "refresh",
    cells: [{ row: 2, column: 0 }],
    operation: { en: "Refresh", fr: "Actualiser" },
    before: {
      en: "Massachusetts typed over East in A3, the data cells still East's",
      fr: "Massachusetts saisi à la place de East en A3, les cellules de données encore celles de East",
    },
    change: {
      en: "Refresh after typing Massachusetts over East in A3: the data cells, which still held East's values, now show Massachusetts's",
      fr: "Actualiser après avoir remplacé East par Massachusetts en A3 : les cellules de données, qui montraient encore les valeurs de East, montrent celles de Massachusetts",
    },
    mark: "changed-data",
  },
  {
    // The Missing suppression page's example: the products zoomed to all levels in the South.
    id: "missing-suppression",
    page: "missingSuppression",
    sheet: [
      ["", "Sales", "Actual", "Qtr1"],
      ["", "South", "", ""],
      ["Product", "", "", ""],
    ],
    setup: [{ action: "zoomin", cells: [{ row: 2, column: 0 }], zoomMode: "ALL_LEVELS" }],
    action: "refresh",
    cells: [],
    // The five #Missing rows, header and data cell.
    beforeMarks: [4, 15, 16, 17, 18].flatMap((row) => [
      { row, column: 0 },
      { row, column: 1 },
    ]),
    settings: { missingSuppression: true },
    operation: {
      en: "Refresh with Missing suppression on",
      fr: "Actualiser avec Supprimer les lignes manquantes activé",
    },
    before: {
      en: "Missing suppression off, Product zoomed in to all levels in the South",
      fr: "Supprimer les lignes manquantes désactivé, zoom avant sur tous les niveaux de Product dans South",
    },
    change: {
      en: "Refresh with Missing suppression on: the rows whose data cells are all #Missing in the South (100-30, 400-10, 400-20, 400-30 and 400) are removed; every other product stays",
      fr: "Actualiser avec Supprimer les lignes manquantes activé : les lignes dont toutes les cellules de données sont #Missing dans South (100-30, 400-10, 400-20, 400-30 et 400) sont supprimées ; tous les autres produits restent",
    },
    mark: "none",
  },
  {
    // The Submit page's example: New York's Budget overtyped, then submitted; East, its parent, follows.
    id: "submit",
    page: "submit",
    sheet: [
      ["", "100-10", "Sales", "Budget"],
      ["", "Jan", "Feb", "Mar"],
      ["New York", "", "", ""],
      ["East", "", "", ""],
    ],
    typed: [
      { row: 2, column: 1, text: "40" },
      { row: 2, column: 2, text: "35" },
      { row: 2, column: 3, text: "42" },
    ],
    action: "submit",
    cells: [
      { row: 2, column: 1 },
      { row: 2, column: 2 },
      { row: 2, column: 3 },
    ],
    operation: { en: "Submit", fr: "Soumettre" },
    before: {
      en: "new values typed over New York's Budget for Jan, Feb and Mar (modified cells B3:D3)",
      fr: "nouvelles valeurs saisies sur le budget de New York pour Jan, Feb et Mar (cellules modifiées B3:D3)",
    },
    change: {
      en: "Submit data for the modified cells B3:D3 of New York: the server stores them and the grid is refreshed; on the demo server East, their parent, shows its new totals at once (on your company's cube, after the next calculation)",
      fr: "Soumettre les données des cellules modifiées B3:D3 de New York : le serveur les enregistre et la grille est actualisée ; sur le serveur de démonstration, East, leur parent, montre aussitôt ses nouveaux totaux (sur le cube de votre entreprise, après le prochain calcul)",
    },
    mark: "changed-data",
  },
  {
    // The Ad hoc page's first grid: Open grid on an empty sheet writes the default grid.
    id: "adhoc-open-grid",
    page: "adhoc",
    sheet: [
      ["", "", "", ""],
      ["", "", "", ""],
      ["", "", "", ""],
    ],
    asTyped: true,
    action: "refresh",
    cells: [],
    operation: { en: "Open grid", fr: "Ouvrir une grille" },
    before: { en: "an empty sheet", fr: "une feuille vide" },
    change: {
      en: "Open grid on Sample.Basic in an empty sheet: the default ad hoc grid, one dimension on the rows, one on the columns and all the others in the POV row, each at its top member",
      fr: "Ouvrir une grille sur Sample.Basic dans une feuille vide : la grille ad hoc par défaut, une dimension en ligne, une en colonne et toutes les autres dans la ligne de PDV, chacune sur son membre de tête",
    },
    mark: "none",
  },
];

/** The sheet a picture starts from, as typed. */
export function startSheet(spec: PictureSpec): string[][] {
  const sheet = spec.sheet ?? (spec.preset ? PRESETS[spec.preset].sheet : undefined);
  if (!sheet) throw new Error(`${spec.id}: no sheet and no preset`);
  return sheet;
}

/** A picture whose operation writes to the cube (Submit) runs on a cube of its own, never on one shared. */
export function writesData(spec: PictureSpec): boolean {
  return spec.action === "submit";
}

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

function run(
  cube: Cube,
  action: string,
  grid: string[][],
  cells: Cell[],
  zoomMode?: ZoomMode,
  settings?: Partial<GridSettings>,
): Sheet {
  const r = runGridOperation(cube, {
    action,
    grid,
    cells,
    settings: { ...SETTINGS, ...settings },
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
  const sheet = startSheet(spec);
  let before: Sheet = spec.asTyped
    ? { grid: sheet.map((r) => [...r]), kinds: sheet.map((r) => r.map((): CellKind => "blank")) }
    : run(cube, "refresh", sheet, []);
  for (const step of spec.setup ?? []) {
    before = run(cube, step.action, before.grid, step.cells, step.zoomMode);
  }
  if (spec.typed?.length) {
    const grid = before.grid.map((r) => [...r]);
    for (const t of spec.typed) {
      const row = grid[t.row];
      if (!row || t.column >= row.length) throw new Error(`${spec.id}: ${cellName(t)} is outside the grid`);
      row[t.column] = t.text;
    }
    before = { grid, kinds: before.kinds };
  }
  const after = run(cube, spec.action, before.grid, spec.cells, spec.zoomMode, spec.settings);
  return { before, after };
}

const xml = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The non-empty rows of a sheet, each as "row N: a, b, c" (in French with the no-break spaces the typography
 *  plugin gives, the cells exactly as drawn: 13875 stays 13875). */
function describeSheet(sheet: Sheet, locale: Locale): string {
  const rowWord = locale === "fr" ? "ligne" : "row";
  return sheet.grid
    .map((cells, i) => ({ i, cells: cells.map((c) => String(c ?? "").trim()).filter(Boolean) }))
    .filter((r) => r.cells.length > 0)
    .map((r) => `${rowWord} ${r.i + 1}${locale === "fr" ? `${NBSP}: ` : ": "}${r.cells.join(", ")}`)
    .join(locale === "fr" ? `${NNBSP}; ` : "; ");
}

/** The selected cells, as "B2 (Qtr1)". */
function selection(spec: PictureSpec, before: Sheet): string {
  return spec.cells
    .map((c) => `${cellName(c)} (${String(before.grid[c.row]?.[c.column] ?? "").trim()})`)
    .join(", ");
}

export function caption(spec: PictureSpec, before: Sheet, locale: Locale): string {
  if (spec.change) {
    return locale === "fr"
      ? frenchTypography(
          `${spec.change.fr}. La grille avant et après, calculée par le moteur QiBates sur Sample.Basic à la construction du site.`,
        )
      : `${spec.change.en}. The grid before and after, computed by the QiBates engine on Sample.Basic when the site was built.`;
  }
  const sel = selection(spec, before);
  return locale === "fr"
    ? frenchTypography(
        `${spec.operation.fr} sur la cellule ${sel} : la grille avant et après, calculée par le moteur QiBates sur Sample.Basic à la construction du site.`,
      )
    : `${spec.operation.en} on cell ${sel}: the grid before and after, computed by the QiBates engine on Sample.Basic when the site was built.`;
}

export function altText(spec: PictureSpec, pair: { before: Sheet; after: Sheet }, locale: Locale): string {
  if (spec.before) {
    // The prose gets the French typography; the grids' cells are written as the picture draws them.
    const shown = (sheet: Sheet): string => {
      const d = describeSheet(sheet, locale);
      return d ? `${locale === "fr" ? `${NBSP}: ` : ": "}${d}` : "";
    };
    return locale === "fr"
      ? `${frenchTypography(`Avant, ${spec.before.fr}`)}${shown(pair.before)}. ${frenchTypography(`Après ${spec.operation.fr}`)}${shown(pair.after)}.`
      : `Before, ${spec.before.en}${shown(pair.before)}. After ${spec.operation.en}${shown(pair.after)}.`;
  }
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
const TITLE_CHAR_W = 8;
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
  const words =
    locale === "fr"
      ? { before: "Avant", after: frenchTypography(`Après : ${spec.operation.fr}`) }
      : { before: "Before", after: `After: ${spec.operation.en}` };
  // Each sheet's room is as wide as its title too (13px bold), so a long operation name is not cut off.
  const titled = (size: { width: number; height: number }, title: string) => ({
    ...size,
    width: Math.max(size.width, Math.ceil(TITLE_CHAR_W * title.length)),
  });
  const a = titled(sheetSize(pair.before), words.before);
  const b = titled(sheetSize(pair.after), words.after);
  const pad = 8;
  const width = Math.ceil(pad + a.width + GAP + b.width + pad);
  const height = Math.ceil(pad + Math.max(a.height, b.height) + pad);
  const selected = new Set((spec.beforeMarks ?? spec.cells).map((c) => `${c.row}:${c.column}`));
  // In the "after" grid, the member cells whose text the "before" grid did not have, or the data cells whose
  // value changed (same place), or nothing, as the picture asks.
  const mark = spec.mark ?? "new-members";
  const known = new Set(pair.before.grid.flat().map((t) => String(t).trim()));
  const added = new Set<string>();
  for (const [r, cells] of pair.after.grid.entries()) {
    for (const [c, t] of cells.entries()) {
      const kind = pair.after.kinds[r]?.[c];
      const member = kind === "row-header" || kind === "column-header";
      const data = kind === "data" || kind === "missing";
      if (mark === "new-members" && t && member && !known.has(String(t).trim())) added.add(`${r}:${c}`);
      if (mark === "changed-data" && data && String(t) !== String(pair.before.grid[r]?.[c] ?? ""))
        added.add(`${r}:${c}`);
    }
  }
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
  // One cube for the pictures that only read; a fresh one for each picture that writes (Submit), so no picture
  // sees another's changes. Either way the cube is this process's own: nothing served is changed.
  const shared = createSampleBasicCube();
  for (const spec of PICTURES) {
    const pair = computePicture(spec, writesData(spec) ? createSampleBasicCube() : shared);
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
