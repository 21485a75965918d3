import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type App, appForBlock } from "../support/app.ts";
import { essbaseRestLogin } from "../support/wire-login.ts";

/**
 * A protocol endpoint's session kept busy used to live for ever: only idleness ended it. It now ends
 * SESSION_MAX_HOURS plus CONNECTION_TIMEOUT_SECONDS after its login (here 1 h + 900 s = 75 minutes), so that an
 * API session using it through a connector always ends first.
 */

const MINUTE = 60_000;
let clock = Date.UTC(2026, 10, 28, 9);

describe("SESSION_MAX_HOURS on the protocol endpoints", () => {
  beforeAll(() => {
    vi.spyOn(Date, "now").mockImplementation(() => clock);
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });
  let app: App;
  appForBlock(
    {
      QIBATES_WIRE_ENDPOINTS: "essbase-rest",
      SESSION_MAX_HOURS: "1",
      SESSION_IDLE_MINUTES: "60",
      CONNECTION_TIMEOUT_SECONDS: "900",
      RATE_LIMIT_PER_MINUTE: "1000000",
    },
    (built) => {
      app = built;
    },
  );

  it("ends an Essbase REST session kept busy 75 minutes after its login", async () => {
    const from = "198.51.100.20";
    const login = await essbaseRestLogin(app, from);
    expect(login.statusCode).toBe(200);
    const cookie = String(login.headers["set-cookie"]).split(";")[0] as string;
    const session = () =>
      app.inject({
        method: "GET",
        url: "/essbase/rest/v1/session",
        remoteAddress: from,
        headers: { cookie },
      });
    clock += 40 * MINUTE;
    expect((await session()).statusCode).toBe(200);
    clock += 34 * MINUTE;
    expect((await session()).statusCode).toBe(200);
    clock += 2 * MINUTE;
    expect((await session()).statusCode).toBe(401);
  });
});
