import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConnectorHarness, openConnectorHarness } from "../../src/answer-key.ts";
import { countingStandIn, roundTrips } from "../support/counting-stand-in.ts";

/**
 * A grid costs the grid, not the outline. A cube with a dimension of 10,100 members (100 parents of
 * 100 leaves) is served by the connector's own wire endpoint; the connector reaches it through a stand-in that
 * counts every request. A session's first refresh of a sheet that shows four members of that dimension reads
 * those members (and their ancestors), never the dimension: on the old code, essbase-stndln read one page of
 * children per parent (103 pages and more), ssas every member of every dimension (one MDSCHEMA_MEMBERS answer
 * per dimension). Each answer is the engine alone's (the demo address over the same cube).
 */

const PARENTS = 100;
const LEAVES = 100;

function bigOutline() {
  return {
    dimensions: [
      {
        name: "Entity",
        type: "regular",
        members: Array.from({ length: PARENTS }, (_, p) => ({
          name: `Region ${p + 1}`,
          aliases: { Default: `Area ${p + 1}` },
          children: Array.from({ length: LEAVES }, (_, c) => ({
            name: `E${p * LEAVES + c + 1}`,
            ...(c === 0 ? { storage: "dynamic-calc" } : {}),
          })),
        })),
      },
      { name: "Account", type: "accounts", members: [{ name: "Revenue" }, { name: "Cost" }] },
      { name: "Period", type: "time", members: [{ name: "Q1" }, { name: "Q2" }] },
    ],
  };
}

const SHEET = [
  ["", "Q1", "Q2"],
  ["", "Revenue", "Revenue"],
  ["E1", "", ""],
  ["E2", "", ""],
  ["E5050", "", ""],
  ["Region 7", "", ""],
];

/**
 * Per connector: whether a request lists members beyond those asked for by name (a parent's children, a whole
 * dimension), and whether it lists the children of `member`.
 */
const LISTS = {
  "essbase-stndln": {
    lists: (r: string) => r.includes("parent="),
    children: (r: string, member: string) => r.includes(`parent=${encodeURIComponent(member)}`),
  },
  ssas: {
    lists: (r: string) =>
      r.includes("MDSCHEMA_MEMBERS") && (r.includes("<DIMENSION_UNIQUE_NAME>") || r.includes("<TREE_OP>1<")),
    children: (r: string, member: string) =>
      r.includes("<TREE_OP>1<") && r.includes(`<MEMBER_UNIQUE_NAME>[Entity].[${member}]<`),
  },
  // Smart View: any EnumMembers lists members (a filter's), as an MDX query of descendants or children does.
  essbase: {
    lists: (r: string) =>
      r.includes("<req_EnumMembers>") ||
      (r.includes("<req_ExecuteQuery>") && /DESCENDANTS|\.CHILDREN/i.test(r)),
    children: (r: string, member: string) =>
      r.includes("<req_EnumMembers>") &&
      r.includes('<filter name="Children">') &&
      r.includes(`<arg id="0">${member}</arg>`),
  },
} as const;

/**
 * Per connector: the round trips a session's first refresh waits for, at most. essbase: the cube's list,
 * OpenApplication, OpenCube, one round of reads (the dimensions, alias tables and the sheet's labels with their
 * Default aliases), Refresh: 5. ssas: the catalogs and the cubes, the dimensions and tops with the sheet's labels
 * by name and caption, the ancestors of the labels not right under their dimension's top, the MDX: 4. The
 * stand-in counts a request after another only when the connector made it once the other's answer was in, so the
 * count does not change with the machine's load.
 */
const ROUND_TRIPS: Partial<Record<keyof typeof LISTS, number>> = { essbase: 5, ssas: 4 };

describe.each(["essbase-stndln", "ssas", "essbase"] as const)(
  "%s: a session's first grid on a 10,100-member dimension",
  (via) => {
    const { lists, children } = LISTS[via];
    let h: ConnectorHarness;
    let standIn: Awaited<ReturnType<typeof countingStandIn>>;
    let loginid = "";
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
        via,
      });
      standIn = await countingStandIn(new URL(h.wireAddress), {
        record: (req, body) => `${req.method} ${req.url} ${body.toString("utf8")}`,
      });
      loginid = await login();
    }, 240_000);

    afterAll(async () => {
      await standIn?.close();
      await h?.close();
    });

    const call = async (path: string, body: Record<string, unknown>, session: string) => {
      const res = await h.post(path, { ...body, ...cube(), loginid: session });
      return { status: res.statusCode, json: res.json() as Record<string, unknown> };
    };

    it("refreshes reading the sheet's members only, with the engine alone's answer", async () => {
      standIn.seen.length = 0;
      standIn.spans.length = 0;
      const body = { grid: SHEET, settings: { aliasTable: null } };
      const remote = await call("action/refresh", body, loginid);
      const read = [...standIn.seen];
      const waited = roundTrips(standIn.spans);
      const demo = await call("action/refresh", body, h.demoLogin);
      expect(remote.status, JSON.stringify(remote.json).slice(0, 800)).toBe(200);
      expect(remote.json.grid).toEqual(demo.json.grid);
      expect(remote.json.cellKinds).toEqual(demo.json.cellKinds);
      // No list of a parent's children nor of a dimension: nothing beyond what the sheet shows.
      expect(read.filter(lists)).toEqual([]);
      // The dimensions and their tops, each member shown and its ancestors (2 or 3 requests per member: 6
      // members), the grid itself (and the preferences), the cube's names: a few dozen at most, whatever the
      // dimension's size.
      expect(read.length).toBeLessThanOrEqual(30);
      const most = ROUND_TRIPS[via];
      if (most !== undefined) expect(waited).toBeLessThanOrEqual(most);
    });

    it("zooms in reading the children of the member zoomed on, not its siblings'", async () => {
      standIn.seen.length = 0;
      const body = {
        grid: [
          ["", "Q1"],
          ["", "Revenue"],
          ["Region 42", ""],
        ],
        cells: [{ row: 2, column: 0 }],
        settings: { aliasTable: null, zoomInMode: "NEXT_LEVEL" },
      };
      const remote = await call("action/zoomin", body, loginid);
      const read = [...standIn.seen];
      const demo = await call("action/zoomin", body, h.demoLogin);
      expect(remote.status, JSON.stringify(remote.json).slice(0, 800)).toBe(200);
      expect(remote.json.grid).toEqual(demo.json.grid);
      expect((remote.json.grid as string[][]).length).toBe(3 + LEAVES);
      const pages = read.filter(lists);
      expect(pages.length).toBeGreaterThan(0);
      expect(pages.every((r) => children(r, "Region 42"))).toBe(true);
    });

    it("lists the dimensions without reading their members", async () => {
      const other = await login();
      standIn.seen.length = 0;
      const dims = await call("nav/dimensions", {}, other);
      expect(dims.status).toBe(200);
      expect((dims.json.dimensions as { name: string }[]).map((d) => d.name)).toEqual([
        "Entity",
        "Account",
        "Period",
      ]);
      expect(standIn.seen.filter(lists)).toEqual([]);
      expect(standIn.seen.length).toBeLessThanOrEqual(8);
    });
  },
);
