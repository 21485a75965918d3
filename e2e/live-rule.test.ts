import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { asSavingData, hydrated, screenshot, sitePageForFile } from "./support/site-page.ts";

// The live business-rule launcher of "Run a business rule on demand" (site/src/components/LiveRule): the
// engine runs the Vision demo application in the page, so every status and message below is computed in the
// browser.
const baseUrl = inject("baseUrl");
/**
 * Each test loads its page in the file's one page, storage cleared (`sitePageForFile`); the tests load pages by
 * their address only (`asSavingData`).
 */
const { visit } = sitePageForFile(baseUrl, asSavingData);

const PAGE = "/docs/QiBates/features/actions/RunRule";

const LABELS = {
  en: {
    rule: "Business rule",
    launch: "Launch",
    completed: "GrowRevenue: completed in",
    failed: "SeedForecast: failed",
    message: "Grew the FY15 plan revenue of 410 by 5%: 1,536 cells, 0 comments.",
    /** The API's message for the rule's failure, the rule's own reason included. */
    plan2: "Plan type Plan2",
    value: "Value",
    value96950: "96,950",
    failure:
      'The business rule "SeedForecast" failed: entity 450 has no Sales Growth Rate for FY15 (form Revenue Drivers). No data was changed.',
  },
  fr: {
    rule: "Règle métier",
    launch: "Lancer",
    completed: "GrowRevenue\u00a0: terminée en",
    failed: "SeedForecast\u00a0: échec",
    message:
      "Chiffre d'affaires du plan FY15 augmenté de 5\u202F% (entités\u00a0: 410\u202f; cellules\u00a0: 1536, commentaires\u00a0: 0).",
    plan2: "Type de plan Plan2",
    value: "Valeur",
    value96950: "96\u202F950",
    failure:
      "La règle métier « SeedForecast » a échoué : l'entité 450 n'a pas de Sales Growth Rate pour FY15 (formulaire Revenue Drivers). Aucune donnée n'a été modifiée.",
  },
} as const;

async function openLiveRule(path: string): Promise<{ page: Page; live: Locator; errors: string[] }> {
  const { page, errors } = await visit(path);
  await hydrated(page);
  // The example loads when it comes near the screen.
  await page.locator("[data-live-rule-placeholder]").scrollIntoViewIfNeeded();
  const live = page.locator("[data-live-rule]");
  await live.locator("select").first().waitFor({ timeout: 20_000 });
  return { page, live, errors };
}

/** The status line, with the French typography's spaces kept. */
const status = (live: Locator) => live.getByRole("status").textContent();

for (const lang of ["en", "fr"] as const) {
  const t = LABELS[lang];
  describe(`live business rule (${lang})`, () => {
    it("lists the Vision rules, answers GrowRevenue's prompts from its allowed members and launches it", async () => {
      const { page, live, errors } = await openLiveRule(`${lang === "fr" ? "/fr" : ""}${PAGE}`);
      const ruleSelect = live.getByLabel(t.rule, { exact: true });
      const rules = await ruleSelect.locator("option").allTextContents();
      expect(rules).toEqual([
        "CopyVersion",
        "SeedForecast",
        "GrowRevenue",
        "AllocateRevenue",
        "AggregateData",
        "PushRevenueToPlan2",
      ]);
      await ruleSelect.selectOption("GrowRevenue");
      // The Entities prompt offers the sales entities with their aliases, its default (410, 420) chosen.
      const entities = live.locator("[data-prompt=Entities] select");
      expect(await entities.locator("option").allTextContents()).toContain("410 — International Sales");
      expect(
        await entities.evaluate((s: HTMLSelectElement) => Array.from(s.selectedOptions, (o) => o.value)),
      ).toEqual(["420", "410"]);
      await entities.selectOption(["410"]);
      await live.locator("[data-prompt=GrowthPct] input").fill("5");
      await live.getByRole("button", { name: t.launch, exact: true }).click();
      await expect.poll(() => status(live), { timeout: 30_000 }).toContain(t.completed);
      // The rule's message in the page's language.
      expect(await live.locator("[data-rule-message]").textContent()).toBe(t.message);
      // The changed cells: Plan, FY15, entity 410 only.
      const rows = await live
        .locator("table tbody tr")
        .evaluateAll((trs) =>
          trs.map((tr) => Array.from(tr.querySelectorAll("td"), (td) => td.textContent ?? "")),
        );
      expect(rows.length).toBe(5);
      for (const r of rows) expect(r.slice(0, 4)).toEqual(["Plan", "FY15", r[2], "410"]);
      // The API bodies follow the answers.
      const api = await live.locator("details").textContent();
      expect(api).toContain("/qibates/api/v2/action/launchrule");
      expect(api?.replace(/\s+/g, "")).toContain(
        '"prompts":[{"name":"Entities","value":["410"]},{"name":"GrowthPct","value":5}]',
      );
      await screenshot(page, `live-rule-${lang}`, true);
      expect(errors).toEqual([]);
    });

    it("lists PushRevenueToPlan2's changes under Plan2's dimensions, values written as the page's language does", async () => {
      const { live } = await openLiveRule(`${lang === "fr" ? "/fr" : ""}${PAGE}`);
      await live.getByLabel(t.rule, { exact: true }).selectOption("PushRevenueToPlan2");
      await live.getByRole("button", { name: t.launch, exact: true }).click();
      await expect.poll(() => status(live), { timeout: 30_000 }).toContain("PushRevenueToPlan2");
      await live.locator("table").first().waitFor();
      // Plan2 has seven dimensions, not Plan1's ten: each value sits under the Value heading.
      const table = live.locator("table");
      expect(await table.count()).toBe(1);
      expect(await table.locator("caption").textContent()).toBe(t.plan2);
      expect(await table.locator("thead th").allTextContents()).toEqual([
        "Scenario",
        "Year",
        "Period",
        "Entity",
        "Version",
        "Currency",
        "Account",
        t.value,
      ]);
      const first = await table.locator("tbody tr").first().locator("td").allTextContents();
      expect(first).toEqual(["Plan", "FY15", "Jan", "450", "Working", "USD", "Account", t.value96950]);
    });

    it("shows the rule's own reason when SeedForecast fails for entity 450", async () => {
      const { live } = await openLiveRule(`${lang === "fr" ? "/fr" : ""}${PAGE}`);
      await live.getByLabel(t.rule, { exact: true }).selectOption("SeedForecast");
      await live.locator("[data-prompt=Entity] select").selectOption("450");
      await live.getByRole("button", { name: t.launch, exact: true }).click();
      await expect.poll(() => status(live), { timeout: 30_000 }).toContain(t.failed);
      // In the page's language, as the page quotes it (198774ca); spaces compared whatever their kind.
      const message = await live.locator("[data-rule-message]").textContent();
      expect(message?.replace(/\u00a0/g, " ")).toBe(t.failure);
      expect(await live.locator("table").count()).toBe(0);
    });
  });
}
