import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * A server whose answer is larger than UPSTREAM_MAX_ANSWER_BYTES: QB_ERR_PROVIDER_MALFORMED says so in the
 * caller's language. The French message ended in English ("… illisible pour QiBates : the answer is larger
 * than 65536 bytes (UPSTREAM_MAX_ANSWER_BYTES).").
 */

const MAX = 64 * 1024;
const server = listeningServer({ UPSTREAM_MAX_ANSWER_BYTES: String(MAX) });
let upstream: Server;
let address: string;

beforeAll(async () => {
  // Answers every request with a JSON body past the cap (an Essbase REST login reads it whole).
  upstream = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ pad: "x".repeat(MAX + 1000) }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  address = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => upstream?.close(resolve));
});

const login = (language: string) =>
  server.post(
    "action/login",
    { username: "u", password: "p", providerAddress: `${address}/essbase/japi` },
    { connector: "essbase-stndln", language },
  );

describe("an answer larger than UPSTREAM_MAX_ANSWER_BYTES", () => {
  it("is refused with the reason in English", async () => {
    const { status, json } = await login("en");
    expect(status).toBe(502);
    expect(json.code).toBe("QB_ERR_PROVIDER_MALFORMED");
    expect(json.message).toBe(
      `The provider at ${address} returned something QiBates cannot read: the answer is larger than 65,536 bytes (UPSTREAM_MAX_ANSWER_BYTES).`,
    );
  });

  it("is refused with the reason in French", async () => {
    const { status, json } = await login("fr");
    expect(status).toBe(502);
    expect(json.message).toBe(
      `Le fournisseur à l'adresse ${address} a renvoyé une réponse illisible pour QiBates\u00a0: la réponse dépasse 65\u202f536\u00a0octets (UPSTREAM_MAX_ANSWER_BYTES).`,
    );
  });
});
