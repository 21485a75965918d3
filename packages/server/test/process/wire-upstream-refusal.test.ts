import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, expect, it } from "vitest";
import { SERVER_ENTRY } from "../../../../scripts/server-build.mjs";
import { testDataDir } from "../support/data-dir.ts";

/**
 * The server process refuses a wire endpoint its QIBATES_WIRE_UPSTREAM's connector cannot serve as it refuses a
 * bad setting: exit code 2 and the message alone, naming the endpoint and what is missing, no stack trace.
 */
const dataDir = testDataDir("qibates-upstream-");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it("stops with exit code 2 when an endpoint needs what the upstream's connector lacks", async () => {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      SITE_DIR: "",
      DATA_DIR: dataDir,
      QIBATES_WIRE_ENDPOINTS: "all",
      ALLOWED_HOSTS: "127.0.0.1",
      QIBATES_WIRE_UPSTREAM: "essbase-stndln=http://127.0.0.1:9/essbase/japi",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr?.on("data", (c: Buffer) => {
    err += c.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).toBe(2);
  expect(err).toContain(
    "QIBATES_WIRE_ENDPOINTS lists planning-rest, which cannot stand in front of QIBATES_WIRE_UPSTREAM (connector essbase-stndln): that connector lacks the Planning operations",
  );
  expect(err).not.toMatch(/\n\s+at /);
});
