import type { components } from "@qibates/client/schema";
import type { ApplicationRef, Capability, PlanningOperations } from "@qibates/provider";
import { gridExtent, gridRows } from "@qibates/provider";
import type { CallContext, Handlers, OperationId } from "../api.ts";
import { ApiError } from "../api-error.ts";
import { checkCells, checkGridSize, saveCells } from "../grid-size.ts";
import { requestGrid } from "../json-parser.ts";
import { longCall } from "../long-operations.ts";
import { fromProvider } from "../provider-errors.ts";
import { requestLocale } from "../request-locale.ts";
import { requireCapability, type SessionProvider, sessionProvider } from "../session-provider.ts";
import { REQUIRED } from "../validation-reasons.ts";

type PlanningCall<Id extends OperationId> = CallContext<Id> & {
  body: { loginid: string; server: string; application: string };
};

/** The session's provider for a planning call, once the connector is known to have `capability`. */
async function planning<Id extends OperationId>(
  ctx: PlanningCall<Id>,
  capability: Capability,
  operation: string,
): Promise<{ sp: SessionProvider; ops: PlanningOperations; app: ApplicationRef }> {
  const sp = await sessionProvider(ctx);
  requireCapability(ctx.services.connectors, sp.record.connector, capability, operation);
  if (!sp.provider.planning) {
    throw new ApiError("QB_ERR_OPERATION_UNSUPPORTED", { operation, connector: sp.record.connector }, null);
  }
  return {
    sp,
    ops: sp.provider.planning,
    app: { server: ctx.body.server, application: ctx.body.application },
  };
}

/**
 * The first non-empty value among the accepted spellings of a field (the API takes `formName` and the older
 * `formname`, `form`; `taskListID` and `tasklistID`), or the validation error naming the canonical one.
 */
function required(body: object, ...names: string[]): string {
  for (const n of names) {
    const v = (body as Record<string, unknown>)[n];
    if (typeof v === "string" && v !== "") return v;
  }
  const field = names[0] ?? "body";
  throw new ApiError("QB_ERR_VALIDATION", { field, reason: REQUIRED }, field);
}

/**
 * An opened form within MAX_GRID_CELLS, each of its sheets counted as an ad hoc answer is (its rows × its longest
 * row): a form larger than the limit is refused when it opens, as its submit would be, not opened and then refused.
 */
function checkFormSize(ctx: CallContext, form: components["schemas"]["FormResponse"]) {
  for (const grid of [form.grid, ...form.subforms.map((s) => s.grid)]) {
    checkCells(ctx, gridExtent(grid), false, null);
  }
  return form;
}

const aliasOf = (body: { aliastable?: string }) =>
  body.aliastable !== undefined ? { aliasTable: body.aliastable } : {};

export const planningHandlers = {
  listForms: async (ctx) => {
    const { sp, ops, app } = await planning(ctx, "forms", "nav/listforms");
    return fromProvider(ops.listForms(sp.session, app, required(ctx.body, "folder")));
  },

  openForm: async (ctx) => {
    const b = ctx.body;
    const composite = b.type === "composite" || (b.subforms?.length ?? 0) > 0;
    const { sp, ops, app } = await planning(ctx, composite ? "compositeForms" : "forms", "nav/openform");
    const formName = required(b, "formName", "formname");
    return fromProvider(
      ops
        .openForm(sp.session, app, {
          folder: b.folder,
          formName,
          ...(b.type ? { type: b.type } : {}),
          ...(b.preferences ? { preferences: b.preferences } : {}),
          ...(b.pov ? { pov: b.pov } : {}),
          ...(b.subforms
            ? {
                subforms: b.subforms.map((s) => ({
                  folder: s.folder,
                  formName: required(s, "formName", "formname"),
                  pov: s.pov,
                })),
              }
            : {}),
        })
        .then((form) => checkFormSize(ctx, form)),
    );
  },

  submitForm: async (ctx) => {
    const b = ctx.body;
    const { sp, ops, app } = await planning(ctx, "formSubmit", "action/submitform");
    if (b.grid) checkGridSize(ctx, requestGrid(ctx.request, b.grid));
    const codes = b.codes ?? b.code;
    // The changed cells, each once, never more than the grid holds (the rule of every save).
    const cells =
      Array.isArray(b.cells) && b.grid ? saveCells(requestGrid(ctx.request, b.grid), b.cells) : null;
    return fromProvider(
      longCall(
        ctx,
        ops.submitForm(sp.session, app, {
          folder: b.folder,
          formName: required(b, "formName", "formname"),
          ...(b.subform !== undefined ? { subform: b.subform } : {}),
          ...(b.type ? { type: b.type } : {}),
          ...(b.pov ? { pov: b.pov } : {}),
          // A large body's grid left as text by the parser is parsed here: the planning providers read its cells.
          grid: b.grid ? gridRows(requestGrid(ctx.request, b.grid)) : [],
          ...(cells ? { cells } : {}),
          ...(codes ? { codes } : {}),
          ...(b.preferences ? { preferences: b.preferences } : {}),
          ...(b.prompts ? { prompts: b.prompts } : {}),
          enableLargeCellSubmit: b.enableLargeCellSubmit === true,
          locale: requestLocale(ctx.request),
        }),
      ),
    );
  },

  listTasks: async (ctx) => {
    const { sp, ops, app } = await planning(ctx, "taskLists", "nav/listtasks");
    return fromProvider(ops.listTaskLists(sp.session, app));
  },

  setTaskStatus: async (ctx) => {
    const { sp, ops, app } = await planning(ctx, "taskLists", "action/taskstatus");
    const taskListID = required(ctx.body, "taskListID", "tasklistID");
    const taskID = required(ctx.body, "taskID");
    return fromProvider(
      ops.setTaskStatus(sp.session, app, { taskListID, taskID, complete: ctx.body.complete === true }),
    );
  },

  listOnSaveRules: async (ctx) => {
    const { sp, ops, app } = await planning(ctx, "businessRules", "nav/listonsaverules");
    const formName = required(ctx.body, "formName", "form", "formname");
    // The demo's prompt descriptions in the caller's language.
    const locale = requestLocale(ctx.request);
    return fromProvider(ops.listOnSaveRules(sp.session, app, { folder: ctx.body.folder, formName, locale }));
  },

  listAliases: async (ctx) => {
    const { sp, ops, app } = await planning(ctx, "planningAliasTables", "nav/listalias");
    return fromProvider(ops.listAliasTables(sp.session, app));
  },

  setAlias: async (ctx) => {
    const { sp, ops, app } = await planning(ctx, "planningAliasTables", "action/setalias");
    const table = await fromProvider(ops.setAlias(sp.session, app, required(ctx.body, "aliasId")));
    await ctx.services.sessions.update(sp.record.id, { aliasTable: table.aliasId });
    return table;
  },

  listRulePrompts: async (ctx) => {
    const { sp, ops, app } = await planning(ctx, "runtimePrompts", "nav/enumprompt");
    const { cube, ruleName, ruleType } = ctx.body;
    return fromProvider(
      ops.rulePrompts(sp.session, app, {
        cube,
        ruleName,
        ...(ruleType ? { ruleType } : {}),
        locale: requestLocale(ctx.request),
      }),
    );
  },

  launchRule: async (ctx) => {
    const { sp, ops, app } = await planning(ctx, "businessRules", "action/launchrule");
    const { cube, ruleName, ruleType } = ctx.body;
    return fromProvider(
      longCall(
        ctx,
        ops.launchRule(sp.session, app, {
          cube,
          ruleName,
          ...(ruleType ? { ruleType } : {}),
          prompts: ctx.body.prompts ?? [],
          // The demo's rules say their message in the caller's language, as the API's errors.
          locale: requestLocale(ctx.request),
        }),
      ),
    );
  },

  listMemberFilters: async (ctx) => {
    const { sp, ops, app } = await planning(ctx, "planningMemberFilters", "nav/enumfilters");
    const cube = ctx.body.cube;
    return fromProvider(
      ops.memberFilters(sp.session, app, {
        dim: ctx.body.dim,
        ...aliasOf(ctx.body),
        ...(cube !== undefined ? { cube } : {}),
      }),
    );
  },

  listMembers: async (ctx) => {
    const { sp, ops, app } = await planning(ctx, "planningMemberFilters", "nav/enummembers");
    const b = ctx.body;
    return fromProvider(
      ops.members(sp.session, app, {
        cube: b.cube,
        dim: b.dim,
        filter: b.filter,
        arg: typeof b.arg === "string" ? b.arg : null,
        ...aliasOf(b),
      }),
    );
  },

  listPromptMembers: async (ctx) => {
    const { sp, ops, app } = await planning(ctx, "runtimePrompts", "nav/enummembersrule");
    const { cube, ruleName, promptName } = ctx.body;
    return fromProvider(
      ops.promptMembers(sp.session, app, { cube, ruleName, promptName, ...aliasOf(ctx.body) }),
    );
  },
} satisfies Partial<Handlers>;
