import { describe, expect, test } from "vitest";
import { createVisionPlanning } from "../../demo/planning/vision-app.ts";
import { VISION_PLAN2_RULES, VISION_RULES } from "../../demo/planning/vision-rules.ts";
import type { PlanningError } from "../../src/planning/index.ts";
import { planError } from "../vision-plan1.ts";

/**
 * The demo's business rules say what they did, and why they refuse, in the caller's language: a French caller
 * (`locale: "fr"`) read "Copied Working to What If: … cells and 2 texts." and "entity 450 has no Sales Growth
 * Rate…" in English. English callers read the same words as before.
 */

type App = ReturnType<typeof createVisionPlanning>;

function launch(app: App, ruleName: string, prompts: Record<string, string>, locale?: "en" | "fr") {
  return app.launchRule({
    cube: "Plan1",
    ruleName,
    prompts: Object.entries(prompts).map(([name, value]) => ({ name, value })),
    ...(locale ? { locale } : {}),
  });
}

/** The refusal's reason in each language, as the API's message completes it. */
function reason(e: PlanningError): unknown {
  return e.details.params?.reason;
}

describe("a French caller of a demo rule", () => {
  test("reads each rule's message in French, its numbers written the French way", () => {
    const app = createVisionPlanning();
    expect(launch(app, "CopyVersion", {}, "fr").message).toMatch(
      /^Version Working copiée dans What If \(cellules\u00a0: \d+, textes\u00a0: 2\)\.$/,
    );
    expect(launch(app, "SeedForecast", { Entity: "430" }, "fr").message).toMatch(
      /^Prévision FY15 de l'entité 430 initialisée \(cellules\u00a0: \d+\)\.$/,
    );
    expect(
      launch(app, "GrowRevenue", { Entities: "410", GrowthPct: "2.5", Comment: "Salon" }, "fr").message,
    ).toMatch(
      /^Chiffre d'affaires du plan FY15 augmenté de 2,5\u202F% \(entités\u00a0: 410\u202f; cellules\u00a0: \d+, commentaires\u00a0: 1\)\.$/,
    );
    expect(
      launch(app, "AllocateRevenue", { Amount: "50000", Account: "4120", Period: "Dec", Entity: "421" }, "fr")
        .message,
    ).toMatch(
      /^Montant de 50\u202F000 réparti sur le compte 4120 en Dec entre les produits de l'entité 421 \(cellules\u00a0: \d+\)\.$/,
    );
    expect(launch(app, "AggregateData", { Dimension: "Entity", Scenario: "Forecast" }, "fr").message).toMatch(
      /^Dimension Entity agrégée pour le scénario Forecast \(cellules\u00a0: \d+\)\.$/,
    );
    expect(
      launch(app, "PushRevenueToPlan2", { Entities: "410,420", Scenario: "Plan" }, "fr").message,
    ).toMatch(
      /^Chiffre d'affaires du scénario Plan envoyé vers Plan2 \(entités\u00a0: 410, 420\u202f; cellules\u00a0: \d+\)\.$/,
    );
  });

  test("reads a rule's refusal (its @RETURN text, its check) in French beside the English", () => {
    const app = createVisionPlanning();
    const seed = planError(() => launch(app, "SeedForecast", { Entity: "450" }, "fr"));
    expect(reason(seed)).toEqual({
      en: "entity 450 has no Sales Growth Rate for FY15 (form Revenue Drivers). No data was changed.",
      fr: "l'entité 450 n'a pas de Sales Growth Rate pour FY15 (formulaire Revenue Drivers). Aucune donnée n'a été modifiée.",
    });
    const copy = planError(() => launch(app, "CopyVersion", { TgtVersion: "Working" }));
    expect(reason(copy)).toEqual({
      en: "the source and target versions are both Working. No data was changed.",
      fr: "la version source et la version cible sont toutes deux Working. Aucune donnée n'a été modifiée.",
    });
  });

  test("an English caller, or one who names no language, reads the messages as before", () => {
    const app = createVisionPlanning();
    expect(launch(app, "SeedForecast", { Entity: "430" }).message).toMatch(
      /^Seeded the FY15 forecast of entity 430: [\d,]+ cells\.$/,
    );
    expect(
      launch(app, "AllocateRevenue", { Amount: "50000", Account: "4120", Period: "Dec", Entity: "421" }, "en")
        .message,
    ).toMatch(/^Allocated 50,000 of 4120 in Dec across the products of 421: [\d,]+ cells\.$/);
  });

  test("reads what each runtime prompt asks in French", () => {
    const app = createVisionPlanning();
    const described = (locale?: "en" | "fr") =>
      app
        .listRules(undefined, locale)
        .flatMap((r) => r.prompts.map((p) => `${r.ruleName}.${p.name}: ${p.description}`));
    const fr = described("fr");
    expect(fr).toContain("CopyVersion.SrcVersion: Version à copier");
    expect(fr).toContain("AllocateRevenue.Amount: Montant à répartir");
    expect(
      app.enumPrompts("Plan1", "GrowRevenue", undefined, "fr").prompts.map((p) => p.description),
    ).toEqual([
      "Entités dont le chiffre d'affaires du plan augmente",
      "Croissance en pourcentage (de -100 à 1000)",
      "Motif, enregistré dans Revenue Commentary (255 caractères au plus)",
    ]);
    expect(
      app.listOnSaveRules("/Forms/Revenue", "Revenue Plan", "fr").rules[0]?.prompts[0]?.description,
    ).toBe("Entité dont la prévision est initialisée");
    // Every prompt has its French, and English callers read the English as before.
    const en = described();
    expect(en).toContain("CopyVersion.SrcVersion: Version to copy from");
    for (const [i, line] of fr.entries()) expect(line, line).not.toBe(en[i]);
  });

  test("a form's rules on save say their message in the submit's language", () => {
    const app = createVisionPlanning();
    const form = app.openForm({ folder: "/Forms/Revenue", formName: "Revenue Plan" });
    const res = app.submitForm({
      folder: "/Forms/Revenue",
      formName: "Revenue Plan",
      pov: form.pov,
      grid: form.grid,
      codes: form.codes,
      locale: "fr",
    });
    expect(res.rules.length).toBeGreaterThan(0);
    for (const r of res.rules) expect(r.message).toMatch(/^Prévision FY15 de l'entité \w+ initialisée/);
  });

  test("reads every rule's French with French typography: a no-break space before « : », a narrow one before « ; ! ? »", () => {
    const texts = [...VISION_RULES, ...VISION_PLAN2_RULES].flatMap((rule) => [
      ...(typeof rule.message === "string" ? [] : [rule.message.fr]),
      ...(rule.returnTexts ?? []).map((t) => t.fr),
    ]);
    expect(texts.length).toBeGreaterThan(5);
    for (const text of texts) {
      expect(text, text).not.toMatch(/[^\u00a0]:(?=\s)/);
      expect(text, text).not.toMatch(/[^\u202f][;!?]/);
    }
    // As a caller reads it, the counts filled in.
    const app = createVisionPlanning();
    expect(
      launch(app, "GrowRevenue", { Entities: "410", GrowthPct: "5", Comment: "Salon" }, "fr").message,
    ).toMatch(/\(entités\u00a0: 410\u202f; cellules\u00a0: \d+, commentaires\u00a0: 1\)\.$/);
  });
});
