import { rmSync } from "node:fs";
import type { QibatesClient } from "@qibates/client";
import { describe, expect, it } from "vitest";
import { growRevenue410, vision } from "../../../embedded/test/support/vision.ts";
import { testDataDir } from "../support/data-dir.ts";
import {
  cleanupsAfterAll,
  demoLogin,
  restartFolder,
  type ServerProcess,
  startServer,
} from "../support/process.ts";
import { startPostgresAndRedis } from "../support/services.ts";

/**
 * What a call acknowledges is stored: the server is killed with SIGKILL right after a 200 and the data is
 * there after a restart — with the embedded PGlite, and with PostgreSQL and Redis (where the session
 * survives the restart too).
 */

const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" } as const;
const cleanups = cleanupsAfterAll();

const grid = [
  ["", "Jan", "Cola", "Actual"],
  ["", "Sales"],
  ["New York", "77"],
  ["East", ""],
];

async function saveNewYork(client: QibatesClient, loginid: string): Promise<void> {
  const { data, error } = await client.POST("/action/save", {
    body: { loginid, ...cube, grid, cells: [{ row: 2, column: 1 }] },
  });
  expect(error).toBeUndefined();
  expect(data?.cells[0]?.status).toBe("written");
}

async function readEast(client: QibatesClient, loginid: string): Promise<string[] | undefined> {
  const { data, error } = await client.POST("/action/refresh", { body: { loginid, ...cube, grid } });
  if (!data) throw new Error(JSON.stringify(error));
  return data.grid.slice(2).map((row) => row[1] ?? "");
}

async function setTask(client: QibatesClient, loginid: string): Promise<void> {
  const { data, error } = await client.POST("/action/taskstatus", {
    params: { header: { connector: "planning" } },
    body: {
      loginid,
      server: "Planning",
      application: "Vision",
      taskListID: "TL_BUDGET",
      taskID: "T_ENTER_REVENUE",
      complete: true,
    },
  });
  expect(error).toBeUndefined();
  expect(data?.complete).toBe(true);
}

async function taskComplete(client: QibatesClient, loginid: string): Promise<boolean | undefined> {
  const { data } = await client.POST("/nav/listtasks", {
    params: { header: { connector: "planning" } },
    body: { loginid, server: "Planning", application: "Vision" },
  });
  const tasks = (data?.taskLists ?? []).flatMap((l) => l.tasks);
  return tasks.find((t) => t.taskID === "T_ENTER_REVENUE")?.complete;
}

async function planningLogin(client: QibatesClient): Promise<string> {
  const { data, error } = await client.POST("/action/login", {
    params: { header: { connector: "planning" } },
    body: {
      username: "demo",
      password: "demo",
      providerAddress: "https://demo.qibates.local/HyperionPlanning/SmartView",
    },
  });
  if (!data) throw new Error(JSON.stringify(error));
  return data.loginid;
}

/** GrowRevenue for entity 410 with a comment: journaled as the rule and its prompts, replayed at start-up. */
async function growRevenue(client: QibatesClient, loginid: string): Promise<void> {
  const { data, error } = await client.POST("/action/launchrule", {
    params: { header: { connector: "planning" } },
    body: {
      loginid,
      ...vision,
      ...growRevenue410("Survives a crash"),
    },
  });
  expect(error).toBeUndefined();
  expect(data?.status).toBe("completed");
}

/** Hardware Sales Jan of entity 410, Keyboards, and the entity's Revenue Commentary. */
async function revenue410(client: QibatesClient, loginid: string): Promise<[string, string]> {
  const plan = await client.POST("/nav/openform", {
    params: { header: { connector: "planning" } },
    body: { loginid, ...vision, folder: "/Forms/Revenue", formName: "Revenue Plan" },
  });
  const drivers = await client.POST("/nav/openform", {
    params: { header: { connector: "planning" } },
    body: { loginid, ...vision, folder: "/Forms/Drivers", formName: "Revenue Drivers" },
  });
  if (!plan.data || !drivers.data) throw new Error(JSON.stringify(plan.error ?? drivers.error));
  const r410 = drivers.data.codes.findIndex((r) => r[0] === "410");
  return [plan.data.grid[1]?.[1] ?? "", drivers.data.grid[r410]?.[2] ?? ""];
}

describe("acknowledged writes survive SIGKILL", () => {
  it("with the embedded PGlite database", async () => {
    // A new login after the restart reads the shared data: demo-key sessions change it too here.
    const { env } = restartFolder("qibates-kill-", cleanups);
    let server: ServerProcess = await startServer(env);
    cleanups.push(() => server.stop());
    let client = await server.client();
    let loginid = await demoLogin(client);
    await saveNewYork(client, loginid);
    const planning = await server.client("planning");
    const planningId = await planningLogin(planning);
    await setTask(planning, planningId);
    expect((await revenue410(planning, planningId))[0]).toBe("12000");
    await growRevenue(planning, planningId);
    const grown = await revenue410(planning, planningId);
    expect(grown).toEqual(["13200", "Survives a crash"]);
    await server.kill();

    server = await startServer(env);
    client = await server.client();
    loginid = await demoLogin(client);
    // New York Jan Cola Sales is 36 in the demo data; East = 109 − 36 + 77.
    expect(await readEast(client, loginid)).toEqual(["77", "150"]);
    const planningAfter = await server.client("planning");
    const afterId = await planningLogin(planningAfter);
    expect(await taskComplete(planningAfter, afterId)).toBe(true);
    expect(await revenue410(planningAfter, afterId)).toEqual(grown);
    expect(server.output()).not.toContain("demo\u0000demo");
  });

  it("with PostgreSQL and Redis, where the session lives on", async () => {
    const { env } = await startPostgresAndRedis(cleanups);
    let server = await startServer(env);
    cleanups.push(() => server.stop());
    let client = await server.client();
    const loginid = await demoLogin(client);
    await saveNewYork(client, loginid);
    await server.kill();

    server = await startServer(env);
    client = await server.client();
    // Same loginid: the session is in Redis, its own view of the demo journaled in PostgreSQL.
    expect(await readEast(client, loginid)).toEqual(["77", "150"]);
  });
});

describe("logs", () => {
  it("never contain passwords, keys or grid data", async () => {
    const dataDir = testDataDir("qibates-logs-");
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "trace", QIBATES_DEMO: "true" });
    cleanups.push(() => server.stop());
    const client = await server.client();
    const health = await fetch(`${server.baseUrl}/qibates/api/v2/health`).then((r) => r.json());
    const loginid = await demoLogin(client);
    await client.POST("/action/login", {
      body: {
        username: "demo",
        password: "S3cret-pass!",
        providerAddress: "https://demo.qibates.local/aps/JAPI",
      },
    });
    await client.POST("/action/refresh", { body: { loginid, ...cube, grid } });
    await server.stop();
    // The key is printed once in the start-up banner (demo mode); after that, never.
    const logs = server.output().split("Press Ctrl+C to stop.")[1] ?? "";
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(health.demo.apiKey);
    expect(logs).not.toContain("S3cret-pass!");
    expect(logs).not.toContain("New York");
  });
});
