import { limitAddress } from "@qibates/protocols/ip";
import { BASIC_CHALLENGE, PlanningRequestError } from "@qibates/protocols/planning-rest";
import { type Connector, type Provider, ProviderError, type ProviderSession } from "@qibates/provider";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { basicCredentials } from "../basic-auth.ts";
import { restErrorHandler } from "../error-answers.ts";
import type { CallerSessions } from "../live-sessions.ts";
import type { LoginThrottle } from "../login-throttle.ts";
import type { WireEndpointOptions } from "../options.ts";
import { loginCall, requestCall } from "../request-call.ts";
import { type Caller, HttpError } from "./context.ts";

/** How one API answers an error: its JSON error body with the HTTP status. */
export type SendError = (reply: FastifyReply, status: number, message: string) => FastifyReply;

/** What the auth plugin needs: the provider checking credentials, and how callers' sessions are named. */
export interface PlanningAuth extends Pick<WireEndpointOptions, "callOf"> {
  provider: Provider;
  connector: Connector;
  throttle: LoginThrottle;
  callers: CallerSessions;
  /** Who the caller's changes are journaled under, from the user name. */
  owner: (username: string) => string;
}

/**
 * One REST API of the server under its prefix: HTTP Basic on every call (no session), failed logins limited
 * per address and user name (a 429 past them), errors — unknown paths included — in that API's JSON error
 * body. `routes` registers the API's resources; `rootServed` false answers the prefix's root 404 too.
 */
export function planningApi(
  app: FastifyInstance,
  auth: PlanningAuth,
  o: { prefix: string; sendError: SendError; routes: (scope: FastifyInstance) => void; rootServed: boolean },
) {
  const { sendError } = o;
  return app.register(
    async (scope) => {
      scope.decorateRequest("planningCaller", null);

      scope.setErrorHandler(
        restErrorHandler({
          label: "planning-rest",
          own: (error) =>
            error instanceof HttpError
              ? { status: error.status, message: error.message }
              : error instanceof PlanningRequestError
                ? { status: 400, message: error.message }
                : null,
          send: sendError,
        }),
      );
      const notServed = (request: FastifyRequest, reply: FastifyReply) =>
        sendError(reply, 404, `No resource at ${request.method} ${request.url.split("?")[0] ?? ""}.`);
      scope.setNotFoundHandler(notServed);

      scope.addHook("onRequest", async (request, reply) => {
        const basic = basicCredentials(request.headers.authorization);
        const refused = Symbol("refused");
        const caller = basic
          ? await auth.throttle
              .attempt(
                request.ip,
                basic.username,
                async () => (await authenticate(auth, request, basic)) ?? Promise.reject(refused),
                (e) => e === refused,
                basic.password,
              )
              .catch((e: unknown) => {
                if (e === refused) return null;
                throw e;
              })
          : null;
        if (!caller) {
          reply.header("www-authenticate", BASIC_CHALLENGE);
          return sendError(reply, 401, basic ? "Invalid user name or password." : "Authentication required.");
        }
        request.planningCaller = caller;
        auth.callers.runsUntilAnswered(caller.session.id, reply.raw);
      });

      o.routes(scope);
      // Every other path under the prefix, as a route: with the documentation site served, its catch-all
      // route would otherwise answer its HTML page before any not-found handler runs.
      scope.all("/*", notServed);
      if (!o.rootServed) scope.all("/", notServed);
    },
    { prefix: o.prefix },
  );
}

/**
 * The user names a Basic user name may be: as sent, else what follows `identitydomain.` (EPM Cloud's
 * `identitydomain.user`).
 */
export function identityDomainNames(username: string): string[] {
  const dot = username.indexOf(".");
  return dot > 0 ? [username, username.slice(dot + 1)] : [username];
}

/** Checks the credentials with the provider, each name {@link identityDomainNames} gives in turn. */
async function authenticate(
  auth: PlanningAuth,
  request: FastifyRequest,
  basic: { username: string; password: string },
): Promise<Caller | null> {
  const providerAddress = `${request.protocol}://${request.headers.host ?? "localhost"}/HyperionPlanning/SmartView`;
  for (const name of identityDomainNames(basic.username)) {
    try {
      const { username } = await auth.provider.login({
        call: loginCall(auth, request),
        connector: auth.connector,
        username: name,
        password: basic.password,
        address: new URL(providerAddress),
      });
      const session: ProviderSession = {
        id: auth.callers.id(username, request.ip),
        ownerId: auth.owner(username),
        connector: auth.connector,
        username,
        providerAddress,
        aliasTable: null,
        visitor: limitAddress(request.ip),
        call: requestCall(auth, request),
      };
      return { username, session };
    } catch (e) {
      if (!(e instanceof ProviderError && e.code === "LOGIN_FAILED")) throw e;
    }
  }
  return null;
}
