import { createSampleBasicCube, createVisionPlanning, sampleBasicScripts } from "@qibates/engine/demo";
import type { Database } from "./database.ts";
import { EssbaseApplication } from "./essbase-app.ts";
import { PlanningDemoApplication } from "./planning-app.ts";

/** The applications of the embedded engine behind the demo provider addresses. */
export interface EmbeddedApplications {
  /** Sample.Basic, for the Essbase family (essbase, ssas, essbase-stndln). */
  essbase: EssbaseApplication;
  /** Vision (plan type Plan1), for the planning family (planning, pbcs). */
  planning: PlanningDemoApplication;
}

export async function openEmbedded(db: Database): Promise<EmbeddedApplications> {
  const essbase = new EssbaseApplication("Sample", "Basic", db, createSampleBasicCube, sampleBasicScripts);
  const planning = new PlanningDemoApplication("Vision", db, createVisionPlanning);
  await Promise.all([essbase.load(), planning.load()]);
  return { essbase, planning };
}
