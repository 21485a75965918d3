import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EssbaseClient, startEndpoint } from "../support/endpoint.ts";
import { checkRequest, checkResponse } from "../support/swagger.ts";

let endpoint: Awaited<ReturnType<typeof startEndpoint>>;
let client: EssbaseClient;

beforeAll(async () => {
  endpoint = await startEndpoint();
  client = new EssbaseClient(endpoint.origin);
});
afterAll(async () => {
  await endpoint.app.close();
});

describe("the validator", () => {
  it("refuses answers and requests that do not match Oracle's description", () => {
    const grid = "/essbase/rest/v1/applications/Sample/databases/Basic/grid";
    expect(() => checkResponse("GET", grid, 200, "application/json", '{"slice":{"rows":"3"}}')).toThrow(
      /rows/,
    );
    expect(() => checkRequest("POST", grid, { action: "ZOOMIN", grid: {} })).toThrow(/action/);
    expect(() => checkResponse("GET", "/essbase/rest/v1/applications", 200, "text/plain", "x")).toThrow(
      /JSON/,
    );
  });
});

describe("applications, cubes and dimensions", () => {
  it("lists the applications with paging and a filter", async () => {
    const all = await client.get("/applications");
    expect(all.json).toMatchObject({
      items: [{ name: "Sample" }],
      count: 1,
      totalResults: 1,
      hasMore: false,
    });
    const none = await client.get("/applications?filter=zzz");
    expect(none.json).toMatchObject({ items: [], count: 0, totalResults: 0 });
    const skipped = await client.get("/applications?offset=1&limit=5");
    expect(skipped.json).toMatchObject({ items: [], offset: 1, limit: 5, totalResults: 1 });
  });

  it("answers the application tree as Oracle's example does", async () => {
    const r = await client.get("/applications/actions/tree");
    expect(r.json).toEqual({
      items: [{ name: "Sample", databases: [{ name: "Basic" }] }],
      count: 1,
      totalResults: 1,
    });
  });

  it("lists the cubes of an application, and refuses an unknown application with 400 and its errorMessage", async () => {
    const r = await client.get("/applications/Sample/databases");
    expect(r.json.items).toMatchObject([
      { name: "Basic", application: "Sample", status: "started", type: "BSO" },
    ]);
    const bad = await client.get("/applications/Nope/databases");
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(bad.error).toMatch(/Nope/);
  });

  it("lists the dimensions of Sample.Basic in outline order", async () => {
    const r = await client.get("/applications/Sample/databases/Basic/dimensions");
    const names = r.json.items.map((d: { name: string }) => d.name);
    expect(names.slice(0, 5)).toEqual(["Year", "Measures", "Product", "Market", "Scenario"]);
    expect(r.json.items[0]).toMatchObject({ name: "Year", type: "TIME", members: 17 });
    expect((await client.get("/applications/Sample/databases/Nope/dimensions")).status).toBe(400);
  });

  it("lists alias tables, and keeps the active one per session", async () => {
    const own = new EssbaseClient(endpoint.origin);
    const tables = await own.get("/applications/Sample/databases/Basic/aliases");
    expect(tables.json).toMatchObject({ items: ["Default", "Long Names"], count: 2 });
    expect((await own.get("/applications/Sample/databases/Basic/aliases/getActiveAlias")).text).toBe(
      "Default",
    );
    const set = await own.put(
      "/applications/Sample/databases/Basic/aliases/setActiveAlias?aliasTableName=long%20names",
    );
    expect(set.json.items).toEqual(["Long Names"]);
    expect((await own.get("/applications/Sample/databases/Basic/aliases/getActiveAlias")).text).toBe(
      "Long Names",
    );
    expect((await client.get("/applications/Sample/databases/Basic/aliases/getActiveAlias")).text).toBe(
      "Default",
    );
    const bad = await own.put(
      "/applications/Sample/databases/Basic/aliases/setActiveAlias?aliasTableName=French",
    );
    expect(bad.status).toBe(400);
  });

  it("lists the calc scripts", async () => {
    const r = await client.get("/applications/Sample/databases/Basic/scripts");
    expect(r.json.items.map((s: { name: string }) => s.name)).toEqual([
      "BudSeed",
      "CalcAll",
      "ClearBud",
      "MktCut",
    ]);
  });

  it("lists the substitution variables of the server, an application and a cube", async () => {
    expect((await client.get("/variables")).json.items).toEqual([]);
    expect((await client.get("/applications/Sample/variables")).json.items).toEqual([]);
    const r = await client.get("/applications/Sample/databases/Basic/variables");
    expect(r.json).toMatchObject({ count: 3, totalResults: 3, hasMore: false });
    expect(r.json.items).toEqual([
      { name: "CurrMonth", value: "Jul" },
      { name: "CurrQtr", value: "Qtr3" },
      { name: "PriorMonth", value: "Jun" },
    ]);
    const bad = await client.get("/applications/Nope/variables");
    expect(bad.status).toBe(400);
    expect(bad.error).toMatch(/Nope/);
  });
});

describe("outline", () => {
  const outline = "/outline/Sample/Basic";

  it("answers the dimension members without a query", async () => {
    const r = await client.get(outline);
    expect(r.json.items.map((m: { name: string }) => m.name).slice(0, 5)).toEqual([
      "Year",
      "Measures",
      "Product",
      "Market",
      "Scenario",
    ]);
    expect(r.json.items[0]).toMatchObject({
      name: "Year",
      uniqueName: "Year",
      dimensionName: "Year",
      generationNumber: 1,
      levelNumber: 2,
      numberOfChildren: 4,
      descendantsCount: 16,
      dataStorageType: "DYNAMICCALC",
      dimension: true,
      dimensionType: "TIME",
    });
    expect(r.json.items[0].parentName).toBeUndefined();
  });

  it("answers children with what a client needs to rebuild the outline, defaults left out", async () => {
    const r = await client.get(`${outline}?parent=Qtr1`);
    expect(r.json).toMatchObject({ count: 3, totalResults: 3, hasMore: false, offset: 0, limit: 50 });
    const jan = r.json.items[0];
    expect(jan).toMatchObject({ name: "Jan", parentName: "Qtr1", levelNumber: 0, generationNumber: 3 });
    expect(jan.numberOfChildren).toBeUndefined();
    expect(jan.consolidation).toBeUndefined();
    const products = await client.get(`${outline}?parent=Product`);
    expect(products.json.items[0]).toMatchObject({ name: "100", aliases: { Default: "Colas" } });
  });

  it("answers members' UDAs, left out on members without any", async () => {
    const r = await client.get(`${outline}?parent=East`);
    const byName = Object.fromEntries(r.json.items.map((m: { name: string }) => [m.name, m]));
    expect(byName["New York"].uda).toEqual(["Major Market"]);
    expect(byName["New Hampshire"].uda).toEqual(["Small Market"]);
    expect(byName.Connecticut.uda).toBeUndefined();
  });

  it("pages children with offset and limit", async () => {
    const r = await client.get(`${outline}?parent=Market&offset=1&limit=2`);
    expect(r.json).toMatchObject({ count: 2, offset: 1, limit: 2, totalResults: 4, hasMore: true });
    expect(r.json.items.map((m: { name: string }) => m.name)).toEqual(["West", "South"]);
    const last = await client.get(`${outline}?parent=Market&offset=3&limit=2`);
    expect(last.json).toMatchObject({ count: 1, hasMore: false });
  });

  it("searches names and aliases, as a part or as the whole word", async () => {
    const part = await client.get(`${outline}?keyword=cola`);
    const names = part.json.items.map((m: { name: string }) => m.name);
    expect(names).toContain("100");
    expect(names).toContain("100-10");
    const wholeWord = await client.get(`${outline}?keyword=cola&matchWholeWord=true`);
    expect(wholeWord.json.items.map((m: { name: string }) => m.name)).toEqual(["100-10"]);
  });

  it("answers one member, its ancestors and its descendant count; an unknown member is 400", async () => {
    const m = await client.get(`${outline}/Qtr1`);
    expect(m.json).toMatchObject({ name: "Qtr1", parentName: "Year", numberOfChildren: 3 });
    const up = await client.get(`${outline}/ancestors/Jan`);
    expect(up.json.items.map((x: { name: string }) => x.name)).toEqual(["Year", "Qtr1"]);
    const count = await client.get(`${outline}/descendantsCount/Year`);
    expect(count.text).toBe("16");
    expect((await client.get(`${outline}/Nobody`)).status).toBe(400);
    expect((await client.get(`${outline}?parent=Nobody`)).status).toBe(400);
  });
});
