import type { SessionAttributes } from "@qibates/protocols/essbase-rest";
import type { FastifyInstance } from "fastify";
import type { EssbaseContext } from "./context.ts";
import { badRequest } from "./errors.ts";
import { JSON_TYPE } from "./request.ts";
import type { WireSession } from "./sessions.ts";

function matches(s: WireSession, application: string | undefined, database: string | undefined): boolean {
  const c = s.connected?.ref;
  if (application && application !== "" && c?.application.toLowerCase() !== application.toLowerCase()) {
    return false;
  }
  if (database && database !== "" && c?.cube.toLowerCase() !== database.toLowerCase()) return false;
  return true;
}

/** `SessionAttributes`: times in seconds as strings, as MaxL's `display session` counts them (elapsed). */
function sessionAttributes(s: WireSession, now: number): SessionAttributes {
  const out: SessionAttributes = {
    userId: s.username,
    sessionId: String(s.number),
    loginTimeInSeconds: String(Math.floor((now - s.loginTime) / 1000)),
    connectionSource: s.source,
  };
  if (s.connected) {
    out.application = s.connected.ref.application;
    out.database = s.connected.ref.cube;
    out.dbConnectTimeInSeconds = String(Math.floor((now - s.connected.since) / 1000));
  }
  return out;
}

/**
 * `GET /sessions`, `DELETE /sessions/{id}` and `DELETE /sessions`: the caller's own sessions only (another
 * user's are not shown to a user, and a shared account's only to the client address that opened them:
 * `ownerKey`; the session numbers are not the cookies, which never leave the session they belong to). An
 * administrator lists and ends every user's (`ctx.visibleTo`), as Essbase's service administrator does.
 */
export function registerSessionRoutes(scope: FastifyInstance, ctx: EssbaseContext): void {
  const { sessions } = ctx;

  scope.get("/sessions", async (request, reply) => {
    const s = ctx.sessionOf(request);
    const q = request.query as Record<string, string | undefined>;
    const now = Date.now();
    const owner = ctx.visibleTo(s);
    const items = [...sessions.live()]
      .filter((x) => owner === null || ctx.ownerOf(x) === owner)
      .filter((x) => q.userId === undefined || q.userId === "" || x.username === q.userId)
      .filter((x) => matches(x, q.application, q.database))
      .sort((a, b) => a.number - b.number)
      .map((x) => sessionAttributes(x, now));
    return reply.type(JSON_TYPE).send(items);
  });

  scope.delete("/sessions/:sessionId", async (request, reply) => {
    const s = ctx.sessionOf(request);
    const id = (request.params as { sessionId: string }).sessionId;
    const owner = ctx.visibleTo(s);
    const target = [...sessions.live()].find(
      (x) => String(x.number) === id && (owner === null || ctx.ownerOf(x) === owner),
    );
    if (!target) throw badRequest(`Session ${id} does not exist.`);
    await ctx.endSession(target);
    return reply.code(200).send();
  });

  scope.delete("/sessions", async (request, reply) => {
    const s = ctx.sessionOf(request);
    const q = request.query as Record<string, string | undefined>;
    const owner = ctx.visibleTo(s);
    const user = q.userId === undefined || q.userId === "" ? null : q.userId;
    if (user !== null && user !== s.username && owner !== null) {
      throw badRequest(`User ${q.userId} has no session this user may end.`);
    }
    const ending = [...sessions.live()].filter(
      (x) =>
        (owner === null || ctx.ownerOf(x) === owner) &&
        (user === null || x.username === user) &&
        matches(x, q.application, q.database),
    );
    for (const x of ending) await ctx.endSession(x);
    return reply.code(200).send();
  });
}
