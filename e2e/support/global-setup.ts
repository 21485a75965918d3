import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error: plain ESM helper shared with the npm scripts
import { buildSiteIfNeeded, ROOT } from "../../scripts/site-build.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the server started for the browser tests, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
  }
}

/**
 * Starts the real product (`scripts/start.mjs`, as `npm start` does) on a free port with a throw-away data
 * folder, once for every browser test file, and stops it afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync("/usr/bin/chromium")) {
    throw new Error(
      "Chromium is missing: run `bash scripts/ensure-system.sh` (as root) or `apt-get install -y chromium`.",
    );
  }
  buildSiteIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), "qibates-e2e-"));
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const baseUrl = await waitForUrl(child);
  project.provide("baseUrl", baseUrl);
  return async () => {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
}

function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`server did not start in 120 s:\n${out}`)), 120_000);
    const onData = (chunk: Buffer): void => {
      out += chunk.toString();
      const m = /Documentation \(English\)\s+(http:\/\/[^\s/]+)\//.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1].replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before it was ready:\n${out}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5000).unref();
  });
}
