import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createQibatesClient, type QibatesClient } from "@qibates/client";
import { beforeAll, describe, expect, it } from "vitest";
import { endToEndHeaders } from "../../../../scripts/end-to-end-headers.mjs";
import { growRevenue410, vision } from "../../../embedded/test/support/vision.ts";
import { openDatabase } from "../../src/database.ts";
import { KeyStore } from "../../src/keys.ts";
import { cleanupsAfterAll, type ServerProcess, startServer } from "../support/process.ts";
import { startPostgresAndRedis } from "../support/services.ts";

/**
 * Two API nodes (the server bundle, twice) over one PostgreSQL and one Redis, behind one address: a tiny
 * round-robin balancer. What one node acknowledges, the other serves on the very next call — saved cells,
 * a calculation, a planning rule — and the session (`loginid`) works on both, while the nodes compact the
 * journal into checkpoints as they go. The shared data is changed with an account's own key; a session of the
 * demo key changes a view of its own, which follows it from node to node.
 */

const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" } as const;
const cleanups = cleanupsAfterAll();

/** Forwards each request to the next node in turn; `x-test-node` on the answer says which one served it. */
function balancer(nodes: string[]): Promise<{ url: string; served: string[]; server: Server }> {
  const served: string[] = [];
  let next = 0;
  const server = createServer((req, res) => {
    const index = next++ % nodes.length;
    const target = new URL(req.url ?? "/", nodes[index]);
    served.push(String(index));
    const upstream = httpRequest(
      target,
      { method: req.method, headers: { ...endToEndHeaders(req.headers), host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, {
          ...endToEndHeaders(answer.headers),
          "x-test-node": String(index),
        });
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, served, server }),
    ),
  );
}

const grid = [
  ["", "Jan", "Cola", "Sales"],
  ["", "Actual", "Budget"],
  ["New York", "77", ""],
  ["East", "", ""],
];

let nodes: ServerProcess[];
let lb: Awaited<ReturnType<typeof balancer>>;
let client: (connector?: "essbase" | "planning") => QibatesClient;
let demoClient: (connector?: "essbase" | "planning") => QibatesClient;
let pgUrl = "";
let accountKey = "";

beforeAll(async () => {
  const { pg, env: services } = await startPostgresAndRedis(cleanups);
  pgUrl = pg.url;
  // Checkpoints and compaction every other change, so that a node also catches up over a compaction.
  const env = { ...services, JOURNAL_CHECKPOINT_ENTRIES: "2" };
  const a = await startServer(env);
  cleanups.push(() => a.stop());
  const b = await startServer(env);
  cleanups.push(() => b.stop());
  nodes = [a, b];
  lb = await balancer([a.baseUrl, b.baseUrl]);
  cleanups.push(() => new Promise<void>((resolve) => lb.server.close(() => resolve())));
  // The second node adopted the demo key the first one issued (checked below).
  const health = await fetch(`${b.baseUrl}/qibates/api/v2/health`).then((r) => r.json());
  demoClient = (connector = "essbase") =>
    createQibatesClient({ baseUrl: lb.url, apiKey: health.demo.apiKey, connector });
  // A key of an account (as OAuth issues them): its sessions change the shared demo data.
  const db = await openDatabase({ databaseUrl: pg.url, dataDir: "/nonexistent-so-pglite-is-not-used" });
  const { key } = await new KeyStore(db).create(
    { issuer: "https://accounts.google.com", subject: "ada", email: "ada@example.com", provider: "google" },
    "two-nodes",
  );
  await db.close();
  accountKey = key;
  client = (connector = "essbase") => createQibatesClient({ baseUrl: lb.url, apiKey: key, connector });
}, 180_000);

/** The node that served an answer (0 or 1), from the balancer's header. */
const nodeOf = (response: Response) => response.headers.get("x-test-node");

describe("two API nodes over one PostgreSQL and one Redis, behind one address", () => {
  it("publish the same demo key, which logs in on both", async () => {
    const keys = await Promise.all(
      nodes.map(async (n) => {
        const h = (await fetch(`${n.baseUrl}/qibates/api/v2/health`).then((r) => r.json())) as {
          demo: { apiKey: string };
        };
        return h.demo.apiKey;
      }),
    );
    expect(keys[0]).toMatch(/^qb_/);
    expect(keys[1]).toBe(keys[0]);
    for (const n of nodes) {
      const login = await fetch(`${n.baseUrl}/qibates/api/v2/action/login`, {
        method: "POST",
        headers: { qibateskey: keys[0] as string, connector: "essbase", "content-type": "application/json" },
        body: JSON.stringify({
          username: "demo",
          password: "demo",
          providerAddress: "https://demo.qibates.local/aps/JAPI",
        }),
      });
      expect(login.status).toBe(200);
    }
  });

  it("a change acknowledged on one node is read on the other by the next call", async () => {
    const api = client();
    const login = await api.POST("/action/login", {
      body: { username: "demo", password: "demo", providerAddress: "https://demo.qibates.local/aps/JAPI" },
    });
    if (!login.data) throw new Error(JSON.stringify(login.error));
    const loginid = login.data.loginid;

    const saved = await api.POST("/action/save", {
      body: { loginid, ...cube, grid, cells: [{ row: 2, column: 1 }] },
    });
    expect(saved.error).toBeUndefined();
    expect(saved.data?.cells[0]?.status).toBe("written");

    // The session opened through one node works on the other (Redis), and the cell saved on one is read on the other.
    const read = await api.POST("/action/refresh", { body: { loginid, ...cube, grid } });
    expect(read.error).toBeUndefined();
    expect(nodeOf(read.response)).not.toBe(nodeOf(saved.response));
    // New York Jan Cola Sales is 36 in the demo data; East = 109 − 36 + 77.
    expect(read.data?.grid.slice(2).map((r) => r[1])).toEqual(["77", "150"]);

    // A calculation run on one node (Budget seeded from Actual × 1.05) is seen on the other.
    const calc = await api.POST("/action/calculate", {
      body: { loginid, ...cube, action: { script: "BudSeed" } },
    });
    expect(calc.error).toBeUndefined();
    const after = await api.POST("/action/refresh", { body: { loginid, ...cube, grid } });
    expect(nodeOf(after.response)).not.toBe(nodeOf(calc.response));
    expect(after.data?.grid[2]?.slice(1, 3)).toEqual(["77", "80.85"]);

    // Both nodes write in turn, each after the other's change: every write is kept, in order.
    const values = ["10", "20", "30", "40"];
    const writers: (string | null)[] = [];
    for (const value of values) {
      const g = grid.map((r) => [...r]);
      (g[2] as string[])[1] = value;
      const r = await api.POST("/action/save", {
        body: { loginid, ...cube, grid: g, cells: [{ row: 2, column: 1 }] },
      });
      expect(r.data?.cells[0]?.status).toBe("written");
      writers.push(nodeOf(r.response));
    }
    expect(new Set(writers).size).toBe(2);
    for (const node of nodes) {
      const direct = createQibatesClient({
        baseUrl: node.baseUrl,
        apiKey: accountKey,
        connector: "essbase",
      });
      const r = await direct.POST("/action/refresh", { body: { loginid, ...cube, grid } });
      expect(r.data?.grid.slice(2).map((row) => row[1])).toEqual(["40", "113"]);
    }

    // Logging out on one node ends the session on both.
    const out = await api.POST("/action/logout", { body: { loginid } });
    expect(out.error).toBeUndefined();
    const gone = await api.POST("/action/refresh", { body: { loginid, ...cube, grid } });
    expect(nodeOf(gone.response)).not.toBe(nodeOf(out.response));
    expect(gone.response.status).toBe(401);
  });

  it("a planning rule launched on one node is seen in a form opened on the other", async () => {
    const api = client("planning");
    const login = await api.POST("/action/login", {
      params: { header: { connector: "planning" } },
      body: {
        username: "demo",
        password: "demo",
        providerAddress: "https://demo.qibates.local/HyperionPlanning/SmartView",
      },
    });
    if (!login.data) throw new Error(JSON.stringify(login.error));
    const loginid = login.data.loginid;
    const rule = await api.POST("/action/launchrule", {
      params: { header: { connector: "planning" } },
      body: {
        loginid,
        ...vision,
        ...growRevenue410("Seen on both nodes"),
      },
    });
    expect(rule.data?.status).toBe("completed");
    const form = await api.POST("/nav/openform", {
      params: { header: { connector: "planning" } },
      body: { loginid, ...vision, folder: "/Forms/Drivers", formName: "Revenue Drivers" },
    });
    expect(nodeOf(form.response)).not.toBe(nodeOf(rule.response));
    const row = form.data?.codes.findIndex((r) => r[0] === "410") ?? -1;
    expect(form.data?.grid[row]?.[2]).toBe("Seen on both nodes");
  });

  it("a demo-key session's own view follows it from node to node, unseen by others, and goes at logout", async () => {
    const api = demoClient();
    const open = async () => {
      const login = await api.POST("/action/login", {
        body: { username: "demo", password: "demo", providerAddress: "https://demo.qibates.local/aps/JAPI" },
      });
      if (!login.data) throw new Error(JSON.stringify(login.error));
      return login.data.loginid;
    };
    const mine = await open();
    const other = await open();
    const g = grid.map((r) => [...r]);
    (g[2] as string[])[1] = "555";
    const saved = await api.POST("/action/save", {
      body: { loginid: mine, ...cube, grid: g, cells: [{ row: 2, column: 1 }] },
    });
    expect(saved.data?.cells[0]?.status).toBe("written");
    // Read on both nodes: the session's own value on each, never for the other session or an account's.
    const janOf = async (c: QibatesClient, loginid: string) => {
      const r = await c.POST("/action/refresh", { body: { loginid, ...cube, grid } });
      if (!r.data) throw new Error(JSON.stringify(r.error));
      return { node: nodeOf(r.response), jan: r.data.grid[2]?.[1] };
    };
    const reads = [await janOf(api, mine), await janOf(api, mine)];
    expect(new Set(reads.map((r) => r.node)).size).toBe(2);
    expect(reads.map((r) => r.jan)).toEqual(["555", "555"]);
    for (let i = 0; i < 2; i++) expect((await janOf(api, other)).jan).not.toBe("555");
    const account = client();
    const login = await account.POST("/action/login", {
      body: { username: "demo", password: "demo", providerAddress: "https://demo.qibates.local/aps/JAPI" },
    });
    if (!login.data) throw new Error(JSON.stringify(login.error));
    expect((await janOf(account, login.data.loginid)).jan).not.toBe("555");

    // Journaled under the session, and gone with its logout (whichever node serves it).
    const db = await openDatabase({ databaseUrl: pgUrl, dataDir: "/nonexistent-so-pglite-is-not-used" });
    const count = async () =>
      Number(
        (
          await db.query<{ n: string }>("select count(*) as n from journal where application = $1", [
            `Sample@${mine}`,
          ])
        )[0]?.n,
      );
    expect(await count()).toBe(1);
    const out = await api.POST("/action/logout", { body: { loginid: mine } });
    expect(out.error).toBeUndefined();
    expect(await count()).toBe(0);
    await db.close();
  });
});
