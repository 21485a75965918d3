import { callerKey, type Handlers } from "../api.ts";
import { ApiError } from "../api-error.ts";
import { DEMO_KEY_NAME, DEMO_OWNER } from "../demo.ts";
import { endProviderSessions } from "./admin.ts";

export const keyHandlers = {
  listKeys: async (ctx) => {
    const keys = await ctx.services.keys.list(callerKey(ctx).owner);
    return { keys };
  },

  deleteKey: async (ctx) => {
    const name = ctx.params.keyname ?? "";
    const owner = callerKey(ctx).owner;
    // The demo key is published on /health for everyone: deleting it would break the demo for all.
    if (
      owner.issuer === DEMO_OWNER.issuer &&
      owner.subject === DEMO_OWNER.subject &&
      name === DEMO_KEY_NAME
    ) {
      throw new ApiError("QB_ERR_KEY_PROTECTED", { name }, "keyname");
    }
    const deleted = await ctx.services.keys.delete(owner, name);
    if (!deleted) throw new ApiError("QB_ERR_KEY_UNKNOWN", { name }, "keyname");
    // The sessions the key opened end with it, whichever of the owner's keys would use them next.
    await endProviderSessions(ctx.services, await ctx.services.sessions.endKey(deleted.id), ctx.call);
    return { name, deleted: true, deletedAt: deleted.retiredAt };
  },
} satisfies Partial<Handlers>;
