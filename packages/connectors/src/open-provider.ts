import {
  CONNECTOR_DESCRIPTIONS,
  type Connector,
  type ConnectorDescription,
  type ProtocolClient,
  type Provider,
} from "@qibates/provider";
import { EssbaseRestProvider } from "./essbase-rest/index.ts";
import type { Upstreams } from "./net/index.ts";
import { PlanningRestProvider } from "./planning-rest/index.ts";
import { PlanningSmartViewProvider } from "./planning-smartview/index.ts";
import { planningSmartViewClient, SmartViewProvider } from "./smartview/index.ts";
import { XmlaProvider } from "./xmla/index.ts";

/** The server-wide bound on the members of remote cubes kept (its setting, MEMBERS_HELD_MAX, applied at start). */
export { MEMBERS_HELD } from "@qibates/grid-bridge";

/** What the remote provider of a connector is built with. */
export interface OpenProviderOptions {
  /** The network rules every client of the provider reaches its server through. */
  upstreams: Upstreams;
  /** An upstream session unused this long is ended. */
  idleMs: number;
  /** How long a data job of Essbase REST (`essbase-stndln`) or Planning REST (`pbcs`, `planning`) is waited for. */
  jobTimeoutMs: number;
  /**
   * `essbase`: how long Smart View's calculation script is waited for (CALC_JOB_TIMEOUT_SECONDS); unset, the
   * read timeout of every call.
   */
  smartViewJobTimeoutMs?: number;
  /** `ssas`: provider address (`addressKey`) → XMLA address (SSAS_XMLA_URLS). */
  xmlaUrls?: ReadonlyMap<string, string>;
  /**
   * `planning`: the Planning REST provider it wraps, when the caller serves `pbcs` with it (one set of upstream
   * sessions); unset, one of its own, closed with it.
   */
  planningRest?: PlanningRestProvider;
}

/** A connector's provider and what ends it (its upstream sessions; the `Upstreams` stay the caller's). */
export interface OpenedProvider<P extends Provider = Provider> {
  provider: P;
  close(): Promise<void>;
}

/** Opens one protocol client's provider. */
function openClient(client: ProtocolClient, options: OpenProviderOptions): OpenedProvider {
  const { upstreams, idleMs, jobTimeoutMs } = options;
  const closing = (provider: Provider & { close(): Promise<void> }): OpenedProvider => ({
    provider,
    close: () => provider.close(),
  });
  switch (client) {
    case "essbase-rest":
      return closing(new EssbaseRestProvider({ upstreams, idleMs, jobTimeoutMs }));
    case "planning-rest":
      return closing(new PlanningRestProvider({ upstreams, idleMs, jobTimeoutMs }));
    case "planning-smartview": {
      const rest = options.planningRest ?? new PlanningRestProvider({ upstreams, idleMs, jobTimeoutMs });
      const provider = new PlanningSmartViewProvider(rest, {
        upstreams,
        idleMs,
        smartView: planningSmartViewClient,
      });
      return {
        provider,
        async close() {
          await provider.close();
          if (rest !== options.planningRest) await rest.close();
        },
      };
    }
    case "xmla":
      return closing(
        new XmlaProvider({ upstreams, idleMs, ...(options.xmlaUrls ? { xmlaUrls: options.xmlaUrls } : {}) }),
      );
    case "smartview":
      return closing(
        new SmartViewProvider({
          upstreams,
          idleMs,
          ...(options.smartViewJobTimeoutMs !== undefined
            ? { jobTimeoutMs: options.smartViewJobTimeoutMs }
            : {}),
        }),
      );
  }
}

/**
 * The remote provider of a connector: the provider of the protocol client its description names
 * (`CONNECTOR_DESCRIPTIONS`): `essbase-stndln` Essbase REST, `ssas` XMLA, `essbase` Smart View, `pbcs` Planning
 * REST, `planning` Planning REST with Smart View's protocol at the same address (alias tables, prompts). For one
 * connector alone (the command-line tools); the server opens them all with `openRemoteProviders`.
 */
export function openProvider(connector: Connector, options: OpenProviderOptions): OpenedProvider {
  return openClient(CONNECTOR_DESCRIPTIONS[connector].client, options);
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
 * Planning's Smart View client wraps the Planning REST client's provider, so both keep one set of Planning REST
 * sessions. `close` ends them in the reverse order of opening (a wrapping client before the one it wraps).
 */
export function openRemoteProviders<C extends string = Connector>(
  options: Omit<OpenProviderOptions, "planningRest">,
  descriptions: Readonly<
    Record<C, Pick<ConnectorDescription, "client">>
  > = CONNECTOR_DESCRIPTIONS as Readonly<Record<C, ConnectorDescription>>,
): RemoteProviders<C> {
  const opened = new Map<ProtocolClient, OpenedProvider>();
  const open = (client: ProtocolClient): OpenedProvider => {
    const known = opened.get(client);
    if (known) return known;
    const made =
      client === "planning-smartview"
        ? openClient(client, {
            ...options,
            planningRest: open("planning-rest").provider as PlanningRestProvider,
          })
        : openClient(client, options);
    opened.set(client, made);
    return made;
  };
  const connectors = Object.keys(descriptions) as C[];
  const providers = Object.fromEntries(connectors.map((c) => [c, open(descriptions[c].client).provider]));
  return {
    providers: providers as Record<C, Provider>,
    async close() {
      for (const o of [...opened.values()].reverse()) await o.close();
    },
  };
}
