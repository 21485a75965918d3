import type { FastifyInstance } from "fastify";
import type { EssbaseContext } from "./context.ts";
import { mergePreferences } from "./preferences.ts";
import { JSON_TYPE } from "./request.ts";

/** `GET/PUT /preferences/grid`: the session's grid preferences. */
export function registerPreferenceRoutes(scope: FastifyInstance, ctx: EssbaseContext): void {
  scope.get("/preferences/grid", async (request, reply) =>
    reply.type(JSON_TYPE).send(ctx.sessionOf(request).preferences),
  );

  scope.put("/preferences/grid", async (request, reply) => {
    const s = ctx.sessionOf(request);
    s.preferences = mergePreferences(s.preferences, request.body);
    return reply.code(200).send();
  });
}
