import { type CalcRunResult, type CalcScript, runCalcScript } from "../src/calc-script.ts";
import type { Cube } from "../src/cube.ts";
import { sampleBasicScripts } from "./sample-basic.ts";
import { createSampleBasicCube } from "./sample-basic-data.ts";
import { createVisionPlan1Cube, visionPlan1Scripts } from "./vision-plan1.ts";

export { createVisionPlanning } from "./planning/vision-app.ts";
export { sampleBasicOutline, sampleBasicScripts } from "./sample-basic.ts";
export { createSampleBasicCube, generateSampleBasicData, loadSampleBasicData } from "./sample-basic-data.ts";
export { createVisionPlan1Cube, visionPlan1OutlineSpec, visionPlan1Scripts } from "./vision-plan1.ts";

/** A cube of a demo application, built on first use, with its named calc scripts. */
export class DemoCube {
  private built: Cube | null = null;
  constructor(
    readonly application: string,
    readonly name: string,
    readonly scripts: readonly CalcScript[],
    private readonly build: () => Cube,
  ) {}

  get cube(): Cube {
    if (!this.built) this.built = this.build();
    return this.built;
  }

  /** Names of the calc scripts (what `nav/scripts` lists). */
  get scriptNames(): string[] {
    return this.scripts.map((s) => s.name);
  }

  script(name: string): CalcScript | undefined {
    return this.scripts.find((s) => s.name.toLowerCase() === name.toLowerCase());
  }

  /** Runs a named calc script; throws when the name is unknown. */
  runScript(name: string): CalcRunResult {
    const s = this.script(name);
    if (!s) throw new Error(`Unknown calc script "${name}" on ${this.application}.${this.name}`);
    return runCalcScript(this.cube, s.text);
  }

  /** Back to the generated data (drops every write and script effect). */
  reset(): void {
    this.built = null;
  }
}

export interface DemoApplication {
  name: string;
  cubes: DemoCube[];
}

/** The embedded Essbase server of the demo: `EssbaseCluster-1` with Sample (Basic) and Vision (Plan1). */
export interface DemoServer {
  name: string;
  applications: DemoApplication[];
  cube(application: string, cube: string): DemoCube | undefined;
}

export function createDemoApplications(): DemoServer {
  const applications: DemoApplication[] = [
    { name: "Sample", cubes: [new DemoCube("Sample", "Basic", sampleBasicScripts, createSampleBasicCube)] },
    {
      name: "Vision",
      cubes: [new DemoCube("Vision", "Plan1", visionPlan1Scripts, () => createVisionPlan1Cube())],
    },
  ];
  return {
    name: "EssbaseCluster-1",
    applications,
    cube(application, cube) {
      const app = applications.find((a) => a.name.toLowerCase() === application.toLowerCase());
      return app?.cubes.find((c) => c.name.toLowerCase() === cube.toLowerCase());
    },
  };
}
