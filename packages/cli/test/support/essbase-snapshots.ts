import { openConnectorHarness, type ReplayConnector } from "../../src/answer-key.ts";
import { type Progress, takeSnapshot } from "../../src/snapshot/take.ts";
import { providerFor } from "../../src/snapshot-cli.ts";

/**
 * Sample.Basic copied through each Essbase-family connector from its local wire endpoint (essbase-stndln:
 * Essbase REST, ssas: XMLA, essbase: Smart View), as `qibates-snapshot` copies it: shared by the
 * snapshot tests.
 */

/** A run that says nothing. */
export const quiet: Progress = { step() {}, data() {}, warn() {} };

/** A quiet run's settings that stop it once it has read `batches` batches of data, as an interruption would. */
export function interruptedAfter(batches: number): { progress: Progress; interrupted: () => boolean } {
  let read = 0;
  return {
    progress: {
      ...quiet,
      data: () => {
        read++;
      },
    },
    interrupted: () => read >= batches,
  };
}

/** The application name each connector's copy of Sample is served under. */
export const COPIES: Record<ReplayConnector, string> = {
  "essbase-stndln": "CopyRest",
  ssas: "CopyXmla",
  essbase: "CopySv",
};

/** Copies Sample.Basic through `via` into `out` (its folder named after `COPIES[via]`). */
export async function snapshotVia(
  via: ReplayConnector,
  out: string,
  extra: Partial<Parameters<typeof takeSnapshot>[0]> = {},
) {
  const harness = await openConnectorHarness({ via });
  const { provider, close } = providerFor(via, new URL(harness.wireAddress));
  try {
    return await takeSnapshot({
      provider,
      connector: via,
      address: harness.wireAddress,
      user: "demo",
      password: "demo",
      server: "EssbaseCluster-1",
      application: "Sample",
      out,
      name: COPIES[via],
      force: false,
      progress: quiet,
      ...extra,
    });
  } finally {
    await close();
    await harness.close();
  }
}
