import { setMaxListeners } from "node:events";
import type { Readable } from "node:stream";
import {
  type CallContext,
  ESSBASE_EFFECTS,
  type OperationEffect,
  operationEffect,
  PLANNING_EFFECTS,
  type Provider,
  type ProviderSession,
  viewOf,
} from "@qibates/provider";
import { requestProtocolLocale, type WireEndpointName, wireErrorBody, wireProtocolOf } from "@qibates/wire";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { wireCallTimedOut } from "./call-deadline.ts";
import { holdConnection } from "./connection-hold.ts";

/**
 * One deadline per request of a wire endpoint standing in front of a server (QIBATES_WIRE_UPSTREAM), as the API's
 * calls have (`call-deadline.ts`): CONNECTION_TIMEOUT_SECONDS from the request's arrival, covering its login to
 * that server and every request it sends there (none sent past it, the one under way dropped, a trickling answer
 * included). Past it the request is answered 504 with QB_ERR_CALL_TIMEOUT's message in the
 * protocol's own error format and the language its `Accept-Language` asks for, never with a closed connection:
 * the connection's idle timeout is suspended while the request is under way. A calculation or a business rule
 * lifts the deadline for its request (CALC_JOB_TIMEOUT_SECONDS bounds it, as through the API), and work a request
 * leaves running once answered (a job the client polls) is not cut.
 *
 * The endpoints pass each request's context explicitly: the server gives them `wireCallOf` (`callOf` of their
 * options), and they hand it to the provider with the sessions they hold and with each login (`request-call.ts`
 * of `@qibates/wire`).
 */

/** A wire request under its deadline. */
interface WireCall {
  /** The deadline as each request to the server reads it: `by` is read again every time. */
  readonly deadline: { readonly by: number; readonly signal: AbortSignal };
  /** The same deadline and signal as the call's context: the endpoints hand it to the provider with each session. */
  readonly context: CallContext;
  /** Whether it asked the server for a change (its outcome is unknown when the deadline cuts it). */
  wrote: boolean;
  timedOut: boolean;
  /** No deadline any more: a calculation or a rule under way, or the answer decided. */
  lift(): void;
  /** The request answered: its connection's idle timeout set again. */
  end(): void;
}

const calls = new WeakMap<FastifyRequest, WireCall>();
/** Each request's call, by its context: what a provider call does is recorded on the request it was made for. */
const byContext = new WeakMap<CallContext, WireCall>();

/**
 * The context of `request`'s calls to the provider (`WireEndpointOptions.callOf`): its deadline and signal; none for
 * a request outside the endpoints `wireDeadline` covers.
 */
export function wireCallOf(request: FastifyRequest): CallContext | undefined {
  return calls.get(request)?.context;
}

/**
 * How long an endpoint has, once its request to the server has been dropped at the deadline, to answer (its answer
 * is then replaced by the deadline's error) before the deadline's error is sent without it: an endpoint waiting
 * for something other than the server (a place in the job queue) would otherwise hold the connection.
 */
const ANSWER_GRACE_MS = 1000;

/**
 * `provider` (the upstream's, as the endpoints see it) telling the request each call is made for (the one whose
 * context the call's session carries, `wireCallOf`) what it does: a change asked (`wrote`), a calculation or a rule
 * (the deadline lifted).
 */
export function underWireDeadline(provider: Provider): Provider {
  // What each operation does is the contract's declaration (`ESSBASE_EFFECTS`, `PLANNING_EFFECTS`).
  const watched = <T extends object>(ops: T, effects: Readonly<Record<string, OperationEffect>>): T =>
    viewOf(ops, (name, f, target) => {
      if (typeof f !== "function") return f;
      const effect = operationEffect(effects, name);
      return (session: ProviderSession, ...rest: unknown[]) => {
        const call = byContext.get(session.call);
        if (call && effect !== "read") {
          call.wrote = true;
          if (effect === "long") call.lift();
        }
        return f.call(target, session, ...rest);
      };
    });
  return {
    ...provider,
    essbase: provider.essbase && watched(provider.essbase, ESSBASE_EFFECTS),
    planning: provider.planning && watched(provider.planning, PLANNING_EFFECTS),
  };
}

/** Puts the routes of `scope` (one endpoint's) under the deadline of `seconds`. */
export function wireDeadline(scope: FastifyInstance, endpoint: WireEndpointName, seconds: number): void {
  scope.addHook("onRequest", (request, reply, done) => {
    const call = startCall(request, reply, endpoint, seconds);
    calls.set(request, call);
    byContext.set(call.context, call);
    done();
  });
  scope.addHook("onSend", (request, reply, payload, done) => {
    const call = calls.get(request);
    if (!call) return done(null, payload);
    // An answer decided past the deadline while a busy event loop held its timer back is the deadline's too.
    if (Date.now() >= call.deadline.by) call.timedOut = true;
    call.lift();
    if (!call.timedOut) return done(null, payload);
    // Whatever the endpoint answered once its request to the server was dropped, the client learns the deadline.
    if (typeof (payload as Readable | null)?.destroy === "function") (payload as Readable).destroy();
    const answer = timedOutAnswer(request, endpoint, seconds, call.wrote);
    reply.code(504).type(answer.contentType).removeHeader("content-encoding");
    done(null, answer.body);
  });
  scope.addHook("onResponse", (request, _reply, done) => {
    calls.get(request)?.end();
    done();
  });
}

function startCall(
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: WireEndpointName,
  seconds: number,
): WireCall {
  const controller = new AbortController();
  // Each request to the server listens to it (an endpoint reads several member lists at a time).
  setMaxListeners(0, controller.signal);
  let by = Date.now() + seconds * 1000;
  const release = holdConnection(request, seconds * 1000);
  let unanswered: NodeJS.Timeout | undefined;
  const timer = setTimeout(() => {
    if (reply.sent || reply.raw.headersSent) return;
    call.timedOut = true;
    controller.abort();
    unanswered = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      const answer = timedOutAnswer(request, endpoint, seconds, call.wrote);
      reply.code(504).type(answer.contentType).send(answer.body);
    }, ANSWER_GRACE_MS);
  }, seconds * 1000);
  const call: WireCall = {
    deadline: {
      get by() {
        return by;
      },
      signal: controller.signal,
    },
    context: {
      signal: controller.signal,
      get deadline() {
        return by;
      },
      get writes() {
        return call.wrote;
      },
    },
    wrote: false,
    timedOut: false,
    lift() {
      clearTimeout(timer);
      by = Number.POSITIVE_INFINITY;
    },
    end() {
      call.lift();
      clearTimeout(unanswered);
      release();
    },
  };
  return call;
}

/**
 * The deadline's error in the protocol of the endpoint that received `request`, in that protocol's language for
 * the one the request asks for (`requestProtocolLocale`: XMLA's `LocaleIdentifier`, else `Accept-Language`).
 */
function timedOutAnswer(
  request: FastifyRequest,
  endpoint: WireEndpointName,
  seconds: number,
  wrote: boolean,
) {
  // Planning REST also serves Data Management (`/aif`), in its own format.
  const protocol = wireProtocolOf(request.url, [endpoint]) ?? endpoint;
  const message = wireCallTimedOut(seconds, wrote).localizedMessage(requestProtocolLocale(protocol, request));
  return wireErrorBody(protocol, 504, message);
}
