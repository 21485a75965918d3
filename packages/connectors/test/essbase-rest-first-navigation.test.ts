import { ProviderError, type ProviderText } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import type { EssbaseRestClient } from "../src/essbase-rest/client.ts";
import { readRemoteOutline } from "../src/essbase-rest/outline.ts";
import { LIST_LIMITS } from "../src/net/list-budget.ts";

/**
 * A session's first navigation through `essbase-stndln` reads the outline, one request of children
 * per member that has some. A member's children are asked as soon as the member is read, not once the rest of
 * its generation is: a slow answer for one dimension no longer holds up the next generation of the others.
 * No timing is asserted: the order of the requests and the answers, and how many were in flight at once.
 */

/** `name: children` of a small outline; a member without an entry has no children. */
const TREE: Record<string, string[]> = {
  "": ["Slow", "Deep", ...Array.from({ length: 10 }, (_, i) => `Wide${i}`)],
  Slow: ["Slow1"],
  Deep: ["Deep1"],
  Deep1: ["Deep2"],
  Deep2: ["Deep3"],
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`Wide${i}`, [`Wide${i}a`, `Wide${i}b`]])),
};

function fakeServer(hold: string | null) {
  const events: string[] = [];
  let inFlight = 0;
  let most = 0;
  let requests = 0;
  let release: (() => void) | null = null;
  const held = new Promise<void>((r) => {
    release = r;
  });
  const fake = {
    bytesRead: 0,
    listLimits: LIST_LIMITS,
    malformed: (reason: ProviderText) => new ProviderError("UPSTREAM_MALFORMED", reason.en),
    get: async (url: string) => {
      requests++;
      if (url.endsWith("/dimensions")) return { items: [] };
      if (url.endsWith("/aliases")) return { items: ["Default"] };
      const parent = decodeURIComponent(/[?&]parent=([^&]*)/.exec(url)?.[1] ?? "");
      events.push(`ask ${parent}`);
      inFlight++;
      most = Math.max(most, inFlight);
      // The held member's answer waits for the request of Deep2's children (two generations further down
      // another dimension), or for every other request to be over (the old read never sends it before).
      if (parent === "Deep2") release?.();
      if (parent === hold) await Promise.race([held, new Promise((r) => setTimeout(r, 200))]);
      else await new Promise((r) => setImmediate(r));
      inFlight--;
      events.push(`answer ${parent}`);
      const kids = TREE[parent] ?? [];
      return {
        items: kids.map((name) => ({ name, numberOfChildren: (TREE[name] ?? []).length })),
        hasMore: false,
      };
    },
  };
  return { client: fake as unknown as EssbaseRestClient, events, most: () => most, requests: () => requests };
}

const names = (o: Awaited<ReturnType<typeof readRemoteOutline>>) =>
  o.outline.dimensions.map((d) => [d.name, d.members.map((m) => m.name)]);

describe("essbase-stndln: the outline read of a session's first navigation", () => {
  it("asks a member's children as soon as the member is read, while a slow dimension is still answering", async () => {
    const s = fakeServer("Slow");
    const outline = await readRemoteOutline(s.client, "Sample", "Basic");
    // Deep → Deep1 → Deep2 asked (three generations) before Slow's children came back: on the old code,
    // Deep1's children waited for the whole first generation, Slow's included.
    expect(s.events.indexOf("ask Deep2")).toBeGreaterThan(-1);
    expect(s.events.indexOf("ask Deep2")).toBeLessThan(s.events.indexOf("answer Slow"));
    // Same requests as before (roots, dimensions, aliases, one per member with children), at most 8 at once.
    expect(s.requests()).toBe(3 + 14);
    expect(s.most()).toBe(8);
    // The outline in the server's order, whatever the order of the answers.
    expect(names(outline).map(([d]) => d)).toEqual(TREE[""]);
    const deep = outline.outline.dimension("Deep");
    expect(deep?.members.map((m) => m.name)).toEqual(["Deep", "Deep1", "Deep2", "Deep3"]);
    expect(deep?.members.find((m) => m.name === "Deep2")?.children.map((m) => m.name)).toEqual(["Deep3"]);
    const wide = outline.outline.dimension("Wide3");
    expect(wide?.members.find((m) => m.name === "Wide3")?.children.map((m) => m.name)).toEqual([
      "Wide3a",
      "Wide3b",
    ]);
  });

  it("reads the same outline whichever answer is slow", async () => {
    const a = await readRemoteOutline(fakeServer("Slow").client, "Sample", "Basic");
    const b = await readRemoteOutline(fakeServer(null).client, "Sample", "Basic");
    const tree = (o: typeof a) =>
      JSON.stringify(
        o.outline.dimensions.map((d) => d.members.map((m) => [m.name, m.children.map((c) => c.name)])),
      );
    expect(tree(a)).toBe(tree(b));
  });
});
