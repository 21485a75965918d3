import {
  COOKIE_PATH,
  ESSBASE_JAPI,
  ESSBASE_REST_BASE,
  SESSION_COOKIE,
  type UserSession,
} from "@qibates/protocols/essbase-rest";
import { limitAddress } from "@qibates/protocols/ip";
import { CallContext, type Connector } from "@qibates/provider";
import type { FastifyInstance } from "fastify";
import { basicCredentials } from "../basic-auth.ts";
import { basicLogin, type LoginThrottle } from "../login-throttle.ts";
import type { WireEndpointOptions } from "../options.ts";
import { heldFor, requestCall } from "../request-call.ts";
import type { EssbaseContext } from "./context.ts";
import { sendError } from "./errors.ts";
import { JSON_TYPE } from "./request.ts";
import type { WireSession } from "./sessions.ts";

declare module "fastify" {
  interface FastifyRequest {
    essbaseSession: WireSession | null;
  }
}

/** What the auth plugin needs besides the shared context. */
export interface EssbaseAuthOptions extends Pick<WireEndpointOptions, "callOf"> {
  ctx: EssbaseContext;
  throttle: LoginThrottle;
  connector: Connector;
  /** Who a user's writes are journaled under. */
  owner: (username: string) => string;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  // `;` between cookies, and `,` as RFC 2965 clients write several (`$Version=1;JSESSIONID=a,$Version=1;…`).
  for (const part of (header ?? "").split(/[;,]/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Essbase's authentication as a Fastify plugin: every call but `GET /about` needs a session, the
 * `JSESSIONID` cookie's or a new one from HTTP Basic (counted by the login throttle), answered with the cookie
 * (path `/essbase`); `GET /session` says whose it is, `DELETE /session` ends it. It is called on the REST scope
 * itself rather than registered as a child, so that its hook covers the routes registered beside it.
 */
export async function essbaseAuth(scope: FastifyInstance, options: EssbaseAuthOptions): Promise<void> {
  const { ctx, throttle, connector, owner } = options;
  const { provider, sessions } = ctx;
  scope.decorateRequest("essbaseSession", null);

  scope.addHook("onRequest", async (request, reply) => {
    if (request.method === "GET" && request.url.split("?")[0] === `${ESSBASE_REST_BASE}/about`) return;
    const found = sessions.find(cookieValue(request.headers.cookie, SESSION_COOKIE));
    if (found) {
      // The request's own view of the session: its calls to the provider carry the request's context.
      request.essbaseSession = heldFor(found, options, request);
      // The session does not idle out while the call runs; its idle time starts again when it is answered.
      sessions.requestRunsUntilAnswered(found, reply.raw);
      return;
    }
    const providerAddress = `${request.protocol}://${request.headers.host ?? "localhost"}${ESSBASE_JAPI}`;
    const username = await basicLogin(
      throttle,
      provider,
      connector,
      request,
      new URL(providerAddress),
      requestCall(options, request),
    );
    if (username === null) {
      reply.header("www-authenticate", 'Basic realm="Essbase"');
      const sent = basicCredentials(request.headers.authorization) !== null;
      return sendError(reply, 401, sent ? "Invalid user name or password." : "Authentication required.");
    }
    const name = username;
    const session = sessions.create(name, request.ip, (id) => ({
      id,
      ownerId: owner(name),
      connector,
      username: name,
      providerAddress,
      aliasTable: null,
      visitor: limitAddress(request.ip),
      call: CallContext.unbounded(),
    }));
    const secure = request.protocol === "https" ? "; Secure" : "";
    // SameSite=Strict: the session is a REST client's, never a browser page's on another site.
    reply.header(
      "set-cookie",
      `${SESSION_COOKIE}=${session.id}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict${secure}`,
    );
    request.essbaseSession = heldFor(session, options, request);
    sessions.requestRunsUntilAnswered(session, reply.raw);
  });

  scope.get("/session", async (request, reply) => {
    const s = ctx.sessionOf(request);
    // Essbase's service roles as its REST API spells them: `service_administrator` or `user`.
    const role = ctx.isAdministrator(s) ? "service_administrator" : "user";
    const user: UserSession = { id: s.username, name: s.username, role, groups: [] };
    return reply.type(JSON_TYPE).send(user);
  });

  scope.delete("/session", async (request, reply) => {
    const s = ctx.sessionOf(request);
    await ctx.endSession(s);
    reply.header(
      "set-cookie",
      `${SESSION_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Strict`,
    );
    return reply.code(200).send();
  });
}
