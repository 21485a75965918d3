import { CallContext, DEFAULT_SLICES, type ProviderSession, SliceScheduler } from "@qibates/provider";
import { afterAll } from "vitest";
import { EmbeddedProvider } from "../../src/index.ts";
import { memoryStore } from "../../src/memory-store.ts";

/** A session of the embedded demo's Essbase family (connector essbase), for the embedded provider's tests. */
export const demoSession = (id: string, ownerId = "demo-owner"): ProviderSession => ({
  id,
  ownerId,
  connector: "essbase",
  username: "demo",
  providerAddress: "https://demo.qibates.local/aps/JAPI",
  aliasTable: null,
  call: CallContext.unbounded(),
});

/** A session of an XMLA client (connector ssas) as the XMLA endpoint opens one on the embedded provider. */
export const xmlaSession = (id: string): ProviderSession => ({
  id,
  ownerId: "xmla:demo",
  connector: "ssas",
  username: "demo",
  providerAddress: "http://localhost/aps/JAPI",
  aliasTable: null,
  call: CallContext.unbounded(),
});

/**
 * The embedded demo over a store in memory, every login let in, with `gridWorkers` grid workers (none unless
 * told): for tests that call the provider directly.
 */
export const openDemo = (gridWorkers = 0) =>
  EmbeddedProvider.open({
    scheduler: new SliceScheduler(DEFAULT_SLICES),
    store: memoryStore(),
    credentialsValid: () => true,
    gridWorkers,
  });

/** Opens embedded demos (openDemo) for the enclosing file's or block's tests, each closed after them. */
export function demoProviders(): (gridWorkers: number) => Promise<EmbeddedProvider> {
  const providers: EmbeddedProvider[] = [];
  afterAll(async () => {
    await Promise.all(providers.map((p) => p.close()));
  });
  return async (gridWorkers) => {
    const p = await openDemo(gridWorkers);
    providers.push(p);
    return p;
  };
}
