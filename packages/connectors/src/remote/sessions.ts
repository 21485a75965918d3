import { randomUUID } from "node:crypto";
import type { CallContext, ProviderSession } from "@qibates/provider";
import { ProviderError } from "@qibates/provider";

/** A client's use of its server: requests waiting for their answer, and when its last request started or ended. */
export interface UpstreamActivity {
  readonly lastUsed: number;
  readonly inFlight: number;
}

/** Use of a server that is counted ({@link trackUse}): writable `UpstreamActivity`. */
export interface TrackedActivity {
  lastUsed: number;
  inFlight: number;
}

/** `work` (requests to the server) counted in `a.inFlight` while it runs; `a.lastUsed` set when it starts and ends. */
export async function trackUse<T>(a: TrackedActivity, work: () => Promise<T>): Promise<T> {
  a.inFlight += 1;
  a.lastUsed = Date.now();
  try {
    return await work();
  } finally {
    a.inFlight -= 1;
    a.lastUsed = Date.now();
  }
}

/** What a connector keeps per login: a client of the server that can log out, and what else the login uses. */
export interface UpstreamState {
  client: UpstreamActivity & {
    logout?(): Promise<void>;
    /** The client as one call uses it (`RemoteClient.within`): its requests sent within that call's context. */
    within?(call: CallContext): unknown;
  };
  /** The login's other use of the server, through another client (Planning's REST side): idle only when both are. */
  also?: UpstreamActivity;
}

/**
 * The upstream sessions of a real-server provider, one per API login, found again by the `handle` the login
 * answered: `SESSION_LOST` when this node holds none (a restart, another node); a session unused for
 * `idleMs` after its last request's answer is ended (its API session has expired by then), never one whose
 * request is still waiting (a calculation script the server answers when it ends), and every one at shutdown.
 * Shared by the
 * connectors (essbase-stndln, ssas, planning/pbcs).
 */
export class UpstreamSessions<S extends UpstreamState> {
  private readonly sessions = new Map<string, S>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly idleMs: number,
    /** The server's kind, for the message of `SESSION_LOST` ("Essbase", "XMLA"…). */
    private readonly kind: string,
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(60_000, idleMs)).unref();
  }

  /** Keeps a new upstream session; answers its handle. */
  add(state: S): string {
    const handle = randomUUID();
    this.sessions.set(handle, state);
    return handle;
  }

  /** The upstream session of an API session; `SESSION_LOST` when this node has none. */
  get(session: ProviderSession): S {
    const s = session.handle ? this.sessions.get(session.handle) : undefined;
    if (!s) {
      throw new ProviderError(
        "SESSION_LOST",
        `This QiBates node holds no ${this.kind} session for this login any more; log in again.`,
      );
    }
    return s;
  }

  /** Forgets the upstream session of an API session and logs its client out, within the call's context. */
  async end(session: ProviderSession): Promise<void> {
    const s = session.handle ? this.sessions.get(session.handle) : undefined;
    if (!s || !session.handle) return;
    this.sessions.delete(session.handle);
    const client = (s.client.within?.(session.call) ?? s.client) as typeof s.client;
    await client.logout?.();
  }

  private sweep(): void {
    const limit = Date.now() - this.idleMs;
    const idle = (a: UpstreamActivity) => a.inFlight === 0 && a.lastUsed < limit;
    for (const [handle, s] of this.sessions) {
      if (idle(s.client) && (!s.also || idle(s.also))) {
        this.sessions.delete(handle);
        s.client.logout?.().catch(() => undefined);
      }
    }
  }

  /** Ends every upstream session (at shutdown). */
  async close(): Promise<void> {
    clearInterval(this.sweeper);
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map((s) => s.client.logout?.().catch(() => undefined)));
  }
}
