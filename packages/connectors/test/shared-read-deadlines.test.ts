import { ProviderError } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import type { UpstreamCall } from "../src/net/upstream.ts";
import { eachLimited } from "../src/remote/each-limited.ts";
import { OutlineCache } from "../src/remote/outline-cache.ts";
import { fakeUpstream, loopbackUpstreams } from "./support/fake-upstream.ts";

/** A call's context as the server makes it: its deadline `ms` from now, its signal aborted then. */
function deadline(ms: number): UpstreamCall & { stop(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  return { deadline: Date.now() + ms, signal: controller.signal, stop: () => clearTimeout(timer) };
}

describe("a read shared by two calls", () => {
  it("carries each caller's deadline: the first call's passing does not fail the second", async () => {
    // A server slow to answer an outline (300 ms), over the connectors' own network rules.
    const server = await fakeUpstream(async () => {
      await new Promise((r) => setTimeout(r, 300));
      return { json: { items: ["Market"] } };
    });
    const upstreams = loopbackUpstreams();
    try {
      const cache = new OutlineCache<string>();
      // The read is given the context it runs within: the callers' latest deadline.
      const read = async (call: UpstreamCall) => {
        const answer = await upstreams.request(
          new URL(`${server.origin}/outline`),
          { method: "GET", headers: {} },
          call,
        );
        return answer.body;
      };
      const first = deadline(50);
      const second = deadline(10_000);
      const one = cache.get("Sample.Basic", first, read).catch((e: unknown) => e);
      const two = cache.get("Sample.Basic", second, read);
      // The first call stops waiting at its own deadline; the read goes on for the second, which gets the outline.
      expect(await one).toMatchObject({ code: "UPSTREAM_UNREACHABLE" });
      await expect(two).resolves.toBe('{"items":["Market"]}');
      expect(server.requests.length).toBe(1);
      first.stop();
      second.stop();
    } finally {
      await upstreams.close();
      await server.close();
    }
  });

  it("is dropped once every caller stopped waiting, and read again for the next call", async () => {
    let reads = 0;
    const cache = new OutlineCache<string>();
    const read = () =>
      new Promise<string>(() => {
        reads++;
      });
    const a = deadline(20);
    const b = deadline(40);
    const errors = await Promise.all([
      cache.get("k", a, read).catch((e: unknown) => e),
      cache.get("k", b, read).catch((e: unknown) => e),
    ]);
    expect(errors.filter((e) => e instanceof ProviderError).length).toBe(2);
    expect(reads).toBe(1);
    // The read every caller left was dropped: the next call reads again.
    const c = deadline(20);
    await cache.get("k", c, read).catch(() => undefined);
    expect(reads).toBe(2);
    a.stop();
    b.stop();
    c.stop();
  });
});

describe("requests of one call side by side", () => {
  it("stop at the first failure: no item is started after it", async () => {
    const started: number[] = [];
    const error = await eachLimited([1, 2, 3, 4, 5, 6, 7, 8], 2, async (i) => {
      started.push(i);
      await new Promise((r) => setTimeout(r, 5));
      if (i === 2) throw new Error("item 2 failed");
      return i;
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe("item 2 failed");
    // Long after: the items left were never started.
    await new Promise((r) => setTimeout(r, 100));
    expect(started).toEqual([1, 2, 3]);
  });
});
