import type { Readable } from "node:stream";
import { XmlRefused } from "@qibates/protocols/xml";
import { CallContext, ProviderError, type ProviderText, viewOf } from "@qibates/provider";
import type { ListedClient, ListLimits } from "../net/list-budget.ts";
import { UNREADABLE } from "../net/unreadable.ts";
import type { UpstreamAnswer, UpstreamCall, UpstreamRequest, Upstreams } from "../net/upstream.ts";
import { httpFailure } from "./http-answers.ts";
import { loginRefused } from "./login.ts";
import { trackUse } from "./sessions.ts";

/** Where a client's per-call view keeps the context of its call ({@link RemoteClient.within}). */
const BOUND_CALL = Symbol("the call a client's view is bound to");
/** The context of a request outside any call: no deadline, no client passed on. */
const OUTSIDE_ANY_CALL: UpstreamCall = CallContext.unbounded();

/** Where a client's per-call view keeps the client itself. */
const SHARED_CLIENT = Symbol("the client a view is of");

/** The user name and password of a login (a `LoginInput` is one). */
export interface Credentials {
  username: string;
  password: string;
}

/**
 * What every connector's client of its server does the same way, whatever its protocol: it keeps the login's
 * user name and password in its memory (never logged) and their HTTP Basic header; it sends through the
 * connectors' network rules (`Upstreams`), counting the bytes read (`ListBudget`); it counts its requests that
 * wait for an answer (`inFlight`) and notes when its last request started or ended (`lastUsed`): an upstream
 * session is ended once idle that long after its last answer (`sessions.ts`); a 401 or 403 to a login is
 * `LOGIN_FAILED`, an answer it cannot read `UPSTREAM_MALFORMED`, another failure the network rules' error. How it
 * logs in, keeps its session and logs in again when the server forgot it is its protocol's.
 *
 * One client is shared by every call of its login: a call uses it through {@link within}, a view of the same
 * client (its session, its counters) whose requests are sent within that call's context. A cache shared between
 * calls keeps the client itself and reads through a view of the call that reads (`within`).
 */
export abstract class RemoteClient implements ListedClient {
  /** When a request last started or ended (its answer read, or its failure). */
  lastUsed = Date.now();
  /** Requests sent and not yet answered: the upstream session is not idle while one waits. */
  inFlight = 0;

  /** Bytes of every answer read since the client was made (`ListBudget`: what one call reads in all). */
  bytesRead = 0;

  protected readonly username: string;
  protected readonly password: string;
  /** `Basic …` of the user name and password. */
  protected readonly authorization: string;

  protected constructor(
    protected readonly upstreams: Upstreams,
    /** The server's address as messages name it (a base URL, or an origin). */
    readonly where: string,
    credentials: Credentials,
  ) {
    this.username = credentials.username;
    this.password = credentials.password;
    this.authorization = `Basic ${Buffer.from(`${this.username}:${this.password}`).toString("base64")}`;
  }

  /** What one call may read of this server's lists (`ListBudget`). */
  get listLimits(): Readonly<ListLimits> {
    return this.upstreams.listLimits;
  }

  /**
   * This client as the call of `call` uses it: the same client — its session, its state and counters, written
   * through to it — whose requests are sent within `call` (its deadline and signal, the client it is passed on
   * for), whoever else uses the client meanwhile. The view stands in for the client as `this` of its methods: a
   * client keeps its state in ordinary properties, never in `#private` fields, which JavaScript looks up on the
   * object itself and a view does not have (`test/client-view.test.ts` holds every client to it).
   */
  within(call: UpstreamCall): this {
    return viewOf(this.unbound(), (name, value, target) =>
      name === BOUND_CALL ? call : name === SHARED_CLIENT ? target : value,
    );
  }

  /** The client itself, bound to no call (what a cache shared between calls keeps). */
  unbound(): this {
    return ((this as unknown as Record<symbol, unknown>)[SHARED_CLIENT] as this | undefined) ?? this;
  }

  /**
   * The context this client's requests are sent within: its view's call ({@link within}). The client itself,
   * bound to no call, sends within no deadline (an idle session's logout, the logouts at shutdown); what a cache
   * keeps is read through a view of the call that reads it.
   */
  protected get callContext(): UpstreamCall {
    return (this as unknown as { [BOUND_CALL]?: UpstreamCall })[BOUND_CALL] ?? OUTSIDE_ANY_CALL;
  }

  /** One request through the network rules, within the client's call; its answer's bytes counted. */
  protected async request(url: URL, init: UpstreamRequest): Promise<UpstreamAnswer> {
    const call = this.callContext;
    const answer = await this.using(() => this.upstreams.request(url, init, call));
    this.bytesRead += answer.bytes ?? Buffer.byteLength(answer.body);
    return answer;
  }

  /** `work` (a request) counted in `inFlight` while it waits; `lastUsed` set when it starts and when it ends. */
  protected using<T>(work: () => Promise<T>): Promise<T> {
    return trackUse(this, work);
  }

  /** `LOGIN_FAILED` when the server refused the credentials (401 or 403). */
  protected checkLogin(answer: UpstreamAnswer): void {
    if (answer.status === 401 || answer.status === 403) throw loginRefused();
  }

  /**
   * A non-2xx answer of a JSON API (Essbase's, Planning's): `PROVIDER_FAILED` with the server's own message when
   * the body is the API's JSON error, otherwise the one error of an unreachable server (the body logged).
   */
  protected check(answer: UpstreamAnswer, what: string): void {
    if (answer.status >= 200 && answer.status < 300) return;
    throw httpFailure(this.upstreams, this.where, answer, what);
  }

  /**
   * A non-2xx answer that is not the protocol's own (an HTML error page, a proxy's text): the one error of an
   * unreachable server, the body logged, never answered.
   */
  protected checkStatus(answer: UpstreamAnswer, what: string): void {
    if (answer.status >= 200 && answer.status < 300) return;
    throw this.upstreams.failure(this.where, answer, what, null);
  }

  /** A downloaded file's body, counted in `inFlight` until it is read whole or dropped. */
  protected whileRead(body: Readable): Readable {
    this.inFlight += 1;
    body.once("close", () => {
      this.inFlight -= 1;
      this.lastUsed = Date.now();
    });
    return body;
  }

  /** An XML answer read by the protocol's bounded reader; one it refuses unread is `UPSTREAM_MALFORMED`. */
  protected async readAnswer<T>(
    method: string,
    answer: UpstreamAnswer,
    read: (text: string) => Promise<T>,
  ): Promise<T> {
    try {
      return await read(answer.body);
    } catch (e) {
      if (e instanceof XmlRefused) {
        // An error status with a body the reader refuses (a web server's error page, `<!DOCTYPE html>…`) is not
        // the protocol's answer: the one error of an unreachable server, as any other error page.
        this.checkStatus(answer, method);
        throw this.malformed(UNREADABLE.xmlRefused(method, e.text));
      }
      throw e;
    }
  }

  /** `UPSTREAM_MALFORMED`: the server's answer cannot be read, for `reason` ({@link UNREADABLE}), in each language. */
  malformed(reason: ProviderText): ProviderError {
    return new ProviderError("UPSTREAM_MALFORMED", `The server at ${this.where} answered ${reason.en}.`, {
      address: new URL(this.where).origin,
      reason,
    });
  }
}
