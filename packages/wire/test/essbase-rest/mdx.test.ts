import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EssbaseClient, endpointForTests, sheet } from "../support/endpoint.ts";

/**
 * `POST …/grid/mdx` (Oracle's "Execute MDX Query", Grid.executeMDX) over the embedded provider: the request
 * and every 200 answer are checked against Oracle's description (Ajv, ../support/swagger.ts), and the answer
 * against Oracle's documented example (fixtures/essbase-rest/oracle-docs/grid-mdx-post.*).
 */
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/essbase-rest/oracle-docs/${name}`, import.meta.url), "utf8"));

const MDX = "/applications/Sample/databases/Basic/grid/mdx";

const endpoint = endpointForTests();

describe("grid/mdx", () => {
  it("answers Oracle's example query as Oracle's example shows: Market across on row 0, alias Default", async () => {
    const client = new EssbaseClient(endpoint.origin);
    const request = fixture("grid-mdx-post.request.json");
    const r = await client.post(MDX, request);
    expect(r.status).toBe(200);
    const example = fixture("grid-mdx-post.response.partial.json");
    expect(r.json.alias).toBe(example.alias);
    expect(r.json.dimensions).toContainEqual(example.dimensions[0]);
    expect(r.json.dimensions).toContainEqual({
      name: "Product",
      row: -1,
      column: 0,
      pov: "",
      hidden: false,
      expanded: false,
    });
    const rows = sheet(r.json);
    expect(rows[0]).toEqual(["", "Market"]);
    expect(rows[1]?.[0]).toBe("Product");
    // The same cell as a refresh of the same sheet reads (every other dimension at its top).
    const refreshed = await client.post("/applications/Sample/databases/Basic/grid", {
      action: "refresh",
      grid: r.json,
    });
    expect(sheet(refreshed.json).at(-1)?.slice(0, 2)).toEqual(rows[1]);
  });

  it("lays the slicer out in the POV and the axes as Essbase's grid does, data as Java doubles", async () => {
    const client = new EssbaseClient(endpoint.origin);
    const r = await client.post(MDX, {
      query:
        "SELECT {[Jan], [Feb], [Mar]} ON COLUMNS, {[East], [New York]} ON ROWS FROM Sample.Basic " +
        "WHERE ([Sales], [100-10], [Actual])",
    });
    expect(sheet(r.json)).toEqual([
      ["", "Sales", "Cola", "Actual"],
      ["", "Jan", "Feb", "Mar"],
      ["East", "109.0", "85.0", "112.0"],
      ["     New York", "36.0", "32.0", "39.0"],
    ]);
    expect(r.json.dimensions).toContainEqual({
      name: "Year",
      row: 1,
      column: -1,
      pov: "",
      hidden: false,
      expanded: false,
    });
    expect(r.json.dimensions).toContainEqual({
      name: "Product",
      row: -1,
      column: -1,
      pov: "100-10",
      hidden: false,
      expanded: false,
    });
  });

  it("follows the session's grid preferences (missing text, suppression)", async () => {
    const client = new EssbaseClient(endpoint.origin);
    const query =
      "SELECT {[Jan]} ON COLUMNS, {[Product].Children} ON ROWS FROM Sample.Basic WHERE ([Sales], [Actual], [South])";
    await client.put("/preferences/grid", { missingText: "-" });
    // Rows: the POV row, the Jan row, then 100, 200, 300, 400 (South × 400 is #Missing) and Diet.
    const all = sheet((await client.post(MDX, { query })).json);
    expect(all.map((line) => line[1])).toEqual([
      "Sales",
      "Jan",
      expect.any(String),
      expect.any(String),
      expect.any(String),
      "-",
      expect.any(String),
    ]);
    await client.put("/preferences/grid", { rowSupression: { missing: true } });
    const kept = sheet((await client.post(MDX, { query })).json);
    expect(kept).toEqual(all.filter((_, i) => i !== 5));
  });

  it("refuses a query that is not MDX (400, plain text naming the token and its place) and an empty body", async () => {
    const client = new EssbaseClient(endpoint.origin);
    const bad = await client.post(MDX, { query: "SELECT {[Jan] ON COLUMNS FROM Sample.Basic" });
    expect(bad.status).toBe(400);
    expect(bad.error).toContain("line 1, column 15");
    const empty = await client.post(MDX, {}, { check: false });
    expect(empty.status).toBe(400);
  });
});
