import { describe, expect, it } from "vitest";
import { runInChild } from "./support/in-child.ts";

/**
 * A server whose outline contradicts itself (a member among its own children, a parent under its child, two
 * members listed under each other, an SSAS data member named like its parent, one unique name for two members) or
 * whose children never end: each read the connectors make of it (the dimension tree, a zoom to all levels, a zoom
 * to the next level) fails with a typed error that names the member and says so in both languages, instead of a
 * loop that never gives the event loop back (which froze every user's calls). The reads run in a child process
 * killed after a minute, so that a hang fails the test instead of holding the run.
 */

interface Outcome {
  code: string | null;
  message: string | null;
  fr: string | null;
  held: number;
}

const outcomes = runInChild(
  new URL("./support/lying-outline.scenario.ts", import.meta.url),
  60_000,
) as Promise<Record<string, Outcome>>;
// A failure is reported by the tests that read it.
outcomes.catch(() => undefined);

const READS = ["tree", "zoomAll", "zoomNext"];

describe("an outline that lies", () => {
  it.each([
    ["ownChild", '"East" under "East"'],
    ["parentUnderChild", '"Market" under "East"'],
    ["dataMemberNamedLikeParent", '"East" under "East"'],
    ["repeatedUniqueName", "[Market].[East] twice"],
  ])("%s: every read is refused, naming the member", async (lie, named) => {
    const all = await outcomes;
    for (const read of READS) {
      const o = all[`${lie} ${read}`] as Outcome;
      expect(o.code, `${lie} ${read}`).toBe("UPSTREAM_MALFORMED");
      expect(o.message).toContain(named);
      expect(o.fr).toMatch(/^une arborescence qui /);
    }
  });

  it("two members listed under each other: the tree and the zooms end, refused", async () => {
    const all = await outcomes;
    expect(all["eachUnderOther tree"]?.code).toBe("UPSTREAM_MALFORMED");
    expect(all["eachUnderOther zoomAll"]?.code).toBe("UPSTREAM_MALFORMED");
    expect(all["eachUnderOther zoomNext"]?.code).toBe("UPSTREAM_MALFORMED");
  });

  it("children without end: refused past the server's bound, and what was read is let go", async () => {
    const all = await outcomes;
    for (const read of ["tree", "zoomAll"]) {
      const o = all[`childrenWithoutEnd ${read}`] as Outcome;
      expect(o.code, read).toBe("UPSTREAM_MALFORMED");
      expect(o.message).toContain("MEMBERS_HELD_MAX");
      expect(o.held).toBeLessThan(1000);
    }
    // One child a generation, without end: refused past any outline's depth.
    expect(all["oneChildWithoutEnd tree"]?.message).toContain("more than 1024 generations deep");
    expect(all["oneChildWithoutEnd zoomAll"]?.code).toBe("UPSTREAM_MALFORMED");
  });
});
