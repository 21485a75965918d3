import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tryLock } from "../../../../scripts/pid-lock.mjs";
import { type ConnectorHarness, openConnectorHarness, type ReplayConnector } from "../../src/answer-key.ts";
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

/**
 * Copies Sample.Basic through `via` into `out` (its folder named after `COPIES[via]`), from `endpoint` (a harness
 * opened with `{ via }`, left open) or else from a harness of its own, opened and closed around the copy.
 */
export async function snapshotVia(
  via: ReplayConnector,
  out: string,
  extra: Partial<Parameters<typeof takeSnapshot>[0]> = {},
  endpoint?: ConnectorHarness,
) {
  const harness = endpoint ?? (await openConnectorHarness({ via }));
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
    if (!endpoint) await harness.close();
  }
}

/** The run's folder of test data (made by the cli project's global setup), or null outside such a run. */
function runFolder(): string | null {
  const root = process.env.QIBATES_TEST_DATA_ROOT;
  return root && existsSync(root) ? root : null;
}

/**
 * Copies Sample.Basic through every Essbase-family connector into `out` (each in its folder named after
 * `COPIES[via]`), as {@link snapshotVia} does. Each copy is taken once per test run and shared by the files that
 * ask for it: it is the same copy every time (same endpoint, same cube), and taking it costs seconds of CPU. The
 * first file to need a copy takes it into the run's folder, under a lock that another file waits on (or takes
 * over when its holder's process is gone); the files running beside it take the other copies meanwhile. Each
 * file gets its own copy of the folders, which it may change.
 */
export async function sharedSampleSnapshots(out: string): Promise<void> {
  const run = runFolder();
  const vias = Object.keys(COPIES) as ReplayConnector[];
  if (!run) {
    for (const via of vias) await snapshotVia(via, out);
    return;
  }
  const cache = join(run, "sample-snapshots");
  mkdirSync(cache, { recursive: true });
  const ready = (via: ReplayConnector) => join(cache, via, COPIES[via]);
  const lock = (via: ReplayConnector) => join(cache, `${via}.lock`);
  const take = async (via: ReplayConnector) => {
    const work = mkdtempSync(join(cache, `${via}-work-`));
    try {
      await snapshotVia(via, work);
      mkdirSync(join(cache, via), { recursive: true });
      renameSync(join(work, COPIES[via]), ready(via));
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  };
  const pending = new Set(vias);
  while (pending.size > 0) {
    let waiting = false;
    for (const via of [...pending]) {
      if (existsSync(ready(via))) {
        pending.delete(via);
        continue;
      }
      // The lock names the process taking the copy; one left by a process that is gone is taken over.
      if (!tryLock(lock(via))) {
        waiting = true;
        continue;
      }
      try {
        if (!existsSync(ready(via))) await take(via);
      } finally {
        rmSync(lock(via), { recursive: true, force: true });
      }
      pending.delete(via);
    }
    if (waiting && pending.size > 0) await new Promise((r) => setTimeout(r, 250));
  }
  for (const via of vias) cpSync(ready(via), join(out, COPIES[via]), { recursive: true });
}
