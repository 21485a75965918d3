import type { LoginInput, ProviderSession } from "@qibates/provider";
import { serverUnknown, viewOf } from "@qibates/provider";
import type { UpstreamCall, Upstreams } from "../net/upstream.ts";
import { UpstreamSessions, type UpstreamState } from "./sessions.ts";

/** A client a call can use through a view bound to its context (`RemoteClient.within`). */
interface Bindable {
  within(call: UpstreamCall): unknown;
}
const bindable = (x: unknown): x is Bindable => typeof (x as Partial<Bindable> | null)?.within === "function";

/**
 * `state` as the call of `call` uses it: its `client` and `also` (when they are clients) bound to `call`, every
 * other field the state's own, read and written through.
 */
function withinCall<S extends UpstreamState>(state: S, call: UpstreamCall): S {
  return viewOf(state, (name, value) =>
    (name === "client" || name === "also") && bindable(value) ? value.within(call) : value,
  );
}

/** What every real-server provider is given for its logins and their upstream sessions. */
export interface RemoteProviderOptions {
  /** The connectors' network rules, through which every client reaches its server. */
  upstreams: Upstreams;
  /** An upstream session unused this long is ended (its API session has expired by then). */
  idleMs: number;
}

/**
 * What every real-server provider does the same way: a login opens an upstream session (the connector's own
 * `open`: its client, logged in, and what it reuses per login) and answers its handle; later calls find it again
 * by that handle (`SESSION_LOST` when this node holds none), an idle one is ended, `logout` ends one and
 * `close` every one. A connector's operations stay its own; its refusals take their reasons from the capability
 * table (`unsupported.ts`).
 */
export abstract class RemoteProvider<S extends UpstreamState> {
  private readonly sessions: UpstreamSessions<S>;
  /** The network rules the login's clients are made with. */
  protected readonly upstreams: Upstreams;

  protected constructor(
    options: RemoteProviderOptions,
    /** The server's kind, for the message of `SESSION_LOST` ("Essbase", "XMLA"…). */
    kind: string,
  ) {
    this.upstreams = options.upstreams;
    this.sessions = new UpstreamSessions<S>(options.idleMs, kind);
  }

  /** Logs in to the server (a refused login throws `LOGIN_FAILED`) and answers what this login keeps. */
  protected abstract open(input: LoginInput): Promise<S>;

  /** The user name a login answers: the one given, unless the server spells it its own way. */
  protected userName(input: LoginInput, _state: S): string {
    return input.username;
  }

  async login(input: LoginInput): Promise<{ username: string; handle: string }> {
    // The connector's `open` sends the login's requests within `input.call`: a login passed on for a wire
    // endpoint's client names that client to the server (X-Forwarded-For), and the session's later calls do not.
    const state = await this.open(input);
    return { username: this.userName(input, state), handle: this.sessions.add(state) };
  }

  async logout(session: ProviderSession): Promise<void> {
    await this.sessions.end(session);
  }

  /** `nav/servers` of a connector whose address is one server, named `name` (Essbase 21c, Planning REST). */
  protected oneServer(session: ProviderSession, name: string) {
    this.upstream(session);
    return { servers: [{ name }] };
  }

  /** `SERVER_UNKNOWN` unless `server` names the one server `name` of the connector's address (case aside). */
  protected checkOneServer(server: string, name: string): void {
    if (server.toLowerCase() !== name.toLowerCase()) throw serverUnknown(server);
  }

  /**
   * The upstream session of an API session, as its call uses it: its clients bound to the call's context
   * (`session.call`: `RemoteClient.within`), what else it keeps shared with the login's other calls (read and
   * written through). `SESSION_LOST` when this node has none (restart, other node).
   */
  upstream(session: ProviderSession): S {
    return withinCall(this.sessions.get(session), session.call);
  }

  /**
   * The upstream session of an API session as its calls share it, its clients bound to no call: what a cache that
   * outlives a call keeps (members read on demand), whose requests are sent within the call that reads through it.
   */
  unboundUpstream(session: ProviderSession): S {
    return this.sessions.get(session);
  }

  /** Ends every upstream session (at shutdown). */
  async close(): Promise<void> {
    await this.sessions.close();
  }
}
