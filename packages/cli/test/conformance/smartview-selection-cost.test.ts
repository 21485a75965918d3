import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConnectorHarness, openConnectorHarness } from "../../src/answer-key.ts";
import { countingStandIn, roundTrips } from "../support/counting-stand-in.ts";

/**
 * Member selection and a big first sheet through the essbase connector (Smart View) cost what they show, not the
 * dimension: a cube with an Entity dimension of GROUPS parents of LEAVES members each is served by the
 * connector's own wire endpoint, reached through a stand-in that counts every request. In a fresh session, the
 * children of a member, the first level of the dimension, a level, a generation and the descendants of a member
 * each take the same few requests whatever the dimension's size (on the old code, one `EnumMembers` per parent
 * of the dimension and the aliases of every member read), and answer exactly what the demo answers (the engine
 * alone, over the same outline), order included.
 */

const GROUPS = 24;
const LEAVES = 100;

function bigOutline() {
  return {
    dimensions: [
      {
        name: "Entity",
        type: "regular",
        members: Array.from({ length: GROUPS }, (_, g) => ({
          name: `Group ${g + 1}`,
          ...(g % 2 === 0 ? { aliases: { Default: `Area ${g + 1}` } } : {}),
          children: Array.from({ length: LEAVES }, (_, c) => ({
            name: `E${g * LEAVES + c + 1}`,
            ...(c % 10 === 0 ? { aliases: { Default: `Entity number ${g * LEAVES + c + 1}` } } : {}),
          })),
        })),
      },
      { name: "Account", type: "accounts", members: [{ name: "Revenue" }, { name: "Cost" }] },
      { name: "Period", type: "time", members: [{ name: "Q1" }, { name: "Q2" }] },
    ],
  };
}

/** What the stand-in holds each request before passing it on: a server a little away. */
const HOLD_MS = 60;

/** The message a request carries (`req_X`). */
const messageOf = (body: string) => /<req_(\w+)>/.exec(body)?.[1] ?? "?";

/** The messages sent, counted by name (`ExecuteQuery ×12`), for an assertion's message. */
const tally = (sent: readonly string[]) => {
  const n = new Map<string, number>();
  for (const m of sent) n.set(m, (n.get(m) ?? 0) + 1);
  return [...n].map(([m, k]) => `${m} ×${k}`).join(", ");
};

/**
 * The most requests a fresh session's member selection sends: the cube's list, OpenApplication, OpenCube, the
 * dimensions and the alias tables, then the selection itself (two or three requests, sent together).
 */
const MOST = 8;

describe("essbase (Smart View): member selection asked of the server", () => {
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
      outlineDocument: bigOutline(),
      application: "Big",
      cube: "Wide",
      via: "essbase",
    });
    standIn = await countingStandIn(new URL(h.wireAddress), {
      record: (_req, body) => body.toString("utf8"),
      holdMs: HOLD_MS,
    });
  }, 240_000);

  afterAll(async () => {
    await standIn?.close();
    await h?.close();
  });

  /** The call in a fresh session through the stand-in, the requests it sent, and the demo's answer. */
  const both = async (path: string, body: Record<string, unknown>) => {
    const session = await login();
    standIn.seen.length = 0;
    standIn.spans.length = 0;
    const remote = await h.post(path, { ...body, ...cube(), loginid: session });
    const sent = standIn.seen.map(messageOf);
    const waited = roundTrips(standIn.spans);
    const demo = await h.post(path, { ...body, ...cube(), loginid: h.demoLogin });
    return { remote, demo, sent, waited };
  };

  const cases: [string, Record<string, unknown>][] = [
    [
      "the children of a member with 100 children",
      { dimension: "Entity", action: { filter: "CHILDREN", member: "Group 7" } },
    ],
    ["the first level of the dimension", { dimension: "Entity", action: { filter: "CHILDREN" } }],
    [
      "the children of a member named by its alias",
      { dimension: "Entity", action: { filter: "CHILDREN", member: "Area 3" } },
    ],
    [
      "the descendants of a member",
      { dimension: "Entity", action: { filter: "DESCENDANT", member: "Group 2" } },
    ],
    ["level 1", { dimension: "Entity", action: { filter: "LEVEL", arg1: 1 } }],
    ["generation 2", { dimension: "Entity", action: { filter: "GENERATION", arg1: 2 } }],
    ["the children of a leaf", { dimension: "Entity", action: { filter: "CHILDREN", member: "E5" } }],
  ];

  it.each(cases)("%s: a few requests, the demo's answer", async (_name, body) => {
    const { remote, demo, sent, waited } = await both("nav/filter", { aliastable: "Default", ...body });
    expect(remote.statusCode, remote.body.slice(0, 600)).toBe(200);
    expect(remote.json()).toEqual(demo.json());
    expect(sent.length, tally(sent)).toBeLessThanOrEqual(MOST);
    // OpenApplication, OpenCube, the cube's list beside the dimensions, the selection: 4 round trips.
    expect(waited, tally(sent)).toBeLessThanOrEqual(4);
    // Never the children of the dimension's parents one by one.
    expect(sent.filter((m) => m === "EnumMembers").length).toBeLessThanOrEqual(2);
  });

  const searches: [string, Record<string, unknown>][] = [
    [
      "a name with a wildcard, whole word",
      { dimension: "Entity", action: { keyword: "E12?", matchWholeWord: true } },
    ],
    ["part of a name, every dimension", { dimension: null, action: { keyword: "2", limit: 30, offset: 5 } }],
    ["a name beginning with", { dimension: "Entity", action: { keyword: "group 1*", matchWholeWord: true } }],
    ["nothing found", { dimension: "Entity", action: { keyword: "zzz" } }],
  ];

  it.each(searches)("search, %s: a few requests, the demo's answer", async (_name, body) => {
    const action = { searchIn: "NAME", ...(body.action as object) };
    const { remote, demo, sent } = await both("nav/search", { aliastable: "Default", ...body, action });
    expect(remote.statusCode, remote.body.slice(0, 600)).toBe(200);
    expect(remote.json()).toEqual(demo.json());
    // Two queries a dimension searched, beside the session's opening and the dimensions.
    expect(sent.length, tally(sent)).toBeLessThanOrEqual(MOST + 4);
    expect(sent.filter((m) => m === "EnumMembers")).toEqual([]);
  });

  const aliasSearches: [string, Record<string, unknown>][] = [
    ["part of a name or an alias (the API's default)", { keyword: "number 12" }],
    ["part of a name or an alias, a page", { keyword: "1", limit: 25, offset: 40 }],
    ["an alias with a wildcard, whole word", { keyword: "area 1?", matchWholeWord: true, searchIn: "ALIAS" }],
    ["a name or an alias beginning with", { keyword: "e2*", matchWholeWord: true, searchIn: "BOTH" }],
  ];

  it.each(aliasSearches)("search, %s: 4 round trips, the demo's answer", async (_name, action) => {
    const { remote, demo, sent, waited } = await both("nav/search", {
      aliastable: "Default",
      dimension: "Entity",
      action,
    });
    expect(remote.statusCode, remote.body.slice(0, 600)).toBe(200);
    expect(remote.json()).toEqual(demo.json());
    // OpenApplication, OpenCube, the cube's list beside the dimensions and the dimension's two lists (by name and
    // in the table), the page's generations and levels: never one request per parent of the dimension.
    expect(waited, tally(sent)).toBeLessThanOrEqual(4);
    expect(sent.length, tally(sent)).toBeLessThanOrEqual(MOST + 2);
    expect(sent.filter((m) => m === "EnumMembers").length, tally(sent)).toBe(2);
  });

  it("refreshes a sheet of 1,000 rows in about as many requests as one of 4, with the demo's answer", async () => {
    const sheetOf = (rows: string[]) => [
      ["", "Revenue", ""],
      ["", "Q1", "Q2"],
      ...rows.map((r) => [r, "", ""]),
    ];
    const many = Array.from({ length: 1000 }, (_, i) => (i === 500 ? "Group 4" : `E${i * 2 + 1}`));
    const small = await both("action/refresh", { grid: sheetOf(["E1", "E2", "E1200", "Group 7"]) });
    const large = await both("action/refresh", { grid: sheetOf(many) });
    for (const { remote, demo } of [small, large]) {
      expect(remote.statusCode, remote.body.slice(0, 600)).toBe(200);
      const r = remote.json() as { grid: unknown; cellKinds: unknown };
      const d = demo.json() as { grid: unknown; cellKinds: unknown };
      expect(r.grid).toEqual(d.grid);
      expect(r.cellKinds).toEqual(d.cellKinds);
    }
    expect(large.sent.length, `${tally(large.sent)} (4 rows: ${tally(small.sent)})`).toBeLessThanOrEqual(
      small.sent.length + 10,
    );
    // The cube's list, OpenApplication, OpenCube, the dimensions beside the first labels, the other labels per
    // dimension, the Refresh: at most 6 round trips.
    expect(large.waited, `4 rows: ${small.waited}`).toBeLessThanOrEqual(6);
  });

  it("reads a large sheet of aliases and names, two row dimensions and an unknown label as the demo does", async () => {
    // Entity and Period on the rows in turn: the later labels are asked per dimension all the same.
    const rows = Array.from({ length: 240 }, (_, i) => [
      i % 2 === 0 ? `Entity number ${i * 10 + 1}` : `E${i * 10 + 2}`,
      i % 3 === 0 ? "Q1" : "Q2",
      "",
    ]);
    rows.splice(120, 0, ["Nowhere 1", "Q1", ""]);
    const grid = [["", "", "Revenue"], ...rows];
    const { remote, demo, sent } = await both("action/refresh", {
      grid,
      settings: { aliasTable: "Default" },
    });
    expect(remote.statusCode, remote.body.slice(0, 600)).toBe(demo.statusCode);
    const r = remote.json() as { grid: unknown; cellKinds: unknown; code?: string };
    const d = demo.json() as { grid: unknown; cellKinds: unknown; code?: string };
    expect(r.code).toBe(d.code);
    expect(r.grid).toEqual(d.grid);
    expect(r.cellKinds).toEqual(d.cellKinds);
    expect(sent.length, tally(sent)).toBeLessThanOrEqual(40);
  });

  it("answers the demo's refusals: an unknown member, a member of another dimension, an unknown dimension", async () => {
    for (const body of [
      { dimension: "Entity", action: { filter: "CHILDREN", member: "Nowhere" } },
      { dimension: "Entity", action: { filter: "CHILDREN", member: "Q1" } },
      { dimension: "Nowhere", action: { filter: "CHILDREN" } },
    ]) {
      const { remote, demo } = await both("nav/filter", body);
      expect(remote.statusCode).toBe(demo.statusCode);
      expect((remote.json() as { code: string }).code).toBe((demo.json() as { code: string }).code);
    }
  });
});
