import { existsSync } from "node:fs";
import { join } from "node:path";
import type { QibatesClient } from "@qibates/client";
import { describe, expect, it } from "vitest";
import {
  cleanupsAfterAll,
  demoLogin,
  refusedStart,
  restartFolder,
  type ServerProcess,
  startServer,
} from "../support/process.ts";

/**
 * One server per embedded database folder: a second server started on a `DATA_DIR` in use refuses to start,
 * naming the folder and the process holding it, and the first keeps serving every acknowledged write; once
 * the first is killed (SIGKILL: its lock stays behind), the next server takes the folder over by itself.
 */

const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" } as const;
const grid = [
  ["", "Jan", "Cola", "Actual"],
  ["", "Sales"],
  ["New York", "4242"],
];
const cleanups = cleanupsAfterAll();

async function newYorkJan(client: QibatesClient): Promise<string | undefined> {
  const loginid = await demoLogin(client);
  const { data, error } = await client.POST("/action/refresh", { body: { loginid, ...cube, grid } });
  if (!data) throw new Error(JSON.stringify(error));
  return data.grid[2]?.[1];
}

describe("the embedded database folder", () => {
  it("is held by one server: a second refuses to start, the first keeps its writes; after SIGKILL the next takes over", async () => {
    const { dataDir, env } = restartFolder("qibates-lock-", cleanups);
    let first: ServerProcess = await startServer(env);
    cleanups.push(() => first.stop());
    const client = await first.client();
    const loginid = await demoLogin(client);
    const saved = await client.POST("/action/save", {
      body: { loginid, ...cube, grid, cells: [{ row: 2, column: 1 }] },
    });
    expect(saved.data?.cells[0]?.status).toBe("written");

    const second = await refusedStart(env);
    expect(second.code).toBe(3);
    expect(second.out).toContain(`The data folder ${dataDir} is in use by process ${first.child.pid}`);
    expect(second.out).not.toMatch(/RuntimeError|Aborted/);
    // The first is untouched: it still answers, with the write it acknowledged.
    expect(await newYorkJan(client)).toBe("4242");

    await first.kill();
    expect(existsSync(join(dataDir, "qibates.lock"))).toBe(true);
    first = await startServer(env);
    expect(await newYorkJan(await first.client())).toBe("4242");
    await first.stop();
    // A clean stop gives the folder back.
    expect(existsSync(join(dataDir, "qibates.lock")), first.output().slice(-1500)).toBe(false);
  });
});
