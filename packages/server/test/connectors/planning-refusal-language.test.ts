import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * Planning through its REST API cannot list forms nor a form's rules on save: the refusal gives its reason in the
 * caller's language. In French the message ended in English ("… le connecteur planning : Planning REST has no
 * documented call that lists forms …").
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "planning-rest,smartview" });

const call = (path: string, body: unknown, language: string) =>
  server.post(path, body, { connector: "planning", language });

describe("what Planning REST cannot list, through the planning connector", () => {
  it("is refused with its reason in English and in French", async () => {
    const vision = await server.vision("planning", `${server.base}/HyperionPlanning/SmartView`);
    const forms = { ...vision, folder: "/Forms" };
    const en = await call("nav/listforms", forms, "en");
    expect(en.status).toBe(422);
    expect(en.json.code).toBe("QB_ERR_OPERATION_UNSUPPORTED");
    expect(en.json.message).toMatch(
      /^QiBates cannot do this on your server: Planning REST has no documented call that lists forms /,
    );
    expect(en.json.detail).toBe("nav/listforms is not supported by connector planning.");
    const fr = await call("nav/listforms", forms, "fr");
    expect(fr.status).toBe(422);
    expect(fr.json.message).toBe(
      "QiBates ne peut pas faire cela sur votre serveur\u00a0: Planning REST n'a pas d'appel documenté qui liste les formulaires (les appels de définition de formulaire de la version 26.11 n'ont pas de liste\u202f; la bibliothèque de documents et les listes de Migration sont réservées aux administrateurs de service).",
    );
    const rules = await call(
      "nav/listonsaverules",
      { ...forms, folder: "/Forms/Revenue", formName: "Revenue Plan" },
      "fr",
    );
    expect(rules.status).toBe(422);
    expect(rules.json.message).toMatch(
      /^QiBates ne peut pas faire cela sur votre serveur\u00a0: les règles à l'enregistrement d'un formulaire sont dans sa définition/,
    );
    const prompts = await call("nav/enumprompt", { ...vision, cube: "Plan1", ruleName: "GrowRevenue" }, "fr");
    expect(prompts.status).toBe(422);
    expect(prompts.json.message).toBe(
      "QiBates ne peut pas faire cela sur votre serveur : le serveur nomme les invites de GrowRevenue (Entities, GrowthPct, Comment), mais sa réponse ne dit pas quel genre de valeur chacune attend.",
    );
  });
});
