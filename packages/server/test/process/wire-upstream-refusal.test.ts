import { it } from "vitest";
import { expectRefusedSetting } from "../support/process.ts";

/**
 * The server process refuses a wire endpoint its QIBATES_WIRE_UPSTREAM's connector cannot serve as it refuses a
 * bad setting: exit code 2 and the message alone, naming the endpoint and what is missing, no stack trace.
 */
it("stops with exit code 2 when an endpoint needs what the upstream's connector lacks", async () => {
  await expectRefusedSetting(
    {
      QIBATES_WIRE_ENDPOINTS: "all",
      ALLOWED_HOSTS: "127.0.0.1",
      QIBATES_WIRE_UPSTREAM: "essbase-stndln=http://127.0.0.1:9/essbase/japi",
    },
    "QIBATES_WIRE_ENDPOINTS lists planning-rest, which cannot stand in front of QIBATES_WIRE_UPSTREAM (connector essbase-stndln): that connector lacks the Planning operations",
  );
});
