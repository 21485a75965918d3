import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * A form's rule on save that fails (SeedForecast for entity 450, which has no growth rate) at `action/submitform`,
 * through each Planning-family path. On the demo address the submit is all or nothing: "No data was changed.",
 * in the caller's language. Through planning and pbcs to this server's Planning REST endpoint, as on a real
 * server, the cells are written first (Submit: "A rule that fails leaves the saved cells saved"): the message
 * said, in English even in French, "No data was changed." (the endpoint's job details carried the demo's
 * sentence), although the cell was saved. The demo words the rule's own reason in French too; a Planning server
 * (here the endpoint, as Oracle's) gives it in its own words, quoted as they are.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const FAILED = {
  en: 'The business rule "SeedForecast" failed: entity 450 has no Sales Growth Rate for FY15 (form Revenue Drivers).',
  fr: "La règle métier « SeedForecast » a échoué : entity 450 has no Sales Growth Rate for FY15 (form Revenue Drivers).",
};
const FAILED_ON_DEMO = {
  en: FAILED.en,
  fr: "La règle métier « SeedForecast » a échoué : l'entité 450 n'a pas de Sales Growth Rate pour FY15 (formulaire Revenue Drivers).",
};
const THEN = {
  demo: { en: " No data was changed.", fr: " Aucune donnée n'a été modifiée." },
  wire: {
    en: " The cells of the form were saved before the rule ran.",
    fr: " Les cellules du formulaire ont été enregistrées avant l'exécution de la règle.",
  },
};

const POV = {
  HSP_View: "BaseData",
  Year: "FY15",
  Scenario: "Plan",
  Version: "Working",
  Entity: "450",
  Product: "P_160",
  Currency: "USD",
};
const gridWith = (jan: string) => [
  ["", "Jan", "Feb", "Mar", "Q1"],
  ["Hardware Sales", jan, "#Missing", "#Missing", "#Missing"],
  ["Software Sales", "#Missing", "#Missing", "#Missing", "#Missing"],
  ["Total Revenue", "#Missing", "#Missing", "#Missing", "#Missing"],
];

describe("a failing rule on save, through every Planning-family path", () => {
  it.each(server.planningPaths.map((p, i) => [p.name, p, i] as const))(
    "%s: the message is in the caller's language and says what became of the cells",
    async (_n, p, i) => {
      const vision = await server.vision(p.connector, p.address());
      const form = { ...vision, folder: "/Forms/Revenue", formName: "Revenue Plan", pov: POV };
      const then = p.name === "demo" ? THEN.demo : THEN.wire;
      const failed = p.name === "demo" ? FAILED_ON_DEMO : FAILED;
      const prompts = [
        {
          ruleinfo: { ruleName: "SeedForecast", cube: "Plan1", ruleType: "graphical" },
          prompts: [{ name: "Entity", value: "450" }],
        },
      ];
      for (const [language, jan] of [
        ["en", `${101 + i}`],
        ["fr", `${201 + i}`],
      ] as const) {
        const janOf = async () => {
          const opened = await server.post("nav/openform", form, { connector: p.connector });
          return (opened.json.grid as unknown as string[][])[1]?.[1];
        };
        const before = await janOf();
        const body = { ...form, grid: gridWith(jan), prompts };
        const answer = await server.post("action/submitform", body, { connector: p.connector, language });
        expect([answer.status, answer.json.code, answer.json.message], language).toEqual([
          422,
          "QB_ERR_RULE_FAILED",
          `${failed[language]}${then[language]}`,
        ]);
        // What the message says of the cell is true: as it was after the demo's all-or-nothing submit, written
        // otherwise.
        expect(await janOf(), language).toBe(p.name === "demo" ? before : jan);
      }
    },
  );
});
