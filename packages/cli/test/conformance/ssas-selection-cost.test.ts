import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConnectorHarness, openConnectorHarness } from "../../src/answer-key.ts";
import { countingStandIn } from "../support/counting-stand-in.ts";

/**
 * Member selection and a big first sheet through `ssas`, counted: a cube with an Entity dimension of about 3,100
 * members (30 groups of 100 entities, a few entities with children of their own, aliases on some) is served by
 * the connector's own XMLA endpoint, reached through a stand-in that counts every request. In a fresh session,
 * the children of a group, a search by name and the dimension's first level each ask the server a few requests,
 * never the dimension member by member; a first refresh of 1,000 rows asks as many as one of 4 rows and reads
 * about its own rows' members only (bytes counted). Every answer
 * is the engine alone's (the demo address over the same cube), order included.
 */

const GROUPS = 30;
const ENTITIES = 100;

function outline() {
  return {
    dimensions: [
      {
        name: "Entity",
        type: "regular",
        members: Array.from({ length: GROUPS }, (_, g) => ({
          name: `Group ${g + 1}`,
          aliases: { Default: `Area ${g + 1}` },
          children: Array.from({ length: ENTITIES }, (_, c) => {
            const n = g * ENTITIES + c + 1;
            return {
              name: `E${n}`,
              ...(n % 7 === 0 ? { aliases: { Default: `Site ${n}` } } : {}),
              // Some entities hold members of their own, of one or two generations: levels differ.
              ...(c === 3
                ? {
                    children: [
                      { name: `E${n}.a`, children: [{ name: `E${n}.a.1` }, { name: `E${n}.a.2` }] },
                      { name: `E${n}.b` },
                    ],
                  }
                : {}),
            };
          }),
        })),
      },
      { name: "Account", type: "accounts", members: [{ name: "Revenue" }, { name: "Cost" }] },
      { name: "Period", type: "time", members: [{ name: "Q1" }, { name: "Q2" }] },
    ],
  };
}

/** A request that lists a member's children or a dimension's members through the rowsets. */
const lists = (r: string) =>
  r.includes("MDSCHEMA_MEMBERS") && (r.includes("<DIMENSION_UNIQUE_NAME>") || r.includes("<TREE_OP>1<"));

/** The most requests a fresh session's selection may send: cubes (2), dimensions and tops (2), a label (2), one query. */
const MOST = 8;

describe("ssas: member selection and a big sheet on a 3,100-member dimension", () => {
  let h: ConnectorHarness;
  let standIn: Awaited<ReturnType<typeof countingStandIn>>;
  const cube = () => ({ server: "EssbaseCluster-1", application: h.application, cube: h.cube });
  const login = async () => {
    const res = await h.post("action/login", {
      username: "demo",
      password: "demo",
      providerAddress: `http://127.0.0.1:${standIn.port}${new URL(h.wireAddress).pathname}`,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { loginid: string }).loginid;
  };

  beforeAll(async () => {
    h = await openConnectorHarness({
      outlineDocument: outline(),
      application: "Big",
      cube: "Wide",
      via: "ssas",
    });
    standIn = await countingStandIn(new URL(h.wireAddress), {
      record: (_req, body) => body.toString("utf8"),
    });
  }, 240_000);

  afterAll(async () => {
    await standIn?.close();
    await h?.close();
  });

  const call = async (path: string, body: Record<string, unknown>, session: string) => {
    const res = await h.post(path, { ...body, ...cube(), loginid: session });
    return { status: res.statusCode, json: res.json() as Record<string, unknown> };
  };

  /** The call in a fresh session through ssas, its requests counted, and the demo's answer to it. */
  const fresh = async (path: string, body: Record<string, unknown>) => {
    const session = await login();
    standIn.seen.length = 0;
    standIn.answered.length = 0;
    const remote = await call(path, body, session);
    const sent = [...standIn.seen];
    const bytes = standIn.answered.reduce((a, b) => a + b, 0);
    const demo = await call(path, body, h.demoLogin);
    expect(remote.status, JSON.stringify(remote.json).slice(0, 800)).toBe(200);
    expect(demo.status).toBe(200);
    return { remote: remote.json, demo: demo.json, sent, bytes };
  };

  it.each([
    ["the children of a group", { filter: "CHILDREN", member: "Group 7" }, ENTITIES],
    ["the children of a group named by its alias", { filter: "CHILDREN", member: "Area 12" }, ENTITIES],
    ["the dimension's first level", { filter: "CHILDREN" }, GROUPS],
    ["the descendants of a group", { filter: "DESCENDANT", member: "Group 3" }, ENTITIES + 4],
    ["a generation", { filter: "GENERATION", arg1: 4 }, GROUPS * 2],
    ["a level", { filter: "LEVEL", arg1: 1 }, GROUPS],
  ])("answers %s in one query, as the demo", async (_what, action, count) => {
    const { remote, demo, sent } = await fresh("nav/filter", { dimension: "Entity", action });
    expect(remote).toEqual(demo);
    expect((remote.members as unknown[]).length).toBe(count);
    expect(sent.filter(lists)).toEqual([]);
    expect(sent.length).toBeLessThanOrEqual(MOST);
  });

  it.each([
    ["a name", { keyword: "E150" }, "Entity"],
    ["a name, whole word", { keyword: "e1504", matchWholeWord: true }, "Entity"],
    ["wildcards", { keyword: "E2?5*", offset: 3, limit: 5 }, "Entity"],
    ["an alias only", { keyword: "site 14", searchIn: "ALIAS" }, "Entity"],
    ["a name across the cube", { keyword: "q1" }, null],
  ])("searches %s in one query per dimension, as the demo", async (_what, action, dimension) => {
    const { remote, demo, sent } = await fresh("nav/search", {
      ...(dimension ? { dimension } : {}),
      action,
    });
    expect(remote).toEqual(demo);
    expect(remote.total as number).toBeGreaterThan(0);
    expect(sent.filter(lists)).toEqual([]);
    expect(sent.length).toBeLessThanOrEqual(MOST + (dimension ? 0 : 2));
  });

  const sheet = (rows: number) => [
    ["", "Q1", "Q2"],
    ["", "Revenue", "Revenue"],
    ...Array.from({ length: rows }, (_, i) => [`E${((i * 3) % (GROUPS * ENTITIES)) + 1}`, "", ""]),
    ["Area 4", "", ""],
    ["E1004.a.2", "", ""],
  ];

  it("refreshes a first sheet of 1,000 rows with a few requests, as few as one of 4, as the demo", async () => {
    const small = await fresh("action/refresh", { grid: sheet(4), settings: { aliasTable: null } });
    const big = await fresh("action/refresh", { grid: sheet(1000), settings: { aliasTable: null } });
    for (const { remote, demo } of [small, big]) {
      expect(remote.grid).toEqual(demo.grid);
      expect(remote.cellKinds).toEqual(demo.cellKinds);
    }
    // The cube's names (2), the dimensions and tops (2), one query per dimension (3), the cells (1).
    expect(big.sent.length).toBeLessThanOrEqual(8);
    expect(big.sent.length).toBeLessThanOrEqual(small.sent.length);
    // What the server answers for the sheet's labels is about their own members and ancestors: no member whose
    // name is only a part of a label (E1 in E10), no cell beside them. The sheet's data is read as well.
    expect(big.bytes / (sheet(1000).length - 2)).toBeLessThan(700);
  });
});
