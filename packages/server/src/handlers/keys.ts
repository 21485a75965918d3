import type { Handlers } from "../api.ts";
import { ApiError } from "../api-error.ts";

export const keyHandlers: Handlers = {
  listKeys: async (ctx) => {
    if (!ctx.key) throw new ApiError("QB_ERR_AUTH_KEY_MISSING", {}, "qibateskey");
    const keys = await ctx.services.keys.list(ctx.key.owner);
    return { keys };
  },

  deleteKey: async (ctx) => {
    if (!ctx.key) throw new ApiError("QB_ERR_AUTH_KEY_MISSING", {}, "qibateskey");
    const name = ctx.params.keyname ?? "";
    const deleted = await ctx.services.keys.delete(ctx.key.owner, name);
    if (!deleted) throw new ApiError("QB_ERR_KEY_UNKNOWN", { name }, "keyname");
    return { name, deleted: true, deletedAt: new Date().toISOString() };
  },
};
