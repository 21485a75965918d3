import { limitAddress, sessionNetwork } from "@qibates/protocols/ip";
import { type SessionHeader, XmlaFault } from "@qibates/protocols/xmla";
import type { ProviderSession } from "@qibates/provider";
import type { FastifyReply, FastifyRequest } from "fastify";
import { requestCall } from "../request-call.ts";
import { capGroup } from "../session-store.ts";
import { hasFault, loginAddress } from "./auth.ts";
import type { XmlaEndpointState, XmlaSession } from "./endpoint-state.ts";

/** The XMLA session a request runs in, and whether its `EndSession` header ends it. */
export interface RequestSession {
  session: XmlaSession | null;
  ending: boolean;
}

/**
 * The session headers of a request: `BeginSession` starts one, `Session` names one, `EndSession` ends one.
 * A session begun by a request that fails is never known to the client: it ends with the request.
 */
export function requestSession(
  state: XmlaEndpointState,
  header: SessionHeader,
  username: string,
  request: FastifyRequest,
  reply: FastifyReply,
): RequestSession {
  if (header.kind === "session" || header.kind === "end") {
    const found = state.sessions.find(header.id);
    if (!found || found.username !== username)
      throw new XmlaFault("session", `The session ${header.id} does not exist or has ended.`);
    // The session does not idle out while the request runs (a streamed answer too); its idle time starts again
    // when the answer is sent.
    state.sessions.requestRunsUntilAnswered(found, reply.raw);
    return { session: found, ending: header.kind === "end" };
  }
  if (header.kind === "none") return { session: null, ending: false };
  const session = state.sessions.add(
    (id, now) => ({ id, username, lastUsed: now, catalog: null }),
    capGroup(username, request.ip),
    sessionNetwork(request.ip),
  );
  const begun = session.id;
  state.sessions.requestRunsUntilAnswered(session, reply.raw);
  reply.raw.once("finish", () => {
    if (hasFault(reply) || reply.statusCode !== 200) state.sessions.end(begun);
  });
  return { session, ending: false };
}

/** The provider session a call runs as: the XMLA session's, else the caller's own (user at one address). */
export function providerSession(
  state: XmlaEndpointState,
  request: FastifyRequest,
  reply: FastifyReply,
  username: string,
  session: XmlaSession | null,
): ProviderSession {
  let id = session?.id;
  if (id === undefined) {
    id = state.callers.id(username, request.ip);
    state.callers.runsUntilAnswered(id, reply.raw);
  }
  return {
    id,
    ownerId: state.owner(username),
    connector: state.connector,
    username,
    providerAddress: loginAddress(request),
    aliasTable: null,
    visitor: limitAddress(request.ip),
    call: requestCall(state.options, request),
  };
}
