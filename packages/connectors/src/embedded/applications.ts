import { Cube } from "@qibates/engine";
import { createSampleBasicCube, createVisionPlanning, sampleBasicScripts } from "@qibates/engine/demo";
import type { LoadedSnapshot } from "./cube-copy.ts";
import { EssbaseApplication } from "./essbase-app.ts";
import type { JournalOptions } from "./journal.ts";
import { PlanningDemoApplication } from "./planning-app.ts";
import { SAMPLE_BASIC, VISION } from "./replica-bases.ts";
import type { EmbeddedStore } from "./store.ts";

/** The applications of the embedded engine behind the demo provider addresses. */
export interface EmbeddedApplications {
  /** Sample.Basic, for the Essbase family (essbase, ssas, essbase-stndln). */
  essbase: EssbaseApplication;
  /** Vision (plan type Plan1), for the planning family (planning, pbcs). */
  planning: PlanningDemoApplication;
  /**
   * Cubes of snapshots (`QIBATES_SNAPSHOTS`), served on the Essbase-family server beside Sample.Basic, or alone
   * when the provider's `EmbeddedAccess` serves no demo application.
   */
  copies?: readonly SnapshotCopy[];
}

/** A cube of a snapshot, served as `application.cube`. */
export interface SnapshotCopy {
  application: string;
  cube: string;
  app: EssbaseApplication;
}

/**
 * The applications serving snapshots' cubes. Each is journaled under its own name, which carries the data
 * file's checksum: a new snapshot of the same cube starts from its own data, not from changes made to the last.
 */
export function snapshotCopies(
  snapshots: readonly LoadedSnapshot[],
  store: EmbeddedStore,
  journal: Partial<JournalOptions> = {},
): SnapshotCopy[] {
  return snapshots.flatMap((s) =>
    s.cubes.map(({ name, cube, dataSha256 }) => {
      const state = cube.snapshot();
      const create = () => {
        const c = new Cube(cube.outline, { aggMissing: cube.aggMissing });
        c.restore(state);
        return c;
      };
      const journalName = `snapshot:${s.manifest.application}.${name}@${dataSha256.slice(0, 16)}`;
      const app = new EssbaseApplication(journalName, name, store, create, []).configure(journal);
      return { application: s.manifest.application, cube: name, app };
    }),
  );
}

/** Builds the demo applications: each loads its newest snapshot and replays its journal after it. */
export async function openEmbeddedApplications(
  store: EmbeddedStore,
  journal: Partial<JournalOptions> = {},
  snapshots: readonly LoadedSnapshot[] = [],
): Promise<EmbeddedApplications> {
  const essbase = new EssbaseApplication("Sample", "Basic", store, createSampleBasicCube, sampleBasicScripts)
    .configure(journal)
    .replicated(SAMPLE_BASIC);
  const planning = new PlanningDemoApplication("Vision", store, createVisionPlanning, () =>
    createVisionPlanning({ empty: true }),
  )
    .configure(journal)
    .replicated(VISION);
  const copies = snapshotCopies(snapshots, store, journal);
  await Promise.all([essbase.load(), planning.load(), ...copies.map((c) => c.app.load())]);
  return { essbase, planning, copies };
}
