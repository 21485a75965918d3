import type { Provider } from "@qibates/provider";
import {
  accountName,
  administratorsNamed,
  essbaseRestEndpoint,
  LoginThrottle,
  PLANNING_SMARTVIEW_PATH,
  planningRestEndpoint,
  planningSmartViewEndpoint,
  SMARTVIEW_21C_PATH,
  SMARTVIEW_PATH,
  SMARTVIEW_PROVIDERS_PATH,
  smartViewEndpoint,
  upstreamProvider,
  type WireUpstream,
  wireNeedsMissing,
  XMLA_PATHS,
  xmlaEndpoint,
} from "@qibates/wire";
import type { FastifyInstance } from "fastify";
import type { Config } from "./config.ts";
import { DEMO_USERS } from "./demo.ts";
import type { Services } from "./services.ts";
import { SERVER_VERSION } from "./version.ts";

/**
 * The wire endpoints `QIBATES_WIRE_ENDPOINTS` lists: servers' own protocols answered over the embedded provider
 * (the demo's users and data, writes journaled as the demo's). They sit outside the API: no QiBates key, each
 * authenticates as its server does (Essbase REST: HTTP Basic, then the `JSESSIONID` cookie; Planning REST: HTTP
 * Basic on every call; XMLA: HTTP Basic on every call, with XMLA sessions in SOAP headers).
 *
 * With `upstream`, the endpoints stand in front of that server instead, through the connector's provider
 * (`upstreamProvider`: the endpoint's users log in to it); each endpoint checks that the provider has what it
 * needs (`wireNeedsMissing`: XMLA the OLAP port, Essbase REST and Smart View the Essbase operations, Planning
 * REST the planning ones) and the start stops when it does not.
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
  upstream?: WireUpstream,
) {
  if (config.wireEndpoints.length === 0) return;
  const provider = upstream ? upstreamOf(services, upstream) : services.providers.byId("embedded");
  if (!provider) throw new Error("the wire endpoints need the embedded provider");
  for (const endpoint of config.wireEndpoints) {
    const missing = wireNeedsMissing(endpoint, provider);
    if (missing.length > 0)
      throw new Error(
        `the wire endpoint ${endpoint} cannot stand in front of provider ${provider.id}: it lacks ${missing.join(", ")}`,
      );
  }
  // One count of failed logins for every endpoint: another protocol is no way around it.
  const loginThrottle = new LoginThrottle({
    perAddress: config.wireLoginFailuresPerMinute,
    perUser: config.wireLoginFailuresPerMinute * 5,
  });
  // Every endpoint: who has the administrator's role (`QIBATES_WIRE_ADMINISTRATORS`), and the shared demo
  // users, who never have it, whatever the setting names.
  const roles = { administrator: administratorsNamed(config.wireAdministrators), sharedUser: isDemoUser };
  const demoNamed = config.wireAdministrators.filter((name) => isDemoUser(accountName(name)));
  if (demoNamed.length > 0) {
    app.log.warn(
      { names: demoNamed },
      "QIBATES_WIRE_ADMINISTRATORS names a demo user: a shared account never has the administrator's role",
    );
  }
  if (config.wireEndpoints.includes("essbase-rest")) {
    await app.register(essbaseRestEndpoint, {
      provider,
      loginThrottle,
      connector: "essbase-stndln",
      idleMinutes: config.sessionIdleMinutes,
      ...roles,
      about: { name: "QiBates", version: SERVER_VERSION },
    });
    app.log.info(
      "wire endpoint essbase-rest: Essbase REST API at /essbase/rest/v1 (login address /essbase/japi)",
    );
  }
  if (config.wireEndpoints.includes("planning-rest")) {
    await app.register(planningRestEndpoint, { provider, connector: "pbcs", loginThrottle, ...roles });
    app.log.info(
      "wire endpoint planning-rest: Planning REST API at /HyperionPlanning/rest/v3 (login address /HyperionPlanning/SmartView)",
    );
  }
  if (config.wireEndpoints.includes("xmla")) {
    await app.register(xmlaEndpoint, {
      provider,
      loginThrottle,
      connector: "ssas",
      ...roles,
      idleMinutes: config.sessionIdleMinutes,
      maxCells: config.maxGridCells,
      scheduler: services.scheduler,
      about: { name: "QiBates", version: SERVER_VERSION },
    });
    app.log.info(
      `wire endpoint xmla: XML for Analysis at ${XMLA_PATHS.join(", ")} (login address /aps/JAPI)`,
    );
  }
  if (config.wireEndpoints.includes("smartview")) {
    await app.register(smartViewEndpoint, {
      provider,
      loginThrottle,
      connector: "essbase",
      ...roles,
      idleMinutes: config.sessionIdleMinutes,
      maxCells: config.maxGridCells,
      about: { name: "QiBates", version: SERVER_VERSION },
    });
    app.log.info(
      `wire endpoint smartview: Smart View XML provider (Essbase 11.x APS) at ${SMARTVIEW_PATH} (login address /aps/JAPI), and at Essbase 21c's ${SMARTVIEW_21C_PATH}`,
    );
    await app.register(planningSmartViewEndpoint, {
      provider,
      loginThrottle,
      connector: "planning",
      ...roles,
      idleMinutes: config.sessionIdleMinutes,
      about: { name: "QiBates", version: SERVER_VERSION },
    });
    app.log.info(
      `wire endpoint smartview: Smart View XML provider (Planning on premises) at ${PLANNING_SMARTVIEW_PATH}, single sign-on at ${SMARTVIEW_PROVIDERS_PATH}`,
    );
  }
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
