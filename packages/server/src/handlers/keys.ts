import { callerKey, type Handlers } from "../api.ts";
import { ApiError } from "../api-error.ts";

export const keyHandlers = {
  listKeys: async (ctx) => {
    const keys = await ctx.services.keys.list(callerKey(ctx).owner);
    return { keys };
  },

  deleteKey: async (ctx) => {
    const name = ctx.params.keyname ?? "";
    const deleted = await ctx.services.keys.delete(callerKey(ctx).owner, name);
    if (!deleted) throw new ApiError("QB_ERR_KEY_UNKNOWN", { name }, "keyname");
    return { name, deleted: true, deletedAt: new Date().toISOString() };
  },
} satisfies Partial<Handlers>;
