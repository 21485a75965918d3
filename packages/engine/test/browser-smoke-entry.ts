import { createSampleBasicCube, sampleBasicScripts } from "../demo/index.ts";
import { runCalcScript } from "../src/calc/script.ts";
import { applyMemberFilter } from "../src/members.ts";

/** Runs in Chromium: the engine bundle must work with no Node built-ins. */
function smoke(): Record<string, unknown> {
  const cube = createSampleBasicCube();
  const o = cube.outline;
  const read = (...names: string[]): number | null => {
    const ms = names.map((n) => o.member(n));
    return cube.read(cube.dims.map((d) => ms.find((m) => m?.dimension === d) ?? d.root));
  };
  const before = {
    eastJan: read("Jan", "Sales", "100-10", "East", "Actual"),
    sales: read("Sales", "Actual"),
    varPct: read("Sales", "Variance %"),
  };
  const budSeed = sampleBasicScripts.find((s) => s.name === "BudSeed");
  if (!budSeed) throw new Error("no BudSeed script");
  const log = runCalcScript(cube, budSeed.text).log;
  const children = applyMemberFilter(
    o,
    "Children",
    o.member("East") as NonNullable<ReturnType<typeof o.member>>,
  ) as { name: string }[];
  return {
    userAgent: navigator.userAgent,
    ...before,
    budgetAfterSeed: read("Sales", "Budget"),
    log,
    eastChildren: children.map((m) => m.name),
  };
}

(globalThis as { engineSmoke?: () => Record<string, unknown> }).engineSmoke = smoke;
