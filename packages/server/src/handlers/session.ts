import { limitAddress, sessionNetwork } from "@qibates/protocols/ip";
import { CAPABILITIES, type ErrorLocale } from "@qibates/provider";
import { type CallContext, callerKey, type Handlers } from "../api.ts";
import { ApiError } from "../api-error.ts";
import { embeddedServed } from "../config.ts";
import { DEMO_USERS, demoProviders } from "../demo.ts";
import { checkProviderAddress } from "../provider-address.ts";
import { fromProvider } from "../provider-errors.ts";
import { requestLocale } from "../request-locale.ts";
import type { ServedConnectors } from "../served-connectors.ts";
import { providerSession, sessionProvider } from "../session-provider.ts";
import { capGroupOf, DEMO_SESSIONS_TOTAL, type NewSession } from "../sessions.ts";
import { SERVER_VERSION } from "../version.ts";

export { requireSession } from "../session-provider.ts";

async function login(ctx: CallContext<"login"> | CallContext<"loginPbcs">) {
  const { username, password, providerAddress } = ctx.body;
  const connector = ctx.connector;
  if (!connector) {
    throw new ApiError(
      "QB_ERR_CONNECTOR_INVALID",
      { accepted: ctx.services.connectors.names.join(", ") },
      "connector",
    );
  }
  const { config } = ctx.services;
  // The embedded engine's addresses: the demo's, or, with demo mode off, the snapshots' served to their users.
  const target = checkProviderAddress(providerAddress, connector, {
    demo: embeddedServed(config),
    allowedHosts: config.allowedHosts,
    descriptions: ctx.services.connectors.descriptions,
  });
  if ("code" in target) throw new ApiError(target.code, target.params, "providerAddress");
  const provider = ctx.services.providers.forLogin(target, connector);
  if (!provider) {
    throw new ApiError(
      "QB_ERR_PROVIDER_ERROR",
      {
        // Every connector's protocol has a client (openRemoteProviders); a registry built without them (a tool's,
        // a test's) serves the embedded addresses alone.
        reason: {
          en: `this server opened no client for ${connector} servers`,
          fr: `ce serveur n'a ouvert aucun client pour les serveurs ${connector}`,
        },
      },
      "providerAddress",
    );
  }
  const key = callerKey(ctx);
  const shared = key.owner.provider === "demo";
  const fields: NewSession = {
    ownerId: key.ownerId,
    keyId: key.id,
    // The public demo key is everyone's: its cap counts one client address's sessions (an IPv6 client's /64
    // network, which it holds whole), so that no one ends the sessions of other people by logging in again and
    // again, nor holds more than the cap by taking a new address for each login.
    ...(shared
      ? { capGroup: `${key.ownerId}@${limitAddress(ctx.request.ip)}`, visitor: limitAddress(ctx.request.ip) }
      : {}),
    connector,
    providerAddress: target.url.toString().replace(/\/$/, ""),
    provider: provider.id,
    username,
  };
  const { sessions } = ctx.services;
  // With the demo key, one client network (an IPv6 /48, all its /64s together, or an IPv4 address) holds at most
  // DEMO_SESSIONS_PER_NETWORK sessions, and all networks together DEMO_SESSIONS_TOTAL: past it the login is
  // refused (429, when to retry), never made by ending another network's session. The session's place is taken
  // before the server is asked anything: a login refused by a cap sends no request upstream, and its answer is
  // the same whatever the password. A login the server then refuses gives its place back.
  const session = await sessions.create(
    fields,
    shared
      ? {
          network: sessionNetwork(ctx.request.ip),
          perNetwork: config.demoSessionsPerNetwork,
          total: DEMO_SESSIONS_TOTAL,
          perGroup: config.maxSessionsPerKey,
        }
      : undefined,
  );
  const upstream = await fromProvider(
    provider.login({ connector, username, password, address: target.url, call: ctx.call }),
  ).catch(async (e: unknown) => {
    await sessions.delete(session.id).catch(() => undefined);
    throw e;
  });
  if (upstream.handle) {
    const handle = upstream.handle;
    await sessions.update(session.id, { providerHandle: handle }).catch(async (e: unknown) => {
      // The session the server opened for a login that cannot be kept is closed again.
      await provider.logout({ ...providerSession(session, ctx.call), handle }).catch(() => undefined);
      await sessions.delete(session.id).catch(() => undefined);
      throw e;
    });
  }
  // At most MAX_SESSIONS_PER_KEY sessions per owner: a login beyond it ends the owner's oldest session (the
  // one most likely abandoned), upstream too, rather than refusing the login.
  const ended = await ctx.services.sessions.endOldest(capGroupOf(session), config.maxSessionsPerKey);
  for (const old of ended) {
    await ctx.services.providers
      .byId(old.provider)
      ?.logout(providerSession(old, ctx.call))
      .catch(() => undefined);
  }
  return {
    loginid: session.id,
    connector,
    providerAddress: session.providerAddress,
    username,
    idleTimeoutSeconds: config.sessionIdleMinutes * 60,
    expiresAt: new Date(session.expiresAt).toISOString().replace(/\.\d{3}Z$/, "Z"),
  };
}

/**
 * The capability table as `/health` lists it: per connector served, every capability of its family, its server's
 * name and its reasons in the caller's language, as every message of the API (built once per language).
 */
const capabilityTables = new WeakMap<ServedConnectors, Map<ErrorLocale, CapabilityTable>>();
type CapabilityTable = ReturnType<typeof buildCapabilityTable>;
const capabilityTable = (served: ServedConnectors, locale: ErrorLocale) => {
  let tables = capabilityTables.get(served);
  if (!tables) {
    tables = new Map();
    capabilityTables.set(served, tables);
  }
  let table = tables.get(locale);
  if (!table) {
    table = buildCapabilityTable(served, locale);
    tables.set(locale, table);
  }
  return table;
};

function buildCapabilityTable(served: ServedConnectors, locale: ErrorLocale) {
  return served.names.map((connector) => {
    const profile = served.profile(connector);
    return {
      connector,
      family: profile.family,
      server: profile.server[locale],
      providerAddressSuffix: profile.providerAddressSuffix,
      realServers: profile.realServers,
      capabilities: CAPABILITIES.filter((c) => c.family === profile.family).map((c) => {
        const support = profile.capabilities[c.id];
        const real = support?.status === "yes" ? support.realServers : undefined;
        return {
          name: c.id,
          supported: support?.status === "yes",
          ...(support?.status === "no" ? { reason: support.why[locale] } : {}),
          ...(real ? { onRealServers: real.status, realServersReason: real.why[locale] } : {}),
        };
      }),
    };
  });
}

export const sessionHandlers = {
  getHealth: async (ctx) => {
    const { demoKey, config } = ctx.services;
    const upstream = config.wireUpstream;
    return {
      status: "ok" as const,
      version: SERVER_VERSION,
      apiVersion: "v2" as const,
      connectors: [...ctx.services.connectors.names],
      capabilities: capabilityTable(ctx.services.connectors, requestLocale(ctx.request)),
      ...(demoKey
        ? { demo: { apiKey: demoKey, providers: demoProviders(), users: DEMO_USERS.map((u) => ({ ...u })) } }
        : {}),
      // Which wire endpoints are served, and the server they stand in front of (never credentials: the
      // address cannot hold any, QIBATES_WIRE_UPSTREAM refuses them).
      ...(config.wireEndpoints.length > 0
        ? {
            wire: {
              endpoints: [...config.wireEndpoints],
              ...(upstream
                ? { upstream: { connector: upstream.connector, providerAddress: upstream.providerAddress } }
                : {}),
            },
          }
        : {}),
    };
  },

  login,
  loginPbcs: login,

  logout: async (ctx) => {
    const { record, session, provider } = await sessionProvider(ctx);
    await ctx.services.sessions.delete(record.id);
    // The API session is gone whatever the server says; a failed upstream logout only expires there.
    await provider.logout(session).catch(() => undefined);
    return { loginid: record.id, loggedOut: true as const };
  },
} satisfies Partial<Handlers>;
