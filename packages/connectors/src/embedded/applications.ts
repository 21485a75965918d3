import { createSampleBasicCube, createVisionPlanning, sampleBasicScripts } from "@qibates/engine/demo";
import { EssbaseApplication } from "./essbase-app.ts";
import type { JournalOptions } from "./journal.ts";
import { PlanningDemoApplication } from "./planning-app.ts";
import { SAMPLE_BASIC } from "./replica-bases.ts";
import type { EmbeddedStore } from "./store.ts";

/** The applications of the embedded engine behind the demo provider addresses. */
export interface EmbeddedApplications {
  /** Sample.Basic, for the Essbase family (essbase, ssas, essbase-stndln). */
  essbase: EssbaseApplication;
  /** Vision (plan type Plan1), for the planning family (planning, pbcs). */
  planning: PlanningDemoApplication;
}

/** Builds the demo applications: each loads its newest snapshot and replays its journal after it. */
export async function openEmbeddedApplications(
  store: EmbeddedStore,
  journal: Partial<JournalOptions> = {},
): Promise<EmbeddedApplications> {
  const essbase = new EssbaseApplication("Sample", "Basic", store, createSampleBasicCube, sampleBasicScripts)
    .configure(journal)
    .replicated(SAMPLE_BASIC);
  const planning = new PlanningDemoApplication("Vision", store, createVisionPlanning, () =>
    createVisionPlanning({ empty: true }),
  ).configure(journal);
  await Promise.all([essbase.load(), planning.load()]);
  return { essbase, planning };
}
