import type { Connector, Provider } from "@qibates/connectors";
import { EmbeddedProvider } from "@qibates/connectors/embedded";
import type { Database } from "./database.ts";
import { demoCredentialsValid } from "./demo.ts";
import { databaseStore } from "./embedded-store.ts";
import type { ProviderTarget } from "./provider-address.ts";

/**
 * Which provider serves a session: the embedded engine for the demo addresses; for a real server, the client
 * of that connector's protocol (none exists yet, so a real address is refused at login). A session records
 * the id of its provider, and every later call goes to that provider.
 */
export interface ProviderRegistry {
  /** The provider for a login to `target` with `connector`, or `null` when no client can reach it. */
  forLogin(target: ProviderTarget, connector: Connector): Provider | null;
  /** The provider a session recorded. */
  byId(id: string): Provider | null;
}

/** A registry over a fixed set of providers: `demo` answers the demo addresses, `remote` the others. */
export function providerRegistry(providers: {
  demo: Provider;
  remote?: Partial<Record<Connector, Provider>>;
}): ProviderRegistry {
  const all = [providers.demo, ...Object.values(providers.remote ?? {})];
  return {
    forLogin: (target, connector) =>
      target.kind === "demo" ? providers.demo : (providers.remote?.[connector] ?? null),
    byId: (id) => all.find((p) => p.id === id) ?? null,
  };
}

/** The product's providers: the embedded engine over the server's database. */
export async function openProviders(db: Database): Promise<ProviderRegistry> {
  const embedded = await EmbeddedProvider.open({
    store: databaseStore(db),
    credentialsValid: demoCredentialsValid,
  });
  return providerRegistry({ demo: embedded });
}
