import type { Locator, Page } from "playwright-core";
import { hydrated, type OpenedPage } from "./site-page.ts";

/**
 * Reading the live grid of the documentation (site/src/components/LiveGrid) in a browser: open a page with one,
 * read its sheet, find a cell by its name (`B2`).
 */

/** In a page just opened: waits for its live grid to load, and returns the page and the grid's section. */
export async function liveGridOf({
  page,
  errors,
}: OpenedPage): Promise<{ page: Page; grid: Locator; errors: string[] }> {
  await hydrated(page);
  // The example loads when it comes near the screen.
  await page.locator("[data-live-grid-placeholder]").scrollIntoViewIfNeeded();
  const section = page.locator("[data-live-grid]");
  await section.locator("table[role=grid]").waitFor({ timeout: 20_000 });
  return { page, grid: section, errors };
}

/** The sheet as rows of trimmed cell texts (frame headers left out). */
export async function sheet(grid: Locator): Promise<string[][]> {
  return grid
    .locator("table[role=grid] tbody tr")
    .evaluateAll((rows) =>
      rows.map((tr) =>
        Array.from(tr.querySelectorAll("[data-cell]")).map((c) => (c.textContent ?? "").trim()),
      ),
    );
}

/** Drops trailing empty cells of every row, so grids compare by what they show. */
export const shown = (rows: string[][]): string[][] =>
  rows.map((r) => {
    const out = [...r];
    while (out.length > 0 && out[out.length - 1] === "") out.pop();
    return out;
  });

export const cell = (grid: Locator, name: string): Locator => grid.locator(`[data-cell="${name}"]`);
