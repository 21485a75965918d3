import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";
import { slowProxy } from "../support/slow-proxy.ts";

/**
 * A business rule (pbcs) or a calculation script (essbase-stndln) the server launched, whose status the server then
 * refused for now (429, "Too many requests"): the caller got 429 "Too many requests; retry in … s." while the job ran
 * on, and, retrying, launched it a second time. A status read refused for now is now read again after the server's
 * Retry-After, within the job's wait: the call ends as the job does, the job launched once.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all", QIBATES_JOBS_PER_USER: "16" });

let busyOn: RegExp | null = null;
const launches: string[] = [];
const proxy = slowProxy(
  () => server.base,
  ({ method, path }) => {
    const request = `${method} ${path}`;
    if (/^POST \S*\/jobs$/.test(request)) launches.push(request);
    if (busyOn?.test(request)) {
      busyOn = null;
      return {
        answer: (res) => {
          res.writeHead(429, { "content-type": "application/json", "retry-after": "1" });
          res.end(JSON.stringify({ status: 429, detail: "Too many requests", message: "Too many requests" }));
        },
      };
    }
    return { delayMs: 0 };
  },
);

describe("a launched job's status refused for now (429)", () => {
  it("pbcs: the rule's status is read again after Retry-After; the rule completes, launched once", async () => {
    const vision = await server.vision("pbcs", `${proxy.base}/HyperionPlanning/SmartView`);
    launches.length = 0;
    busyOn = /^GET \S*\/applications\/Vision\/jobs\/\d+$/;
    const answer = await server.post(
      "action/launchrule",
      {
        ...vision,
        cube: "Plan1",
        ruleName: "CopyVersion",
        ruleType: "graphical",
        prompts: [
          { name: "SrcVersion", value: "Working" },
          { name: "TgtVersion", value: "What If" },
        ],
      },
      { connector: "pbcs" },
    );
    expect(busyOn, "a reading of the job's status was refused").toBeNull();
    expect([answer.status, answer.json.status]).toEqual([200, "completed"]);
    expect(launches).toHaveLength(1);
  });

  it("essbase-stndln: the script's status is read again after Retry-After; it completes, launched once", async () => {
    const basic = await server.sampleBasic("essbase-stndln", `${proxy.base}/essbase/japi`);
    launches.length = 0;
    busyOn = /^GET \/essbase\/rest\/v1\/jobs\/\d+$/;
    const answer = await server.post(
      "action/calculate",
      { ...basic, action: { script: "CalcAll" } },
      { connector: "essbase-stndln" },
    );
    expect(busyOn, "a reading of the job's status was refused").toBeNull();
    expect(answer.status).toBe(200);
    expect(launches).toHaveLength(1);
  });
});
