import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";
import { slowProxy } from "../support/slow-proxy.ts";

/**
 * A login of the public demo key past its network's cap (DEMO_SESSIONS_PER_NETWORK) is refused before QiBates
 * asks the server anything: the server behind sees no request, and the answer (status, headers that matter,
 * body) is the same for a right and a wrong password, so that a refused login tells nothing of the password.
 */

/** The server behind: the demo's Essbase REST endpoint, which the API reaches through essbase-stndln. */
const server = listeningServer({
  QIBATES_WIRE_ENDPOINTS: "essbase-rest",
  DEMO_SESSIONS_PER_NETWORK: "1",
  RATE_LIMIT_PER_MINUTE: "1000000",
});

/** Every request the server behind receives, as `METHOD /path`. */
const seen: string[] = [];
const counting = slowProxy(
  () => server.base,
  ({ method, path }) => {
    seen.push(`${method} ${path}`);
    return { delayMs: 0 };
  },
);

describe("a demo login past its network's cap", () => {
  const login = (from: string, password: string) => {
    if (!server.app) throw new Error("the server is not listening");
    return server.app.inject({
      method: "POST",
      url: "/qibates/api/v2/action/login",
      remoteAddress: from,
      headers: { "content-type": "application/json", qibateskey: server.key, connector: "essbase-stndln" },
      payload: JSON.stringify({
        username: "demo",
        password,
        providerAddress: `${counting.base}/essbase/japi`,
      }),
    });
  };

  it("sends nothing upstream and answers the same for a right and a wrong password", async () => {
    // Below the cap, the server behind decides: a wrong password is refused, a right one logs in.
    const wrong = await login("198.51.100.20", "not-the-password");
    expect(wrong.statusCode, wrong.body).toBe(401);
    expect(seen.length).toBeGreaterThan(0);
    const held = await login("198.51.100.20", "demo");
    expect(held.statusCode, held.body).toBe(200);

    // The address now holds its share: whatever the password, the same refusal, and not one request upstream.
    seen.length = 0;
    const right = await login("198.51.100.20", "demo");
    const other = await login("198.51.100.20", "not-the-password");
    expect(seen).toEqual([]);
    const shown = (r: typeof right) => ({
      status: r.statusCode,
      retryAfter: r.headers["retry-after"],
      code: r.json().code,
      message: r.json().message,
    });
    expect(shown(right).status).toBe(429);
    expect(shown(right).code).toBe("QB_ERR_RATE_LIMITED");
    expect(shown(other)).toEqual(shown(right));

    // Another address is not held back, and its login does reach the server.
    expect((await login("198.51.100.21", "demo")).statusCode).toBe(200);
    expect(seen.length).toBeGreaterThan(0);
  });
});
