import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planningRestEndpoint } from "../../src/planning-rest/index.ts";
import { startWire } from "../support/server.ts";

/**
 * Forms, data-slice import and dimension details of the Planning REST endpoint over Vision, each answer
 * compared with the skeleton the evidence gives (fixtures in `test/fixtures/planning-rest`, see its NOTICE):
 * same keys, same JSON types.
 */

const FIXTURES = new URL("../fixtures/planning-rest/", import.meta.url);
const json = (name: string) =>
  JSON.parse(readFileSync(new URL(name, FIXTURES), "utf8")) as Record<string, unknown>;

const DEMO = `Basic ${Buffer.from("demo:demo").toString("base64")}`;
const BASE = "/HyperionPlanning/rest/v3/applications/Vision";
let app: FastifyInstance;
let origin: string;

async function call(method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: DEMO, accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  const r = await fetch(`${origin}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await r.text();
  return { status: r.status, json: text ? JSON.parse(text) : null };
}

/** The JSON type of a value, `null` counted with numbers (a missing cell in a numeric array). */
const typeOf = (v: unknown) => (Array.isArray(v) ? "array" : v === null ? "null" : typeof v);
const keys = (o: unknown) => Object.keys(o as object).sort();

beforeAll(async () => {
  ({ app, origin } = await startWire(planningRestEndpoint, { connector: "pbcs" }));
});

afterAll(() => app.close());

describe("Export Form Data", () => {
  it("answers gridInfo, a pov keyed by dimension, columns and rows in the shape third-party clients read", async () => {
    const skeleton = json("forms-data.response.3p.json") as {
      gridInfo: Record<string, unknown>;
      rows: { headers: unknown; data: unknown }[];
    };
    const r = await call("GET", `${BASE}/forms/Revenue%20Plan/data`);
    expect(r.status).toBe(200);
    expect(keys(r.json)).toEqual(keys(skeleton));
    expect(keys(r.json.gridInfo)).toEqual(keys(skeleton.gridInfo));
    for (const k of keys(skeleton.gridInfo)) {
      expect(typeOf(r.json.gridInfo[k]), k).toBe(typeOf(skeleton.gridInfo[k]));
    }
    expect(typeOf(r.json.pov)).toBe("object");
    expect(r.json.gridInfo).toEqual({
      pageDimNames: ["Entity", "Product"],
      allowedPageMembersByDim: {
        Entity: ["450", "440", "430", "423", "422", "421", "420", "410", "240"],
        Product: ["P_110", "P_120", "P_130", "P_160", "P_170"],
      },
      rowDimNames: ["Account"],
      columnDimNames: ["Period"],
    });
    expect(r.json.pov.Entity).toBe("410");
    expect(r.json.columns).toEqual([["Jan", "Feb", "Mar", "Q1"]]);
    expect(keys(r.json.rows[0])).toEqual(keys(skeleton.rows[0]));
    expect(r.json.rows.map((x: { headers: string[] }) => x.headers)).toEqual([["4110"], ["4120"], ["4100"]]);
    for (const row of r.json.rows) for (const v of row.data) expect(["number", "null"]).toContain(typeOf(v));
  });

  it("takes page members (pageMbrList or page=), the fields asked, and labels members as displayMemberAs says", async () => {
    const a = await call("GET", `${BASE}/forms/Revenue%20Plan/data?pageMbrList=420,P_170&fields=pov,rows`);
    expect(a.status).toBe(200);
    expect(keys(a.json)).toEqual(["pov", "rows"]);
    expect([a.json.pov.Entity, a.json.pov.Product]).toEqual(["420", "P_170"]);
    const b = await call("GET", `${BASE}/forms/Revenue%20Plan/data?page=420&page=P_170&fields=pov`);
    expect(b.json.pov).toEqual(a.json.pov);
    const named = await call(
      "GET",
      `${BASE}/forms/Revenue%20Plan/data?fields=rows&displayMemberAs=MEMBER_NAME_THEN_ALIAS&memberAliasDelimiter=%7C`,
    );
    expect(named.json.rows[0].headers).toEqual(["4110|Hardware Sales"]);
    const alias = await call(
      "GET",
      `${BASE}/forms/Revenue%20Plan/data?fields=rows&displayMemberAs=ALIAS_THEN_MEMBER_NAME`,
    );
    expect(alias.json.rows[0].headers).toEqual(["Hardware Sales:4110"]);
    const wrong = await call("GET", `${BASE}/forms/Revenue%20Plan/data?pageMbrList=Plan`);
    expect(wrong.status).toBe(400);
    expect(keys(wrong.json)).toEqual(["detail", "localizedMessage", "message", "status"]);
  });

  it("exports the empty cells of a product without revenue as null, the computed ones too", async () => {
    const r = await call("GET", `${BASE}/forms/Revenue%20Plan/data?pageMbrList=P_170&fields=rows`);
    expect(r.status).toBe(200);
    expect(r.json.rows.map((x: { data: unknown[] }) => x.data)).toEqual(
      new Array(3).fill(new Array(4).fill(null)),
    );
  });

  it("finds a form by its id, refuses a composite form and answers 404 for an unknown one", async () => {
    const def = await call("GET", `${BASE}/formdefinitions/Revenue%20Plan`);
    const byId = await call("GET", `${BASE}/forms/${def.json.id}/data?fields=pov`);
    expect(byId.status).toBe(200);
    expect((await call("GET", `${BASE}/forms/Revenue%20Review/data`)).status).toBe(400);
    expect((await call("GET", `${BASE}/forms/No%20Such%20Form/data`)).status).toBe(404);
  });
});

describe("form definitions", () => {
  it("answers the saved metadata Oracle's pages name, the rules on save in businessRules", async () => {
    const skeleton = json("formdefinition.response.inferred.json");
    const r = await call("GET", `${BASE}/formdefinitions/Revenue%20Plan`);
    expect(r.status).toBe(200);
    for (const k of keys(skeleton)) expect(typeOf(r.json[k]), k).toBe(typeOf(skeleton[k]));
    expect(r.json.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(r.json.businessRules).toEqual(["SeedForecast"]);
    expect(r.json.gridDefinition.rows.map((x: { members: string[][] }) => x.members)).toEqual([
      [["4110"]],
      [["4120"]],
      [["4100"]],
    ]);
  });
});

describe("import data slice", () => {
  const POV = ["BaseData", "FY15", "Plan", "Working", "430", "P_110", "USD"];
  const read = async () =>
    (
      await call("POST", `${BASE}/plantypes/Plan1/exportdataslice`, {
        gridDefinition: {
          pov: { members: POV.map((m) => [m]) },
          columns: [{ members: [["Jan", "Feb", "Q1"]] }],
          rows: [{ members: [["4110", "4120"]] }],
        },
      })
    ).json.rows as { headers: string[]; data: string[] }[];

  it("writes the writable cells, rejects the others with reasons, and counts them as Oracle documents and a live pod spells", async () => {
    const skeleton = json("importdataslice.response.json") as {
      rejectedCellsWithDetails: Record<string, unknown>[];
    };
    const request = json("importdataslice.request.json") as Record<string, unknown>;
    const before = await read();
    const r = await call("POST", `${BASE}/plantypes/Plan1/importdataslice`, {
      ...request,
      dataGrid: {
        pov: POV,
        columns: [["Jan", "Q1"]],
        rows: [
          { headers: ["4110"], data: ["1234", "5"] },
          { headers: ["4120"], data: ["abc", ""] },
        ],
      },
    });
    expect(r.status).toBe(200);
    for (const k of keys(skeleton))
      expect(typeOf(r.json[k]), k).toBe(typeOf((skeleton as Record<string, unknown>)[k]));
    expect(r.json.numUpdatedCells).toBe(r.json.numUpdateCells);
    expect([r.json.numAcceptedCells, r.json.numUpdateCells, r.json.numRejectedCells]).toEqual([1, 1, 2]);
    expect(r.json.rejectedCells[0]).toMatch(/^\[.*Q1.*\]$/);
    expect(keys(r.json.rejectedCellsWithDetails[0])).toEqual(keys(skeleton.rejectedCellsWithDetails[0]));
    const [q1, abc] = r.json.rejectedCellsWithDetails;
    expect(q1.readOnlyReasons.length).toBe(1);
    expect(abc.otherReasons.length).toBe(1);
    const after = await read();
    expect(after[0]?.data[0]).toBe("1234");
    expect(after[0]?.data[1]).toBe(before[0]?.data[1]);
    expect(after[1]).toEqual(before[1]);
    // Q1 follows its month.
    expect(Number(after[0]?.data[2])).toBe(Number(before[0]?.data[2]) - Number(before[0]?.data[0]) + 1234);
    // Sent again: accepted, nothing updated; "#missing" clears.
    const again = await call("POST", `${BASE}/plantypes/Plan1/importdataslice`, {
      dataGrid: {
        pov: POV,
        columns: [["Jan", "Feb"]],
        rows: [{ headers: ["4110"], data: [1234, "#missing"] }],
      },
    });
    expect([again.json.numAcceptedCells, again.json.numUpdateCells]).toEqual([2, 1]);
    expect((await read())[0]?.data[1]).toBe("");
  });

  it("reads a comma only as a thousands separator: 1,250 is 1250, 1,25 is rejected (never 125)", async () => {
    const before = await read();
    const r = await call("POST", `${BASE}/plantypes/Plan1/importdataslice`, {
      dataGrid: {
        pov: POV,
        columns: [["Jan", "Feb"]],
        rows: [{ headers: ["4120"], data: ["1,250", "1,25"] }],
      },
    });
    expect(r.status).toBe(200);
    expect([r.json.numAcceptedCells, r.json.numRejectedCells]).toEqual([1, 1]);
    const after = await read();
    expect(after[1]?.data[0]).toBe("1250");
    expect(after[1]?.data[1]).toBe(before[1]?.data[1]);
  });

  it("refuses a body without dataGrid, an unknown member, and a body that is not JSON", async () => {
    expect((await call("POST", `${BASE}/plantypes/Plan1/importdataslice`, {})).status).toBe(400);
    const unknown = await call("POST", `${BASE}/plantypes/Plan1/importdataslice`, {
      dataGrid: { pov: ["Nope"], columns: [["Jan"]], rows: [{ headers: ["4110"], data: ["1"] }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toMatch(/^The member Nope does not exist/);
    const r = await fetch(`${origin}${BASE}/plantypes/Plan1/importdataslice`, {
      method: "POST",
      headers: { authorization: DEMO, "content-type": "text/plain" },
      body: "x",
    });
    expect(r.status).toBe(415);
  });
});

describe("dimension details", () => {
  it("answers the whole hierarchy with the fields asked, children nested and left out on leaves", async () => {
    const skeleton = json("dimension-details.response.skeleton.json");
    const r = await call("GET", `${BASE}/plantypes/Plan1/dimensions/Period`);
    expect(r.status).toBe(200);
    for (const k of ["name", "path", "id", "children"])
      expect(typeOf(r.json[k]), k).toBe(typeOf(skeleton[k]));
    const all: Record<string, unknown>[] = [];
    const walk = (n: Record<string, unknown>) => {
      all.push(n);
      for (const c of (n.children as Record<string, unknown>[] | undefined) ?? []) walk(c);
    };
    walk(r.json);
    const q1 = all.find((n) => n.name === "Q1") as { children: { name: string }[]; path: string };
    expect(q1.children.map((c) => c.name)).toEqual(["Jan", "Feb", "Mar"]);
    expect(all.find((n) => n.name === "Jan")).not.toHaveProperty("children");
    expect(all.find((n) => n.name === "YearTotal")?.alias).toBe("Total Year");
    const few = await call("GET", `${BASE}/plantypes/Plan1/dimensions/Period?fields=name,children`);
    expect(keys(few.json)).toEqual(["children", "name"]);
    expect((await call("GET", `${BASE}/plantypes/Plan1/dimensions/Nope`)).status).toBe(400);
    expect((await call("GET", `${BASE}/plantypes/Plan1/dimensions/Period?aliasTableName=Nope`)).status).toBe(
      400,
    );
  });
});
