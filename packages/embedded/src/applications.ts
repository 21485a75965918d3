import { Cube, type CubeSnapshot } from "@qibates/engine";
import { createSampleBasicCube, createVisionPlanning, sampleBasicScripts } from "@qibates/engine/demo";
import { PlanningApplication } from "@qibates/engine/planning";
import { familyOf, isConnector } from "@qibates/provider";
import { EssbaseApplication } from "./essbase-app.ts";
import type { JournalOptions } from "./journal.ts";
import { PlanningDemoApplication } from "./planning-app.ts";
import { SAMPLE_BASIC, VISION } from "./replica-bases.ts";
import type { LoadedSnapshot } from "./snapshot-files.ts";
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
  /**
   * Snapshots taken through a Planning-family connector (`planning`, `pbcs`), each served as a Planning
   * application on the planning-family server beside Vision (or alone, as above): its plan types, without the
   * forms, business rules and task lists Planning REST cannot carry.
   */
  planningCopies?: readonly PlanningSnapshotCopy[];
}

/** A snapshot of a Planning application, served as the Planning application `application`. */
export interface PlanningSnapshotCopy {
  application: string;
  /** Its plan types, in the snapshot's order. */
  cubes: readonly string[];
  app: PlanningDemoApplication;
}

/** A cube of a snapshot, served as `application.cube`. */
export interface SnapshotCopy {
  application: string;
  cube: string;
  app: EssbaseApplication;
}

/** Whether a snapshot was read from a Planning application (through `planning` or `pbcs`). */
export function isPlanningSnapshot(snapshot: LoadedSnapshot): boolean {
  const connector = snapshot.manifest.source.connector;
  return isConnector(connector) && familyOf(connector) === "planning";
}

/**
 * A new cube like a loaded snapshot's `cube` (its outline, AGGMISSG and aggregation threads: a large copy keeps
 * aggregating on every core), holding `state` (null: empty).
 */
function copyOf(cube: Cube, state: CubeSnapshot | null): Cube {
  const threads = cube.threads;
  const c = new Cube(cube.outline, { aggMissing: cube.aggMissing, ...(threads ? { threads } : {}) });
  if (state) c.restore(state);
  return c;
}

/**
 * The applications serving snapshots' cubes (snapshots of Essbase-family cubes; those of Planning applications
 * are {@link planningSnapshotCopies}). Each is journaled under its own name, which carries the data
 * file's checksum: a new snapshot of the same cube starts from its own data, not from changes made to the last.
 */
export function snapshotCopies(
  snapshots: readonly LoadedSnapshot[],
  store: EmbeddedStore,
  journal: Partial<JournalOptions> = {},
): SnapshotCopy[] {
  return snapshots
    .filter((s) => !isPlanningSnapshot(s))
    .flatMap((s) =>
      s.cubes.map(({ name, cube, dataSha256 }) => {
        const state = cube.snapshot();
        const create = () => copyOf(cube, state);
        const journalName = `snapshot:${s.manifest.application}.${name}@${dataSha256.slice(0, 16)}`;
        const app = new EssbaseApplication(journalName, name, store, create, []).configure(journal);
        return { application: s.manifest.application, cube: name, app };
      }),
    );
}

/**
 * The Planning application a snapshot of one is served as: one plan type per cube of the snapshot, with its
 * outline (substitution variables included) and data, and nothing Planning REST could not carry — no forms,
 * business rules, task lists, Smart Lists, text cells or approval locks. Built again at each reset.
 */
export function snapshotPlanningApplication(
  snapshot: LoadedSnapshot,
  states: readonly (CubeSnapshot | null)[] = snapshot.cubes.map((c) => c.cube.snapshot()),
): PlanningApplication {
  return new PlanningApplication({
    name: snapshot.manifest.application,
    planTypes: snapshot.cubes.map(({ name, cube }, i) => ({
      name,
      data: copyOf(cube, states[i] ?? null),
      variableNames: [...cube.outline.substitutionVariableNames],
    })),
    forms: [],
    rules: [],
    taskLists: [],
  });
}

/**
 * The Planning applications serving snapshots of Planning applications, each journaled under its own name,
 * which carries its data files' checksums (as {@link snapshotCopies}).
 */
export function planningSnapshotCopies(
  snapshots: readonly LoadedSnapshot[],
  store: EmbeddedStore,
  journal: Partial<JournalOptions> = {},
): PlanningSnapshotCopy[] {
  return snapshots.filter(isPlanningSnapshot).map((s) => {
    const sums = s.cubes.map((c) => c.dataSha256.slice(0, 16)).join(".");
    const journalName = `snapshot:${s.manifest.application}@${sums}`;
    // The snapshot's values, taken once: each reset builds the application again from them.
    const states = s.cubes.map((c) => c.cube.snapshot());
    const app = new PlanningDemoApplication(
      journalName,
      store,
      () => snapshotPlanningApplication(s, states),
      () =>
        snapshotPlanningApplication(
          s,
          states.map(() => null),
        ),
    ).configure(journal);
    return { application: s.manifest.application, cubes: s.cubes.map((c) => c.name), app };
  });
}

/** Builds the demo applications: each loads its newest checkpoint and replays its journal after it. */
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
  const planningCopies = planningSnapshotCopies(snapshots, store, journal);
  await Promise.all([
    essbase.load(),
    planning.load(),
    ...copies.map((c) => c.app.load()),
    ...planningCopies.map((c) => c.app.load()),
  ]);
  return { essbase, planning, copies, planningCopies };
}
