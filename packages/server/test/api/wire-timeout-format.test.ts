import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../support/app.ts";
import { buildTestApp } from "../support/app.ts";
import { testConfig } from "../support/config.ts";
import { basicAuth } from "../support/wire-login.ts";

/**
 * A body that trickles in slower than REQUEST_TIMEOUT_SECONDS on a protocol endpoint (a slow-loris upload to the
 * Essbase REST file catalog, an XMLA request) is cut off with 408 in that protocol's error format, as the
 * endpoints' other refusals of the HTTP layer are: an Essbase REST client reads `errorMessage`, an XMLA client a
 * SOAP fault. It was the API's JSON, which neither client reads.
 */

let app: App;
let port = 0;
beforeAll(async () => {
  app = await buildTestApp({
    config: testConfig({ QIBATES_WIRE_ENDPOINTS: "all", REQUEST_TIMEOUT_SECONDS: "1" }),
    logger: false,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app.close();
});

/** Sends `head`, then a byte every 300 ms, until the server closes the connection: its status, type and body. */
function trickle(head: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", () => {});
    socket.write(head);
    const timer = setInterval(() => {
      if (socket.writable) socket.write("x");
    }, 300);
    socket.on("close", () => {
      clearInterval(timer);
      const [headers = "", body = ""] = Buffer.concat(chunks).toString("utf8").split("\r\n\r\n");
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0),
        type: /^content-type: (.*)$/im.exec(headers)?.[1]?.trim() ?? "",
        body,
      });
    });
  });
}

const head = (method: string, path: string, type: string, language: string, extra = "") =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basicAuth("demo", "demo")}\r\n${extra}` +
  `Accept-Language: ${language}\r\nContent-Type: ${type}\r\nContent-Length: 1000\r\n\r\n`;

describe("a body cut off by the request timeout on a protocol endpoint", () => {
  it("is answered in Essbase's error body on the Essbase REST endpoint, in the caller's language", async () => {
    const answer = await trickle(
      head("PUT", "/essbase/rest/v1/files/shared/slow.bin", "application/octet-stream", "fr"),
    );
    expect(answer.status).toBe(408);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({
      errorMessage: "La requête n'a pas été reçue en entier dans le délai imparti (1 s).",
    });
  });

  it("is a SOAP fault on the XMLA endpoint", async () => {
    const answer = await trickle(head("POST", "/olap/msmdpump.dll", "text/xml", "en"));
    expect(answer.status).toBe(408);
    expect(answer.type).toMatch(/^text\/xml/);
    expect(answer.body).toMatch(/<SOAP-ENV:Fault><faultcode>/);
    expect(answer.body).toContain("The request was not received in full within the time allowed (1 s).");
  });

  it("stays the API's format on the API", async () => {
    const key = `qibateskey: ${app.services.demoKey}\r\nconnector: essbase\r\n`;
    const answer = await trickle(head("POST", "/qibates/api/v2/action/login", "application/json", "en", key));
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "QB_ERR_REQUEST_TIMEOUT" });
  });
});
