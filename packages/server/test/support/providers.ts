import type { Protocols } from "@qibates/connectors";
import { type ConnectorDescription, DEFAULT_SLICES, SliceScheduler } from "@qibates/provider";
import { openDatabase } from "../../src/database.ts";
import { openProviders } from "../../src/providers.ts";
import { testConfig } from "./config.ts";
import { sharedEmbeddedDatabase } from "./shared-database.ts";

/**
 * Runs `test` over the server's providers opened for `descriptions` (and `protocols`, the product's unless given),
 * allowed to reach this machine's loopback address only, and closes them and their database after.
 */
export async function withProviders(
  descriptions: Readonly<Record<string, ConnectorDescription>>,
  test: (registry: Awaited<ReturnType<typeof openProviders>>) => Promise<void>,
  protocols?: Protocols,
): Promise<void> {
  const config = testConfig({ ALLOWED_HOSTS: "127.0.0.1" });
  const db = await openDatabase({ dataDir: config.dataDir, embedded: sharedEmbeddedDatabase });
  const registry = await openProviders(
    db,
    new SliceScheduler(DEFAULT_SLICES),
    config,
    undefined,
    undefined,
    descriptions,
    protocols,
  );
  try {
    await test(registry);
  } finally {
    await registry.close();
    await db.close();
  }
}
