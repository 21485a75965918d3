import { parseSoap, readRows, rowsOf } from "@qibates/protocols/xmla";
import { describe, expect, it } from "vitest";
import { countingTurns } from "../../protocols/test/support/turns.ts";

/**
 * The SOAP answers' object shape, built by the bounded upstream reader (`@qibates/protocols/xml`, tested in
 * `packages/protocols/test/xml-upstream.test.ts`): objects without prototype; a large rowset's rows mapped
 * without holding the event loop.
 */

describe("the SOAP reader", () => {
  it("keeps a hostile __proto__ as data", () => {
    const proto = "__proto__";
    const soap = parseSoap(
      "<Envelope><Body><DiscoverResponse><return><root><__proto__>z</__proto__></root></return></DiscoverResponse></Body></Envelope>",
    );
    expect(soap?.root?.[proto]).toBe("z");
    expect(({} as Record<string, unknown>).z).toBeUndefined();
  });

  it("maps a large rowset's rows in slices, giving the event loop back, as rowsOf does in one piece", async () => {
    // A hostile server's rowset: rows of 40 attributes, which the mapping skips.
    const attrs = Array.from({ length: 40 }, (_, i) => `a${i}="${i}"`).join(" ");
    const rows = `<row ${attrs}><NAME>n</NAME></row>`.repeat(20_000);
    const soap = parseSoap(
      `<Envelope><Body><DiscoverResponse><return><root>${rows}</root></return></DiscoverResponse></Body></Envelope>`,
    );
    const root = soap?.root;
    if (!root) throw new Error("no root");
    const { value: read, turns } = await countingTurns(() => readRows(root));
    expect(read.length).toBe(20_000);
    expect(read[0]).toEqual({ NAME: "n" });
    expect(read).toEqual(rowsOf(root));
    // One pause every 256 rows; the loop turns at least once a slice of 8 ms, whatever the machine's load.
    expect(turns).toBeGreaterThan(0);
  });
});
