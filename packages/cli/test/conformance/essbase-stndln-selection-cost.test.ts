import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConnectorHarness, openConnectorHarness } from "../../src/answer-key.ts";
import { countingStandIn, roundTrips } from "../support/counting-stand-in.ts";

/**
 * Member selection and a big first sheet through essbase-stndln cost what they show, not the dimension. A cube
 * whose Entity dimension has 1,000 groups of 3 leaves (4,001 members, aliases in two tables) and a Product
 * dimension of 10 lines of 300 leaves is served by the connector's own wire endpoint, reached through a stand-in
 * that counts every request. In fresh sessions, the children of a member with 300 children, the first level of
 * a dimension (1,000 members), a search by name and a first refresh of 600 rows each take a few requests and
 * round trips, however many members the dimension has; each answer is the demo's (the engine alone, on the demo
 * address, over the same cube), order included. On the code before, each read the whole dimension: one page of
 * children per parent (1,000 and more requests), or two requests per row of the sheet.
 */

const GROUPS = 1_000;
const LINES = 10;
const LEAVES = 300;

function bigOutline() {
  return {
    aliasTables: ["Default", "Long Names"],
    dimensions: [
      {
        name: "Entity",
        type: "regular",
        members: Array.from({ length: GROUPS }, (_, g) => ({
          name: `Group ${g + 1}`,
          aliases: { Default: `Area ${g + 1}`, "Long Names": `The area ${g + 1}` },
          children: Array.from({ length: 3 }, (_, c) => ({
            name: `E${g * 3 + c + 1}`,
            aliases: { Default: `Site ${g * 3 + c + 1}` },
          })),
        })),
      },
      {
        name: "Product",
        type: "regular",
        members: Array.from({ length: LINES }, (_, l) => ({
          name: `Line ${l + 1}`,
          aliases: { "Long Names": `Product line ${l + 1}` },
          children: Array.from({ length: LEAVES }, (_, c) => ({ name: `P${l * LEAVES + c + 1}` })),
        })),
      },
      { name: "Account", type: "accounts", members: [{ name: "Revenue" }, { name: "Cost" }] },
      { name: "Period", type: "time", members: [{ name: "Q1" }, { name: "Q2" }] },
    ],
  };
}

/** What the stand-in holds each request: requests sent at once all arrive before the first answer. */
const HOLD_MS = 100;

describe("essbase-stndln: member selection and a big first sheet on a 7,000-member cube", () => {
  let h: ConnectorHarness;
  let standIn: Awaited<ReturnType<typeof countingStandIn>>;
  const cube = () => ({ server: "EssbaseCluster-1", application: h.application, cube: h.cube });

  /** A new session of the connector through the stand-in (each case is a session's first call). */
  const login = async () => {
    const res = await h.post("action/login", {
      username: "demo",
      password: "demo",
      providerAddress: `http://127.0.0.1:${standIn.port}${new URL(h.wireAddress).pathname}`,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { loginid: string }).loginid;
  };

  const call = async (path: string, body: Record<string, unknown>, session: string) => {
    const res = await h.post(path, { ...body, ...cube(), loginid: session });
    return { status: res.statusCode, json: res.json() as Record<string, unknown> };
  };

  /** The call in a fresh session through the stand-in, and on the demo address: both answers, what it cost. */
  const both = async (path: string, body: Record<string, unknown>) => {
    const session = await login();
    standIn.reset();
    const remote = await call(path, body, session);
    const cost = { requests: [...standIn.seen], roundTrips: roundTrips(standIn.spans) };
    const demo = await call(path, body, h.demoLogin);
    return { remote, demo, cost };
  };

  /** A request that lists members beyond those asked for by name: a page of a parent's children or search hits. */
  const listings = (requests: readonly string[]) => requests.filter((r) => /[?&](parent|keyword)=/.test(r));

  beforeAll(async () => {
    h = await openConnectorHarness({
      outlineDocument: bigOutline(),
      application: "Big",
      cube: "Sel",
      via: "essbase-stndln",
    });
    standIn = await countingStandIn(new URL(h.wireAddress), {
      record: (req) => `${req.method} ${decodeURIComponent(req.url ?? "")}`,
      holdMs: HOLD_MS,
    });
  }, 240_000);

  afterAll(async () => {
    await standIn?.close();
    await h?.close();
  });

  it("lists the children of a member with 300 children in one request, as the demo", async () => {
    const { remote, demo, cost } = await both("nav/filter", {
      dimension: "Product",
      aliastable: "Long Names",
      action: { filter: "CHILDREN", member: "Line 7" },
    });
    expect(remote.status, JSON.stringify(remote.json).slice(0, 400)).toBe(200);
    expect(remote.json).toEqual(demo.json);
    expect((remote.json.members as unknown[]).length).toBe(LEAVES);
    // The cube's names, its dimensions and alias tables, the member's children and what its name names.
    expect(cost.requests.filter((r) => r.includes("parent="))).toEqual([
      expect.stringContaining("parent=Line 7&"),
    ]);
    expect(cost.requests.length).toBeLessThanOrEqual(8);
    expect(cost.roundTrips).toBeLessThanOrEqual(4);
  });

  it("lists a dimension's first level (1,000 members) in one request, as the demo", async () => {
    const { remote, demo, cost } = await both("nav/filter", {
      dimension: "Entity",
      action: { filter: "CHILDREN" },
    });
    expect(remote.status).toBe(200);
    expect(remote.json).toEqual(demo.json);
    expect((remote.json.members as unknown[]).length).toBe(GROUPS);
    expect(listings(cost.requests)).toEqual([expect.stringContaining("parent=Entity&")]);
    expect(cost.requests.length).toBeLessThanOrEqual(8);
    expect(cost.roundTrips).toBeLessThanOrEqual(4);
  });

  it("resolves the filter's member by an alias of the call's table, as the demo", async () => {
    const { remote, demo, cost } = await both("nav/filter", {
      dimension: "Entity",
      aliastable: "Long Names",
      action: { filter: "CHILDREN", member: "The area 512" },
    });
    expect(remote.status).toBe(200);
    expect(remote.json).toEqual(demo.json);
    expect((remote.json.members as { name: string }[]).map((m) => m.name)).toEqual([
      "E1534",
      "E1535",
      "E1536",
    ]);
    expect(cost.requests.length).toBeLessThanOrEqual(9);
  });

  it("refuses a member of another dimension and an unknown dimension, as the demo", async () => {
    for (const body of [
      { dimension: "Entity", action: { filter: "CHILDREN", member: "Line 2" } },
      { dimension: "Nowhere", action: { filter: "CHILDREN" } },
      { dimension: "Entity", aliastable: "Klingon", action: { filter: "CHILDREN" } },
    ]) {
      const { remote, demo } = await both("nav/filter", body);
      expect(remote.status).toBe(demo.status);
      expect((remote.json as { code?: string }).code).toBe((demo.json as { code?: string }).code);
    }
  });

  it("searches by name in one request, as the demo", async () => {
    for (const action of [
      { keyword: "E1234", matchWholeWord: true, searchIn: "NAME" },
      { keyword: "E123", matchWholeWord: false, searchIn: "BOTH" },
      { keyword: "Site 12?", matchWholeWord: true, searchIn: "ALIAS" },
      { keyword: "area 5*", matchWholeWord: false, searchIn: "BOTH", offset: 3, limit: 5 },
    ]) {
      const { remote, demo, cost } = await both("nav/search", { action });
      expect(remote.status, JSON.stringify(remote.json).slice(0, 400)).toBe(200);
      expect(remote.json).toEqual(demo.json);
      expect(listings(cost.requests)).toHaveLength(1);
      expect(cost.requests.length).toBeLessThanOrEqual(7);
      expect(cost.roundTrips).toBeLessThanOrEqual(4);
    }
  });

  it("searches one dimension and another alias table, as the demo", async () => {
    const { remote, demo } = await both("nav/search", {
      dimension: "Product",
      aliastable: "Long Names",
      action: { keyword: "line 1", matchWholeWord: false, searchIn: "BOTH" },
    });
    expect(remote.status).toBe(200);
    expect(remote.json).toEqual(demo.json);
    expect((remote.json as { total: number }).total).toBeGreaterThan(1);
  });

  /** A sheet of `rows` products (P1001 on) by Q1 and Q2 of Revenue. */
  const sheet = (rows: number) => [
    ["", "Q1", "Q2"],
    ["", "Revenue", "Revenue"],
    ...Array.from({ length: rows }, (_, i) => [`P${1001 + i}`, "", ""]),
  ];

  it("refreshes a first sheet of 1,000 rows in as many round trips as one of 4, as the demo", async () => {
    const costs: { requests: number; roundTrips: number }[] = [];
    for (const rows of [4, 1_000]) {
      const body = { grid: sheet(rows), settings: { aliasTable: null } };
      const { remote, demo, cost } = await both("action/refresh", body);
      expect(remote.status, JSON.stringify(remote.json).slice(0, 400)).toBe(200);
      expect(remote.json.grid).toEqual(demo.json.grid);
      expect(remote.json.cellKinds).toEqual(demo.json.cellKinds);
      expect((remote.json.grid as unknown[]).length).toBeGreaterThan(rows);
      costs.push({ requests: cost.requests.length, roundTrips: cost.roundTrips });
    }
    const [small, large] = costs as [(typeof costs)[0], (typeof costs)[0]];
    // The 1,000 rows are the children of four product lines: the ancestors of a few of them, then the four lists
    // of children, then the labels not among them (Revenue) as a 4-row sheet's: the cube's names (one round),
    // those 3, the grid; one spare for a machine so busy that a request of a round reaches the stand-in after an
    // answer.
    expect(large.roundTrips).toBeLessThanOrEqual(6);
    expect(large.requests).toBeLessThanOrEqual(small.requests + 40);
  });

  it("refreshes a first sheet of 300 rows each under another group in a request a row, as the demo", async () => {
    // One leaf of each of 300 groups: no two rows are siblings. Each row's member is asked alone once, its
    // ancestors taken from the groups' list (Entity's children); before, each row cost two requests.
    const rows = 300;
    const grid = [
      ["", "Q1", "Q2"],
      ["", "Revenue", "Revenue"],
      ...Array.from({ length: rows }, (_, g) => [`E${g * 3 + 2}`, "", ""]),
    ];
    const { remote, demo, cost } = await both("action/refresh", { grid, settings: { aliasTable: null } });
    expect(remote.status, JSON.stringify(remote.json).slice(0, 400)).toBe(200);
    expect(remote.json.grid).toEqual(demo.json.grid);
    expect(remote.json.cellKinds).toEqual(demo.json.cellKinds);
    expect((remote.json.grid as unknown[]).length).toBe(rows + 3);
    expect(cost.requests.filter((r) => r.includes("/ancestors/")).length).toBeLessThanOrEqual(20);
    expect(cost.requests.length).toBeLessThanOrEqual(rows + 40);
  });
});
