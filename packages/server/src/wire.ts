import type { Provider } from "@qibates/provider";
import {
  accountName,
  administratorsNamed,
  essbaseRestEndpoint,
  LoginThrottle,
  PLANNING_SMARTVIEW_PATH,
  planningRestEndpoint,
  planningSmartViewEndpoint,
  redisLoginCounts,
  SMARTVIEW_21C_PATH,
  SMARTVIEW_PATH,
  SMARTVIEW_PROVIDERS_PATH,
  smartViewEndpoint,
  upstreamProvider,
  type WireEndpointName,
  type WireUpstream,
  wireNeedsMissing,
  XMLA_PATHS,
  xmlaEndpoint,
} from "@qibates/wire";
import type { FastifyInstance } from "fastify";
import { type Config, ConfigError } from "./config.ts";
import { holdWhileWorking } from "./connection-hold.ts";
import { DEMO_USERS } from "./demo.ts";
import type { Services } from "./services.ts";
import { SERVER_VERSION } from "./version.ts";
import { underWireDeadline, wireCallOf, wireDeadline } from "./wire-deadline.ts";

/**
 * The wire endpoints `QIBATES_WIRE_ENDPOINTS` lists: servers' own protocols answered over the embedded provider
 * (the demo's users and data, writes journaled as the demo's). They sit outside the API: no QiBates key, each
 * authenticates as its server does (Essbase REST: HTTP Basic, then the `JSESSIONID` cookie; Planning REST: HTTP
 * Basic on every call; XMLA: HTTP Basic on every call, with XMLA sessions in SOAP headers).
 *
 * With an upstream (`QIBATES_WIRE_UPSTREAM`, or `upstream`), the endpoints stand in front of that server instead,
 * through the connector's provider (`upstreamProvider`: the endpoint's users log in to it with their own
 * credentials); each endpoint checks that the provider has what it needs (`wireNeedsMissing`: XMLA the OLAP
 * port, Essbase REST and Smart View the Essbase operations, Planning REST the planning ones) and the start
 * stops with a `ConfigError` naming the endpoint and what is missing when it does not. Each request then has the
 * API calls' deadline, CONNECTION_TIMEOUT_SECONDS, answered in the endpoint's own format (`wire-deadline.ts`).
 *
 * Every endpoint is told who has the administrator's role (`QIBATES_WIRE_ADMINISTRATORS`, names compared as
 * `accountName` writes them) and who shares one account (the demo users, never administrators): where an
 * endpoint keeps lists of its users' work (Essbase REST sessions, jobs and files, Planning REST jobs), an
 * administrator sees and manages every user's, anyone else only their own.
 */
export async function registerWireEndpoints(
  app: FastifyInstance,
  config: Config,
  services: Services,
  upstream: WireUpstream | undefined = wireUpstreamOf(config),
) {
  if (config.wireEndpoints.length === 0) return;
  const provider = upstream
    ? underWireDeadline(upstreamOf(services, upstream))
    : services.providers.byId("embedded");
  if (!provider) throw new Error("the wire endpoints need the embedded provider");
  const refused = config.wireEndpoints.flatMap((endpoint) => {
    const missing = wireNeedsMissing(endpoint, provider);
    return missing.length > 0 && upstream
      ? [
          `QIBATES_WIRE_ENDPOINTS lists ${endpoint}, which cannot stand in front of QIBATES_WIRE_UPSTREAM (connector ${upstream.connector}): that connector lacks ${missing.map((m) => NEED_WORDS[m]).join(" and ")}`,
        ]
      : missing.length > 0
        ? [
            `the wire endpoint ${endpoint} cannot stand in front of provider ${provider.id}: it lacks ${missing.join(", ")}`,
          ]
        : [];
  });
  if (refused.length > 0) throw new ConfigError(`Invalid configuration:\n  ${refused.join("\n  ")}`);
  if (upstream) {
    app.log.info(
      `wire endpoints ${config.wireEndpoints.join(", ")}: in front of ${upstream.address.href} (connector ${upstream.connector}); users log in with their accounts on that server`,
    );
  }
  // One count of failed logins for every endpoint: another protocol is no way around it; with REDIS_URL, one
  // count for every API node too (as the API's rate limit), so that N nodes do not allow N times the attempts.
  const loginThrottle = new LoginThrottle(
    {
      perAddress: config.wireLoginFailuresPerMinute,
      perUser: config.wireLoginFailuresPerMinute * 5,
      // Credentials that logged in stay known as long as a QiBates session that sends them can stay open: idle for
      // SESSION_IDLE_MINUTES after a call that began up to CONNECTION_TIMEOUT_SECONDS before it ended. So a
      // connector's open session, whose every request to these endpoints is a login (XMLA, Planning REST), is never
      // held back by other users' failures from the server's own address.
      knownMs: (config.sessionIdleMinutes * 60 + config.connectionTimeoutSeconds) * 1000,
    },
    services.redis ? redisLoginCounts(services.redis) : undefined,
  );
  // Every endpoint's sessions end as the API's do: idle for SESSION_IDLE_MINUTES, or SESSION_MAX_HOURS after login
  // (plus CONNECTION_TIMEOUT_SECONDS, so that an API session reaching an endpoint through a connector, whose endpoint
  // session starts at its login, always ends first).
  const sessionBounds = {
    idleMinutes: config.sessionIdleMinutes,
    maxSessionSeconds: config.sessionMaxHours * 3600 + config.connectionTimeoutSeconds,
  };
  // Every endpoint: who has the administrator's role (`QIBATES_WIRE_ADMINISTRATORS`), and the shared demo
  // users, who never have it, whatever the setting names.
  // In front of another server, each user name is that server's account: none is the demo's shared one.
  const roles = {
    administrator: administratorsNamed(config.wireAdministrators),
    ...(upstream ? {} : { sharedUser: isDemoUser }),
  };
  // In front of a server, each request's calls carry its context (its deadline and signal, `wire-deadline.ts`),
  // which the endpoints hand to the provider with the sessions they hold.
  const requestCalls = upstream ? { callOf: wireCallOf } : {};
  // In front of a server, each endpoint's routes under the call deadline; over the embedded engine nothing waits
  // for another server, and a request's connection is held while the engine works on it: never closed for
  // silence before its answer, however long a busy machine takes.
  const mount = (endpoint: WireEndpointName, register: (scope: FastifyInstance) => PromiseLike<unknown>) =>
    app.register(async (scope) => {
      if (upstream) wireDeadline(scope, endpoint, config.connectionTimeoutSeconds);
      else holdWhileWorking(scope, config.connectionTimeoutSeconds * 1000);
      await register(scope);
    });
  const demoNamed = config.wireAdministrators.filter((name) => isDemoUser(accountName(name)));
  if (demoNamed.length > 0) {
    app.log.warn(
      { names: demoNamed },
      "QIBATES_WIRE_ADMINISTRATORS names a demo user: a shared account never has the administrator's role",
    );
  }
  if (config.wireEndpoints.includes("essbase-rest")) {
    await mount("essbase-rest", (scope) =>
      scope.register(essbaseRestEndpoint, {
        provider,
        ...requestCalls,
        loginThrottle,
        connector: "essbase-stndln",
        ...sessionBounds,
        maxSessionsPerNetwork: config.wireSessionsPerNetwork,
        maxCells: config.maxGridCells,
        files: {
          maxTotalBytes: config.wireFilesTotalMb * 1024 * 1024,
          maxVisitorBytes: config.wireFilesPerVisitorMb * 1024 * 1024,
        },
        ...roles,
        about: {
          name: "QiBates",
          version: SERVER_VERSION,
          ...(upstream
            ? {
                description: `Essbase 21c REST API (a subset) answered by QiBates in front of a server reached with ${upstream.connector}`,
              }
            : {}),
        },
      }),
    );
    app.log.info(
      "wire endpoint essbase-rest: Essbase REST API at /essbase/rest/v1 (login address /essbase/japi)",
    );
  }
  if (config.wireEndpoints.includes("planning-rest")) {
    await mount("planning-rest", (scope) =>
      scope.register(planningRestEndpoint, {
        provider,
        ...requestCalls,
        connector: "pbcs",
        loginThrottle,
        ...roles,
        // Basic on every call: no session to bound, only the caller's view of the demo data, which idles out.
        idleMinutes: config.sessionIdleMinutes,
        maxCells: config.maxGridCells,
      }),
    );
    app.log.info(
      "wire endpoint planning-rest: Planning REST API at /HyperionPlanning/rest/v3 (login address /HyperionPlanning/SmartView)",
    );
  }
  if (config.wireEndpoints.includes("xmla")) {
    await mount("xmla", (scope) =>
      scope.register(xmlaEndpoint, {
        provider,
        ...requestCalls,
        loginThrottle,
        connector: "ssas",
        ...roles,
        ...sessionBounds,
        maxSessionsPerNetwork: config.wireSessionsPerNetwork,
        maxCells: config.maxGridCells,
        scheduler: services.scheduler,
        about: { name: "QiBates", version: SERVER_VERSION },
      }),
    );
    app.log.info(
      `wire endpoint xmla: XML for Analysis at ${XMLA_PATHS.join(", ")} (login address /aps/JAPI)`,
    );
  }
  if (config.wireEndpoints.includes("smartview")) {
    await mount("smartview", (scope) =>
      scope.register(smartViewEndpoint, {
        provider,
        ...requestCalls,
        loginThrottle,
        connector: "essbase",
        ...roles,
        ...sessionBounds,
        maxSessionsPerNetwork: config.wireSessionsPerNetwork,
        maxCells: config.maxGridCells,
        about: { name: "QiBates", version: SERVER_VERSION },
      }),
    );
    app.log.info(
      `wire endpoint smartview: Smart View XML provider (Essbase 11.x APS) at ${SMARTVIEW_PATH} (login address /aps/JAPI), and at Essbase 21c's ${SMARTVIEW_21C_PATH}`,
    );
    // Planning's Smart View provider beside it, over a provider of the planning family: the embedded engine
    // (Vision); an upstream of the Essbase family has none, and its endpoint serves Essbase's alone.
    if (provider.planning) {
      await mount("smartview", (scope) =>
        scope.register(planningSmartViewEndpoint, {
          provider,
          ...requestCalls,
          loginThrottle,
          connector: "planning",
          ...roles,
          ...sessionBounds,
          maxSessionsPerNetwork: config.wireSessionsPerNetwork,
          about: { name: "QiBates", version: SERVER_VERSION },
        }),
      );
      app.log.info(
        `wire endpoint smartview: Smart View XML provider (Planning on premises) at ${PLANNING_SMARTVIEW_PATH}, single sign-on at ${SMARTVIEW_PROVIDERS_PATH}`,
      );
    }
  }
}

/** What each of `WIRE_NEEDS` is, in the words of a start refusal. */
const NEED_WORDS: Record<string, string> = {
  essbase: "the Essbase operations (outline, grids, calculations)",
  planning: "the Planning operations (forms, rules)",
  olap: "the OLAP port (the cube's outline and cells as MDX reads them)",
};

/** The server `QIBATES_WIRE_UPSTREAM` names, as the endpoints take it (none: the embedded engine). */
export function wireUpstreamOf(config: Pick<Config, "wireUpstream">): WireUpstream | undefined {
  const u = config.wireUpstream;
  return u ? { connector: u.connector, address: new URL(u.providerAddress) } : undefined;
}

/** The public demo users: one account shared by every visitor, so what they start is scoped to the client. */
function isDemoUser(username: string): boolean {
  return DEMO_USERS.some((u) => u.username.toLowerCase() === username.toLowerCase());
}

/** The provider of `upstream`'s connector at its address, seen by the endpoints as the embedded one is. */
function upstreamOf(services: Services, upstream: WireUpstream): Provider {
  const remote = services.providers.forLogin({ kind: "remote", url: upstream.address }, upstream.connector);
  if (!remote) throw new Error(`no provider reaches ${upstream.connector} at ${upstream.address.href}`);
  return upstreamProvider(remote, upstream);
}
