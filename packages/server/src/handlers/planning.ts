import { callPlanning, PlanningError, type PlanningOperation, type TaskCompletion } from "@qibates/engine";
import type { CallContext, Handler, Handlers } from "../api.ts";
import { ApiError } from "../api-error.ts";
import { findApplication } from "../backend.ts";
import { type ErrorCode, isErrorCode } from "../error-codes.ts";
import { requireSession } from "./session.ts";

const PREFERENCE_ALIAS = "aliasTable";

async function taskStatuses(ctx: CallContext, owner: string, application: string): Promise<TaskCompletion[]> {
  const rows = await ctx.services.db.query<{
    task_list: string;
    task: string;
    complete: boolean;
    completed_at: string | null;
  }>(
    "select task_list, task, complete, completed_at from task_status where owner = $1 and application = $2",
    [owner, application],
  );
  return rows.map((r) => ({
    taskListID: r.task_list,
    taskID: r.task,
    complete: r.complete,
    completedAt: r.completed_at,
  }));
}

async function storedAliasTable(
  ctx: CallContext,
  owner: string,
  application: string,
): Promise<string | null> {
  const rows = await ctx.services.db.query<{ value: string }>(
    "select value from user_preferences where owner = $1 and application = $2 and name = $3",
    [owner, application, PREFERENCE_ALIAS],
  );
  return rows[0]?.value ?? null;
}

function planningError(e: unknown): never {
  if (e instanceof PlanningError) {
    const code: ErrorCode = isErrorCode(e.apiCode) ? e.apiCode : "QB_ERR_VALIDATION";
    throw new ApiError(code, e.message, e.field, e.status);
  }
  throw e;
}

/**
 * One planning call on the demo Vision application: reads the user's stored state (task status, alias
 * table), runs the engine's call, and stores what it changed — cells in the journal, task status and alias
 * preference in their tables — before answering.
 */
function planningCall(operation: PlanningOperation): Handler {
  return async (ctx) => {
    const session = await requireSession(ctx);
    const application = findApplication("planning", ctx.body.server, ctx.body.application).name;
    const demo = ctx.services.embedded.planning;
    const owner = session.ownerId;
    const aliasTable = session.aliasTable ?? (await storedAliasTable(ctx, owner, application)) ?? "Default";
    const context = {
      session: { aliasTable },
      ...(operation === "/nav/listtasks" || operation === "/action/taskstatus"
        ? { taskStatuses: await taskStatuses(ctx, owner, application) }
        : {}),
    };
    if (operation === "/action/submitform" || operation === "/action/launchrule") {
      const result = await demo
        .mutate(owner, () => {
          const r = callPlanning(demo.app, operation, ctx.body, context);
          const changed = r.changes.length > 0;
          if (changed) demo.changed();
          // The journal holds what the user did (entered cells, rules with their prompts), not every cell
          // a rule changed: replaying it from the same state gives the same data.
          return { result: r, entry: changed ? { kind: "planning", payload: { steps: r.journal } } : null };
        })
        .catch(planningError);
      return result.body;
    }
    let r: ReturnType<typeof callPlanning>;
    try {
      r = callPlanning(demo.app, operation, ctx.body, context);
    } catch (e) {
      planningError(e);
    }
    if (r.taskStatus) {
      const t = r.taskStatus;
      await ctx.services.db.query(
        `insert into task_status (owner, application, task_list, task, complete, completed_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, now())
         on conflict (owner, application, task_list, task)
         do update set complete = excluded.complete, completed_at = excluded.completed_at, updated_at = now()`,
        [owner, application, t.taskListID, t.taskID, t.complete, t.completedAt],
      );
    }
    if (r.aliasTable) {
      await ctx.services.db.query(
        `insert into user_preferences (owner, application, name, value, updated_at) values ($1, $2, $3, $4, now())
         on conflict (owner, application, name) do update set value = excluded.value, updated_at = now()`,
        [owner, application, PREFERENCE_ALIAS, r.aliasTable],
      );
      await ctx.services.sessions.update(session.id, { aliasTable: r.aliasTable });
    }
    return r.body;
  };
}

export const planningHandlers: Handlers = {
  listForms: planningCall("/nav/listforms"),
  openForm: planningCall("/nav/openform"),
  submitForm: planningCall("/action/submitform"),
  listTasks: planningCall("/nav/listtasks"),
  setTaskStatus: planningCall("/action/taskstatus"),
  listOnSaveRules: planningCall("/nav/listonsaverules"),
  listAliases: planningCall("/nav/listalias"),
  setAlias: planningCall("/action/setalias"),
  listRulePrompts: planningCall("/nav/enumprompt"),
  launchRule: planningCall("/action/launchrule"),
  listMemberFilters: planningCall("/nav/enumfilters"),
  listMembers: planningCall("/nav/enummembers"),
  listPromptMembers: planningCall("/nav/enummembersrule"),
};
