import { connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../support/app.ts";
import { testConfig } from "../support/config.ts";

/**
 * A request that stalls in the middle of its headers is refused 408 QB_ERR_REQUEST_TIMEOUT once
 * REQUEST_TIMEOUT_SECONDS have passed, in the language of the connection's previous request, else in English: the
 * Accept-Language line of a head the parser has not finished is not read. The previous request's language was
 * remembered only when it was French, so a connection that asked French then English was refused in French.
 */
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = await buildTestApp({ config: testConfig({ REQUEST_TIMEOUT_SECONDS: "1" }), logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => app.close());

/** Writes each part on one connection (a part after the server's answer to the one before), then stalls. */
function stall(...parts: string[]): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    const next = () => {
      const part = parts.shift();
      if (part !== undefined) socket.write(part);
    };
    socket.on("connect", next);
    socket.on("data", (chunk) => {
      received += chunk.toString("utf8");
      // A whole answer to a part sent before the last: send the next.
      if (parts.length > 0 && /\r\n\r\n\{.*\}$/s.test(received)) next();
    });
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(received));
    setTimeout(() => socket.destroy(), 8000).unref();
  });
}

/** The last answer of a connection: its status and its body. */
function lastAnswer(received: string): { status: number; body: { code: string; message: string } } {
  const at = received.lastIndexOf("HTTP/1.1 ");
  const answer = received.slice(at);
  return {
    status: Number(answer.slice(9, 12)),
    body: JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)),
  };
}

const FRENCH = "La requête n'a pas été reçue en entier dans le délai imparti (1 s).";
const ENGLISH = "The request was not received in full within the time allowed (1 s).";

describe("a request stalled in its headers", () => {
  const health = (language: string) =>
    `GET /qibates/api/v2/health HTTP/1.1\r\nHost: x\r\nAccept-Language: ${language}\r\n\r\n`;
  const stalled = "GET /qibates/api/v2/health HTTP/1.1\r\nHost: x\r\nAccept-Language: fr\r\nX-Slow: a";

  it("is refused in the language of the connection's previous request", async () => {
    const french = await stall(health("fr"), stalled.replace("Accept-Language: fr", "Accept-Language: en"));
    expect(lastAnswer(french)).toMatchObject({ status: 408, body: { message: FRENCH } });
    const english = await stall(health("fr"), health("en"), stalled);
    expect(lastAnswer(english)).toMatchObject({ status: 408, body: { message: ENGLISH } });
  });

  it("in English on a connection's first request", async () => {
    const answer = lastAnswer(await stall(stalled));
    expect(answer).toMatchObject({ status: 408, body: { code: "QB_ERR_REQUEST_TIMEOUT", message: ENGLISH } });
  });
});
