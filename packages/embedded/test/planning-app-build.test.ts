import { createVisionPlanning } from "@qibates/engine/demo";
import { describe, expect, it } from "vitest";
import { memoryStore } from "../src/memory-store.ts";
import { PlanningDemoApplication } from "../src/planning-app.ts";
import { growRevenue, open, revenue410 } from "./embedded-calls.ts";

/**
 * The demo planning application is built when it is first used, not when the server starts: a server whose users
 * never open Vision never spends the time and memory of its data.
 */
describe("the demo planning application", () => {
  it("is built at its first use, once, and again after a rebuild only when used", async () => {
    let built = 0;
    const vision = new PlanningDemoApplication("Vision", memoryStore(), () => {
      built++;
      return createVisionPlanning();
    });
    await vision.load();
    expect(built).toBe(0);
    expect(vision.app.cubes).toEqual(["Plan1", "Plan2"]);
    expect(vision.app.cubes).toHaveLength(2);
    expect(built).toBe(1);
    await vision.load();
    expect(built).toBe(1);
    expect(vision.app.cubes).toHaveLength(2);
    expect(built).toBe(2);
  });

  it("replays its journal at a restart whether or not it was used before it", async () => {
    const store = memoryStore();
    await growRevenue(await open(store), "Kept");
    // The restarted server builds Vision from its demo data and the journal's entry.
    expect(await revenue410(await open(store))).toEqual(["13200", "Kept"]);
  });
});
