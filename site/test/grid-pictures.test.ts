import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { restBase } from "@qibates/connectors/essbase-rest";
import { smartViewUrlFor, workspaceUrlFor } from "@qibates/connectors/smartview";
import { xmlaUrlFor } from "@qibates/connectors/xmla";
import { createVisionPlanning } from "@qibates/engine/demo/planning";
import { createSampleBasicCube } from "@qibates/engine/demo/sample-basic";
import {
  type GridDataSource,
  type GridRequest,
  type GridSettings,
  runGridOperation,
} from "@qibates/engine/grid";
import { children } from "@qibates/engine/members";
import { type ContractCellKind, gridAnswer } from "@qibates/grid-bridge/answers";
import { PLANNING_REST_VERSION, planningRestRoot } from "@qibates/protocols/planning-rest";
import { CONNECTORS, type Connector, PROVIDER_SUFFIX, SERVER_TYPE } from "@qibates/provider";
import { afterAll, describe, expect, it } from "vitest";
import {
  cellName,
  computePicture,
  onVision,
  PICTURES,
  type PictureEntry,
  type PictureSpec,
  writePictures,
  writesData,
} from "../scripts/grid-pictures.ts";
import { PRESETS } from "../src/components/LiveGrid/presets.ts";
import { FR_DOCS, SITE } from "./site-files.ts";

const dir = mkdtempSync(join(tmpdir(), "qb-grid-pictures-"));
const manifest: Record<string, PictureEntry> = writePictures(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const unxml = (s: string): string =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The groups a picture's SVG draws for one kind of sheet, in order (a Cascade draws several copies). */
function sheetGroups(svg: string, which: "before" | "after" | "copy"): string[] {
  return [...svg.matchAll(new RegExp(`<g data-sheet="${which}">([\\s\\S]*?)</g>`, "g"))].map(
    (m) => m[1] ?? "",
  );
}

/** The cells one drawn sheet shows: "B2" → text. */
function cellsOf(group: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of group.matchAll(/<text [^>]*data-cell="([A-Z]+\d+)"[^>]*>([^<]*)<\/text>/g)) {
    out[m[1] ?? ""] = unxml(m[2] ?? "");
  }
  return out;
}

/** The cells a picture's SVG draws for one of its two grids: "B2" → text. */
function drawnCells(svg: string, which: "before" | "after"): Record<string, string> {
  return cellsOf(sheetGroups(svg, which)[0] ?? "");
}

/** The POV bar a drawn sheet shows (a form's), member by member. */
function drawnPov(group: string): string[] | undefined {
  const pov = /data-pov="([^"]*)"/.exec(group)?.[1];
  return pov === undefined ? undefined : unxml(pov).split("|");
}

/** The fill of each drawn cell, row by row (the cells' rectangles come in row order). */
function drawnFills(group: string, columns: number): string[][] {
  const fills = [...group.matchAll(/<rect [^>]*fill="(#[0-9a-f]{6})" class="c/g)].map((m) => m[1] ?? "");
  return Array.from({ length: fills.length / columns }, (_, r) =>
    fills.slice(r * columns, (r + 1) * columns),
  );
}

/** The non-empty cells of an engine grid: "B2" → text. */
function gridCells(grid: readonly (readonly unknown[])[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [row, cells] of grid.entries()) {
    for (const [column, text] of cells.entries()) {
      if (String(text ?? "") !== "") out[cellName({ row, column })] = String(text);
    }
  }
  return out;
}

const SETTINGS = {
  memberDisplay: "name",
  aliasTable: null,
  missingLabel: "#Missing",
  includeSelection: true,
} as const;

/**
 * One engine call as the add-in sends it, on a cube of the caller's: the grid it returns. `more` adds the
 * selection, the zoom mode and settings over {@link SETTINGS}.
 */
function engine(
  cube: GridDataSource,
  action: string,
  grid: readonly (readonly unknown[])[],
  more: Pick<GridRequest, "cells" | "zoomMode"> & { settings?: Partial<GridSettings> } = {},
): string[][] {
  const { settings, ...rest } = more;
  return runGridOperation(cube, { action, grid, ...rest, settings: { ...SETTINGS, ...settings } }).grid;
}

/** The sheet a picture starts from (its own), refreshed. */
const refreshed = (cube: GridDataSource, spec: PictureSpec): string[][] =>
  engine(cube, "refresh", spec.sheet ?? []);

describe("grid pictures", () => {
  it("picture every ad hoc operation the feature pages describe, Cascade, a form, a rule, a task and the settings the server applies", () => {
    expect(PICTURES.map((p) => p.action).sort()).toEqual(
      [
        "keeponly",
        "pivot",
        "pivottopov",
        "removeonly",
        "zoomin",
        "zoomout",
        "refresh",
        "refresh",
        "refresh",
        "refresh",
        "refresh",
        "refresh",
        "zoomin",
        "submit",
        "cascade",
        "openform",
        "runrule",
        "opentask",
      ].sort(),
    );
    expect(Object.keys(manifest).sort()).toEqual(PICTURES.map((p) => p.id).sort());
  });

  // The ad hoc operations; Cascade and the Planning pictures are checked below, each against its own engine calls.
  const adHoc = PICTURES.filter((p) => !onVision(p) && p.action !== "cascade");
  it.each(adHoc.map((p) => [p.id, p] as const))("%s draws the grids the engine returns", (id, spec) => {
    // The engine, called here on its own: the starting sheet refreshed, the setup steps, then the operation.
    // A cube of its own (a Submit writes), as writePictures gives a picture that writes.
    const cube = createSampleBasicCube();
    const sheet = spec.sheet ?? (spec.preset ? PRESETS[spec.preset].sheet : []);
    let grid = spec.asTyped ? sheet : engine(cube, "refresh", sheet);
    for (const step of spec.setup ?? []) {
      grid = engine(cube, step.action, grid, {
        cells: step.cells,
        ...(step.zoomMode ? { zoomMode: step.zoomMode } : {}),
      });
    }
    if (spec.typed) {
      grid = grid.map((r) => [...r]);
      for (const t of spec.typed) (grid[t.row] as string[])[t.column] = t.text;
    }
    const after = engine(cube, spec.action, grid, {
      cells: spec.cells,
      ...(spec.settings ? { settings: spec.settings } : {}),
      ...(spec.zoomMode ? { zoomMode: spec.zoomMode } : {}),
    });
    expect(after).not.toEqual(grid);
    for (const locale of ["en", "fr"] as const) {
      const svg = readFileSync(join(dir, `${id}.${locale}.svg`), "utf8");
      expect(drawnCells(svg, "before"), `${id} ${locale} before`).toEqual(gridCells(grid));
      expect(drawnCells(svg, "after"), `${id} ${locale} after`).toEqual(gridCells(after));
      // Accessible: a title and a description in the page's language, the same as the figure's alt text.
      const entry = manifest[id]?.locales[locale];
      expect(svg).toMatch(new RegExp(`^<svg [^>]*role="img"[^>]*lang="${locale}"`));
      expect(svg).toContain(`<desc id="desc">`);
      for (const member of Object.values(gridCells(after))) expect(entry?.alt).toContain(member.trim());
      // French spacing (no-break spaces before : and ;), as the typography plugin gives the pages' prose.
      if (locale === "fr") {
        expect(entry?.caption).not.toMatch(/ [:;?!]/);
        expect(entry?.alt).not.toMatch(/ [:;?!]/);
      }
      // The numbers are the engine's: a caption states none the picture does not show (cell names such as B3
      // and members such as Qtr1 aside).
      const shown = new Set(
        [...Object.values(gridCells(grid)), ...Object.values(gridCells(after))].map((t) => t.trim()),
      );
      for (const n of entry?.caption.match(/(?<![A-Za-z\d-])\d[\d-]*/g) ?? [])
        expect(shown, `${id} ${locale} caption: ${n}`).toContain(n);
    }
  });

  const picture = (id: string): PictureSpec => {
    const spec = PICTURES.find((p) => p.id === id);
    if (!spec) throw new Error(`no ${id} picture`);
    return spec;
  };

  it("show the figures the Refresh page quotes (East overtyped with Massachusetts: 24, 9, 14)", () => {
    const { before, after } = computePicture(picture("refresh"));
    expect(before.grid[2]?.[0]).toBe("Massachusetts");
    expect(after.grid[2]).toEqual(["Massachusetts", "24", "9", "14"]);
  });

  it("mark, before Missing suppression, the rows it removes: the five the page names, all #Missing", () => {
    const spec = picture("missing-suppression");
    const { before, after } = computePicture(spec);
    const rows = [...new Set((spec.beforeMarks ?? []).map((c) => c.row))];
    expect(rows.map((r) => before.grid[r]?.[0]?.trim())).toEqual([
      "100-30",
      "400-10",
      "400-20",
      "400-30",
      "400",
    ]);
    for (const r of rows) expect(before.grid[r]?.[1]).toBe("#Missing");
    expect(after.grid.flat().map((t) => t.trim())).not.toContain("#Missing");
    expect(after.grid.length).toBe(before.grid.length - rows.length);
  });

  it("show the Submit page's figures, on a cube of their own (East 340, 332, 377 becomes 316, 308, 340)", () => {
    const spec = picture("submit");
    expect(writesData(spec)).toBe(true);
    expect(PICTURES.filter((p) => p.id !== "submit").some(writesData)).toBe(false);
    const cube = createSampleBasicCube();
    const { before, after } = computePicture(spec, cube);
    expect(before.grid[2]?.slice(1)).toEqual(["40", "35", "42"]);
    expect(before.grid[3]).toEqual(["East", "340", "332", "377"]);
    expect(after.grid[2]?.slice(1)).toEqual(["40", "35", "42"]);
    expect(after.grid[3]).toEqual(["East", "316", "308", "340"]);
    // The submit wrote to that cube only: a fresh one (the data served starts from the same demo data) still has
    // New York's Budget as the page quotes it before the submit.
    const fresh = refreshed(createSampleBasicCube(), spec);
    expect(fresh[2]?.slice(1)).toEqual(["64", "59", "79"]);
  });

  it("never paint what an operation changed in Color coding's yellow (a modified cell): Submit's typed cells are yellow before, the saved and refreshed cells are not after", () => {
    const YELLOW = "#ffe8a3";
    for (const locale of ["en", "fr"] as const) {
      for (const spec of PICTURES) {
        const svg = svgOf(spec.id, locale);
        for (const group of [...sheetGroups(svg, "after"), ...sheetGroups(svg, "copy")]) {
          expect(group, `${spec.id} ${locale}`).not.toContain(YELLOW);
        }
      }
      const submit = svgOf("submit", locale);
      const before = drawnFills(sheetGroups(submit, "before")[0] ?? "", 4);
      expect(before[2]?.slice(1), locale).toEqual([YELLOW, YELLOW, YELLOW]);
      // East, whose totals the submit changed, is marked in the "after" grid, in another color.
      const after = drawnFills(sheetGroups(submit, "after")[0] ?? "", 4);
      expect(
        after[3]?.slice(1).every((f) => f !== "#ffffff" && f !== YELLOW),
        locale,
      ).toBe(true);
      expect(after[2]?.slice(1), locale).toEqual(["#ffffff", "#ffffff", "#ffffff"]);
    }
  });

  it("paint no member cell in Color coding's yellow: a selected or typed-over member cell (Refresh's A3, Zoom's B2) is outlined only, yellow is for typed data cells", () => {
    const YELLOW = "#ffe8a3";
    for (const spec of PICTURES.filter((p) => !onVision(p))) {
      const { before } = computePicture(spec, createSampleBasicCube());
      const columns = before.grid.reduce((n, r) => Math.max(n, r.length), 0);
      const typed = new Set((spec.typed ?? []).map((t) => `${t.row}:${t.column}`));
      for (const locale of ["en", "fr"] as const) {
        const fills = drawnFills(sheetGroups(svgOf(spec.id, locale), "before")[0] ?? "", columns);
        for (const [r, row] of before.kinds.entries()) {
          for (const [c, kind] of row.entries()) {
            const where = `${spec.id} ${locale} ${cellName({ row: r, column: c })} (${kind})`;
            const data = kind === "data" || kind === "missing";
            if (fills[r]?.[c] === YELLOW) expect(data && typed.has(`${r}:${c}`), where).toBe(true);
            // Color coding's "light gray header fill" for the member cells.
            if (kind === "row-header" || kind === "column-header") {
              const [red, green, blue] = [1, 3, 5].map((i) =>
                Number.parseInt(fills[r]?.[c]?.slice(i, i + 2) ?? "", 16),
              );
              expect(
                Math.max(red ?? 0, green ?? 0, blue ?? 0) - Math.min(red ?? 0, green ?? 0, blue ?? 0),
                where,
              ).toBeLessThanOrEqual(8);
            }
          }
        }
      }
    }
    // The selected member cells the pages show are outlined, not filled.
    for (const id of ["refresh", "zoom-in", "keep-only", "remove-only", "pivot"]) {
      const spec = picture(id);
      const svg = svgOf(id, "en");
      const columns = computePicture(spec).before.grid[0]?.length ?? 0;
      const cell = spec.cells[0];
      const fill = drawnFills(sheetGroups(svg, "before")[0] ?? "", columns)[cell?.row ?? 0]?.[
        cell?.column ?? 0
      ];
      expect(fill, id).not.toBe(YELLOW);
      expect(sheetGroups(svg, "before")[0], id).toContain('class="c m"');
    }
  });

  it("key their colors in the caption when they mark cells, in both languages", () => {
    expect(manifest.refresh?.locales.en.caption).toContain("Outlined: the cell selected.");
    expect(manifest.refresh?.locales.en.caption).toContain("Green: the cells the operation changed");
    expect(manifest.refresh?.locales.en.caption).not.toContain("Yellow");
    expect(manifest.submit?.locales.en.caption).toContain("Yellow: cells typed, not yet submitted.");
    expect(manifest.refresh?.locales.fr.caption).toMatch(/Encadrée\s: la cellule sélectionnée\./);
    expect(manifest.submit?.locales.fr.caption).toMatch(/En jaune\s: les cellules saisies/);
    expect(manifest["open-form"]?.locales.en.caption).not.toMatch(/Outlined|Green|Yellow/);
  });

  /** An ad hoc picture's two grids as the API returns them to the add-in (its `cellKinds`): the engine called here
   *  on its own, as in "draws the grids the engine returns", each answer put in the API's terms. */
  function apiGrids(
    spec: PictureSpec,
  ): Record<"before" | "after", { grid: string[][]; kinds: ContractCellKind[][] }> {
    const cube = createSampleBasicCube();
    const call = (
      action: string,
      grid: string[][],
      more: Omit<GridRequest, "action" | "grid" | "settings"> = {},
    ) => {
      const r = runGridOperation(cube, {
        action,
        grid,
        ...more,
        settings: { ...SETTINGS, ...spec.settings },
      });
      return { grid: r.grid, kinds: gridAnswer(r).cellKinds };
    };
    const sheet = spec.sheet ?? (spec.preset ? PRESETS[spec.preset].sheet : []);
    let before = spec.asTyped
      ? { grid: sheet, kinds: sheet.map((r) => r.map((): ContractCellKind => "blank")) }
      : call("refresh", sheet);
    for (const step of spec.setup ?? []) {
      before = call(step.action, before.grid, {
        cells: step.cells,
        ...(step.zoomMode ? { zoomMode: step.zoomMode } : {}),
      });
    }
    if (spec.typed) {
      const grid = before.grid.map((r) => [...r]);
      for (const t of spec.typed) (grid[t.row] as string[])[t.column] = t.text;
      before = { ...before, grid };
    }
    const after = call(spec.action, before.grid, {
      cells: spec.cells,
      ...(spec.zoomMode ? { zoomMode: spec.zoomMode } : {}),
    });
    return { before, after };
  }

  it("draw the data cells the add-in gets as read-only (Profit's 370 in Keep Only) in Color coding's gray-blue, never white, and key the gray-blue in the caption", () => {
    const READ_ONLY = "#d5dbe4";
    const GREEN = "#d7f0dc";
    for (const spec of PICTURES.filter((p) => !onVision(p) && p.action !== "cascade")) {
      const grids = apiGrids(spec);
      const readOnly = [...grids.before.kinds, ...grids.after.kinds].flat().filter((k) => k === "read-only");
      for (const locale of ["en", "fr"] as const) {
        const svg = svgOf(spec.id, locale);
        for (const which of ["before", "after"] as const) {
          const { grid, kinds } = grids[which];
          const fills = drawnFills(sheetGroups(svg, which)[0] ?? "", grid[0]?.length ?? 0);
          for (const [r, row] of kinds.entries()) {
            for (const [c, kind] of row.entries()) {
              const where = `${spec.id} ${locale} ${which} ${cellName({ row: r, column: c })} ${grid[r]?.[c]} (${kind})`;
              const fill = fills[r]?.[c];
              // A read-only cell the operation changed is the picture's green; else Color coding's gray-blue.
              if (kind === "read-only") expect([READ_ONLY, GREEN], where).toContain(fill);
              else expect(fill, where).not.toBe(READ_ONLY);
            }
          }
        }
        const caption = manifest[spec.id]?.locales[locale].caption ?? "";
        const key =
          locale === "en"
            ? /Gray-blue: (the cell|cells) you cannot change \([^)]+\)\./
            : /En gris-bleu\u00a0: (la cellule|les cellules) que vous ne pouvez pas modifier \([^)]+\)\./;
        if (readOnly.length > 0) expect(caption, `${spec.id} ${locale}`).toMatch(key);
        else expect(caption, `${spec.id} ${locale}`).not.toMatch(/Gray-blue|gris-bleu/);
      }
    }
    // The page's example: Sales 912 white, Profit 370 and 104 gray-blue, as Color coding shows them.
    const keepOnly = apiGrids(picture("keep-only")).before;
    expect(keepOnly.grid.slice(2, 6).map((r) => r.slice(1, 3).map((t) => t.trim()))).toEqual([
      ["Sales", "912"],
      ["Profit", "370"],
      ["Sales", "286"],
      ["Profit", "104"],
    ]);
    for (const locale of ["en", "fr"] as const) {
      const fills = drawnFills(sheetGroups(svgOf("keep-only", locale), "before")[0] ?? "", 4);
      expect(fills.slice(2, 6).map((r) => r[2])).toEqual(["#ffffff", READ_ONLY, "#ffffff", READ_ONLY]);
    }
    expect(manifest["keep-only"]?.locales.en.caption).toContain(
      "Gray-blue: cells you cannot change (Profit is calculated).",
    );
    expect(manifest["keep-only"]?.locales.fr.caption).toMatch(
      /En gris-bleu\s: les cellules que vous ne pouvez pas modifier \(Profit est calculé\)\./,
    );
  });

  it("show the default grid Open grid writes in an empty sheet", () => {
    const { before, after } = computePicture(picture("adhoc-open-grid"));
    expect(before.grid.flat().every((t) => t === "")).toBe(true);
    expect(after.grid[0]?.slice(1)).toEqual(["Product", "Market", "Scenario"]);
    expect(after.grid[1]?.[1]).toBe("Measures");
    expect(after.grid[2]?.[0]).toBe("Year");
  });

  it("show the figures the Zoom page quotes (Next level on Qtr1: Jan 109, Feb 85, Mar 112, Qtr1 306)", () => {
    const zoom = PICTURES.find((p) => p.id === "zoom-in");
    if (!zoom) throw new Error("no zoom-in picture");
    const { after } = computePicture(zoom);
    expect(after.grid[1]?.slice(1)).toEqual(["Jan", "Feb", "Mar", "Qtr1"]);
    expect(after.grid[2]?.slice(1)).toEqual(["109", "85", "112", "306"]);
    expect(manifest["zoom-in"]?.locales.fr.caption).toMatch(
      /^Zoom avant \(Niveau suivant\) sur la cellule B2 \(Qtr1\)/,
    );
  });

  /** What every picture's caption and alt text must hold, in both languages, given the sheets it draws. */
  function checkWords(id: string, sheets: string[][][], more: string[] = [], quoted: string[] = []): void {
    for (const locale of ["en", "fr"] as const) {
      const entry = manifest[id]?.locales[locale];
      const shownCells = sheets.flatMap((grid) => Object.values(gridCells(grid)).map((t) => t.trim()));
      for (const cell of shownCells) expect(entry?.alt, `${id} ${locale} alt: ${cell}`).toContain(cell);
      if (locale === "fr") {
        expect(entry?.caption).not.toMatch(/ [:;?!]/);
        // A message the product writes is quoted as it comes, its own spacing included.
        const alt = quoted.reduce((a, q) => a.replace(q, ""), entry?.alt ?? "");
        expect(alt).not.toMatch(/ [:;?!]/);
      }
      // The caption states no number the picture does not show (its cells, POV bar or notification).
      const shown = new Set([...shownCells, ...more.flatMap((t) => t.split(/[\s:,()%.]+/))]);
      for (const n of entry?.caption.match(/(?<![A-Za-z\d-])\d[\d-]*/g) ?? [])
        expect(shown, `${id} ${locale} caption: ${n}`).toContain(n);
    }
  }

  const svgOf = (id: string, locale: "en" | "fr"): string =>
    readFileSync(join(dir, `${id}.${locale}.svg`), "utf8");

  /** A settings picture draws the engine's two grids, in both languages, and its words hold what they show. */
  function expectPictured(id: string, before: string[][], after: string[][]): void {
    for (const locale of ["en", "fr"] as const) {
      const svg = svgOf(id, locale);
      expect(drawnCells(svg, "before"), locale).toEqual(gridCells(before));
      expect(drawnCells(svg, "after"), locale).toEqual(gridCells(after));
    }
    checkWords(id, [before, after]);
  }

  it("Cascade: one sheet per child of East, named after it, each refreshed with that state in the POV (the page's figures)", () => {
    const spec = picture("cascade");
    const cube = createSampleBasicCube();
    const source = refreshed(cube, spec);
    const east = cube.outline.member("East");
    if (!east) throw new Error("no East");
    const states = children(east).map((m) => m.name);
    expect(states).toEqual(["New York", "Massachusetts", "Florida", "Connecticut", "New Hampshire"]);
    const copies = states.map((state) => {
      const grid = source.map((r) => [...r]);
      (grid[0] as string[])[3] = state;
      return engine(cube, "refresh", grid);
    });
    for (const locale of ["en", "fr"] as const) {
      const svg = svgOf("cascade", locale);
      expect(drawnCells(svg, "before"), locale).toEqual(gridCells(source));
      const drawn = sheetGroups(svg, "copy");
      // Each titled with its tab's name (French quotes with their no-break spaces, read here as spaces).
      const titles = drawn.map((g) =>
        unxml(/class="t">([^<]*)</.exec(g)?.[1] ?? "").replace(/[\u00a0\u202f]/g, " "),
      );
      expect(titles, locale).toEqual(
        states.map((s) => (locale === "en" ? `Sheet "${s}"` : `Feuille « ${s} »`)),
      );
      expect(drawn.map(cellsOf), locale).toEqual(copies.map(gridCells));
    }
    // The figures the page's table quotes, and the source left as it was.
    expect(source[2]).toEqual(["Sales", "109", "85", "112"]);
    expect(copies.map((g) => g[2]?.slice(1))).toEqual([
      ["36", "32", "39"],
      ["24", "9", "14"],
      ["37", "29", "37"],
      ["0", "5", "11"],
      ["12", "10", "11"],
    ]);
    checkWords("cascade", [source, ...copies]);
  });

  /** A form as the engine opens it, for the picture's checks. */
  const FORM = { folder: "/Forms/Revenue", formName: "Revenue Plan" };
  const READ_ONLY = "#d5dbe4";

  function checkForm(
    svg: string,
    which: "before" | "after",
    form: ReturnType<ReturnType<typeof createVisionPlanning>["openForm"]>,
  ): void {
    const group = sheetGroups(svg, which)[0] ?? "";
    expect(cellsOf(group)).toEqual(gridCells(form.grid));
    expect(drawnPov(group)).toEqual(Object.values(form.pov));
    // Color coding: the cells that cannot be written gray-blue, the writable ones white.
    const columns = form.grid[0]?.length ?? 0;
    const fills = drawnFills(group, columns);
    for (const [r, row] of form.cellKinds.entries()) {
      for (const [c, kind] of row.entries()) {
        const where = `${which} ${cellName({ row: r, column: c })}`;
        if (kind === "read-only") expect(fills[r]?.[c], where).toBe(READ_ONLY);
        if (kind === "data" || kind === "missing") expect(fills[r]?.[c], where).toBe("#ffffff");
      }
    }
  }

  it("Open form: an empty sheet, then Revenue Plan as the engine opens it, its POV in the POV bar, computed cells gray-blue", () => {
    const form = createVisionPlanning().openForm(FORM);
    expect(form.cellKinds.flat()).toContain("read-only");
    for (const locale of ["en", "fr"] as const) {
      const svg = svgOf("open-form", locale);
      expect(drawnCells(svg, "before"), locale).toEqual({});
      checkForm(svg, "after", form);
    }
    checkWords("open-form", [form.grid], Object.values(form.pov));
  });

  it("Task lists: Open task on the Form task Enter the revenue plan opens the form its target names", () => {
    const app = createVisionPlanning();
    const task = app
      .listTaskLists()
      .taskLists.find((l) => l.name === "Budget Preparation")
      ?.tasks.find((t) => t.name === "Enter the revenue plan");
    expect(task?.type).toBe("form");
    expect(task?.target).toBe("/Forms/Revenue/Revenue Plan");
    const form = app.openForm(FORM);
    for (const locale of ["en", "fr"] as const) {
      const svg = svgOf("open-task", locale);
      expect(drawnCells(svg, "before"), locale).toEqual({});
      checkForm(svg, "after", form);
    }
    checkWords("open-task", [form.grid], Object.values(form.pov));
  });

  it("Run a business rule: Revenue Plan before and after GrowRevenue (410, 5%), the rule's message in each language", () => {
    const app = createVisionPlanning();
    const before = app.openForm(FORM);
    const prompts = [
      { name: "Entities", value: "410" },
      { name: "GrowthPct", value: "5" },
    ];
    const en = app.launchRule({ cube: "Plan1", ruleName: "GrowRevenue", prompts });
    const fr = createVisionPlanning().launchRule({
      cube: "Plan1",
      ruleName: "GrowRevenue",
      prompts,
      locale: "fr",
    });
    const after = app.openForm({ ...FORM, pov: before.pov });
    // The figures the page quotes: Hardware Sales Jan from 12,000 to 12,600, and the rule's message.
    expect(before.grid[1]?.slice(0, 2)).toEqual(["Hardware Sales", "12000"]);
    expect(after.grid[1]?.slice(0, 2)).toEqual(["Hardware Sales", "12600"]);
    expect(en.message).toBe("Grew the FY15 plan revenue of 410 by 5%: 1,536 cells, 0 comments.");
    for (const [locale, message] of [
      ["en", en.message],
      ["fr", fr.message],
    ] as const) {
      const svg = svgOf("run-rule", locale);
      checkForm(svg, "before", before);
      checkForm(svg, "after", after);
      const note = unxml(/<text [^>]*data-note=""[^>]*>([^<]*)<\/text>/.exec(svg)?.[1] ?? "");
      expect(note, locale).toBe(`Notification${locale === "fr" ? "\u00a0" : ""}: ${message}`);
      expect(manifest["run-rule"]?.locales[locale].alt).toContain(message ?? "-");
    }
    checkWords(
      "run-rule",
      [before.grid, after.grid],
      [...Object.values(before.pov), en.message ?? ""],
      [fr.message ?? ""],
    );
  });

  /** The row headers of a grid from row 3 on, as drawn (leading spaces kept). */
  const rowHeaders = (grid: string[][]): string[] => grid.slice(2).map((r) => r[0] ?? "");

  it("Missing label: the cell without a value, 400 in the South, reads - instead of #Missing, the others unchanged", () => {
    const spec = picture("missing-label");
    const cube = createSampleBasicCube();
    const before = refreshed(cube, spec);
    const after = engine(cube, "refresh", before, { settings: { missingLabel: "-" } });
    expect(before[3]).toEqual(["400", "6905", "#Missing", ""]);
    expect(after[3]).toEqual(["400", "6905", "-", ""]);
    // Only C4 changed; the picture draws these two grids.
    expect(after.flatMap((r, i) => r.filter((t, c) => t !== before[i]?.[c]))).toEqual(["-"]);
    expectPictured("missing-label", before, after);
  });

  it("Navigation without data: a zoom in on East shows the five states with empty data cells, East keeps 109, 85, 112", () => {
    const spec = picture("navigation-without-data");
    const cube = createSampleBasicCube();
    const before = refreshed(cube, spec);
    const zoom = (navigateWithoutData: boolean) =>
      engine(cube, "zoomin", before, {
        cells: [{ row: 2, column: 0 }],
        zoomMode: "NEXT_LEVEL",
        settings: { navigateWithoutData },
      });
    const after = zoom(true);
    expect(before[2]).toEqual(["East", "109", "85", "112"]);
    expect(after.slice(2).map((r) => r[0]?.trim())).toEqual([
      "New York",
      "Massachusetts",
      "Florida",
      "Connecticut",
      "New Hampshire",
      "East",
    ]);
    for (const row of after.slice(2, 7)) expect(row.slice(1)).toEqual(["", "", ""]);
    expect(after[7]).toEqual(["East", "109", "85", "112"]);
    // With the setting off, the same zoom reads the states' values (New York 36, 32, 39): the setting is what the
    // picture shows.
    expect(zoom(false)[2]?.slice(1)).toEqual(["36", "32", "39"]);
    expectPictured("navigation-without-data", before, after);
  });

  it("Without indentation: Profit's accounts, indented by five and ten spaces, all start at the left edge; the data unchanged", () => {
    const spec = picture("without-indentation");
    const cube = createSampleBasicCube();
    const typed = refreshed(cube, spec);
    const before = engine(cube, "zoomin", typed, { cells: [{ row: 2, column: 0 }], zoomMode: "ALL_LEVELS" });
    const after = engine(cube, "refresh", before, { settings: { withoutIndentation: true } });
    const five = " ".repeat(5);
    const ten = " ".repeat(10);
    expect(rowHeaders(before)).toEqual([
      `${ten}Sales`,
      `${ten}COGS`,
      `${five}Margin`,
      `${ten}Marketing`,
      `${ten}Payroll`,
      `${ten}Misc`,
      `${five}Total Expenses`,
      "Profit",
    ]);
    expect(rowHeaders(after)).toEqual(rowHeaders(before).map((t) => t.trim()));
    expect(after.map((r) => r.slice(1))).toEqual(before.map((r) => r.slice(1)));
    for (const locale of ["en", "fr"] as const) {
      const svg = svgOf("without-indentation", locale);
      // Drawn with their spaces, as the cells hold them.
      expect(drawnCells(svg, "before"), locale).toEqual(gridCells(before));
      expect(drawnCells(svg, "after"), locale).toEqual(gridCells(after));
      // The seven members that lost their spaces are marked in the "after" grid.
      expect(sheetGroups(svg, "after")[0]?.match(/class="c m"/g)?.length, locale).toBe(7);
    }
    checkWords("without-indentation", [before, after]);
  });

  it("Display code and alias: the Colas read name: alias with Both and the Default table, the data unchanged", () => {
    const spec = picture("display-code-and-alias");
    const cube = createSampleBasicCube();
    const typed = refreshed(cube, spec);
    const before = engine(cube, "zoomin", typed, { cells: [{ row: 2, column: 0 }], zoomMode: "NEXT_LEVEL" });
    // Both, as the add-in asks for it: the sheet's alias table and codeAliasParam.
    const after = engine(cube, "refresh", before, {
      settings: { aliasTable: "Default", codeAliasParam: { displayCodeAndAlias: true } },
    });
    expect(rowHeaders(before).map((t) => t.trim())).toEqual(["100-10", "100-20", "100-30", "100"]);
    // The page's table, column Both.
    expect(rowHeaders(after).map((t) => t.trim())).toEqual([
      "100-10: Cola",
      "100-20: Diet Cola",
      "100-30: Caffeine Free Cola",
      "100: Colas",
    ]);
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(after.map((r) => r.slice(1))).toEqual(before.map((r) => r.slice(1)));
    expect(after[2]?.[1]).toBe("109");
    expectPictured("display-code-and-alias", before, after);
  });

  it("are shown on their feature page in both languages", () => {
    const pages: Record<string, string> = {
      cascade: "QiBates/features/actions/Cascade.md",
      openForm: "QiBates/features/actions/OpenForm.md",
      runRule: "QiBates/features/actions/RunRule.md",
      taskLists: "QiBates/features/actions/TaskLists.md",
      zoom: "QiBates/features/actions/Zoom.md",
      keepRemove: "QiBates/features/actions/KeepRemoveOnly.md",
      pivot: "QiBates/features/actions/Pivot.md",
      refresh: "QiBates/features/actions/Refresh.md",
      missingSuppression: "QiBates/features/settings/MissingSuppression.md",
      submit: "QiBates/features/actions/Submit.md",
      adhoc: "QiBates/features/actions/AdHoc.md",
      missingLabel: "QiBates/features/settings/MissingLabel.md",
      navigationWithoutData: "QiBates/features/settings/NavigationWithoutData.md",
      withoutIndentation: "QiBates/features/settings/WithoutIndentation.md",
      displayCodeAndAlias: "QiBates/features/settings/DisplayCodeAndAlias.md",
    };
    for (const [page, path] of Object.entries(pages)) {
      for (const root of [join(SITE, "docs"), join(FR_DOCS, "current")]) {
        const text = readFileSync(join(root, path), "utf8");
        expect(text, `${root} ${path}`).toContain(`<GridPictures page="${page}" />`);
        // Right under the opening sentences, before the "Works on" line (the page template); or, where the opening
        // already shows the page's screen, under the section whose steps produce the grid: one picture at the top.
        const grid = text.indexOf(`<GridPictures page="${page}" />`);
        const worksOn = text.indexOf("generated:real-servers");
        if (grid > worksOn) {
          expect(text.slice(0, worksOn), `${root} ${path}`).toContain("<ScreenPicture ");
          expect(text.slice(worksOn, grid), `${root} ${path}`).toMatch(/^## /m);
        } else {
          expect(grid, `${root} ${path}`).toBeGreaterThan(0);
        }
      }
    }
  });
});

describe("the architecture diagram", () => {
  // What a user types (the address ending the login checks) and what the connector then reaches, from the code.
  const reached: Record<Connector, string[]> = {
    essbase: [smartViewUrlFor(`https://host${PROVIDER_SUFFIX.essbase}`).pathname],
    "essbase-stndln": [new URL(restBase(`https://host${PROVIDER_SUFFIX["essbase-stndln"]}`)).pathname],
    ssas: [xmlaUrlFor(`https://host${PROVIDER_SUFFIX.ssas}`).pathname],
    planning: [
      `${new URL(planningRestRoot(`https://host${PROVIDER_SUFFIX.planning}`)).pathname}/${PLANNING_REST_VERSION}`,
      PROVIDER_SUFFIX.planning,
      workspaceUrlFor(`https://host${PROVIDER_SUFFIX.planning}`).pathname,
    ],
    pbcs: [
      `${new URL(planningRestRoot(`https://host${PROVIDER_SUFFIX.pbcs}`)).pathname}/${PLANNING_REST_VERSION}`,
    ],
  };
  const texts = (svg: string, attribute: string, connector: string): string[] =>
    [...svg.matchAll(new RegExp(`<text [^>]*${attribute}="${connector}"[^>]*>([^<]*)</text>`, "g"))].map(
      (m) => m[1] ?? "",
    );

  it.each([
    ["en", join(SITE, "docs"), "host", ["In the add-in", "QiBates server"]],
    ["fr", join(FR_DOCS, "current"), "hôte", ["Dans le complément", "Serveur QiBates"]],
  ] as const)(
    "%s: shows the address each server type's user types and what QiBates then reaches",
    (locale, docs, host, labels) => {
      const svg = readFileSync(join(SITE, "static", "img", `architecture.${locale}.svg`), "utf8");
      expect(svg).toMatch(new RegExp(`^<svg [^>]*role="img"[^>]*lang="${locale}"`));
      expect(svg).toContain('<desc id="desc">');
      for (const label of labels) expect(svg, label).toContain(`>${label}`);
      for (const connector of CONNECTORS) {
        expect(texts(svg, "data-typed", connector), connector).toEqual([
          `https://${host}${PROVIDER_SUFFIX[connector]}`,
        ]);
        expect(svg, connector).toContain(`<tspan class="t">${SERVER_TYPE[connector]}</tspan>`);
        expect(texts(svg, "data-reached", connector), connector).toEqual(reached[connector]);
      }
      // The administrator's page carries it near its top; the user's introduction does not.
      const page = readFileSync(join(docs, "admin", "network-and-security.md"), "utf8");
      const figure = new RegExp(
        `^!\\[[^\\]]{40,}\\]\\(pathname:///img/architecture\\.${locale}\\.svg\\)$`,
        "m",
      );
      expect(page).toMatch(figure);
      expect(page.search(figure)).toBeLessThan(page.indexOf("\n## ", page.indexOf("\n## ") + 1));
      expect(readFileSync(join(docs, "intro.md"), "utf8")).not.toContain("architecture");
    },
  );

  it("is not on the home page", () => {
    expect(readFileSync(join(SITE, "src", "pages", "index.tsx"), "utf8")).not.toContain("architecture");
  });
});
