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
  writePictures,
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
      ["keeponly", "pivot", "pivottopov", "removeonly", "zoomin", "zoomout"].sort(),
    );
    expect(Object.keys(manifest).sort()).toEqual(PICTURES.map((p) => p.id).sort());
  });

  it.each(PICTURES.map((p) => [p.id, p] as const))("%s draws the grids the engine returns", (id, spec) => {
    // The engine, called here on its own: the starting sheet refreshed, the setup steps, then the operation.
    const cube = createSampleBasicCube();
    let grid = runGridOperation(cube, {
      action: "refresh",
      grid: PRESETS[spec.preset].sheet,
      settings: SETTINGS,
    }).grid;
    for (const step of spec.setup ?? []) {
      grid = runGridOperation(cube, {
        action: step.action,
        grid,
        cells: step.cells,
        settings: SETTINGS,
        ...(step.zoomMode ? { zoomMode: step.zoomMode } : {}),
      }).grid;
    }
    const after = runGridOperation(cube, {
      action: spec.action,
      grid,
      cells: spec.cells,
      settings: SETTINGS,
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
    }
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
    };
    for (const [page, path] of Object.entries(pages)) {
      for (const root of [join(SITE, "docs"), join(FR_DOCS, "current")]) {
        expect(readFileSync(join(root, path), "utf8"), `${root} ${path}`).toContain(
          `<GridPictures page="${page}" />`,
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
