import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ProviderError } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Upstreams } from "../src/net/upstream.ts";
import { XmlaClient } from "../src/xmla/client.ts";
import { type FakeUpstream, fakeUpstream, loopbackUpstreams } from "./support/fake-upstream.ts";

/**
 * The HTTP status of a SOAP fault differs between XMLA servers: Mondrian sends faults with 200 (and so does
 * QiBates's endpoint, after the clients written against Analysis Services, which read a fault only from a 2xx
 * answer), SOAP 1.1 itself says 500 (wire NOTES.md). The ssas connector must read the server's own message
 * whatever the status; an answer that is not SOAP is an HTTP failure. Microsoft's sample fault is served.
 */
const here = dirname(fileURLToPath(import.meta.url));
const SAMPLE_FAULT = readFileSync(join(here, "fixtures/xmla/microsoft-docs/soap-fault.response.xml"), "utf8");

let upstream: FakeUpstream;
let origin = "";
let upstreams: Upstreams;
/** What the server answers next: status and body. */
let next = { status: 200, body: SAMPLE_FAULT, type: "text/xml" };
let requests = 0;

beforeAll(async () => {
  upstream = await fakeUpstream(() => {
    requests++;
    return { status: next.status, type: next.type, text: next.body };
  });
  origin = upstream.origin;
  upstreams = loopbackUpstreams();
});
afterAll(async () => {
  await upstreams.close();
  await upstream.close();
});

async function failure(call: (c: XmlaClient) => Promise<unknown>): Promise<ProviderError> {
  const client = new XmlaClient(upstreams, new URL(`${origin}/olap/msmdpump.dll`), {
    username: "demo",
    password: "demo",
  });
  try {
    await call(client);
  } catch (e) {
    if (e instanceof ProviderError) return e;
    throw e;
  }
  throw new Error("no error");
}

describe("the ssas connector reads a SOAP fault whatever its HTTP status", () => {
  for (const status of [200, 500]) {
    it(`a fault with HTTP ${status}: PROVIDER_FAILED with the server's Description, for Discover and Execute`, async () => {
      next = { status, body: SAMPLE_FAULT, type: "text/xml" };
      const discover = await failure((c) => c.discover("MDSCHEMA_CUBES", {}));
      expect(discover.code).toBe("PROVIDER_FAILED");
      expect(discover.message).toBe("MDSCHEMA_CUBES: An unexpected error has occurred.");
      const execute = await failure((c) => c.execute("SELECT FROM [Basic]", {}));
      expect(execute.code).toBe("PROVIDER_FAILED");
      expect(execute.message).toBe("Execute: An unexpected error has occurred.");
    });
  }

  it("a login answered by a fault (with 200) fails with the server's message, not as a success", async () => {
    next = { status: 200, body: SAMPLE_FAULT, type: "text/xml" };
    const login = await failure((c) => c.login());
    expect(login.message).toBe("DISCOVER_DATASOURCES: An unexpected error has occurred.");
  });

  it("an answer that is not SOAP: with an error status, an unreachable server; with 200, a malformed answer", async () => {
    next = { status: 502, body: "<html><body>Bad gateway</body></html>", type: "text/html" };
    const gateway = await failure((c) => c.discover("MDSCHEMA_CUBES", {}));
    expect(gateway.code).toBe("UPSTREAM_UNREACHABLE");
    expect(gateway.message).not.toContain("Bad gateway");
    next = { status: 200, body: "<html><body>hello</body></html>", type: "text/html" };
    const html = await failure((c) => c.discover("MDSCHEMA_CUBES", {}));
    expect(html.code).toBe("UPSTREAM_MALFORMED");
  });

  it("a web server's error page with a document type declaration and an error status: an unreachable server, not an unreadable answer", async () => {
    // IIS and WebLogic error pages start with <!DOCTYPE html>, which the XML reader refuses unread: the message
    // said "returned something QiBates cannot read: … the document has a document type declaration".
    next = {
      status: 500,
      body: "<!DOCTYPE html><html><head><title>500 - Internal server error.</title></head><body>Server Error</body></html>",
      type: "text/html",
    };
    const page = await failure((c) => c.execute("SELECT FROM [Basic]", {}));
    expect(page.code).toBe("UPSTREAM_UNREACHABLE");
    expect(page.message).not.toContain("Server Error");
  });

  it("401 is a refused login, whatever the body", async () => {
    next = { status: 401, body: SAMPLE_FAULT, type: "text/xml" };
    const before = requests;
    const refused = await failure((c) => c.discover("MDSCHEMA_CUBES", {}));
    expect(refused.code).toBe("LOGIN_FAILED");
    expect(requests).toBeGreaterThan(before);
  });
});
