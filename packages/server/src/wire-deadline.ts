import { AsyncLocalStorage } from "node:async_hooks";
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
} from "@qibates/provider";
import { requestProtocolLocale, type WireEndpointName, wireErrorBody, wireProtocolOf } from "@qibates/wire";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { wireCallTimedOut } from "./call-deadline.ts";
import { holdConnection } from "./connection-hold.ts";

/**
 * One deadline per request of a wire endpoint standing in front of a server (QIBATES_WIRE_UPSTREAM), as the API's
 * calls have (`call-deadline.ts`): CONNECTION_TIMEOUT_SECONDS from the request's arrival, covering its login to
 * that server and every request it sends there (`withinCallDeadline`: none sent past it, the one under way dropped,
 * a trickling answer included). Past it the request is answered 504 with QB_ERR_CALL_TIMEOUT's message in the
 * protocol's own error format and the language its `Accept-Language` asks for, never with a closed connection:
 * the connection's idle timeout is suspended while the request is under way. A calculation or a business rule
 * lifts the deadline for its request (CALC_JOB_TIMEOUT_SECONDS bounds it, as through the API), and work a request
 * leaves running once answered (a job the client polls) is not cut.
 */

/** A wire request under its deadline. */
interface WireCall {
  /** As `withinCallDeadline` reads it at each request to the server: `by` is read again every time. */
  readonly deadline: { readonly by: number; readonly signal: AbortSignal };
  /** The same deadline and signal as the call's context, handed to the provider with each session it is given. */
  readonly context: CallContext;
  /** Whether it asked the server for a change (its outcome is unknown when the deadline cuts it). */
  wrote: boolean;
  timedOut: boolean;
  /** No deadline any more: a calculation or a rule under way, or the answer decided. */
  lift(): void;
  /** The request answered: its connection's idle timeout set again. */
  end(): void;
}

const current = new AsyncLocalStorage<WireCall>();
const calls = new WeakMap<FastifyRequest, WireCall>();

/**
 * How long an endpoint has, once its request to the server has been dropped at the deadline, to answer (its answer
 * is then replaced by the deadline's error) before the deadline's error is sent without it: an endpoint waiting
 * for something other than the server (a place in the job queue) would otherwise hold the connection.
 */
const ANSWER_GRACE_MS = 1000;

/**
 * `provider` (the upstream's, as the endpoints see it) given, with each session and login, the context of the
 * request under way (`WireCall.context`: its deadline, its signal) in place of the one the endpoint holds with its
 * session, and told what the request does: a change asked (`wrote`), a calculation or a rule (the deadline lifted).
 */
export function underWireDeadline(provider: Provider): Provider {
  const inCall = (session: ProviderSession): ProviderSession => {
    const call = current.getStore();
    return call ? { ...session, call: call.context } : session;
  };
  // What each operation does is the contract's declaration (`ESSBASE_EFFECTS`, `PLANNING_EFFECTS`).
  const watched = <T extends object>(ops: T, effects: Readonly<Record<string, OperationEffect>>): T =>
    new Proxy(ops, {
      get(target, name, receiver) {
        const f: unknown = Reflect.get(target, name, receiver);
        if (typeof f !== "function") return f;
        const effect = operationEffect(effects, name);
        return (session: ProviderSession, ...rest: unknown[]) => {
          const call = current.getStore();
          if (call && effect !== "read") {
            call.wrote = true;
            if (effect === "long") call.lift();
          }
          return f.call(target, inCall(session), ...rest);
        };
      },
    });
  const olap = provider.olap;
  return {
    ...provider,
    login: (input) => {
      const call = current.getStore();
      const client = input.call.client;
      return provider.login(
        call
          ? { ...input, call: client === undefined ? call.context : withClient(call.context, client) }
          : input,
      );
    },
    logout: (session) => provider.logout(inCall(session)),
    servers: (session) => provider.servers(inCall(session)),
    applications: (session, server, sort) => provider.applications(inCall(session), server, sort),
    cubes: (session, app) => provider.cubes(inCall(session), app),
    essbase: provider.essbase && watched(provider.essbase, ESSBASE_EFFECTS),
    planning: provider.planning && watched(provider.planning, PLANNING_EFFECTS),
    ...(olap
      ? {
          olap: {
            ...olap,
            cube: (connector, ref, session) =>
              olap.cube(connector, ref, session === undefined ? undefined : inCall(session)),
          },
        }
      : {}),
  };
}

/** `context` passed on for the client at `client` (a login a wire endpoint passes on). */
function withClient(context: CallContext, client: string): CallContext {
  return {
    get signal() {
      return context.signal;
    },
    get deadline() {
      return context.deadline;
    },
    get writes() {
      return context.writes;
    },
    client,
  };
}

/** Puts the routes of `scope` (one endpoint's) under the deadline of `seconds`. */
export function wireDeadline(scope: FastifyInstance, endpoint: WireEndpointName, seconds: number): void {
  const enter = (call: WireCall, done: () => void) => current.run(call, () => done());
  scope.addHook("onRequest", (request, reply, done) => {
    const call = startCall(request, reply, endpoint, seconds);
    calls.set(request, call);
    enter(call, done);
  });
  // The body is read outside the request's context (the socket's events): the rest of the request runs in it again.
  scope.addHook("preValidation", (request, _reply, done) => {
    const call = calls.get(request);
    if (call) enter(call, done);
    else done();
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
