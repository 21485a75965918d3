import { type ChildProcess, spawn } from "node:child_process";
import { describe, expect, inject, it } from "vitest";
import { testDataDir } from "../packages/server/test/support/data-dir.ts";

// The product as `npm start` runs it: one port, the site in both languages and the API.
describe("npm start", () => {
  const baseUrl = inject("baseUrl");

  it("serves the English home page at /", async () => {
    const res = await fetch(`${baseUrl}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html[^>]*lang="?en"?[\s>]/);
  });

  it("serves the French home page at /fr/", async () => {
    const res = await fetch(`${baseUrl}/fr/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html[^>]*lang="?fr"?[\s>]/);
  });

  it("answers GET /qibates/api/v2/health with JSON", async () => {
    const res = await fetch(`${baseUrl}/qibates/api/v2/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ status: "ok", apiVersion: "v2" });
  });

  it("stops cleanly on SIGTERM", async () => {
    // A copy of the migrated database the global setup made (removed with the run's folder at its end): the product's
    // first start, which creates it, is the global setup's own.
    const dataDir = testDataDir("qibates-stop-");
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      await ready(child);
      const exited = new Promise<number | string | null>((resolve) =>
        child.once("exit", (code, signal) => resolve(code ?? signal)),
      );
      child.kill("SIGTERM");
      // Docker and systemd wait 5 to 10 s before SIGKILL: the server must be gone well within that.
      const code: number | string | null = await Promise.race([
        exited,
        new Promise<"still running">((r) => setTimeout(() => r("still running"), 5000)),
      ]);
      expect(code).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  });
});

function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("Press Ctrl+C to stop.")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}
