import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type ConnectorHarness, openConnectorHarness } from "../../src/answer-key.ts";
import type { TakeOptions } from "../../src/snapshot/take.ts";

/**
 * The product with essbase-stndln's Essbase REST endpoint serving Sample.Basic, for the tests of one file
 * (opened before them, closed after), and a throw-away folder for their snapshots (`root`).
 */
export function essbaseRestEndpoint(prefix: string): {
  root: string;
  address(): string;
  /** What a snapshot of Sample.Basic through it, named `Copy` and written under `out`, is taken with. */
  sampleBasic(out: string): Omit<TakeOptions, "provider" | "progress">;
} {
  const root = mkdtempSync(join(tmpdir(), prefix));
  let harness: ConnectorHarness | undefined;
  beforeAll(async () => {
    harness = await openConnectorHarness({ via: "essbase-stndln" });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
    rmSync(root, { recursive: true, force: true });
  });
  const address = () => {
    if (!harness) throw new Error("the endpoint is opened before the file's tests");
    return harness.wireAddress;
  };
  return {
    root,
    address,
    sampleBasic: (out) => ({
      connector: "essbase-stndln",
      address: address(),
      user: "demo",
      password: "demo",
      server: "EssbaseCluster-1",
      application: "Sample",
      out,
      name: "Copy",
      force: false,
    }),
  };
}
