import { describe, expect, it } from "vitest";
import { type Answer, expectError, listeningServer } from "../support/listening.ts";

/**
 * A name of only spaces (a server, application, cube, dimension, alias table, script, form, rule, prompt, task, a POV
 * member, an MDX query) is refused as a value that names nothing, on its field and in the caller's language, on every
 * path. Each was looked up and answered as unknown quoting a blank name: « Le cube «     » n'existe pas dans
 * l'application « Sample ». », « La règle métier «     » n'existe pas… », « Membre inconnu «  ». ».
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const BLANK = "   ";

function expectBlank(en: Answer, fr: Answer, field: string): void {
  expectError(en, 400, "QB_ERR_VALIDATION", field);
  expect(en.json.message).toBe(`Invalid value for ${field}: must not be only spaces.`);
  expectError(fr, 400, "QB_ERR_VALIDATION", field);
  expect(fr.json.message).toBe(`Valeur invalide pour ${field} : ne doit pas contenir que des espaces.`);
}

async function both(path: string, body: unknown, connector: string): Promise<[Answer, Answer]> {
  return [
    await server.post(path, body, { connector }),
    await server.post(path, body, { connector, language: "fr" }),
  ];
}

describe("Essbase-family calls with a name of only spaces", () => {
  it.each(server.essbasePaths.map((p) => [p.name, p] as const))("%s", async (_n, p) => {
    const basic = await server.sampleBasic(p.connector, p.address());
    const calls: [string, Record<string, unknown>, string][] = [
      ["nav/dimensions", { ...basic, cube: BLANK }, "cube"],
      ["nav/dimensions", { ...basic, application: "\t " }, "application"],
      ["nav/dimensions", { ...basic, server: BLANK }, "server"],
      ["nav/dimensions", { ...basic, aliastable: BLANK }, "aliastable"],
      ["nav/dimtree", { ...basic, action: { dimension: BLANK } }, "action.dimension"],
      ["nav/filter", { ...basic, dimension: BLANK, action: { filter: "CHILDREN" } }, "dimension"],
      ["action/calculate", { ...basic, action: { script: BLANK } }, "action.script"],
      ["action/mdx", { ...basic, query: BLANK }, "query"],
    ];
    for (const [path, body, field] of calls) {
      const [en, fr] = await both(path, body, p.connector);
      expectBlank(en, fr, field);
    }
  });
});

const planningPaths = server.planningPaths;

describe("Planning-family calls with a name of only spaces", () => {
  it.each(planningPaths.map((p) => [p.name, p] as const))("%s", async (_n, p) => {
    const vision = await server.vision(p.connector, p.address());
    const form = { ...vision, folder: "/Forms/Revenue", formName: "Revenue Plan" };
    const rule = { ...vision, cube: "Plan1", ruleName: "CopyVersion" };
    const calls: [string, Record<string, unknown>, string][] = [
      ["nav/openform", { ...form, formName: BLANK }, "formName"],
      ["nav/openform", { ...form, pov: { Entity: BLANK } }, "pov.Entity"],
      ["nav/enumprompt", { ...rule, ruleName: BLANK }, "ruleName"],
      ["nav/enummembersrule", { ...rule, promptName: BLANK }, "promptName"],
      ["action/launchrule", { ...rule, prompts: [{ name: BLANK, value: "Working" }] }, "prompts[0].name"],
      ["nav/enummembers", { ...vision, cube: "Plan1", dim: BLANK, filter: "Hierarchy" }, "dim"],
      ["action/setalias", { ...vision, aliasId: BLANK }, "aliasId"],
      ["action/taskstatus", { ...vision, taskListID: "TL_BUDGET", taskID: BLANK, complete: true }, "taskID"],
    ];
    for (const [path, body, field] of calls) {
      const [en, fr] = await both(path, body, p.connector);
      expectBlank(en, fr, field);
    }
  });
});
