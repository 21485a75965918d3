import {
  CONNECTOR_DESCRIPTIONS,
  type Connector,
  type ConnectorDescription,
  type Provider,
} from "@qibates/provider";
import type { Upstreams } from "./net/index.ts";
import type { OpenedProvider, ProtocolOpener, ProtocolSettings } from "./protocol-opening.ts";
import { PROTOCOLS } from "./protocols.ts";

/** The server-wide bound on the members of remote cubes kept (its setting, MEMBERS_HELD_MAX, applied at start). */
export { MEMBERS_HELD } from "@qibates/grid-bridge";
export {
  closing,
  type OpenedProvider,
  type ProtocolOpener,
  type ProtocolOpening,
  type ProtocolSettings,
} from "./protocol-opening.ts";
export { PROTOCOLS } from "./protocols.ts";

/** What the remote providers are built with: the same for every protocol. */
export interface OpenProviderOptions {
  /** The network rules every client of the provider reaches its server through. */
  upstreams: Upstreams;
  /** An upstream session unused this long is ended. */
  idleMs: number;
  /** How long a server's data job (Essbase REST, Planning REST, a Smart View calculation unless set) is waited for. */
  jobTimeoutMs: number;
  /**
   * The server's settings, by the name of its configuration: each protocol reads its own (SSAS_XMLA_URLS for
   * XMLA, CALC_JOB_TIMEOUT_SECONDS for Smart View's calculations). Unset, none.
   */
  settings?: ProtocolSettings;
}

/** The protocols a caller opens: the product's (`PROTOCOLS`), unless a test gives others beside them. */
export type Protocols = Readonly<Record<string, ProtocolOpener>>;

/**
 * Opens protocol clients' providers, each once: a protocol that stands on another (`standOn`) is given the one
 * opened, opened first if need be. `close` ends them in the reverse order of opening (a client before the one it
 * stands on).
 */
function protocolOpener(options: OpenProviderOptions, protocols: Protocols) {
  const opened = new Map<string, OpenedProvider>();
  const open = (client: string): OpenedProvider => {
    const known = opened.get(client);
    if (known) return known;
    const opener = protocols[client];
    if (!opener) throw new Error(`no protocol client ${client}: a connector's description names it`);
    const made = opener({
      upstreams: options.upstreams,
      idleMs: options.idleMs,
      jobTimeoutMs: options.jobTimeoutMs,
      settings: options.settings ?? {},
      standOn: (other) => open(other).provider,
    });
    opened.set(client, made);
    return made;
  };
  return {
    open,
    async close() {
      for (const o of [...opened.values()].reverse()) await o.close();
    },
  };
}

/**
 * The remote provider of a connector: the provider of the protocol client its description names
 * (`CONNECTOR_DESCRIPTIONS`), and those it stands on, closed with it. For one connector alone (the command-line
 * tools); the server opens them all with `openRemoteProviders`.
 */
export function openProvider(connector: Connector, options: OpenProviderOptions): OpenedProvider {
  const opener = protocolOpener(options, PROTOCOLS);
  return { provider: opener.open(CONNECTOR_DESCRIPTIONS[connector].client).provider, close: opener.close };
}

/** Every connector's remote provider, and what ends them all. */
export interface RemoteProviders<C extends string> {
  /** By connector value: the provider of its client (connectors with one client share one provider). */
  providers: Readonly<Record<C, Provider>>;
  close(): Promise<void>;
}

/**
 * The remote providers of every connector `descriptions` holds (the product's, unless a test gives others), over
 * the caller's network rules: one provider per protocol client, opened once, each connector given its client's.
 * Planning's Smart View client stands on the Planning REST client's provider, so both keep one set of Planning
 * REST sessions. `close` ends them in the reverse order of opening.
 */
export function openRemoteProviders<C extends string = Connector>(
  options: OpenProviderOptions,
  descriptions: Readonly<
    Record<C, { client: ConnectorDescription["client"] | (string & {}) }>
  > = CONNECTOR_DESCRIPTIONS as Readonly<Record<C, ConnectorDescription>>,
  protocols: Protocols = PROTOCOLS,
): RemoteProviders<C> {
  const opener = protocolOpener(options, protocols);
  const connectors = Object.keys(descriptions) as C[];
  const providers = Object.fromEntries(
    connectors.map((c) => [c, opener.open(descriptions[c].client).provider]),
  );
  return { providers: providers as Record<C, Provider>, close: opener.close };
}
