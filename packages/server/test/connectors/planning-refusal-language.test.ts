import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * Planning through its REST API cannot list forms nor a form's rules on save: the refusal says so in the caller's
 * language and in the add-in's user's words; the developer's reason (which Oracle call is missing) is in the detail.
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
    expect(en.json.message).toBe(
      "QiBates cannot do this on your server: the list of forms is not available on this server: open a form by its name.",
    );
    expect(en.json.detail).toMatch(
      /^nav\/listforms is not supported by connector planning\. Planning REST has no documented call that lists forms /,
    );
    const fr = await call("nav/listforms", forms, "fr");
    expect(fr.status).toBe(422);
    expect(fr.json.message).toBe(
      "QiBates ne peut pas faire cela sur votre serveur\u00a0: la liste des formulaires n'est pas disponible sur ce serveur\u00a0: ouvrez un formulaire par son nom.",
    );
    const rules = await call(
      "nav/listonsaverules",
      { ...forms, folder: "/Forms/Revenue", formName: "Revenue Plan" },
      "fr",
    );
    expect(rules.status).toBe(422);
    expect(rules.json.message).toBe(
      "QiBates ne peut pas faire cela sur votre serveur\u00a0: QiBates ne peut pas lister les règles à l'enregistrement d'un formulaire sur ce serveur.",
    );
    const prompts = await call("nav/enumprompt", { ...vision, cube: "Plan1", ruleName: "GrowRevenue" }, "fr");
    expect(prompts.status).toBe(422);
    expect(prompts.json.message).toBe(
      "QiBates ne peut pas faire cela sur votre serveur : le serveur nomme les invites de GrowRevenue (Entities, GrowthPct, Comment), mais sa réponse ne dit pas quel genre de valeur chacune attend.",
    );
  });
});
