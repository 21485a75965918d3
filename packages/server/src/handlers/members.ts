import { type VariableLevel, withSessionVariable } from "@qibates/provider";
import type { CallContext, Handlers } from "../api.ts";
import { ApiError } from "../api-error.ts";
import { fromProvider } from "../provider-errors.ts";
import { requireCapability, sessionProvider } from "../session-provider.ts";
import { essbase } from "./essbase.ts";

/**
 * Member search (`nav/search`) and substitution variables (`nav/variables`, `action/setvariable`): like every
 * Essbase-family call, the capability first, then the session's provider.
 */

/** The level a variables call names: a cube only within an application. */
function variableLevel(body: {
  server: string;
  application?: string | null;
  cube?: string | null;
}): VariableLevel {
  const application = body.application ?? null;
  const cube = body.cube ?? null;
  if (cube !== null && application === null) {
    throw new ApiError(
      "QB_ERR_VALIDATION",
      {
        field: "cube",
        reason: {
          en: "a cube is named only with its application",
          fr: "un cube ne se désigne qu'avec son application",
        },
      },
      "cube",
    );
  }
  return { server: body.server, application, cube };
}

/** The session's Essbase-family operations for a variables call, once `capability` is known. */
async function variablesProvider(
  ctx: CallContext<"listVariables" | "setVariable">,
  capability: "variables" | "variablesSet",
  operation: string,
) {
  const sp = await sessionProvider(ctx);
  requireCapability(ctx.services.connectors, sp.record.connector, capability, operation);
  if (!sp.provider.essbase) {
    throw new ApiError("QB_ERR_OPERATION_UNSUPPORTED", { operation, connector: sp.record.connector }, null);
  }
  return { session: sp.session, ops: sp.provider.essbase };
}

export const memberHandlers = {
  searchMembers: async (ctx) => {
    const { sp, ops, cube } = await essbase(ctx, "memberSearch", "nav/search");
    const a = ctx.body.action;
    return fromProvider(
      ops.searchMembers(sp.session, cube, {
        dimension: ctx.body.dimension ?? null,
        ...(ctx.body.aliastable !== undefined ? { aliasTable: ctx.body.aliastable } : {}),
        keyword: a.keyword,
        matchWholeWord: a.matchWholeWord ?? false,
        searchIn: a.searchIn ?? "BOTH",
        offset: a.offset ?? 0,
        limit: a.limit ?? 50,
      }),
    );
  },

  listVariables: async (ctx) => {
    const level = variableLevel(ctx.body);
    const { session, ops } = await variablesProvider(ctx, "variables", "nav/variables");
    return fromProvider(ops.variables(session, level));
  },

  setVariable: async (ctx) => {
    const level = variableLevel(ctx.body);
    const { session, ops } = await variablesProvider(ctx, "variablesSet", "action/setvariable");
    const set = await fromProvider(
      ops.setVariable(session, level, { name: ctx.body.name, value: ctx.body.value }),
    );
    // A variable for this session only (the demo): kept with the session, ended with it.
    if (set.session) {
      await ctx.services.sessions.update(session.id, {
        variables: withSessionVariable(session.variables, set.session),
      });
    }
    return set.variable;
  },
} satisfies Partial<Handlers>;
