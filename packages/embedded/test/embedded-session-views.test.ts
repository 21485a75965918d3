import type { ProviderSession } from "@qibates/provider";
import { answerValue, DEFAULT_SLICES, SliceScheduler } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { EmbeddedProvider } from "../src/index.ts";
import { memoryStore } from "../src/memory-store.ts";
import { demoSession } from "./support/demo-session.ts";
import { colaSheet as grid, saveNewYorkJan } from "./support/sample-basic.ts";

/**
 * Views of the demo for isolated sessions, over one store shared by two providers (API nodes over one
 * PostgreSQL): a session's changes follow it from node to node, nobody else sees them, and they end with it.
 */

const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
const session = (id: string, ownerId = "demo-owner"): ProviderSession => demoSession(id, ownerId);

async function node(store: ReturnType<typeof memoryStore>, alive: Set<string>) {
  return EmbeddedProvider.open({
    scheduler: new SliceScheduler(DEFAULT_SLICES),
    store,
    credentialsValid: () => true,
    ownViews: {
      isolated: (s) => s.ownerId === "demo-owner",
      alive: async (id) => alive.has(id),
      sweepMs: 3_600_000,
      idleMs: 3_600_000,
    },
  });
}

const jan = async (p: EmbeddedProvider, s: ProviderSession) =>
  (await p.essbase.grid(s, cube, { action: "refresh", input: { grid: grid() } }).then(answerValue)).grid
    .slice(2)
    .map((r) => r[1]);

const save = saveNewYorkJan;

describe("demo session views over a shared store", () => {
  it("follow their session from node to node, unseen by other sessions, and end with it", async () => {
    const store = memoryStore({ shared: true });
    const alive = new Set(["s1", "s2", "s3"]);
    const a = await node(store, alive);
    const b = await node(store, alive);
    const [s1, s2, account] = [session("s1"), session("s2"), session("s3", "ada")];
    const shipped = await jan(a, s1);
    expect(shipped).toEqual(["36", "109"]);

    await save(a, s1, "90");
    expect(await jan(b, s1)).toEqual(["90", "163"]);
    await save(b, s1, "91");
    expect(await jan(a, s1)).toEqual(["91", "164"]);
    expect(await jan(b, s2)).toEqual(shipped);
    expect(await jan(a, account)).toEqual(shipped);
    expect(store.entries.filter((e) => e.application === "Sample")).toHaveLength(0);

    // An account's change of the shared data shows through the view on the node that serves it next.
    await save(a, account, "40");
    expect(await jan(b, s2)).toEqual(["40", "113"]);
    expect(await jan(b, s1)).toEqual(["91", "164"]);

    // Logout on one node: the journal of the view is gone; a session that expired goes at the next sweep.
    await save(a, s2, "92");
    await b.logout(s1);
    expect(store.entries.filter((e) => e.application === "Sample@s1")).toHaveLength(0);
    alive.delete("s2");
    await a.views?.sweep(async (id) => alive.has(id), 3_600_000);
    expect(store.entries.filter((e) => e.application.startsWith("Sample@"))).toHaveLength(0);
  });
});
