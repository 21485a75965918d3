import {
  type CallContext,
  type Capability,
  type Provider,
  type ProviderSession,
  type ProviderText,
  readerOf,
  supportIn,
} from "@qibates/provider";
import { ApiError } from "./api-error.ts";
import type { VerifiedKey } from "./keys.ts";
import type { Connector } from "./provider-address.ts";
import { unsupportedReason } from "./provider-errors.ts";
import type { ServedConnectors } from "./served-connectors.ts";
import type { Services } from "./services.ts";
import type { CallEnd, SessionRecord } from "./sessions.ts";
import { REQUIRED } from "./validation-reasons.ts";

/**
 * The sessions a request uses, each marked running from the moment it is checked (`requireSession`) until the
 * request's handler settles, whatever its outcome: a session is never idle while a call of it runs, and its
 * idle time counts from the end of its last call.
 */
export class SessionCalls {
  private readonly ends: CallEnd[] = [];

  add(end: CallEnd): void {
    this.ends.push(end);
  }

  /** `call`'s outcome, once every session it used has had its idle timer restarted. */
  async around<T>(call: Promise<T>): Promise<T> {
    try {
      return await call;
    } finally {
      await Promise.all(this.ends.splice(0).map((end) => end()));
    }
  }
}

/** What the session checks need of a call. */
export interface SessionCall {
  body: { loginid?: string };
  key: VerifiedKey | null;
  connector: Connector | null;
  services: Services;
  /** Where the call's sessions are marked running until it ends. */
  sessionCalls: SessionCalls;
  /** The call's context, handed to the provider with the session (`ProviderSession.call`). */
  call: CallContext;
}

/** The live session named by `loginid`, owned by the caller's key and opened with the same connector. */
export async function requireSession(ctx: SessionCall): Promise<SessionRecord> {
  const loginid = ctx.body.loginid;
  if (typeof loginid !== "string")
    throw new ApiError("QB_ERR_VALIDATION", { field: "loginid", reason: REQUIRED }, "loginid");
  // The idle timer restarts for the session's owner only: another key's call keeps nothing alive. It restarts
  // again when the call ends (below).
  const session = await ctx.services.sessions.touch(loginid, ctx.key?.ownerId ?? null);
  // Another account's session is answered as one that does not exist: nothing tells a caller that a loginid it
  // does not own is live (the isolation probes, bench/isolation.ts).
  if (!session || !ctx.key || session.ownerId !== ctx.key.ownerId) {
    throw new ApiError("QB_ERR_SESSION_UNKNOWN", {}, "loginid");
  }
  if (ctx.connector && ctx.connector !== session.connector) {
    throw new ApiError(
      "QB_ERR_CONNECTOR_MISMATCH",
      { expected: session.connector, connector: ctx.connector },
      "connector",
    );
  }
  // The owner's call runs from here: the session does not idle out before it ends, and counts from its end.
  ctx.sessionCalls.add(ctx.services.sessions.callStarted(session));
  return session;
}

/** What a provider is told of a session used in `call`. */
export function providerSession(session: SessionRecord, call: CallContext): ProviderSession {
  return {
    call,
    id: session.id,
    ownerId: session.ownerId,
    connector: session.connector,
    username: session.username,
    providerAddress: session.providerAddress,
    aliasTable: session.aliasTable ?? null,
    handle: session.providerHandle ?? null,
    ...(session.variables ? { variables: session.variables } : {}),
    ...(session.visitor !== undefined ? { visitor: session.visitor } : {}),
  };
}

export interface SessionProvider {
  record: SessionRecord;
  session: ProviderSession;
  provider: Provider;
}

/** The caller's session and the provider that serves it. */
export async function sessionProvider(ctx: SessionCall): Promise<SessionProvider> {
  const record = await requireSession(ctx);
  const provider = ctx.services.providers.byId(record.provider);
  // A session whose provider this node does not have (an older node's session in a shared Redis) is gone.
  if (!provider) throw new ApiError("QB_ERR_SESSION_UNKNOWN", {}, "loginid");
  return { record, session: providerSession(record, ctx.call), provider };
}

/**
 * Refuses, before any provider is called, an operation the session's connector lacks (capability table of
 * `@qibates/provider`). `operation` names the call (and option) in the message, in every language.
 */
export function requireCapability(
  served: ServedConnectors,
  connector: Connector,
  capability: Capability,
  operation: string,
  field: string | null = null,
): void {
  const support = supportIn(served.profile(connector), capability);
  if (support.status !== "yes") {
    // The add-in's user reads the table's words for them where it has some; the developer's reason goes to the
    // detail.
    const reader = readerOf(support);
    const reason = unsupportedReason(reader ?? support.why);
    const params: Record<string, string | ProviderText> = { operation, connector, reason };
    if (reader !== undefined) params.why = support.why.en;
    throw new ApiError("QB_ERR_OPERATION_UNSUPPORTED", params, field);
  }
}
