import type { components } from "@qibates/client/schema";
import type { EssbaseOperations, Provider } from "@qibates/provider";
import { describe, expect, it, vi } from "vitest";
import { essbaseRestEndpoint } from "../../src/essbase-rest/index.ts";
import { EssbaseClient } from "../support/endpoint.ts";
import { sharedReadsServer, withOperations } from "../support/shared-reads.ts";

type MemberNode = components["schemas"]["MemberNode"];

/**
 * Essbase REST's keyword search (`GET /outline/{app}/{cube}?keyword=`) on a large dimension: the members whose
 * name or alias holds the keyword, in outline order, found without lower-casing and testing every member of the
 * outline at each call.
 */

const LEAVES = 100_000;
const server = sharedReadsServer(essbaseRestEndpoint);

/** Market with LEAVES more leaves `Store <n>` under it, each aliased `Shop <n>` in Default. */
function withStores(base: Provider): Provider {
  return withOperations(base, "essbase", (own: EssbaseOperations) => ({
    dimensionTree: async (session, cube, input) => {
      const tree = await own.dimensionTree(session, cube, input);
      if (input.dimension !== "Market") return tree;
      const first = tree.root.children[0] as MemberNode;
      const stores: MemberNode[] = Array.from({ length: LEAVES }, (_, i) => ({
        ...first,
        name: `Store ${i + 1}`,
        alias: input.aliasTable === "Default" ? `Shop ${i + 1}` : null,
        generation: 2,
        level: 0,
        children: [],
      }));
      return { ...tree, root: { ...tree.root, children: [...tree.root.children, ...stores] } };
    },
  }));
}

const names = (answer: { json: { items: { name: string }[] } }) => answer.json.items.map((m) => m.name);

describe("keyword search on a dimension of 100,000 more members", () => {
  it("finds names and aliases in outline order, and a call does not lower-case every member again", async () => {
    const { origin } = await server.start(withStores);
    const client = new EssbaseClient(origin);
    const outline = "/outline/Sample/Basic";
    // The first call reads and indexes the outline.
    const first = await client.get(`${outline}?keyword=StORE 7777&limit=0`);
    expect(names(first)).toEqual(["Store 7777", ...Array.from({ length: 10 }, (_, i) => `Store 7777${i}`)]);
    expect(first.json.totalResults).toBe(11);

    const lower = vi.spyOn(String.prototype, "toLowerCase");
    try {
      // By alias (`Shop 4242…`), a page of it, in outline order.
      const byAlias = await client.get(`${outline}?keyword=shop 4242&offset=2&limit=3`);
      expect(names(byAlias)).toEqual(["Store 42421", "Store 42422", "Store 42423"]);
      expect(byAlias.json).toMatchObject({ totalResults: 11, hasMore: true });
      // Lower-casing each member's name and aliases again would be 100,000 calls and more.
      expect(lower.mock.calls.length).toBeLessThan(1_000);
    } finally {
      lower.mockRestore();
    }

    // Whole word: the name or an alias is the keyword; a part of one is not found.
    expect(names(await client.get(`${outline}?keyword=shop 99999&matchWholeWord=true`))).toEqual([
      "Store 99999",
    ]);
    expect(names(await client.get(`${outline}?keyword=shop 9999&matchWholeWord=true`))).toEqual([
      "Store 9999",
    ]);
    expect(names(await client.get(`${outline}?keyword=hop 9999&matchWholeWord=true`))).toEqual([]);
    // Sample.Basic's own members as before: `cola` is in 100's and 100-10's aliases.
    const cola = names(await client.get(`${outline}?keyword=cola`));
    expect(cola).toContain("100");
    expect(cola).toContain("100-10");
    // A keyword no text holds.
    expect(names(await client.get(`${outline}?keyword=zzz`))).toEqual([]);
  }, 120_000);
});
