import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { createVisionPlanning } from "../../demo/planning/vision-app.ts";
import type { PlanningApplication } from "./application.ts";
import type { TaskCompletion } from "./tasks.ts";

/**
 * Replays the request examples of the planning operations of openapi/qibates.yaml against the demo Vision
 * application through the thin mapping the server does, and compares with the response examples. Run times
 * (`durationMs`) and rule messages depend on the run and are not compared.
 */
type Json = Record<string, unknown>;
const doc = parse(readFileSync(new URL("../../../../openapi/qibates.yaml", import.meta.url), "utf8")) as {
  paths: Record<
    string,
    {
      post: {
        requestBody: { content: { "application/json": { examples: Record<string, { value: Json }> } } };
        responses: Record<
          string,
          { content?: { "application/json": { examples?: Record<string, { value: Json }> } } }
        >;
      };
    }
  >;
};

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

const pick = (o: object, keys: string[]): Json =>
  Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, (o as Json)[k]]));

const FORM_KEYS = ["formName", "folder", "type", "cube", "pov", "povChoices", "grid", "codes", "cellKinds"];

/** The server's mapping from a request body to the planning layer, per path. */
const CALLS: Record<string, (app: PlanningApplication, b: Json) => Json> = {
  "/nav/listforms": (app, b) => app.listForms(b.folder as string),
  "/nav/openform": (app, b) => {
    const r = app.openForm({
      folder: b.folder as string,
      formName: (b.formName ?? b.formname) as string,
      type: b.type as "regular",
      preferences: b.preferences as Json,
      pov: b.pov as Record<string, string>,
    });
    return {
      ...pick(r, FORM_KEYS),
      subforms: r.subforms.map((s) =>
        pick(s, ["folder", "formName", "pov", "povChoices", "grid", "codes", "cellKinds"]),
      ),
    };
  },
  "/action/submitform": (app, b) => {
    const r = app.submitForm({
      folder: b.folder as string,
      formName: (b.formName ?? b.formname) as string,
      pov: b.pov as Record<string, string>,
      grid: b.grid as string[][],
      codes: (b.codes ?? b.code) as string[][],
      prompts: b.prompts as never,
      enableLargeCellSubmit: b.enableLargeCellSubmit as boolean,
    });
    return {
      ...pick(r, ["formName", "submitted", "cells", "pov", "grid", "codes", "cellKinds"]),
      rules: r.rules.map((x) => ({ ...x, durationMs: 0, message: null })),
    };
  },
  "/nav/listtasks": (app) => app.listTaskLists([]),
  "/action/taskstatus": (app, b) => {
    const s: TaskCompletion = app.setTaskStatus(
      {
        taskListID: (b.taskListID ?? b.tasklistID) as string,
        taskID: b.taskID as string,
        complete: b.complete as boolean,
      },
      undefined,
      new Date("2026-11-21T09:31:27Z"),
    );
    return { ...s };
  },
  "/nav/listonsaverules": (app, b) =>
    app.listOnSaveRules(b.folder as string, (b.formName ?? b.form ?? b.formname) as string),
  "/nav/listalias": (app) => app.listAliasTables({}),
  "/action/setalias": (app, b) => ({ ...app.setAlias(b.aliasId as string) }),
  "/nav/enumprompt": (app, b) => ({
    ...app.enumPrompts(b.cube as string, b.ruleName as string, b.ruleType as string),
  }),
  "/action/launchrule": (app, b) => {
    const r = app.launchRule({
      cube: b.cube as string,
      ruleName: b.ruleName as string,
      ruleType: b.ruleType as string,
      prompts: b.prompts as never,
    });
    return { ...pick(r, ["ruleName", "status"]), durationMs: 0, message: null };
  },
  "/nav/enumfilters": (app, b) => app.enumFilters(b.dim as string, b.aliastable as string),
  "/nav/enummembers": (app, b) =>
    app.enumMembers({
      cube: b.cube as string,
      dim: b.dim as string,
      filter: b.filter as string,
      arg: b.arg as string,
      aliastable: b.aliastable as string,
    }),
  "/nav/enummembersrule": (app, b) =>
    app.enumPromptMembers({
      cube: b.cube as string,
      ruleName: b.ruleName as string,
      promptName: b.promptName as string,
      aliastable: b.aliastable as string,
    }),
};

/** Fields whose example values depend on the run, not on the data. */
function normalise(path: string, response: Json): Json {
  const r = structuredClone(response);
  if (path === "/action/submitform" || path === "/action/launchrule") {
    const rules = (r.rules as Json[] | undefined) ?? [];
    for (const x of rules) {
      x.durationMs = 0;
      x.message = null;
    }
    if (path === "/action/launchrule") {
      r.durationMs = 0;
      r.message = null;
    }
  }
  return r;
}

describe("planning examples of the API contract, on the demo Vision application", () => {
  for (const path of Object.keys(CALLS)) {
    for (const ex of examples(path)) {
      test(`${path} ${ex.name}`, () => {
        const app = createVisionPlanning();
        const call = CALLS[path] as (app: PlanningApplication, b: Json) => Json;
        expect(call(app, ex.request)).toEqual(normalise(path, ex.response));
      });
    }
  }
});
