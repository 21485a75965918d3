import { rmSync } from "node:fs";
import type { QibatesClient } from "@qibates/client";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/database.ts";
import { testDataDir } from "../support/data-dir.ts";
import { type ServerProcess, startServer } from "../support/process.ts";

/**
 * The server process compacts the journal into checkpoints as it goes (here after every change) and survives
 * SIGKILL at any point of it: after a restart the state is every acknowledged change, and the journal holds
 * only what the checkpoints do not cover.
 */

const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" } as const;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const grid = [
  ["", "Jan", "Cola", "Sales"],
  ["", "Actual", "Budget"],
  ["New York", "", ""],
  ["East", "", ""],
];

async function login(client: QibatesClient): Promise<string> {
  const { data, error } = await client.POST("/action/login", {
    body: { username: "demo", password: "demo", providerAddress: "https://demo.qibates.local/aps/JAPI" },
  });
  if (!data) throw new Error(`login failed: ${JSON.stringify(error)}`);
  return data.loginid;
}

async function save(client: QibatesClient, loginid: string, value: string): Promise<void> {
  const g = grid.map((r) => [...r]);
  (g[2] as string[])[1] = value;
  const { data, error } = await client.POST("/action/save", {
    body: { loginid, ...cube, grid: g, cells: [{ row: 2, column: 1 }] },
  });
  expect(error).toBeUndefined();
  expect(data?.cells[0]?.status).toBe("written");
}

async function read(client: QibatesClient, loginid: string): Promise<unknown[][]> {
  const { data, error } = await client.POST("/action/refresh", { body: { loginid, ...cube, grid } });
  if (!data) throw new Error(JSON.stringify(error));
  return data.grid.slice(2).map((r) => r.slice(1, 3));
}

describe("journal checkpoints in the server process", () => {
  // Four starts of the server process and three SIGKILLs: on a loaded machine, more than the project's 60 s.
  it("saved after every change, compacted, and nothing acknowledged lost across SIGKILLs", {
    timeout: 180_000,
  }, async () => {
    const dataDir = testDataDir("qibates-checkpoints-");
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // New logins after each restart read the shared data: demo-key sessions change it too here.
    const common = { DATA_DIR: dataDir, QIBATES_DEMO_SESSION_VIEWS: "false" };
    const env = { ...common, JOURNAL_CHECKPOINT_ENTRIES: "1" };
    // The first start is given the setting's former name, which it still reads, with a warning naming the new one.
    let server: ServerProcess = await startServer({ ...common, JOURNAL_SNAPSHOT_ENTRIES: "1" });
    cleanups.push(() => server.stop());
    expect(server.output()).toContain(
      "JOURNAL_SNAPSHOT_ENTRIES is the former name of JOURNAL_CHECKPOINT_ENTRIES: its value is used; rename the setting to JOURNAL_CHECKPOINT_ENTRIES",
    );
    let client = await server.client();
    let loginid = await login(client);
    await save(client, loginid, "77");
    const calc = await client.POST("/action/calculate", {
      body: { loginid, ...cube, action: { script: "BudSeed" } },
    });
    expect(calc.error).toBeUndefined();
    await save(client, loginid, "50");
    // Budget was seeded from 77 (× 1.05); Actual is the last value saved; East Actual is 109 − 36 + it.
    const state = (last: number) => [
      [String(last), "80.85"],
      [String(73 + last), "157.5"],
    ];
    expect(await read(client, loginid)).toEqual(state(50));
    // Killed right after the answer: a checkpoint may be half-written, never half-committed.
    await server.kill();

    let last = 50;
    for (const value of [51, 52]) {
      server = await startServer(env);
      client = await server.client();
      loginid = await login(client);
      expect(await read(client, loginid)).toEqual(state(last));
      await save(client, loginid, String(value));
      last = value;
      await server.kill();
    }

    server = await startServer(env);
    client = await server.client();
    loginid = await login(client);
    expect(await read(client, loginid)).toEqual(state(52));
    await server.stop();

    // Five changes of Sample were journaled; the checkpoints cover them and the entries older checkpoints
    // cover are gone: at most the two newest checkpoints and the entries after the older of them remain.
    expect(server.output()).not.toContain("former name");
    const db = await openDatabase({ dataDir });
    try {
      // The checkpoints' table keeps its first name (database.ts).
      const checkpoints = await db.query<{ position: number; compacted_through: number }>(
        "select position::int, compacted_through::int from journal_snapshots where application = 'Sample' order by position",
      );
      const entries = await db.query<{ id: number }>(
        "select id::int from journal where application = 'Sample' order by id",
      );
      expect(checkpoints.length).toBeGreaterThanOrEqual(1);
      expect(checkpoints.length).toBeLessThanOrEqual(2);
      expect(entries.length).toBeLessThan(5);
      const oldest = checkpoints[0]?.position ?? 0;
      expect(entries.every((e) => e.id > oldest)).toBe(true);
    } finally {
      await db.close();
    }
  });
});
