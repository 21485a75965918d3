import { type EssbaseOperations, type Provider, upstreamUnreachable } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWrappedDemoApi, type TestApi } from "../support/api.ts";

/**
 * A call past its deadline (CONNECTION_TIMEOUT_SECONDS) answers 504 QB_ERR_CALL_TIMEOUT however busy the event
 * loop: here the provider itself holds the loop past the deadline, so the deadline's timer can only run after the
 * call has ended. A remote connector asked for a request then refuses it as past the deadline, which reads as a
 * server not reached (502 QB_ERR_PROVIDER_UNREACHABLE); a call whose work ends past the deadline is the deadline's
 * all the same, as it is when the loop is free and the timer cuts it.
 */

const DEADLINE_S = 4;
/** What the provider does once it has held the loop past the deadline. */
let after: "fail" | "answer" = "fail";

/** Holds the event loop, without yielding, until `ms` have passed. */
function holdLoop(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy on purpose: no timer can run meanwhile
  }
}

/** The demo's engine, its dimension lists reached only once the loop was held past the deadline. */
function busyDimensions(inner: Provider): Provider {
  const essbase = inner.essbase as EssbaseOperations;
  const busy: EssbaseOperations = Object.create(essbase);
  busy.dimensions = async (...args) => {
    holdLoop(DEADLINE_S * 1000 + 200);
    // A remote connector's request sent now is refused as past the call's deadline: a server not reached.
    if (after === "fail") throw upstreamUnreachable("https://essbase.example.com");
    return essbase.dimensions(...args);
  };
  return Object.assign(Object.create(inner) as Provider, { essbase: busy });
}

let api: TestApi;
beforeAll(async () => {
  api = await startWrappedDemoApi(busyDimensions, {
    CONNECTION_TIMEOUT_SECONDS: String(DEADLINE_S),
    CALC_JOB_TIMEOUT_SECONDS: "1",
    PROVIDER_CONNECT_TIMEOUT_SECONDS: "1",
    PROVIDER_READ_TIMEOUT_SECONDS: "1",
  });
}, 60_000);
afterAll(async () => api.close());

const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

describe("a call whose provider holds the event loop past the deadline", () => {
  for (const outcome of ["fail", "answer"] as const) {
    it(`answers 504 QB_ERR_CALL_TIMEOUT when its work would ${outcome === "fail" ? "fail as a server not reached" : "answer"}`, async () => {
      const loginid = await api.login("essbase");
      after = outcome;
      const r = await api.post("nav/dimensions", { loginid, ...cube }, { "accept-language": "fr" });
      expect([r.statusCode, r.json().code]).toEqual([504, "QB_ERR_CALL_TIMEOUT"]);
      expect(r.json().message).toMatch(
        new RegExp(`^La requête ne s.est pas terminée en ${DEADLINE_S}\\s+secondes`),
      );
    }, 30_000);
  }
});
