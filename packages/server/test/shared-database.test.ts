import { afterAll, describe, expect, it } from "vitest";
import { FolderInUseError } from "../src/folder-lock.ts";
import { type App, buildTestApp } from "./support/app.ts";
import { testConfig } from "./support/config.ts";

// The test servers of a process keep their databases in one PGlite (support/shared-database.ts): each must still
// see only its own data, find it again when restarted on its folder, and refuse a second server on its folder, as a
// server with PGlite in its own folder does. The demo key is stored in the database when a server first starts.

const apps: App[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function started(config = testConfig()): Promise<App> {
  const app = await buildTestApp({ config, logger: false });
  apps.push(app);
  return app;
}

describe("test servers over the process's shared database", () => {
  it("each keep their own data: two servers issue two demo keys, each valid on its server alone", async () => {
    const a = await started();
    const b = await started();
    expect(a.services.demoKey).toMatch(/\S/);
    expect(b.services.demoKey).not.toBe(a.services.demoKey);
    expect(await b.services.keys.verify(a.services.demoKey as string)).toBeNull();
    expect(await a.services.keys.verify(a.services.demoKey as string)).not.toBeNull();
  });

  it("find their data again when restarted on the same folder", async () => {
    const config = testConfig();
    const first = await started(config);
    const key = first.services.demoKey;
    await first.close();
    const again = await started(config);
    expect(again.services.demoKey).toBe(key);
  });

  it("refuse a second server on a folder in use, as PGlite in the folder does", async () => {
    const config = testConfig();
    await started(config);
    await expect(buildTestApp({ config, logger: false })).rejects.toBeInstanceOf(FolderInUseError);
  });
});
