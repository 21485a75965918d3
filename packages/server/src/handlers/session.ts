import { type CallContext, callerKey, type Handlers } from "../api.ts";
import { ApiError } from "../api-error.ts";
import { DEMO_USERS, demoCredentialsValid, demoProviders } from "../demo.ts";
import { CONNECTORS, type Connector, checkProviderAddress } from "../provider-address.ts";
import type { SessionRecord } from "../sessions.ts";
import { SERVER_VERSION } from "../version.ts";

/** The live session named by `loginid`, owned by the caller's key and opened with the same connector. */
export async function requireSession(ctx: CallContext): Promise<SessionRecord> {
  const loginid = ctx.body.loginid;
  if (typeof loginid !== "string")
    throw new ApiError("QB_ERR_VALIDATION", { field: "loginid", reason: "is required" }, "loginid");
  const session = await ctx.services.sessions.touch(loginid);
  if (!session) {
    throw new ApiError("QB_ERR_SESSION_UNKNOWN", {}, "loginid");
  }
  if (!ctx.key || session.ownerId !== ctx.key.ownerId) {
    // Same answer whether the session belongs to someone else or not: a loginid reveals nothing.
    throw new ApiError("QB_ERR_SESSION_FORBIDDEN", {}, "loginid");
  }
  if (ctx.connector && ctx.connector !== session.connector) {
    throw new ApiError(
      "QB_ERR_CONNECTOR_MISMATCH",
      { expected: session.connector, connector: ctx.connector },
      "connector",
    );
  }
  return session;
}

async function login(ctx: CallContext) {
  const { username, password, providerAddress } = ctx.body as {
    username: string;
    password: string;
    providerAddress: string;
  };
  const connector = ctx.connector as Connector;
  const { config } = ctx.services;
  const target = checkProviderAddress(providerAddress, connector, {
    demo: config.demo,
    allowedHosts: config.allowedHosts,
  });
  if ("code" in target) throw new ApiError(target.code, target.params, "providerAddress");
  if (target.kind === "remote") {
    throw new ApiError(
      "QB_ERR_PROVIDER_ERROR",
      {
        reason: `this server has no connector to ${target.url.host}; only the embedded demo provider is available`,
      },
      "providerAddress",
    );
  }
  if (!demoCredentialsValid(username, password)) {
    throw new ApiError("QB_ERR_LOGIN_FAILED");
  }
  const session = await ctx.services.sessions.create({
    ownerId: callerKey(ctx).ownerId,
    connector,
    providerAddress: target.url.toString().replace(/\/$/, ""),
    provider: "demo",
    username,
  });
  return {
    loginid: session.id,
    connector,
    providerAddress: session.providerAddress,
    username,
    idleTimeoutSeconds: config.sessionIdleMinutes * 60,
    expiresAt: new Date(session.expiresAt).toISOString().replace(/\.\d{3}Z$/, "Z"),
  };
}

export const sessionHandlers: Handlers = {
  getHealth: async (ctx) => {
    const { demoKey } = ctx.services;
    return {
      status: "ok",
      version: SERVER_VERSION,
      apiVersion: "v2",
      connectors: [...CONNECTORS],
      ...(demoKey
        ? { demo: { apiKey: demoKey, providers: demoProviders(), users: DEMO_USERS.map((u) => ({ ...u })) } }
        : {}),
    };
  },

  login,
  loginPbcs: login,

  logout: async (ctx) => {
    const session = await requireSession(ctx);
    await ctx.services.sessions.delete(session.id);
    return { loginid: session.id, loggedOut: true };
  },
};
