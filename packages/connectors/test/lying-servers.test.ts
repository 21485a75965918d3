import { describe, expect, it } from "vitest";
import { runInChild } from "../../grid-bridge/test/support/in-child.ts";

/**
 * The Essbase REST and XMLA member sources over stand-in servers that contradict themselves (a member among its
 * own children, a parent under its child, an SSAS data member named like its parent) or list children without
 * end: the dimension tree and a zoom to all levels each fail with the client's typed error, naming the server and
 * the member, and keep nothing of what they read. Run in a child process killed after two minutes, so that a
 * hang (a loop that never gives the event loop back) fails the test instead of holding the run.
 */

interface Outcome {
  code: string | null;
  message: string | null;
  held: number;
}

const outcomes = runInChild(
  new URL("./support/lying-servers.scenario.ts", import.meta.url),
  180_000,
) as Promise<Record<string, Outcome>>;
outcomes.catch(() => undefined);

const SERVERS = {
  "essbase-rest": "http://127.0.0.1:9/essbase/rest/v1",
  xmla: "http://127.0.0.1:9/olap/msmdpump.dll",
};

describe("servers whose outline lies", () => {
  it.each([
    ["ownChild", '"East" under "East"'],
    ["sameUnique", '"East" under "East"'],
    ["parentUnderChild", null],
    ["dataMember", '"East" under "East"'],
  ])(
    "%s: refused through Essbase REST and XMLA, naming the server and the member",
    async (lie, named) => {
      const all = await outcomes;
      for (const [server, address] of Object.entries(SERVERS)) {
        for (const read of ["tree", "zoom"]) {
          const o = all[`${server} ${lie} ${read}`] as Outcome;
          expect(o.code, `${server} ${lie} ${read}`).toBe("UPSTREAM_MALFORMED");
          expect(o.message).toContain(`The server at ${address} answered an outline`);
          if (named) expect(o.message).toContain(named);
          // Nothing of the lie is kept: the dimension and at most the member the zoom started from.
          expect(o.held).toBeLessThanOrEqual(2);
        }
      }
    },
    150_000,
  );

  it("children without end: refused within the call, nothing of them kept", async () => {
    const all = await outcomes;
    for (const server of Object.keys(SERVERS)) {
      for (const read of ["tree", "zoom"]) {
        const o = all[`${server} endless ${read}`] as Outcome;
        expect(o.code, `${server} ${read}`).toBe("UPSTREAM_MALFORMED");
        expect(o.held).toBeLessThanOrEqual(2);
      }
    }
  }, 150_000);
});
