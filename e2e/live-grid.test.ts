import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { cell, liveGridOf, sheet, shown } from "./support/live-grid.ts";
import {
  asSavingData,
  FOR_AXE,
  hydrated,
  newContext,
  screenshot,
  sitePageForFile,
} from "./support/site-page.ts";

// The live Sample.Basic grid of the documentation (site/src/components/LiveGrid): the engine runs in the
// page, so every answer below is computed in the browser. Figures are Sample.Basic's published ones.
const baseUrl = inject("baseUrl");
/**
 * Each test loads its page in the file's one page, storage cleared (`sitePageForFile`); the tests load pages by
 * their address only (`asSavingData`).
 */
const site = sitePageForFile(baseUrl, asSavingData);

const ZOOM = "/docs/QiBates/features/actions/Zoom";
const PIVOT = "/docs/QiBates/features/actions/Pivot";

const LABELS = {
  en: {
    zoomIn: "Zoom in",
    zoomOut: "Zoom out",
    pivot: "Pivot",
    pivotToPov: "Pivot to POV",
    level: "Zoom in level",
    lastOnAxis: "The dimension Market is the last one on its axis and cannot move.",
  },
  fr: {
    zoomIn: "Zoom avant",
    zoomOut: "Zoom arrière",
    pivot: "Pivoter",
    pivotToPov: "Pivoter vers le PDV",
    level: "Niveau de zoom avant",
    lastOnAxis: "La dimension Market est la dernière de son axe et ne peut pas être déplacée.",
  },
} as const;

/** Loads a page in the file's page, waits for the live grid to load, and returns the page and the grid's section. */
const openLiveGrid = async (path: string, options: { bypassCSP?: boolean } = {}) =>
  liveGridOf(await site.visit(path, options));

for (const lang of ["en", "fr"] as const) {
  const prefix = lang === "fr" ? "/fr" : "";
  const t = LABELS[lang];

  describe(`live grid (${lang})`, () => {
    it("zooms in on Qtr1 to the months with their values, then zooms back out", async () => {
      const { page, grid, errors } = await openLiveGrid(prefix + ZOOM);
      expect(shown(await sheet(grid))).toEqual([
        ["", "100-10", "Sales", "Actual"],
        ["", "Qtr1"],
        ["East", "306"],
      ]);
      await cell(grid, "B2").click();
      await grid.getByLabel(t.level).selectOption("NEXT_LEVEL");
      await grid.getByRole("button", { name: t.zoomIn, exact: true }).click();
      expect(shown(await sheet(grid))).toEqual([
        ["", "100-10", "Sales", "Actual"],
        ["", "Jan", "Feb", "Mar", "Qtr1"],
        ["East", "109", "85", "112", "306"],
      ]);
      await expect.poll(() => grid.locator("[data-status]").textContent()).toContain("5");
      await screenshot(page, `live-grid-zoom-${lang}`, true);
      await cell(grid, "C2").click();
      await grid.getByRole("button", { name: t.zoomOut, exact: true }).click();
      expect(shown(await sheet(grid))).toEqual([
        ["", "100-10", "Sales", "Actual"],
        ["", "Qtr1"],
        ["East", "306"],
      ]);
      expect(errors).toEqual([]);
    });

    it("zooms in on East to the bottom level without the selection", async () => {
      const { grid } = await openLiveGrid(prefix + ZOOM);
      await cell(grid, "A3").click();
      await grid.getByLabel(t.level).selectOption("BOTTOM_LEVEL");
      await grid.locator("input[type=checkbox]").uncheck();
      await grid.getByRole("button", { name: t.zoomIn, exact: true }).click();
      expect(shown(await sheet(grid)).slice(2)).toEqual([
        ["New York", "107"],
        ["Massachusetts", "47"],
        ["Florida", "103"],
        ["Connecticut", "16"],
        ["New Hampshire", "33"],
      ]);
    });

    it("pivots Measures to the columns, then Jul to the POV", async () => {
      const { page, grid, errors } = await openLiveGrid(prefix + PIVOT);
      expect(shown(await sheet(grid))).toEqual([
        ["", "", "100-10", "Actual"],
        ["", "", "Jul"],
        ["New York", "Sales", "912"],
        ["New York", "Profit", "370"],
        ["Florida", "Sales", "286"],
        ["Florida", "Profit", "104"],
      ]);
      await cell(grid, "B3").click();
      await grid.getByRole("button", { name: t.pivot, exact: true }).click();
      expect(shown(await sheet(grid))).toEqual([
        ["", "100-10", "Actual"],
        ["", "Sales", "Profit"],
        ["", "Jul", "Jul"],
        ["New York", "912", "370"],
        ["Florida", "286", "104"],
      ]);
      await cell(grid, "B3").click();
      await grid.getByRole("button", { name: t.pivotToPov, exact: true }).click();
      expect(shown(await sheet(grid))).toEqual([
        ["", "100-10", "Actual", "Jul"],
        ["", "Sales", "Profit"],
        ["New York", "912", "370"],
        ["Florida", "286", "104"],
      ]);
      await screenshot(page, `live-grid-pivot-${lang}`, true);
      expect(errors).toEqual([]);
    });

    it("announces the API's message, in the page's language, when the last row dimension is pivoted away", async () => {
      const { grid } = await openLiveGrid(prefix + PIVOT);
      await cell(grid, "B3").click();
      await grid.getByRole("button", { name: t.pivot, exact: true }).click();
      await cell(grid, "A4").click();
      await grid.getByRole("button", { name: t.pivot, exact: true }).click();
      await expect.poll(() => grid.getByRole("status").textContent()).toContain(t.lastOnAxis);
    });
  });
}

/** Presses Tab (or Shift+Tab) until the focused element matches `done`; fails after 12 presses. */
async function tabTo(page: Page, done: (el: { cell?: string; text: string }) => boolean, back = false) {
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return { cell: a?.dataset.cell, text: (a?.textContent ?? "").trim() };
    });
    if (done(el)) return;
  }
  throw new Error("the focus never reached the element");
}

const focusedCell = (page: Page): Promise<string | undefined> =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.cell);

describe("live grid with the keyboard only", () => {
  it("moves with the arrow keys, selects with Space and Ctrl+Space, runs operations with Enter", async () => {
    const { page, grid } = await openLiveGrid(ZOOM);
    // Start on the zoom-in level picker; from there on, only keys.
    await grid.getByLabel("Zoom in level").focus();
    await tabTo(page, (el) => el.cell !== undefined);
    expect(await focusedCell(page)).toBe("B2");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowLeft");
    expect(await focusedCell(page)).toBe("A3");
    expect(await cell(grid, "A3").getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Space");
    expect(await cell(grid, "B2").getAttribute("aria-selected")).toBe("true");
    expect(await cell(grid, "A3").getAttribute("aria-selected")).toBe("false");
    await tabTo(page, (el) => el.text === "Zoom in", true);
    await page.keyboard.press("Enter");
    expect(shown(await sheet(grid))).toEqual([
      ["", "100-10", "Sales", "Actual"],
      ["", "Jan", "Feb", "Mar", "Qtr1"],
      ["East", "109", "85", "112", "306"],
    ]);
    // Back into the grid on Jan; Ctrl+arrows move without selecting, Ctrl+Space adds Mar.
    await tabTo(page, (el) => el.cell !== undefined);
    expect(await focusedCell(page)).toBe("B2");
    await page.keyboard.press("Control+ArrowRight");
    await page.keyboard.press("Control+ArrowRight");
    await page.keyboard.press("Control+Space");
    expect(await cell(grid, "B2").getAttribute("aria-selected")).toBe("true");
    expect(await cell(grid, "C2").getAttribute("aria-selected")).toBe("false");
    expect(await cell(grid, "D2").getAttribute("aria-selected")).toBe("true");
    await tabTo(page, (el) => el.text === "Zoom out", true);
    await page.keyboard.press("Enter");
    expect(shown(await sheet(grid))).toEqual([
      ["", "100-10", "Sales", "Actual"],
      ["", "Qtr1"],
      ["East", "306"],
    ]);
    await expect.poll(() => grid.getByRole("status").textContent()).toContain("Zoom out");
  });
});

/** The JavaScript a page loads (URL and body), once its live example (if any) is on screen. */
async function scriptsOf(path: string, scrollToExample: boolean): Promise<{ url: string; body: string }[]> {
  const context = await newContext(site.browser());
  const page = await context.newPage();
  const scripts: Promise<{ url: string; body: string }>[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "script")
      scripts.push(res.text().then((body) => ({ url: res.url(), body })));
  });
  try {
    await page.goto(baseUrl + path, { waitUntil: "load" });
    await hydrated(page);
    if (scrollToExample) {
      await page.locator("[data-live-grid-placeholder]").scrollIntoViewIfNeeded();
      await page.locator("[data-live-grid] table[role=grid]").waitFor({ timeout: 20_000 });
    }
    await page.waitForLoadState("networkidle");
    return await Promise.all(scripts);
  } finally {
    await context.close();
  }
}

// Strings of the engine's code (grid layer, planning layer) that no documentation page quotes.
const ENGINE_MARKS = ["GRID_PIVOT_NO_START", "PLANNING_FORM_TYPE_MISMATCH"];
const hasEngine = (body: string): boolean => ENGINE_MARKS.some((m) => body.includes(m));

describe("lazy loading", () => {
  it("a documentation page without a live example loads none of the engine's code", async () => {
    for (const path of ["/docs/QiBates/features/actions/Cascade", "/fr/docs/intro"]) {
      const scripts = await scriptsOf(path, false);
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((s) => hasEngine(s.body)).map((s) => s.url)).toEqual([]);
    }
  });

  it("a page with a live example loads the engine only when the example comes on screen", async () => {
    const before = await scriptsOf(ZOOM, false);
    expect(before.filter((s) => hasEngine(s.body))).toEqual([]);
    const after = await scriptsOf(ZOOM, true);
    expect(after.filter((s) => hasEngine(s.body))).toHaveLength(1);
  });
});

describe("a live example whose code does not load", () => {
  const CHUNKS = /\/assets\/js\/.*\.js$/;
  it.each([
    ["en", ZOOM, "Zoom in and zoom out", "The live example could not be loaded:", "Retry"],
    [
      "fr",
      `/fr${ZOOM}`,
      "Zoom avant et zoom arrière",
      "L'exemple interactif n'a pas pu être chargé\u00a0:",
      "Réessayer",
    ],
  ])(
    "(%s) shows an error box with Retry in its place, keeps the page, and Retry loads it",
    async (_lang, path, h1, failed, retry) => {
      // A page already open with the site: Playwright routes its requests past the HTTP cache.
      const { page } = await site.visit(path);
      await hydrated(page);
      // The network drops (or a newer version of the site replaced the chunk) before the example loads.
      await page.route(CHUNKS, (route) => route.abort());
      await page.locator("[data-live-grid-placeholder]").scrollIntoViewIfNeeded();
      const box = page.getByRole("alert").filter({ hasText: failed });
      await box.waitFor({ timeout: 20_000 });
      expect(await page.locator("h1").first().textContent()).toBe(h1);
      expect(await page.locator("article").textContent()).toContain(h1);
      await page.unroute(CHUNKS);
      await box.getByRole("button", { name: retry }).click();
      await page.locator("[data-live-grid] table[role=grid]").waitFor({ timeout: 20_000 });
      expect(await box.count()).toBe(0);
    },
  );
});

describe("live grid accessibility", () => {
  it.each([
    ["/docs/QiBates/features/actions/Submit", "B3"],
    ["/fr/docs/QiBates/features/actions/Zoom", "B2"],
  ])("axe-core finds no serious or critical violation in the live grid of %s", async (path, edit) => {
    const { page, grid } = await openLiveGrid(path, FOR_AXE);
    // A selected cell, and on Submit a modified (yellow) cell, so that every colour is checked.
    await cell(grid, edit).click();
    if (path.endsWith("Submit")) {
      await page.keyboard.type("50");
      await page.keyboard.press("Enter");
      expect(await cell(grid, edit).textContent()).toBe("50");
      await cell(grid, "C4").click({ modifiers: ["Control"] });
    }
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve("axe-core/axe.min.js") });
    const violations = await page.evaluate(async () => {
      type Result = { violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] };
      const axe = (window as unknown as { axe: { run: (c: unknown) => Promise<Result> } }).axe;
      return (await axe.run(document.querySelector("[data-live-grid]"))).violations;
    });
    const blocking = violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id} (${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")})`);
    expect(blocking).toEqual([]);
  });
});

describe("live grid on the other pages", () => {
  it("submits a typed value: the cell is written and Qtr1 and Margin are recalculated", async () => {
    const { page, grid } = await openLiveGrid("/docs/QiBates/features/actions/Submit");
    expect(shown(await sheet(grid)).slice(2)).toEqual([
      ["Sales", "36", "32", "39", "107"],
      ["COGS", "33", "30", "38", "101"],
      ["Margin", "3", "2", "1", "6"],
    ]);
    await cell(grid, "B3").click();
    await page.keyboard.type("50");
    await page.keyboard.press("Enter");
    expect(await cell(grid, "B3").getAttribute("class")).toMatch(/dirty/);
    await grid.getByRole("button", { name: "Submit", exact: true }).click();
    expect(shown(await sheet(grid)).slice(2)).toEqual([
      ["Sales", "50", "32", "39", "121"],
      ["COGS", "33", "30", "38", "101"],
      ["Margin", "17", "2", "1", "20"],
    ]);
    expect(await cell(grid, "B3").getAttribute("class")).not.toMatch(/dirty/);
    await expect.poll(() => grid.getByRole("status").textContent()).toContain("cells written 1, refused 0");
  });

  it("reports a refused cell in French, with the text typed and no English (fr)", async () => {
    const { page, grid } = await openLiveGrid("/fr/docs/QiBates/features/actions/Submit");
    await cell(grid, "B3").click();
    await page.keyboard.type("abc");
    await page.keyboard.press("Enter");
    await grid.getByRole("button", { name: "Soumettre", exact: true }).click();
    await expect
      .poll(() => grid.getByRole("status").textContent())
      .toContain("cellules écrites 0, refusées 1");
    const report = grid.getByRole("table", { name: "Cellules soumises" });
    expect(await report.locator("tbody tr").first().locator("td").allTextContents()).toEqual([
      "B3",
      "abc",
      "Pas un nombre",
    ]);
    expect(await report.textContent()).not.toMatch(/is not a number/);
  });

  it("takes and shows a decimal number as French writes it (fr): 36,5 typed is written, Qtr1 reads 107,5", async () => {
    const { page, grid } = await openLiveGrid("/fr/docs/QiBates/features/actions/Submit");
    await cell(grid, "B3").click();
    await page.keyboard.type("36,5");
    await page.keyboard.press("Enter");
    await grid.getByRole("button", { name: "Soumettre", exact: true }).click();
    await expect
      .poll(() => grid.getByRole("status").textContent())
      .toContain("cellules écrites 1, refusées 0");
    expect(shown(await sheet(grid)).slice(2)).toEqual([
      ["Sales", "36,5", "32", "39", "107,5"],
      ["COGS", "33", "30", "38", "101"],
      ["Margin", "3,5", "2", "1", "6,5"],
    ]);
    const report = grid.getByRole("table", { name: "Cellules soumises" });
    expect(await report.locator("tbody tr").first().locator("td").allTextContents()).toEqual([
      "B3",
      "36,5",
      "Écrite",
    ]);
    const totals = grid.getByRole("table", { name: "Totaux recalculés après l'actualisation" });
    expect(await totals.locator("tbody tr").first().locator("td").allTextContents()).toEqual([
      "E3",
      "107",
      "107,5",
    ]);
    // Editing the cell again starts from what it shows.
    await cell(grid, "B3").click();
    await page.keyboard.press("F2");
    expect(await grid.locator("[data-cell=B3] input").inputValue()).toBe("36,5");
  });

  it("refreshes with the missing label, then with missing rows suppressed", async () => {
    const { grid } = await openLiveGrid("/docs/QiBates/features/actions/Refresh");
    expect(shown(await sheet(grid)).slice(2, 5)).toEqual([
      ["East", "105", "104", "115"],
      ["Connecticut", "25", "21", "21"],
      ["Texas", "#Missing", "#Missing", "#Missing"],
    ]);
    await grid.getByLabel("Missing label").fill("-");
    await grid.getByRole("button", { name: "Refresh", exact: true }).click();
    expect(shown(await sheet(grid))[4]).toEqual(["Texas", "-", "-", "-"]);
    await grid.getByLabel("Missing suppression").check();
    await grid.getByRole("button", { name: "Refresh", exact: true }).click();
    expect(
      shown(await sheet(grid))
        .slice(2)
        .filter((r) => r.length > 0),
    ).toEqual([
      ["East", "105", "104", "115"],
      ["Connecticut", "25", "21", "21"],
    ]);
  });

  it("refreshes a member typed in the French ad hoc example, and names an unknown one", async () => {
    const { page, grid } = await openLiveGrid("/fr/docs/QiBates/features/actions/AdHoc");
    await cell(grid, "A4").click();
    await page.keyboard.type("Florida");
    await page.keyboard.press("Enter");
    await cell(grid, "A5").click();
    await page.keyboard.type("Floridda");
    await page.keyboard.press("Enter");
    await grid.getByRole("button", { name: "Actualiser", exact: true }).click();
    await expect.poll(() => grid.getByRole("status").textContent()).toContain("A5 (Floridda)");
    await cell(grid, "A5").click();
    await page.keyboard.press("Delete");
    await page.keyboard.press("Enter");
    await grid.getByRole("button", { name: "Actualiser", exact: true }).click();
    expect(shown(await sheet(grid)).slice(2, 4)).toEqual([
      ["New York", "36", "32", "39"],
      ["Florida", "37", "29", "37"],
    ]);
  });
});

describe("live ad hoc grid: substitution variables and Dynamic Time Series", () => {
  it("refreshes &CurrMonth as Jul and Q-T-D(Mar) as the quarter-to-date value, computed in the browser", async () => {
    const { page, grid } = await openLiveGrid("/docs/QiBates/features/actions/AdHoc");
    await cell(grid, "B2").click();
    await page.keyboard.type("&CurrMonth");
    await page.keyboard.press("Enter");
    await cell(grid, "D2").click();
    await page.keyboard.type("Q-T-D(Mar)");
    await page.keyboard.press("Enter");
    await grid.getByRole("button", { name: "Refresh", exact: true }).click();
    // Sample.Basic: CurrMonth = Jul; New York, Cola, Sales, Actual: Jul 912, Jan 36 + Feb 32 + Mar 39 = 107.
    await expect
      .poll(async () => shown(await sheet(grid)).slice(1, 3))
      .toEqual([
        ["", "Jul", "Feb", "Q-T-D(Mar)"],
        ["New York", "912", "32", "107"],
      ]);
  });
});

describe("live Vision form", () => {
  it("submits Revenue Plan: the typed cell is written, the rule runs, Q1 and Total Revenue follow", async () => {
    const { page, grid } = await openLiveGrid("/fr/docs/QiBates/features/actions/OpenForm");
    expect(shown(await sheet(grid))).toEqual([
      ["", "BaseData", "FY15", "Plan", "Working", "410", "P_160", "USD"],
      ["", "Jan", "Feb", "Mar", "Q1"],
      ["Hardware Sales", "12000", "12500", "13000", "37500"],
      ["Software Sales", "8000", "8200", "8400", "24600"],
      ["Total Revenue", "20000", "20700", "21400", "62100"],
    ]);
    await cell(grid, "B3").click();
    await page.keyboard.type("12100");
    await page.keyboard.press("Enter");
    await grid.getByRole("button", { name: "Soumettre", exact: true }).click();
    expect(shown(await sheet(grid)).slice(2)).toEqual([
      ["Hardware Sales", "12100", "12500", "13000", "37600"],
      ["Software Sales", "8000", "8200", "8400", "24600"],
      ["Total Revenue", "20100", "20700", "21400", "62200"],
    ]);
    await expect
      .poll(() => grid.getByRole("status").textContent())
      .toContain("cellules écrites 6, refusées 0");
    expect(await grid.textContent()).toContain("SeedForecast");
    // A reader of the screen hears which sheet it is: the Vision form, not Sample.Basic.
    expect(await grid.getByRole("grid").getAttribute("aria-label")).toBe("Formulaire Revenue Plan de Vision");
    await screenshot(page, "live-grid-form-fr", true);
  });
});
