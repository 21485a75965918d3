import { describe, expect, it } from "vitest";
import { type FuzzContext, Fuzzer, mixSeed } from "./fuzzer.ts";
import { HOSTILE_MDX } from "./hostile-mdx.ts";

/** The fuzzer's seeds and its hostile MDX. */
describe("the API fuzzer", () => {
  it("draws unrelated requests for different seeds, not the same ones in another order", () => {
    const seeds = (seed: number) => new Set(Array.from({ length: 20_000 }, (_, i) => mixSeed(seed, i)));
    const a = seeds(18);
    for (const other of [19, 17, 18 ^ 0x10000, 0, 1]) {
      const b = seeds(other);
      const shared = [...b].filter((x) => a.has(x)).length;
      // Two random sets of 20,000 among 2^32 share about 0.1 values.
      expect(shared, `seeds 18 and ${other}`).toBeLessThan(5);
    }
    // Within one seed, every request has its own.
    expect(a.size).toBe(20_000);
  });

  it("sends hostile MDX to action/mdx's query among its mutations", () => {
    const fuzzer = new Fuzzer(18);
    const ctx: FuzzContext = { key: "k", loginid: (connector) => `login-${connector}` };
    const mdx = Array.from({ length: 4_000 }, (_, i) => fuzzer.request(i, 4_000, ctx)).filter(
      (r) => r.kind === "mdx",
    );
    expect(mdx.length).toBeGreaterThan(20);
    expect(new Set(mdx.map((r) => r.operationId))).toEqual(new Set(["mdxQuery"]));
    const queries = mdx.map((r) => (JSON.parse(r.body?.toString("utf8") ?? "{}") as { query: string }).query);
    expect(queries.some((q) => /MEMBER \[Measures\]\.\[x\d+\]/.test(q))).toBe(true);
    expect(queries.some((q) => /CrossJoin\(/.test(q))).toBe(true);
    expect(queries.some((q) => /SET \[s\] AS '\[s\]'/.test(q) || /SET \[a\] AS '\[b\]'/.test(q))).toBe(true);
    expect(HOSTILE_MDX.length).toBeGreaterThanOrEqual(10);
  });
});
