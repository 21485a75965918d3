import { describe, expect, it } from "vitest";
import { useWireServer } from "../support/process.ts";

/**
 * The essbase connector's Smart View endpoint in the real server process with every wire endpoint on
 * (`QIBATES_WIRE_ENDPOINTS=all`): what is that endpoint's alone, as a Smart View client sees it. The documented
 * examples through the essbase connector, its logins and refusals are in conformance.test.ts, with every
 * connector's.
 */

const running = useWireServer("all");

describe("essbase through the API, over HTTP to the Smart View endpoint", () => {
  it("answers an unknown path under /aps/ with Smart View's exception element, never a page", async () => {
    for (const path of ["/aps/SmartView2", "/aps/JAPI", "/aps"]) {
      const res = await fetch(`${running.server.baseUrl}${path}`, {
        method: "POST",
        body: "<req_ListServers/>",
      });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/xml/);
      expect(await res.text(), path).toMatch(/^<exception errcode="4" type="error">/);
    }
  });
});
