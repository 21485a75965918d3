import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EssbaseClient, startEndpoint } from "./support/endpoint.ts";
import { discoverBody, envelope, post, rowsOf, startXmla } from "./support/xmla.ts";

/**
 * One outline, one set of names: the generation names Sample.Basic's outline gives (Year's History,
 * Quarter, Months; Product's Category and Product SKU; Market's Region and State) and Essbase's own names for the
 * others (`Gen1,Market`) are answered alike by the XMLA endpoint (MDSCHEMA_LEVELS, one level per generation) and
 * the Essbase REST endpoint (`…/dimensions/{d}/generations`); its levels carry the outline's level names
 * (Product's SKU and Family) the same way.
 */
let rest: Awaited<ReturnType<typeof startEndpoint>>;
let xmla: Awaited<ReturnType<typeof startXmla>>;
let client: EssbaseClient;
beforeAll(async () => {
  [rest, xmla] = await Promise.all([startEndpoint(), startXmla()]);
  client = new EssbaseClient(rest.origin);
});
afterAll(async () => {
  await Promise.all([rest.app.close(), xmla.app.close()]);
});

const cube = "/applications/Sample/databases/Basic";

describe("generation and level names across endpoints", () => {
  it("every dimension's generations: the same names through XMLA and Essbase REST", async () => {
    const levels = rowsOf(
      await post(xmla.origin, envelope(discoverBody("MDSCHEMA_LEVELS", {}, { Catalog: "Sample" }))),
    );
    const byDimension = new Map<string, string[]>();
    for (const l of levels) {
      const d = String(l.DIMENSION_UNIQUE_NAME).replace(/^\[|\]$/g, "");
      byDimension.set(d, [...(byDimension.get(d) ?? []), String(l.LEVEL_NAME)]);
    }
    const dims = (await client.get(`${cube}/dimensions`)).json.items.map((d: { name: string }) => d.name);
    expect(dims.length).toBeGreaterThan(5);
    for (const d of dims) {
      const gens = (await client.get(`${cube}/dimensions/${encodeURIComponent(d)}/generations`)).json.items;
      expect(
        gens.map((g: { name: string }) => g.name),
        d,
      ).toEqual(byDimension.get(d));
    }
    expect(byDimension.get("Year")).toEqual(["History", "Quarter", "Months"]);
    expect(byDimension.get("Market")).toEqual(["Gen1,Market", "Region", "State"]);
  });

  it("levels: the outline's level names, else Essbase's (Product: SKU, Family, then Lev2,Product)", async () => {
    const product = (await client.get(`${cube}/dimensions/Product/levels`)).json.items;
    expect(product.map((l: { number: number; name: string }) => [l.number, l.name])).toEqual([
      [0, "SKU"],
      [1, "Family"],
      [2, "Lev2,Product"],
    ]);
  });
});
