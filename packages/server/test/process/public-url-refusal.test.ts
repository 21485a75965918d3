import { it } from "vitest";
import { expectRefusedSetting } from "../support/process.ts";

/**
 * A sign-in configured with an http PUBLIC_URL could never succeed (the browser drops its Secure cookie): the
 * server process refuses to start as for any bad setting, exit code 2 and the message alone.
 */
it("stops with exit code 2 when a sign-in is configured and PUBLIC_URL is http", async () => {
  await expectRefusedSetting(
    { GOOGLE_CLIENT_ID: "cid", GOOGLE_CLIENT_SECRET: "sec", PUBLIC_URL: "http://qibates.example.com:8080" },
    "PUBLIC_URL (http://qibates.example.com:8080): must be an https address when GOOGLE_CLIENT_ID or MICROSOFT_CLIENT_ID is set",
  );
});
