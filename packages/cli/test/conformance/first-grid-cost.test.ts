import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConnectorHarness, openConnectorHarness } from "../../src/answer-key.ts";

/**
 * Issue 73: a grid costs the grid, not the outline. A cube with a dimension of 20,100 members (200 parents of
 * 100 leaves) is served by the connector's own wire endpoint; the connector reaches it through a stand-in that
 * counts every request. A session's first refresh of a sheet that shows four members of that dimension reads
 * those members (and their ancestors), never the dimension: on the old code it read one page of children per
 * parent, 203 pages and more. Each answer is the engine alone's (the demo address over the same cube).
 */

const PARENTS = 200;
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

/** A proxy to `target` that counts the requests passed on, by path and query. */
async function countingStandIn(target: URL) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const up = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on("error", () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return { seen, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const SHEET = [
  ["", "Q1", "Q2"],
  ["", "Revenue", "Revenue"],
  ["E1", "", ""],
  ["E2", "", ""],
  ["E15050", "", ""],
  ["Region 7", "", ""],
];

describe.each(["essbase-stndln"] as const)(
  "%s: a session's first grid on a 20,100-member dimension",
  (via) => {
    let h: ConnectorHarness;
    let standIn: Awaited<ReturnType<typeof countingStandIn>>;
    let loginid = "";
    const cube = () => ({ server: "EssbaseCluster-1", application: h.application, cube: h.cube });

    beforeAll(async () => {
      h = await openConnectorHarness({
        outlineDocument: bigOutline(),
        application: "Big",
        cube: "Wide",
        via,
      });
      const target = new URL(h.wireAddress);
      standIn = await countingStandIn(target);
      const res = await h.post("action/login", {
        username: "demo",
        password: "demo",
        providerAddress: `http://127.0.0.1:${standIn.port}${target.pathname}`,
      });
      expect(res.statusCode).toBe(200);
      loginid = (res.json() as { loginid: string }).loginid;
    }, 60_000);

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
      const body = { grid: SHEET, settings: { aliasTable: null } };
      const remote = await call("action/refresh", body, loginid);
      const read = [...standIn.seen];
      const demo = await call("action/refresh", body, h.demoLogin);
      expect(remote.status).toBe(200);
      expect(remote.json.grid).toEqual(demo.json.grid);
      expect(remote.json.cellKinds).toEqual(demo.json.cellKinds);
      // A Dynamic Calc leaf (E1) is not offered for entry, as on the demo.
      expect(remote.json.writable).toEqual(demo.json.writable);
      // No list of a parent's children: nothing of the dimension beyond what the sheet shows.
      expect(read.filter((r) => r.includes("parent="))).toEqual([]);
      // The dimensions (3), each member shown and its ancestors (2 per member: 6 members), the preferences and the
      // grid itself, and the cube's names: a few dozen at most, whatever the dimension's size.
      expect(read.length).toBeLessThanOrEqual(30);
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
      expect(remote.status).toBe(200);
      expect(remote.json.grid).toEqual(demo.json.grid);
      expect((remote.json.grid as string[][]).length).toBe(3 + LEAVES);
      const pages = read.filter((r) => r.includes("parent="));
      expect(pages.length).toBeGreaterThan(0);
      expect(pages.every((r) => r.includes("parent=Region%2042"))).toBe(true);
    });

    it("lists the dimensions without reading their members", async () => {
      const other = await h.post("action/login", {
        username: "demo",
        password: "demo",
        providerAddress: `http://127.0.0.1:${standIn.port}${new URL(h.wireAddress).pathname}`,
      });
      standIn.seen.length = 0;
      const dims = await call("nav/dimensions", {}, (other.json() as { loginid: string }).loginid);
      expect(dims.status).toBe(200);
      expect((dims.json.dimensions as { name: string }[]).map((d) => d.name)).toEqual([
        "Entity",
        "Account",
        "Period",
      ]);
      expect(standIn.seen.filter((r) => r.includes("parent="))).toEqual([]);
      expect(standIn.seen.length).toBeLessThanOrEqual(8);
    });
  },
);
