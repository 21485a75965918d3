import type { EssbaseOperations, Provider } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startWrappedDemoApi, type TestApi } from "../support/api.ts";

/**
 * SESSION_IDLE_MINUTES=1 and a calculation that runs for minutes (a server's script, held here until the test
 * lets it end): the session is never idle while its call runs, and its idle time counts from the call's end.
 * The clock is the fake `Date` of the test, moved by hand: nothing waits for real.
 */

const MINUTE = 60_000;
/** The calculation's answer is held until the test resolves it. */
let release: (() => void) | null = null;
let started: (() => void) | null = null;

/** The demo's engine, its calculations held until `release`. */
function slowCalculations(inner: Provider): Provider {
  const essbase = inner.essbase as EssbaseOperations;
  const held: EssbaseOperations = Object.create(essbase);
  held.calculate = async (...args) => {
    started?.();
    await new Promise<void>((r) => {
      release = r;
    });
    return essbase.calculate(...args);
  };
  return Object.assign(Object.create(inner) as Provider, { essbase: held });
}

let api: TestApi;
beforeAll(async () => {
  // Only `Date` is faked, before the server is built, so that its session store reads the test's clock.
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2030-01-01T08:00:00Z") });
  api = await startWrappedDemoApi(slowCalculations, { SESSION_IDLE_MINUTES: "1" });
});
afterAll(async () => {
  await api.close();
  vi.useRealTimers();
});

const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
const applications = (loginid: string) => api.post("nav/applications", { loginid, server: cube.server });

/** A new session's calculation of `script`, once the provider has it (held until `release`). */
async function calculating(script: string) {
  const loginid = await api.login("essbase");
  const calling = new Promise<void>((r) => {
    started = r;
  });
  const calc = api.post("action/calculate", { loginid, ...cube, action: { script } });
  await calling;
  return { loginid, calc };
}

describe("a session with a long call (SESSION_IDLE_MINUTES=1)", () => {
  it("is not ended while its call runs, and ends one idle time after the call's end", async () => {
    const { loginid, calc } = await calculating("CalcAll");

    // Five minutes into the calculation, five idle times: the session lives, and answers another call.
    vi.setSystemTime(Date.now() + 5 * MINUTE);
    const during = await applications(loginid);
    expect(during.statusCode, during.body).toBe(200);

    vi.setSystemTime(Date.now() + 5 * MINUTE);
    release?.();
    const done = await calc;
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: "completed" });

    // 50 s after the call's end (10 min after its start): still live.
    vi.setSystemTime(Date.now() + 50_000);
    const after = await applications(loginid);
    expect(after.statusCode, after.body).toBe(200);

    // Idle a whole minute after that last call: ended, as any idle session.
    vi.setSystemTime(Date.now() + MINUTE + 1000);
    const idle = await applications(loginid);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().code).toBe("QB_ERR_SESSION_UNKNOWN");
  });

  it("counts the idle time from the end of a call that failed", async () => {
    const { loginid, calc } = await calculating("NoSuchScript");
    vi.setSystemTime(Date.now() + 3 * MINUTE);
    release?.();
    const failed = await calc;
    expect(failed.statusCode).toBe(404);
    expect(failed.json().code).toBe("QB_ERR_SCRIPT_UNKNOWN");

    vi.setSystemTime(Date.now() + 50_000);
    const after = await applications(loginid);
    expect(after.statusCode, after.body).toBe(200);
  });
});
