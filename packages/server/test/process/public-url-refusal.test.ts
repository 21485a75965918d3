import { rmSync } from "node:fs";
import { afterAll, expect, it } from "vitest";
import { testDataDir } from "../support/data-dir.ts";
import { refusedStart } from "../support/process.ts";

/**
 * A sign-in configured with an http PUBLIC_URL could never succeed (the browser drops its Secure cookie): the
 * server process refuses to start as for any bad setting, exit code 2 and the message alone.
 */
const dataDir = testDataDir("qibates-public-url-");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it("stops with exit code 2 when a sign-in is configured and PUBLIC_URL is http", async () => {
  const { code, out } = await refusedStart({
    DATA_DIR: dataDir,
    GOOGLE_CLIENT_ID: "cid",
    GOOGLE_CLIENT_SECRET: "sec",
    PUBLIC_URL: "http://qibates.example.com:8080",
  });
  expect(code).toBe(2);
  expect(out).toContain(
    "PUBLIC_URL (http://qibates.example.com:8080): must be an https address when GOOGLE_CLIENT_ID or MICROSOFT_CLIENT_ID is set",
  );
  expect(out).not.toMatch(/\n\s+at /);
});
