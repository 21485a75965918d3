import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { startTestApi, type TestApi } from "../support/api.ts";
import {
  PLANNING_EXAMPLE_LOGIN,
  PLANNING_OPERATIONS,
  withoutRunFields,
} from "../support/contract-examples.ts";

/**
 * Replays the request examples of the planning operations of openapi/qibates.yaml through the API on the demo
 * Vision application and compares with the response examples. Run times (`durationMs`), rule messages and
 * completion times depend on the run and are not compared. Read-only calls run first, then the changes.
 */
type Json = Record<string, unknown>;
type Example = { value: Json };
type Operation = {
  requestBody: { content: { "application/json": { examples: Record<string, Example> } } };
  responses: Record<string, { content?: { "application/json": { examples?: Record<string, Example> } } }>;
  "x-qibates-error-codes"?: string[];
};
const doc = parse(readFileSync(new URL("../../../../openapi/qibates.yaml", import.meta.url), "utf8")) as {
  paths: Record<string, { post?: Operation }>;
};
const EXAMPLE_LOGIN = PLANNING_EXAMPLE_LOGIN;

function examples(path: string): { name: string; request: Json; response: Json }[] {
  const op = doc.paths[path]?.post;
  if (!op) throw new Error(`no operation ${path}`);
  const reqs = op.requestBody.content["application/json"].examples;
  const resps = op.responses["200"]?.content?.["application/json"].examples ?? {};
  return Object.entries(reqs).map(([name, ex]) => ({
    name,
    request: ex.value,
    response: (resps[name]?.value ?? {}) as Json,
  }));
}

const normalise = withoutRunFields;

let api: TestApi;
let loginid = "";
beforeAll(async () => {
  api = await startTestApi();
  loginid = await api.login("planning");
});
afterAll(async () => api.close());

/** A planning call on the demo Vision application, in `language` when one is given (Accept-Language). */
const call = (path: string, body: Json, language?: string) =>
  api.post(
    path.slice(1),
    { server: "Planning", application: "Vision", ...body, loginid },
    { connector: "planning", ...(language ? { "accept-language": language } : {}) },
  );

/**
 * A refusal in the caller's language: `path` called in English, then in `french` (an Accept-Language), answers
 * each time the same status, code and field, with that language's message.
 */
async function expectRefusal(
  path: string,
  body: Json,
  refusal: { status: number; code: string; field?: string },
  message: { en: string; fr: string },
  french = "fr",
) {
  for (const [language, text] of [
    [undefined, message.en],
    [french, message.fr],
  ] as const) {
    const r = await call(path, body, language);
    expect([r.statusCode, r.json().code, r.json().field, r.json().message], language).toEqual([
      refusal.status,
      refusal.code,
      refusal.field,
      text,
    ]);
  }
}

describe("planning examples of the API contract, through the API on the demo Vision application", () => {
  for (const path of PLANNING_OPERATIONS) {
    for (const ex of examples(path)) {
      test(`${path} ${ex.name}`, async () => {
        const request = JSON.parse(JSON.stringify(ex.request).replaceAll(EXAMPLE_LOGIN, loginid));
        const res = await call(path, request);
        expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
        expect(normalise(res.json())).toEqual(normalise(ex.response));
      });
    }
  }
});

describe("older spellings", () => {
  test("are accepted; a missing name is a validation error", async () => {
    const rules = await call("/nav/listonsaverules", { folder: "/Forms/Revenue", form: "Revenue Plan" });
    expect((rules.json().rules as { ruleName: string }[]).map((r) => r.ruleName)).toEqual(["SeedForecast"]);
    const open = await call("/nav/openform", { folder: "/Forms/Revenue", formname: "Revenue Plan" });
    expect(open.json().formName).toBe("Revenue Plan");
    const missing = await call("/nav/openform", { folder: "/Forms/Revenue" });
    expect([missing.statusCode, missing.json().code, missing.json().field]).toEqual([
      400,
      "QB_ERR_VALIDATION",
      "formName",
    ]);
  });
});

describe("errors stay within each call's documented error codes", () => {
  const listed = (path: string): string[] => doc.paths[path]?.post?.["x-qibates-error-codes"] ?? [];
  const form = { folder: "/Forms/Revenue", formName: "Revenue Plan" };
  const BAD: Record<string, Json[]> = {
    "/nav/listforms": [{ folder: "/Forms/Nope" }, {}],
    "/nav/openform": [
      { folder: "/Forms/Revenue", formName: "Nope" },
      { folder: "/Forms/Nope", formName: "Revenue Plan" },
      { ...form, type: "composite" },
      { ...form, pov: { Entity: "Atlantis" } },
      { ...form, pov: { Scenario: "Actual" } },
      { ...form, pov: { Market: "East" } },
      {
        folder: "/Forms/Revenue",
        formName: "Revenue Review",
        subforms: [{ folder: "/Forms", formName: "X", pov: {} }],
      },
    ],
    "/action/submitform": [
      {
        ...form,
        grid: [
          ["", "Jan"],
          ["Nope", "1"],
        ],
      },
      {
        ...form,
        grid: [
          ["", "Jan"],
          ["Hardware Sales", "1"],
        ],
        prompts: [
          { ruleinfo: { ruleName: "CopyVersion", cube: "Plan1", ruleType: "graphical" }, prompts: [] },
        ],
      },
      {
        ...form,
        grid: [
          ["", "Jan"],
          ["Hardware Sales", "1"],
        ],
        prompts: [
          {
            ruleinfo: { ruleName: "SeedForecast", cube: "Plan1", ruleType: "graphical" },
            prompts: [{ name: "Nope", value: "1" }],
          },
        ],
      },
      {
        ...form,
        pov: { Entity: "450" },
        grid: [
          ["", "Jan"],
          ["Hardware Sales", "1"],
        ],
      },
      { folder: "/Forms/Revenue", formName: "Revenue Review", grid: [] },
      {
        folder: "/Forms/Drivers",
        formName: "Revenue Drivers",
        grid: [
          ["", "4190"],
          ["410", "x".repeat(300)],
        ],
      },
    ],
    "/nav/listtasks": [],
    "/action/taskstatus": [
      { taskListID: "TL_NOPE", taskID: "T_SEED", complete: true },
      { taskListID: "TL_BUDGET", taskID: "T_NOPE", complete: true },
    ],
    "/nav/listonsaverules": [
      { folder: "/Forms/Revenue", formName: "Nope" },
      { folder: "/Forms/Nope", form: "X" },
    ],
    "/nav/listalias": [],
    "/action/setalias": [{ aliasId: "French" }],
    "/nav/enumprompt": [
      { cube: "Plan9", ruleName: "CopyVersion" },
      { cube: "Plan1", ruleName: "Nope" },
    ],
    "/action/launchrule": [
      { cube: "Plan9", ruleName: "CopyVersion" },
      { cube: "Plan1", ruleName: "Nope" },
      { cube: "Plan1", ruleName: "CopyVersion", prompts: [{ name: "Nope", value: "x" }] },
      { cube: "Plan1", ruleName: "CopyVersion", prompts: [{ name: "TgtVersion", value: "Final" }] },
      { cube: "Plan1", ruleName: "CopyVersion", prompts: [{ name: "TgtVersion", value: "Working" }] },
      { cube: "Plan1", ruleName: "GrowRevenue", prompts: [{ name: "Entities", value: "" }] },
    ],
    "/nav/enumfilters": [{ dim: "Market" }, { dim: "Period", aliastable: "French" }],
    "/nav/enummembers": [
      { cube: "Plan9", dim: "Period", filter: "Children", arg: "Q1" },
      { cube: "Plan1", dim: "Market", filter: "Children", arg: "Q1" },
      { cube: "Plan1", dim: "Period", filter: "Children", arg: "Q9" },
      { cube: "Plan1", dim: "Period", filter: "Children", arg: "Q1", aliastable: "French" },
    ],
    "/nav/enummembersrule": [
      { cube: "Plan9", ruleName: "CopyVersion", promptName: "TgtVersion" },
      { cube: "Plan1", ruleName: "Nope", promptName: "TgtVersion" },
      { cube: "Plan1", ruleName: "CopyVersion", promptName: "Nope" },
      { cube: "Plan1", ruleName: "GrowRevenue", promptName: "GrowthPct" },
      { cube: "Plan1", ruleName: "CopyVersion", promptName: "TgtVersion", aliastable: "French" },
    ],
  };
  for (const path of PLANNING_OPERATIONS) {
    for (const [i, body] of (BAD[path] ?? []).entries()) {
      test(`${path} bad request ${i}`, async () => {
        const res = await call(path, body);
        expect(res.statusCode, res.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(listed(path)).toContain(res.json().code);
      });
    }
  }
});

describe("a failing business rule", () => {
  test("is said in the caller's language, the demo rule's own reason too", async () => {
    await expectRefusal(
      "/action/launchrule",
      { cube: "Plan1", ruleName: "CopyVersion", prompts: [{ name: "TgtVersion", value: "Working" }] },
      { status: 422, code: "QB_ERR_RULE_FAILED", field: "ruleName" },
      {
        en: 'The business rule "CopyVersion" failed: the source and target versions are both Working. No data was changed.',
        fr: "La règle métier « CopyVersion » a échoué : la version source et la version cible sont toutes deux Working. Aucune donnée n'a été modifiée.",
      },
    );
  });
});

describe("a demo business rule that completes", () => {
  test("answers its message in the caller's language (Accept-Language)", async () => {
    const body = {
      cube: "Plan1",
      ruleName: "AggregateData",
      prompts: [{ name: "Scenario", value: "Actual" }],
    };
    const fr = await call("/action/launchrule", body, "fr-FR");
    expect(fr.statusCode).toBe(200);
    expect(fr.json().message).toMatch(
      /^Dimension Entity agrégée pour le scénario Actual \(cellules\u00a0: \d+\)\.$/,
    );
    const en = await call("/action/launchrule", body, "en");
    expect(en.json().message).toMatch(/^Aggregated Entity for Actual: [\d,]+ cells\.$/);
  });

  test("describes its runtime prompts in the caller's language", async () => {
    const body = { cube: "Plan1", ruleName: "CopyVersion" };
    const fr = await call("/nav/enumprompt", body, "fr");
    expect(fr.json().prompts.map((p: { description: string }) => p.description)).toEqual([
      "Version à copier",
      "Version de destination",
    ]);
    const onSave = await call(
      "/nav/listonsaverules",
      { ...body, folder: "/Forms/Revenue", formName: "Revenue Plan" },
      "fr",
    );
    expect(onSave.json().rules[0].prompts[0].description).toBe("Entité dont la prévision est initialisée");
    const en = await call("/nav/enumprompt", body);
    expect(en.json().prompts[0].description).toBe("Version to copy from");
  });
});

describe("a text cell over 255 characters", () => {
  test("is refused with the registry's message in the caller's language, naming the first cell", async () => {
    const body = {
      folder: "/Forms/Drivers",
      formName: "Revenue Drivers",
      grid: [
        ["", "4190"],
        ["410", "x".repeat(300)],
      ],
    };
    await expectRefusal(
      "/action/submitform",
      body,
      { status: 422, code: "QB_ERR_CELL_TOO_LONG", field: "grid[1][1]" },
      {
        // The cell grid[1][1] counted from 1, as a user counts rows and columns; the setting by its name in the add-in.
        en: "The text in row 2, column 2 of the form has 300 characters; a text cell holds at most 255. Shorten it, or turn on the Submit with large cell setting to submit its first 255 characters.",
        fr: "Le texte de la ligne 2, colonne 2 du formulaire compte 300 caractères ; une cellule texte en contient au plus 255. Raccourcissez-le, ou activez le paramètre « Soumission des cellules longues » pour n'en soumettre que les 255 premiers.",
      },
    );
  });
});

describe("a POV the form refuses", () => {
  /** Opens the Revenue Plan form with `pov`: refused on the POV's field, in English then in `french`. */
  const expectRefused = (pov: Record<string, string>, french: string, message: { en: string; fr: string }) =>
    expectRefusal(
      "/nav/openform",
      { folder: "/Forms/Revenue", formName: "Revenue Plan", pov },
      { status: 400, code: "QB_ERR_VALIDATION", field: `pov.${Object.keys(pov)[0]}` },
      message,
      french,
    );

  test("a member the form fixes: the registry's message in the caller's language, not the engine's English", () =>
    expectRefused({ Scenario: "Actual" }, "fr-FR", {
      en: 'The form "Revenue Plan" fixes Scenario to "Plan".',
      fr: "Le formulaire «\u00a0Revenue Plan\u00a0» fixe Scenario à «\u00a0Plan\u00a0».",
    }));

  test("a member the form does not offer on its page menu, in both languages", () =>
    expectRefused({ Entity: "Total Entity" }, "fr", {
      en: 'The form "Revenue Plan" does not offer "Total Entity" for Entity.',
      fr: "Le formulaire «\u00a0Revenue Plan\u00a0» ne propose pas «\u00a0Total Entity\u00a0» pour Entity.",
    }));

  test("a name that is no dimension, in both languages", () =>
    expectRefused({ Market: "East" }, "fr", {
      en: '"Market" is not a dimension.',
      fr: "«\u00a0Market\u00a0» n'est pas une dimension.",
    }));
});
