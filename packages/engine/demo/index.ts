export { createVisionPlanning } from "./planning/vision-app.ts";
export { sampleBasicOutline, sampleBasicScripts } from "./sample-basic.ts";
export { createSampleBasicCube, generateSampleBasicData, loadSampleBasicData } from "./sample-basic-data.ts";
export { createVisionPlan1Cube, visionPlan1OutlineSpec, visionPlan1Scripts } from "./vision-plan1.ts";

/** The demo servers: one per connector family, each with its applications and cubes. */
export interface DemoServer<Family extends string> {
  family: Family;
  name: string;
  applications: readonly { name: string; cubes: readonly string[] }[];
}

/**
 * The one catalogue of the demo: what the embedded provider serves behind the demo addresses. The Essbase
 * family (essbase, ssas, essbase-stndln) sees Sample.Basic; the planning family (planning, pbcs) sees the
 * Vision planning application with its plan types Plan1 and Plan2 (the revenue summary).
 */
export const DEMO_SERVERS = {
  essbase: {
    family: "essbase",
    name: "EssbaseCluster-1",
    applications: [{ name: "Sample", cubes: ["Basic"] }],
  },
  planning: {
    family: "planning",
    name: "Planning",
    applications: [{ name: "Vision", cubes: ["Plan1", "Plan2"] }],
  },
} as const satisfies { essbase: DemoServer<"essbase">; planning: DemoServer<"planning"> };
