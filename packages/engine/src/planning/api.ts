import type { PlanningApplication, PlanningSession } from "./application.ts";
import type { CellWrite, PlanningJournalStep } from "./changes.ts";
import { PlanningError } from "./errors.ts";
import type { FormPreferences } from "./forms.ts";
import type { PromptInput } from "./rules.ts";
import type { TaskCompletion } from "./tasks.ts";

/**
 * The planning calls of the API (`openapi/qibates.yaml`, tag Planning*) mapped onto a
 * {@link PlanningApplication}: takes the request body as the contract describes it (older spellings such as
 * `formname`, `form`, `code`, `tasklistID` included) and answers the response body of the contract, plus
 * what the server must persist before answering: the `journal` of a change, the user's new task status,
 * the session's new alias table. Bodies are assumed validated against the contract (types, required fields).
 */
export type PlanningOperation =
  | "/nav/listforms"
  | "/nav/openform"
  | "/action/submitform"
  | "/nav/listtasks"
  | "/action/taskstatus"
  | "/nav/listonsaverules"
  | "/nav/listalias"
  | "/action/setalias"
  | "/nav/enumprompt"
  | "/action/launchrule"
  | "/nav/enumfilters"
  | "/nav/enummembers"
  | "/nav/enummembersrule";

export const PLANNING_OPERATIONS: readonly PlanningOperation[] = [
  "/nav/listforms",
  "/nav/openform",
  "/action/submitform",
  "/nav/listtasks",
  "/action/taskstatus",
  "/nav/listonsaverules",
  "/nav/listalias",
  "/action/setalias",
  "/nav/enumprompt",
  "/action/launchrule",
  "/nav/enumfilters",
  "/nav/enummembers",
  "/nav/enummembersrule",
];

export interface PlanningCallContext {
  /** The session's planning state (alias table). */
  session?: PlanningSession;
  /** The user's stored task statuses (`nav/listtasks`, `action/taskstatus`). */
  taskStatuses?: readonly TaskCompletion[];
  /** Clock for `completedAt` (default: now). */
  now?: Date;
}

export interface PlanningCallResult {
  /** The response body (200). */
  body: Record<string, unknown>;
  /** Cells changed (`submitform`, `launchrule`), totals and texts included. */
  changes: CellWrite[];
  /** What to journal before answering (`submitform`, `launchrule`), replayed by `applyJournal`. */
  journal: PlanningJournalStep[];
  /** `taskstatus`: the user's new status row, to store. */
  taskStatus?: TaskCompletion;
  /** `setalias`: the session's new alias table, to store. */
  aliasTable?: string;
}

type Body = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

function required(body: Body, ...names: string[]): string {
  for (const n of names) {
    const v = body[n];
    if (typeof v === "string" && v !== "") return v;
  }
  throw new PlanningError("PLANNING_REQUEST_INVALID", `The request needs ${names[0]}.`, names[0] ?? null);
}

function pick(o: object, keys: readonly string[]): Body {
  const out: Body = {};
  for (const k of keys) if (k in o) out[k] = (o as Body)[k];
  return out;
}

const FORM_FIELDS = ["formName", "folder", "type", "cube", "pov", "povChoices", "grid", "codes", "cellKinds"];
const SUBFORM_FIELDS = ["folder", "formName", "pov", "povChoices", "grid", "codes", "cellKinds"];

/** Runs one planning call. Throws {@link PlanningError} (map `apiCode`/`status`/`field` to the error answer). */
export function callPlanning(
  app: PlanningApplication,
  operation: PlanningOperation,
  body: Body,
  ctx: PlanningCallContext = {},
): PlanningCallResult {
  const session = ctx.session ?? {};
  const none: CellWrite[] = [];
  switch (operation) {
    case "/nav/listforms":
      return { body: app.listForms(required(body, "folder")), changes: none, journal: [] };
    case "/nav/openform": {
      const r = app.openForm(
        {
          folder: str(body.folder),
          formName: required(body, "formName", "formname"),
          type: body.type as "regular" | "composite" | undefined,
          preferences: body.preferences as FormPreferences | undefined,
          pov: body.pov as Record<string, string> | undefined,
          subforms: Array.isArray(body.subforms)
            ? (body.subforms as Body[]).map((s) => ({
                folder: str(s.folder),
                formName: required(s, "formName", "formname"),
                pov: s.pov as Record<string, string> | undefined,
              }))
            : undefined,
        },
        session,
      );
      return {
        body: { ...pick(r, FORM_FIELDS), subforms: r.subforms.map((s) => pick(s, SUBFORM_FIELDS)) },
        changes: none,
        journal: [],
      };
    }
    case "/action/submitform": {
      const r = app.submitForm(
        {
          folder: str(body.folder),
          formName: required(body, "formName", "formname"),
          subform: str(body.subform),
          pov: body.pov as Record<string, string> | undefined,
          grid: (body.grid ?? []) as (string | number | null)[][],
          codes: (body.codes ?? body.code) as string[][] | undefined,
          prompts: body.prompts as { ruleinfo: { ruleName: string }; prompts: PromptInput[] }[] | undefined,
          enableLargeCellSubmit: body.enableLargeCellSubmit === true,
          preferences: body.preferences as FormPreferences | undefined,
        },
        session,
      );
      return {
        body: pick(r, ["formName", "submitted", "cells", "rules", "pov", "grid", "codes", "cellKinds"]),
        changes: r.changes,
        journal: r.journal,
      };
    }
    case "/nav/listtasks":
      return { body: app.listTaskLists(ctx.taskStatuses ?? []), changes: none, journal: [] };
    case "/action/taskstatus": {
      const taskListID = required(body, "taskListID", "tasklistID");
      const taskID = required(body, "taskID");
      const current = (ctx.taskStatuses ?? []).find(
        (s) =>
          s.taskListID.toLowerCase() === taskListID.toLowerCase() &&
          s.taskID.toLowerCase() === taskID.toLowerCase(),
      );
      const status = app.setTaskStatus(
        { taskListID, taskID, complete: body.complete === true },
        current,
        ctx.now,
      );
      return { body: { ...status }, changes: none, journal: [], taskStatus: status };
    }
    case "/nav/listonsaverules":
      return {
        body: app.listOnSaveRules(str(body.folder), required(body, "formName", "form", "formname")),
        changes: none,
        journal: [],
      };
    case "/nav/listalias":
      return { body: app.listAliasTables(session), changes: none, journal: [] };
    case "/action/setalias": {
      const t = app.setAlias(required(body, "aliasId"));
      return { body: { ...t }, changes: none, journal: [], aliasTable: t.aliasId };
    }
    case "/nav/enumprompt":
      return {
        body: { ...app.enumPrompts(required(body, "cube"), required(body, "ruleName"), str(body.ruleType)) },
        changes: none,
        journal: [],
      };
    case "/action/launchrule": {
      const r = app.launchRule({
        cube: required(body, "cube"),
        ruleName: required(body, "ruleName"),
        ruleType: str(body.ruleType),
        prompts: (body.prompts ?? []) as PromptInput[],
      });
      return {
        body: pick(r, ["ruleName", "status", "durationMs", "message"]),
        changes: r.changes,
        journal: r.journal,
      };
    }
    case "/nav/enumfilters":
      return {
        body: app.enumFilters(
          required(body, "dim"),
          str(body.aliastable) ?? session.aliasTable,
          str(body.cube),
        ),
        changes: none,
        journal: [],
      };
    case "/nav/enummembers":
      return {
        body: app.enumMembers({
          cube: str(body.cube),
          dim: required(body, "dim"),
          filter: required(body, "filter"),
          arg: str(body.arg) ?? null,
          aliastable: str(body.aliastable) ?? session.aliasTable,
        }),
        changes: none,
        journal: [],
      };
    case "/nav/enummembersrule":
      return {
        body: app.enumPromptMembers({
          cube: required(body, "cube"),
          ruleName: required(body, "ruleName"),
          promptName: required(body, "promptName"),
          aliastable: str(body.aliastable) ?? session.aliasTable,
        }),
        changes: none,
        journal: [],
      };
    default:
      throw new Error(`Not a planning operation: ${String(operation)}`);
  }
}
