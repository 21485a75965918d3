import { readFileSync } from "node:fs";
import { MEMBERS_HELD, openRemoteProviders, PROTOCOLS, type Protocols } from "@qibates/connectors";
import { Upstreams } from "@qibates/connectors/net";
import {
  DEMO_APPLICATIONS,
  type EmbeddedAccess,
  EmbeddedProvider,
  type EmbeddedProviderOptions,
  type JournalLog,
  loadCubeSnapshots,
} from "@qibates/embedded";
import {
  CONNECTOR_DESCRIPTIONS,
  type Connector,
  type ConnectorDescription,
  type Provider,
  type SliceScheduler,
} from "@qibates/provider";
import { type Config, ConfigError } from "./config.ts";
import type { Database } from "./database.ts";
import { demoCredentialsValid } from "./demo.ts";
import { databaseStore } from "./embedded-store.ts";
import type { ProviderTarget } from "./provider-address.ts";
import type { SnapshotUsers } from "./snapshot-users.ts";

/**
 * Which provider serves a session: the embedded engine for the demo addresses (and the snapshots'); for a real
 * server, the client of that connector's protocol, which `openProviders` opens for every connector. A session
 * records the id of its provider, and every later call goes to that provider.
 */
export interface ProviderRegistry {
  /** The provider for a login to `target` with `connector`, or `null` when no client can reach it. */
  forLogin(target: ProviderTarget, connector: Connector | (string & {})): Provider | null;
  /** The provider a session recorded. */
  byId(id: string): Provider | null;
}

/** A registry over a fixed set of providers: `demo` answers the demo addresses, `remote` the others. */
export function providerRegistry(providers: {
  demo: Provider;
  remote?: Readonly<Record<string, Provider>>;
}): ProviderRegistry {
  const remote = providers.remote ?? {};
  const all = [providers.demo, ...new Set(Object.values(remote))];
  return {
    forLogin: (target, connector) =>
      target.kind === "demo"
        ? providers.demo
        : Object.hasOwn(remote, connector)
          ? (remote[connector] ?? null)
          : null,
    byId: (id) => all.find((p) => p.id === id) ?? null,
  };
}

/**
 * Who logs in to the embedded engine and what each sees: the demo users (demo mode), who open every
 * application, and the users of QIBATES_SNAPSHOT_USERS, who open the snapshot applications the file allows
 * them. Without demo mode, the demo applications are not served and the demo users cannot log in.
 */
export function embeddedUsers(
  demo: boolean,
  users: SnapshotUsers | undefined,
): { credentialsValid: (username: string, password: string) => Promise<boolean>; access: EmbeddedAccess } {
  return {
    credentialsValid: async (username, password) => {
      // Both checks run every time, so that the time taken tells nothing of which list holds the name.
      const asDemo = demoCredentialsValid(username, password) && demo;
      const asOwn = users ? await users.valid(username, password) : false;
      return asDemo || asOwn;
    },
    access: {
      demo,
      allowed: (username) => users?.rule(username) ?? (demo ? "all" : { snapshots: [] }),
    },
  };
}

/**
 * The product's providers: the embedded engine over the server's database for the demo addresses, and one
 * client per server protocol for real servers (`openRemoteProviders`: each connector its description's client, the
 * five connectors reaching real servers through Essbase REST, XMLA, Smart View and Planning REST), all reaching
 * the network through one set of rules (`Upstreams`: allow-list, internal addresses, timeouts, TLS).
 */
export async function openProviders(
  db: Database,
  scheduler: SliceScheduler,
  config?: Pick<
    Config,
    | "allowedHosts"
    | "providerConnectTimeoutSeconds"
    | "providerReadTimeoutSeconds"
    | "upstreamMaxAnswerBytes"
    | "membersHeldMax"
    | "providerCaFile"
    | "ssasXmlaUrls"
    | "calcJobTimeoutSeconds"
    | "sessionIdleMinutes"
    | "journalCheckpointEntries"
    | "journalCheckpointBytes"
    | "gridWorkers"
    | "jobsPerUser"
    | "jobsTotal"
    | "snapshots"
    | "snapshotUsers"
    | "demo"
  >,
  log?: JournalLog,
  ownViews?: EmbeddedProviderOptions["ownViews"],
  /** The connectors served (the product's; a test adds one to show that its description is all it takes). */
  descriptions: Readonly<Record<string, ConnectorDescription>> = CONNECTOR_DESCRIPTIONS,
  /** The protocol clients those connectors name (the product's; a test adds one beside them). */
  protocols: Protocols = PROTOCOLS,
): Promise<ProviderRegistry & { close(): Promise<void> }> {
  // Every snapshot is read and checked before anything is served: one that fails stops the start.
  const snapshots = config?.snapshots ? await loadCubeSnapshots(config.snapshots, DEMO_APPLICATIONS) : [];
  const users = config?.snapshotUsers;
  if (users) {
    const unknown = users.unknownApplications(snapshots.map((s) => s.manifest.application));
    if (unknown.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  ${unknown.map((u) => `QIBATES_SNAPSHOT_USERS (${users.file}): ${u}`).join("\n  ")}`,
      );
    }
  }
  const demo = config?.demo ?? true;
  const embedded = await EmbeddedProvider.open({
    store: databaseStore(db),
    snapshots,
    ...embeddedUsers(demo, users),
    ...(ownViews ? { ownViews } : {}),
    scheduler,
    ...(config ? { gridWorkers: config.gridWorkers } : {}),
    ...(config ? { jobs: { perOwner: config.jobsPerUser, total: config.jobsTotal } } : {}),
    journal: {
      ...(config
        ? {
            checkpointEntries: config.journalCheckpointEntries,
            checkpointBytes: config.journalCheckpointBytes,
          }
        : {}),
      ...(log ? { log } : {}),
    },
  });
  if (!config) return { ...providerRegistry({ demo: embedded }), close: () => embedded.close() };
  MEMBERS_HELD.limit = config.membersHeldMax;
  const upstreams = new Upstreams({
    allowedHosts: config.allowedHosts,
    connectTimeoutMs: config.providerConnectTimeoutSeconds * 1000,
    readTimeoutMs: config.providerReadTimeoutSeconds * 1000,
    maxAnswerBytes: config.upstreamMaxAnswerBytes,
    ...(log ? { log } : {}),
    ...(config.providerCaFile ? { extraCa: readFileSync(config.providerCaFile, "utf8") } : {}),
  });
  const options = {
    upstreams,
    idleMs: config.sessionIdleMinutes * 60_000,
    jobTimeoutMs: config.calcJobTimeoutSeconds * 1000,
    // Each protocol reads the settings it needs (SSAS_XMLA_URLS, CALC_JOB_TIMEOUT_SECONDS) by name.
    settings: config,
  };
  // One provider per protocol client, each connector given its client's, all from the connectors' descriptions.
  const remote = openRemoteProviders(options, descriptions, protocols);
  return {
    ...providerRegistry({ demo: embedded, remote: remote.providers }),
    close: async () => {
      // The demo applications save a checkpoint of what they journaled since their last one.
      await embedded.close();
      await remote.close();
      await upstreams.close();
    },
  };
}
