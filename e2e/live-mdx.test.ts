import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { asSavingData, hydrated, screenshot, sitePageForFile } from "./support/site-page.ts";

// The live MDX box of "MDX queries" (site/src/components/LiveMdx): the engine runs Sample.Basic in the page,
// so every grid and message below is computed in the browser. Values are Sample.Basic's published figures
// (Actual Cola Sales Jan–Mar: East 109/85/112, New York 36/32/39; Product 100's quarters add up to
// 7048/7872/8511/7037 over the regions).
const baseUrl = inject("baseUrl");
/**
 * Each test loads its page in the file's one page, storage cleared (`sitePageForFile`); the tests load pages by
 * their address only (`asSavingData`).
 */
const { visit } = sitePageForFile(baseUrl, asSavingData);

const PAGE = "/docs/develop/mdx-queries";

const LABELS = {
  en: {
    query: "MDX query",
    example: "Example",
    run: "Run",
    aliases: "Show aliases",
    syntax: 'QB_ERR_MDX_SYNTAX: The MDX query is not valid MDX: unexpected "ON" at line 1, column 15.',
    ran: "The query returned a grid of 4 rows and 4 columns.",
  },
  fr: {
    query: "Requête MDX",
    example: "Exemple",
    run: "Exécuter",
    aliases: "Afficher les alias",
    syntax:
      "QB_ERR_MDX_SYNTAX\u00a0: La requête MDX n'est pas du MDX valide\u00a0: «\u00a0ON\u00a0» inattendu à la ligne 1, colonne 15.",
    ran: "La requête a renvoyé une grille de 4\u00a0lignes et 4\u00a0colonnes.",
  },
} as const;

async function openLiveMdx(path: string): Promise<{ page: Page; live: Locator; errors: string[] }> {
  const { page, errors } = await visit(path);
  await hydrated(page);
  // The example loads when it comes near the screen (at once when the page opens close enough to it).
  await page.evaluate(() => document.querySelector("[data-live-mdx-placeholder]")?.scrollIntoView());
  const live = page.locator("[data-live-mdx]");
  await live.locator("textarea").waitFor({ timeout: 20_000 });
  return { page, live, errors };
}

const rows = (live: Locator) =>
  live
    .locator("table tr")
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll("td"), (td) => td.textContent ?? "")),
    );

for (const lang of ["en", "fr"] as const) {
  const t = LABELS[lang];
  describe(`live MDX (${lang})`, () => {
    it("answers the first example at once, then a typed query, with names or aliases", async () => {
      const { page, live, errors } = await openLiveMdx(`${lang === "fr" ? "/fr" : ""}${PAGE}`);
      expect(await rows(live)).toEqual([
        ["", "Sales", "Cola", "Actual"],
        ["", "Jan", "Feb", "Mar"],
        ["East", "109", "85", "112"],
        ["\u00a0\u00a0\u00a0\u00a0\u00a0New York", "36", "32", "39"],
      ]);
      expect(await live.getByRole("status").textContent()).toBe(t.ran);
      expect(await live.locator("td[data-kind=pov]").count()).toBe(3);
      // Member names instead of aliases: 100-10 in the POV row.
      await live.getByLabel(t.aliases).uncheck();
      expect((await rows(live))[0]).toEqual(["", "Sales", "100-10", "Actual"]);
      // A query typed by hand: the regions of Product 100 by quarter add up to the published quarters.
      await live
        .getByLabel(t.query, { exact: true })
        .fill(
          "SELECT [Year].Children ON COLUMNS, [Market].Children ON ROWS FROM Sample.Basic WHERE ([Sales], [Actual], [100])",
        );
      await live.getByRole("button", { name: t.run, exact: true }).click();
      const grid = await rows(live);
      expect(grid.slice(1).map((r) => r[0])).toEqual(["", "East", "West", "South", "Central"]);
      const quarters = [1, 2, 3, 4].map((c) => grid.slice(2).reduce((n, r) => n + Number(r[c]), 0));
      expect(quarters).toEqual([7048, 7872, 8511, 7037]);
      await screenshot(page, `live-mdx-${lang}`, true);
      expect(errors).toEqual([]);
    });

    it("shows the API's syntax error, naming the token and where it is", async () => {
      const { live } = await openLiveMdx(`${lang === "fr" ? "/fr" : ""}${PAGE}`);
      await live.getByLabel(t.query, { exact: true }).fill("SELECT {[Jan] ON COLUMNS FROM Sample.Basic");
      await live.getByRole("button", { name: t.run, exact: true }).click();
      expect(await live.getByRole("alert").textContent()).toBe(t.syntax);
      expect(await live.locator("table").count()).toBe(0);
      // Another example from the list runs at once.
      await live.getByLabel(t.example, { exact: true }).selectOption("margin");
      expect((await rows(live))[1]).toEqual(["", "Sales", "Profit", "Margin %"]);
    });
  });
}
