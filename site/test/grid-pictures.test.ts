import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { restBase } from "@qibates/connectors/essbase-rest";
import { smartViewUrlFor, workspaceUrlFor } from "@qibates/connectors/smartview";
import { xmlaUrlFor } from "@qibates/connectors/xmla";
import { createSampleBasicCube } from "@qibates/engine/demo/sample-basic";
import { runGridOperation } from "@qibates/engine/grid";
import { PLANNING_REST_VERSION, planningRestRoot } from "@qibates/protocols/planning-rest";
import { CONNECTORS, type Connector, PROVIDER_SUFFIX, SERVER_TYPE } from "@qibates/provider";
import { afterAll, describe, expect, it } from "vitest";
import {
  cellName,
  computePicture,
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

/** The cells a picture's SVG draws for one of its two grids: "B2" → text. */
function drawnCells(svg: string, which: "before" | "after"): Record<string, string> {
  const group = new RegExp(`<g data-sheet="${which}">([\\s\\S]*?)</g>`).exec(svg)?.[1] ?? "";
  const out: Record<string, string> = {};
  for (const m of group.matchAll(/<text [^>]*data-cell="([A-Z]+\d+)"[^>]*>([^<]*)<\/text>/g)) {
    out[m[1] ?? ""] = (m[2] ?? "").replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
  }
  return out;
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

describe("grid pictures", () => {
  it("picture every ad hoc operation the feature pages describe", () => {
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
        "submit",
      ].sort(),
    );
    expect(Object.keys(manifest).sort()).toEqual(PICTURES.map((p) => p.id).sort());
  });

  it.each(PICTURES.map((p) => [p.id, p] as const))("%s draws the grids the engine returns", (id, spec) => {
    // The engine, called here on its own: the starting sheet refreshed, the setup steps, then the operation.
    // A cube of its own (a Submit writes), as writePictures gives a picture that writes.
    const cube = createSampleBasicCube();
    const sheet = spec.sheet ?? (spec.preset ? PRESETS[spec.preset].sheet : []);
    let grid = spec.asTyped
      ? sheet
      : runGridOperation(cube, { action: "refresh", grid: sheet, settings: SETTINGS }).grid;
    for (const step of spec.setup ?? []) {
      grid = runGridOperation(cube, {
        action: step.action,
        grid,
        cells: step.cells,
        settings: SETTINGS,
        ...(step.zoomMode ? { zoomMode: step.zoomMode } : {}),
      }).grid;
    }
    if (spec.typed) {
      grid = grid.map((r) => [...r]);
      for (const t of spec.typed) (grid[t.row] as string[])[t.column] = t.text;
    }
    const after = runGridOperation(cube, {
      action: spec.action,
      grid,
      cells: spec.cells,
      settings: { ...SETTINGS, ...spec.settings },
      ...(spec.zoomMode ? { zoomMode: spec.zoomMode } : {}),
    }).grid;
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
    const fresh = runGridOperation(createSampleBasicCube(), {
      action: "refresh",
      grid: spec.sheet ?? [],
      settings: SETTINGS,
    }).grid;
    expect(fresh[2]?.slice(1)).toEqual(["64", "59", "79"]);
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

  it("are shown on their feature page in both languages", () => {
    const pages: Record<string, string> = {
      zoom: "QiBates/features/actions/Zoom.md",
      keepRemove: "QiBates/features/actions/KeepRemoveOnly.md",
      pivot: "QiBates/features/actions/Pivot.md",
      refresh: "QiBates/features/actions/Refresh.md",
      missingSuppression: "QiBates/features/settings/MissingSuppression.md",
      submit: "QiBates/features/actions/Submit.md",
      adhoc: "QiBates/features/actions/AdHoc.md",
    };
    for (const [page, path] of Object.entries(pages)) {
      for (const root of [join(SITE, "docs"), join(FR_DOCS, "current")]) {
        const text = readFileSync(join(root, path), "utf8");
        expect(text, `${root} ${path}`).toContain(`<GridPictures page="${page}" />`);
        // Right under the opening sentences, before the "Works on" line (the page template).
        expect(text.indexOf(`<GridPictures page="${page}" />`), `${root} ${path}`).toBeLessThan(
          text.indexOf("generated:real-servers"),
        );
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
