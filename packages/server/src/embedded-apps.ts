import { sampleBasicScripts } from "../../engine/demo/sample-basic.ts";
import { createSampleBasicCube } from "../../engine/demo/sample-basic-data.ts";
import type { Database } from "./database.ts";
import { EssbaseApplication } from "./essbase-app.ts";

/** The applications of the embedded engine behind the demo provider addresses. */
export interface EmbeddedApplications {
  /** Sample.Basic, for the Essbase family (essbase, ssas, essbase-stndln). */
  essbase: EssbaseApplication;
}

export async function openEmbedded(db: Database): Promise<EmbeddedApplications> {
  const essbase = new EssbaseApplication("Sample", "Basic", db, createSampleBasicCube, sampleBasicScripts);
  await essbase.load();
  return { essbase };
}
