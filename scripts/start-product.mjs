// Starts the product as `npm start` does (`scripts/start.mjs`) on a free port with a throw-away data folder,
// and waits for its banner. Shared by the browser tests' global setup and the site benchmarks.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./site-build.mjs";

/**
 * @param {{ timeoutMs?: number, dataDirPrefix?: string, port?: number }} [options] `port`: the port to listen
 *   on (default 0, any free port).
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>} the base URL (127.0.0.1) and a stop that
 *   ends the server (SIGTERM, SIGKILL after 5 s) and removes its data folder.
 */
export function startProduct({ timeoutMs = 120_000, dataDirPrefix = "qibates-run-", port = 0 } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), dataDirPrefix));
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = () =>
    new Promise((resolve) => {
      const done = () => {
        rmSync(dataDir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once("exit", done);
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5000).unref();
    });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`server did not start in ${timeoutMs / 1000} s:\n${out}`));
    }, timeoutMs);
    child.stdout.on("data", (chunk) => {
      out += chunk.toString();
      const m = /Documentation \(English\)\s+(http:\/\/[^\s/]+)\//.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ url: m[1].replace("localhost", "127.0.0.1"), stop });
      }
    });
    child.stderr.on("data", (chunk) => {
      out += chunk.toString();
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      reject(new Error(`server exited with code ${code} before it was ready:\n${out}`));
    });
  });
}
