import { describe, expect, it } from "vitest";
import { check, FUZZ_LIMITS, fuzzRandom, fuzzXml, mutate, wellFormed } from "./support/xml-fuzz.ts";

/**
 * The grammar-aware XML fuzzer (`support/xml-fuzz.ts`) with a fixed seed and a bounded count (about a
 * second): generated well-formed documents read as fast-xml-parser reads them; mutations of them read the same
 * way or refused with the reader's typed errors, the count and the reader agreeing on every refusal for size.
 * `bench/xml-fuzz.ts` runs it longer, over many seeds.
 */

describe("the XML fuzzer", () => {
  it("finds nothing in 600 documents and 2,400 mutations of seed 43, and meets every verdict on the way", () => {
    const tally = fuzzXml(43, 600);
    expect(tally.wellFormed).toBe(600);
    expect(tally.mutated).toBe(2_400);
    // The run reaches each outcome: mutants read and compared, refused as malformed, refused for size.
    expect(tally.comparedMutants).toBeGreaterThan(100);
    expect(tally.verdicts.syntax).toBeGreaterThan(1_000);
    expect(tally.verdicts["too-large"]).toBeGreaterThan(20);
  });

  it("is deterministic from its seed", () => {
    const a = fuzzRandom(7);
    const b = fuzzRandom(7);
    const one = wellFormed(a);
    expect(wellFormed(b)).toBe(one);
    expect(mutate(a, one)).toBe(mutate(b, one));
  });

  it("checks the reproduction's shape: `<!-->` hiding end tags before nesting past the limits", () => {
    const doc = `<r><!-->${"</x>".repeat(40)}-->${'<a xmlns:p="u">'.repeat(20)}${"</a>".repeat(20)}</r>`;
    expect(check(doc, FUZZ_LIMITS).verdict).toBe("too-large");
    expect(check(doc).verdict).toBe("read");
  });
});
