import { ProviderError } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exceptionError, parseSv, SmartViewClient, type SvElement } from "../src/smartview/client.ts";
import { type FakeUpstream, fakeUpstream, loopbackUpstreams } from "./support/fake-upstream.ts";

/**
 * What the Smart View client makes of answers that are not the provider's: a page with 200 is a
 * malformed answer (never a refused login), an HTTP error without Smart View's `exception` the one error of an
 * unreachable server, an `exception` the server's own words (bounded) whatever the status.
 */

let upstream: FakeUpstream;
let origin = "";
let next = { status: 200, body: "" };
const upstreams = loopbackUpstreams();

beforeAll(async () => {
  upstream = await fakeUpstream(() => ({ status: next.status, type: "text/html", text: next.body }));
  origin = upstream.origin;
});
afterAll(async () => {
  await upstreams.close();
  await upstream.close();
});

async function login(status: number, body: string): Promise<ProviderError> {
  next = { status, body };
  const client = new SmartViewClient(upstreams, new URL(`${origin}/aps/SmartView`), {
    username: "demo",
    password: "pw-secret",
  });
  const e = await client.connect().catch((x: unknown) => x);
  if (!(e instanceof ProviderError)) throw new Error(`not a provider error: ${String(e)}`);
  return e;
}

describe("the Smart View client against answers that are not the provider's", () => {
  it("a page answered with 200 is malformed, not a refused login", async () => {
    const e = await login(200, "<html><body>Welcome</body></html>");
    expect(e.code).toBe("UPSTREAM_MALFORMED");
    expect(e.message).toContain("<html>");
  });

  it("an HTTP error page is the unreachable server's one error, its text not answered", async () => {
    const e = await login(502, "<html><body>Bad gateway MARKER-2</body></html>");
    expect(e.code).toBe("UPSTREAM_UNREACHABLE");
    expect(e.message).not.toContain("MARKER-2");
  });

  it("Smart View's exception to a login is the protocol's refusal, whatever the HTTP status", async () => {
    const e = await login(500, '<exception errcode="1051293"><desc>Login fails</desc></exception>');
    expect(e.code).toBe("LOGIN_FAILED");
  });

  it("an exception's description reaches the caller on one line of at most 300 characters", () => {
    const desc = `Cannot connect\nto olap ${"y".repeat(500)}`;
    const e = exceptionError(parseSv(`<exception errcode="1"><desc>${desc}</desc></exception>`) as SvElement);
    expect(e.code).toBe("PROVIDER_FAILED");
    expect(e.message).toMatch(/^Cannot connect to olap y+\.\.\.$/);
    expect(e.message).toHaveLength(300);
  });
});
