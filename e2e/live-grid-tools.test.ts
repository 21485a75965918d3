import { createRequire } from "node:module";
import { describe, expect, inject, it } from "vitest";
import { cell, liveGridOf, sheet, shown } from "./support/live-grid.ts";
import { asSavingData, FOR_AXE, screenshot, sitePageForFile } from "./support/site-page.ts";

// The Ad hoc page's live grid (site/src/components/LiveGrid/MemberTools.tsx): find a member as nav/search does
// and type a substitution variable from the list nav/variables gives, then Refresh — all in the browser, on
// Sample.Basic (CurrMonth = Jul; New York, Cola, Sales, Actual: Jan 36, Jul 912).
const baseUrl = inject("baseUrl");
const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
/**
 * Each test loads its page in the file's one page (one for each script policy), storage cleared
 * (`sitePageForFile`); the tests load pages by their address only (`asSavingData`).
 */
const site = sitePageForFile(baseUrl, asSavingData);

const PAGES = {
  en: {
    path: "/docs/QiBates/features/actions/AdHoc",
    find: "Find",
    refresh: "Refresh",
    field: /Find a member/,
    none: "No member matches “zzzz”.",
    one: "1 member matches “mass*”.",
  },
  fr: {
    path: "/fr/docs/QiBates/features/actions/AdHoc",
    find: "Rechercher",
    refresh: "Actualiser",
    field: /Rechercher un membre/,
    // Not « 0 membres correspondent », « 1 membres correspondent ».
    none: "Aucun membre ne correspond à «\u00a0zzzz\u00a0».",
    one: "1\u00a0membre correspond à «\u00a0mass*\u00a0».",
  },
} as const;

for (const lang of ["en", "fr"] as const) {
  const t = PAGES[lang];

  describe(`live ad hoc grid tools (${lang})`, () => {
    it("finds members by part of an alias, and types the one clicked into the active cell", async () => {
      // This test also runs axe-core on the tools (injected inline: see FOR_AXE).
      const { page, grid, errors } = await liveGridOf(await site.visit(t.path, FOR_AXE));
      const tools = grid.locator("[data-live-tools]");
      await tools.getByLabel(t.field).fill("cola");
      await tools.getByRole("button", { name: t.find, exact: true }).click();
      await expect.poll(() => tools.locator("[data-found-total]").getAttribute("data-found-total")).toBe("4");
      expect(await tools.locator("[data-member]").allTextContents()).toEqual([
        "100 (Colas)",
        "100-10 (Cola)",
        "100-20 (Diet Cola)",
        "100-30 (Caffeine Free Cola)",
      ]);
      // No member, one member: said in words of their own.
      await tools.getByLabel(t.field).fill("zzzz");
      await tools.getByRole("button", { name: t.find, exact: true }).click();
      await expect.poll(() => tools.locator("[data-found-total]").textContent()).toContain(t.none);
      // Replace New York (A3) by Massachusetts, found by a wildcard search on its name.
      await tools.getByLabel(t.field).fill("mass*");
      await tools.getByRole("button", { name: t.find, exact: true }).click();
      await expect.poll(() => tools.locator("[data-found-total]").textContent()).toContain(t.one);
      await cell(grid, "A3").click();
      await tools.locator('[data-member="Massachusetts"]').click();
      await grid.getByRole("button", { name: t.refresh, exact: true }).click();
      await expect
        .poll(async () => shown(await sheet(grid)).slice(2, 3))
        .toEqual([["Massachusetts", "24", "9", "14"]]);
      await screenshot(page, `live-grid-search-${lang}`, true);
      // The search form, its results and the variables table: no serious or critical accessibility fault.
      await page.addScriptTag({ path: axePath });
      const blocking = await page.evaluate(async () => {
        type Violation = { id: string; impact: string | null; nodes: { target: unknown }[] };
        const axe = (
          window as unknown as { axe: { run: (c: string) => Promise<{ violations: Violation[] }> } }
        ).axe;
        const { violations } = await axe.run("[data-live-tools]");
        return violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.impact} ${v.id} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
      });
      expect(blocking).toEqual([]);
      expect(errors).toEqual([]);
    });

    it("lists Sample.Basic's substitution variables; &CurrMonth clicked into a header refreshes as Jul", async () => {
      const { grid, errors } = await liveGridOf(await site.visit(t.path));
      const variables = grid.locator('[data-tool="variables"]');
      expect(
        await variables
          .locator("tbody tr")
          .evaluateAll((rows) =>
            rows.map((r) => Array.from(r.querySelectorAll("td")).map((c) => (c.textContent ?? "").trim())),
          ),
      ).toEqual([
        ["&CurrMonth", "Jul"],
        ["&CurrQtr", "Qtr3"],
        ["&PriorMonth", "Jun"],
      ]);
      await cell(grid, "B2").click();
      await variables.locator('[data-variable="CurrMonth"]').click();
      expect((await sheet(grid))[1]?.[1]).toBe("&CurrMonth");
      await grid.getByRole("button", { name: t.refresh, exact: true }).click();
      await expect
        .poll(async () => shown(await sheet(grid)).slice(1, 3))
        .toEqual([
          ["", "Jul", "Feb", "Mar"],
          ["New York", "912", "32", "39"],
        ]);
      expect(errors).toEqual([]);
    });
  });
}
