import { randomUUID } from "node:crypto";
import type { Connector, OlapPort, Provider, SliceScheduler } from "@qibates/provider";
import { CallerSessions } from "../live-sessions.ts";
import { LoginThrottle } from "../login-throttle.ts";
import { sessionLimits, type WireEndpointOptions } from "../options.ts";
import { SessionStore } from "../session-store.ts";

/**
 * Options of the XMLA endpoint: `provider` must offer the OLAP port (`Provider.olap`: the embedded one does, and
 * a remote one whose server answers metadata and MDX); `connector` defaults to `ssas` (the capability table's SSAS profile); `about.name` is the provider
 * name DISCOVER_DATASOURCES answers and the source of faults; writes are journaled as `xmla:<user>`.
 */
export interface XmlaOptions extends WireEndpointOptions {
  /** The most cells an MDX query may cross into (the engine's default, 1,000,000, when absent). */
  maxCells?: number;
  /**
   * Where a long answer is written, a slice at a time, between other work: the one scheduler of the process (the
   * server's), never one of the endpoint's own.
   */
  scheduler: SliceScheduler;
}

/** An XMLA session (`BeginSession` … `EndSession`). */
export interface XmlaSession {
  readonly id: string;
  readonly username: string;
  lastUsed: number;
  /** The catalog a `Catalog` property chose earlier in the session. */
  catalog: string | null;
}

/** What the endpoint's plugin and routes share: the provider and its OLAP port, sessions, names. */
export interface XmlaEndpointState {
  readonly options: XmlaOptions;
  readonly provider: Provider;
  readonly olap: OlapPort;
  readonly connector: Connector;
  readonly owner: (username: string) => string;
  readonly about: { name: string; version: string };
  /** The `Source` of faults. */
  readonly source: string;
  readonly throttle: LoginThrottle;
  /** Where long answers are written, a slice at a time (`XmlaOptions.scheduler`). */
  readonly scheduler: SliceScheduler;
  readonly sessions: SessionStore<XmlaSession>;
  /** A request without session headers: one provider session per user at one address (the demo's own views). */
  readonly callers: CallerSessions;
}

export function xmlaEndpointState(options: XmlaOptions): XmlaEndpointState {
  const provider = options.provider;
  const olap = provider.olap;
  if (!olap) throw new Error("the XMLA endpoint needs a provider that offers the OLAP port (Provider.olap)");
  const about = options.about ?? { name: "QiBates", version: "" };
  return {
    options,
    provider,
    olap,
    connector: options.connector ?? "ssas",
    owner: options.owner ?? ((u: string) => `xmla:${u}`),
    about,
    source: `${about.name} XMLA`,
    throttle: options.loginThrottle ?? new LoginThrottle(),
    scheduler: options.scheduler,
    callers: new CallerSessions("xmla", (options.idleMinutes ?? 30) * 60_000),
    sessions: new SessionStore<XmlaSession>({
      ...sessionLimits(options),
      newId: () => randomUUID().toUpperCase(),
    }),
  };
}
