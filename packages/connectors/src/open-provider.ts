import type { Connector, Provider } from "@qibates/provider";
import { EssbaseRestProvider } from "./essbase-rest/index.ts";
import type { Upstreams } from "./net/index.ts";
import { PlanningRestProvider } from "./planning-rest/index.ts";
import { PlanningSmartViewProvider } from "./planning-smartview/index.ts";
import { planningSmartViewClient, SmartViewProvider } from "./smartview/index.ts";
import { XmlaProvider } from "./xmla/index.ts";

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

/**
 * The remote provider of a connector, over the caller's network rules: `essbase-stndln` Essbase REST, `ssas`
 * XMLA, `essbase` Smart View, `pbcs` Planning REST, `planning` Planning REST with Smart View's protocol at the
 * same address (alias tables, prompts). The one wiring the server and the command-line tools share.
 */
export function openProvider(
  connector: "pbcs",
  options: OpenProviderOptions,
): OpenedProvider<PlanningRestProvider>;
export function openProvider(connector: Connector, options: OpenProviderOptions): OpenedProvider;
export function openProvider(connector: Connector, options: OpenProviderOptions): OpenedProvider {
  const { upstreams, idleMs, jobTimeoutMs } = options;
  const closing = (provider: Provider & { close(): Promise<void> }): OpenedProvider => ({
    provider,
    close: () => provider.close(),
  });
  switch (connector) {
    case "essbase-stndln":
      return closing(new EssbaseRestProvider({ upstreams, idleMs, jobTimeoutMs }));
    case "pbcs":
      return closing(new PlanningRestProvider({ upstreams, idleMs, jobTimeoutMs }));
    case "planning": {
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
    case "ssas":
      return closing(
        new XmlaProvider({ upstreams, idleMs, ...(options.xmlaUrls ? { xmlaUrls: options.xmlaUrls } : {}) }),
      );
    case "essbase":
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
