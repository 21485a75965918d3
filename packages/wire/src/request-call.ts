import { CallContext, type ProviderSession, viewOf } from "@qibates/provider";
import type { FastifyRequest } from "fastify";
import type { WireEndpointOptions } from "./options.ts";

/**
 * The context of the calls `request` makes to the provider (`WireEndpointOptions.callOf`: in front of a server, the
 * request's deadline and signal); `CallContext.unbounded()` where the server gives none (the embedded engine).
 */
export function requestCall(
  options: Pick<WireEndpointOptions, "callOf">,
  request: FastifyRequest,
): CallContext {
  return options.callOf?.(request) ?? CallContext.unbounded();
}

/** The context of a login passed on for `request`'s client: the request's, with the client's address. */
export function loginCall(
  options: Pick<WireEndpointOptions, "callOf">,
  request: FastifyRequest,
): CallContext {
  return CallContext.forClient(request.ip, requestCall(options, request));
}

/**
 * A session an endpoint holds between requests (its provider session made once, at login), as one request uses
 * it: the same object for every field read or written, but its provider session carrying that request's context
 * (`ProviderSession.call`), so that two requests on one session at once each call the provider with their own.
 * The session itself when the server gives no context.
 */
export function heldFor<T extends { readonly provider: ProviderSession }>(
  held: T,
  options: Pick<WireEndpointOptions, "callOf">,
  request: FastifyRequest,
): T {
  const call = options.callOf?.(request);
  if (call === undefined) return held;
  let provider: ProviderSession | undefined;
  // Made at the first read, from the provider session the held one has then.
  return viewOf(held, (name, value) => {
    if (name !== "provider") return value;
    provider ??= { ...(value as ProviderSession), call };
    return provider;
  });
}

/**
 * `session` as the steps of a job of the provider's job queue use it (`job`: the job's ticket, which `JobTicket.run`
 * hands its work): its calls run in the job's turn, no new job behind it. `session` itself outside the queue.
 */
export function jobStep(session: ProviderSession, job: object | null): ProviderSession {
  return job === null ? session : { ...session, call: CallContext.ofJob(session.call, job) };
}
