import { type Answer, callerKey, type Handlers, operationOwner } from "../api.ts";
import { ApiError } from "../api-error.ts";
import { operationError, retryAfterSeconds } from "../long-operations.ts";
import { requestLocale } from "../request-locale.ts";

export const operationHandlers = {
  /** A call answered 202: running, or ended with its result or its error (long-operations.ts). */
  getOperation: async (ctx) => {
    const operationId = ctx.params.operationId ?? "";
    const lost = () =>
      operationError(new ApiError("QB_ERR_OPERATION_LOST"), requestLocale(ctx.request), ctx.request.id);
    const found = await ctx.services.operations.read(
      operationOwner(callerKey(ctx), ctx.request),
      operationId,
      lost,
    );
    // Another key's operation, or another visitor's of the public demo key, is answered as one that does not
    // exist: ids are not confirmed to strangers.
    if (!found) throw new ApiError("QB_ERR_OPERATION_UNKNOWN", { operationId }, "operationId");
    if (found.status === "running") {
      ctx.reply.header("retry-after", String(retryAfterSeconds(new Date(found.createdAt))));
    }
    return found as Answer<"getOperation">;
  },
} satisfies Partial<Handlers>;
