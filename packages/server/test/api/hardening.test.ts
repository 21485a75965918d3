import { connect } from "node:net";
import { gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { loadContract } from "../../src/contract-operations.ts";
import { DEMO_ADDRESS } from "../support/api.ts";
import { buildTestApp } from "../support/app.ts";
import { testConfig } from "../support/config.ts";
import { apiClientAt } from "../support/wire-login.ts";

/** Servers listening on a loopback port: these tests speak HTTP over real sockets. */
const servers: FastifyInstance[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function listen(env: Record<string, string> = {}) {
  const app = await buildTestApp({ config: testConfig(env), logger: false, validateResponses: true });
  servers.push(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };
  return { app, port, base: `http://127.0.0.1:${port}/qibates/api/v2`, key: app.services.demoKey as string };
}

/**
 * A server of one configuration shared by the tests that change nothing the others read (no rate limit reached, no
 * session bound reached by a client another test uses): one server a configuration rather than one a test. A test
 * that counts calls has a server of its own ({@link listen}).
 */
const sharedServers = new Map<string, ReturnType<typeof listen>>();
function shared(env: Record<string, string> = {}): ReturnType<typeof listen> {
  // The configuration's key: its settings in name order, with the test configuration's own (no grid workers)
  // whether a test spells it out or not.
  const key = JSON.stringify(Object.entries({ QIBATES_GRID_WORKERS: "0", ...env }).sort());
  let server = sharedServers.get(key);
  if (!server) {
    server = listen(env);
    sharedServers.set(key, server);
  }
  return server;
}

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  /** Milliseconds from the first byte written to the connection's close. */
  closedAfterMs: number;
}

/**
 * Writes `head` on a fresh connection, then each chunk of `trickle` every `everyMs`, and collects what the
 * server answers until it closes the connection (or `giveUpMs`).
 */
function rawRequest(
  port: number,
  head: string | Buffer,
  trickle: (string | Buffer)[] = [],
  everyMs = 0,
  giveUpMs = 10_000,
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      const text = Buffer.concat(chunks).toString("utf8");
      const [headers = "", body = ""] = text.split("\r\n\r\n");
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0),
        headers,
        body,
        closedAfterMs: Date.now() - started,
      });
    };
    const giveUp = setTimeout(() => {
      socket.destroy();
    }, giveUpMs);
    socket.on("data", (c) => chunks.push(c));
    socket.on("close", done);
    socket.on("error", () => undefined);
    socket.on("connect", () => {
      socket.write(head);
      const queue = [...trickle];
      if (queue.length > 0) {
        timer = setInterval(() => {
          const next = queue.shift();
          if (next === undefined || socket.destroyed) return clearInterval(timer);
          socket.write(next);
        }, everyMs);
      }
    });
  });
}

function postHead(path: string, headers: Record<string, string | number>): string {
  const lines = [`POST /qibates/api/v2/${path} HTTP/1.1`, "Host: 127.0.0.1"];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  return `${lines.join("\r\n")}\r\n\r\n`;
}

/** A raw `action/refresh` of connector essbase whose body is `body`, gzipped JSON, with `headers` besides. */
function gzipRefresh(port: number, body: Buffer, headers: Record<string, string | number>) {
  const head = postHead("action/refresh", {
    "content-type": "application/json",
    "content-encoding": "gzip",
    ...headers,
    connector: "essbase",
  });
  return rawRequest(port, Buffer.concat([Buffer.from(head), body]));
}

/** 9.5 KB of gzip that unpacks to 10 MiB of `[`. */
const BOMB = gzipSync(Buffer.alloc(10 * 1024 * 1024, "["), { level: 9 });

describe("the key is checked before the body is read", () => {
  const bogusBomb = (port: number, body: Buffer) =>
    gzipRefresh(port, body, { "content-length": BOMB.length, qibateskey: "qb_made-up-key" });

  it("answers a bogus key 401 without waiting for a gzip bomb's body", async () => {
    const { port } = await shared();
    // Half the bomb is sent and the rest never comes: an answer proves the body was not needed.
    const answer = await bogusBomb(port, BOMB.subarray(0, BOMB.length >> 1));
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "QB_ERR_AUTH_KEY_INVALID", field: "qibateskey" });
    // The server closed the connection instead of draining a body it will never use.
    expect(answer.headers.toLowerCase()).toContain("connection: close");
    expect(answer.closedAfterMs).toBeLessThan(8000);
  });

  it("spends almost no CPU on a whole gzip bomb sent with a bogus key", async () => {
    const { port } = await shared();
    // Test and server share this process; the cheapest of three tries leaves out what else ran meanwhile.
    // Unpacking 10 MiB and scanning it would cost far more than 50 ms.
    let cheapest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      const cpu = process.cpuUsage();
      const answer = await bogusBomb(port, BOMB);
      const spent = process.cpuUsage(cpu);
      expect(answer.status).toBe(401);
      cheapest = Math.min(cheapest, (spent.user + spent.system) / 1000);
    }
    expect(cheapest).toBeLessThan(50);
  });

  it("unpacks a grid call's body only for a verified key, and refuses JSON nested too deep", async () => {
    const { port, key } = await shared();
    const small = gzipSync(Buffer.alloc(1024 * 1024, "["));
    const answer = await gzipRefresh(port, small, {
      "content-length": small.length,
      "accept-language": "fr-FR",
      qibateskey: key,
      connection: "close",
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: "QB_ERR_JSON_MALFORMED",
      message:
        "Le corps de la requête n'est pas un JSON valide\u00a0: tableaux et objets y sont imbriqués sur plus de 64\u00a0niveaux.",
    });
  });

  it("counts unknown keys against the client's address, and a verified key against the key", async () => {
    const { base, key } = await listen({ RATE_LIMIT_PER_MINUTE: "3" });
    const listKeys = (k: string) => fetch(`${base}/listkeys`, { headers: { qibateskey: k } });
    for (let i = 0; i < 3; i++) expect((await listKeys(`qb_fake-${i}`)).status).toBe(401);
    const limited = await listKeys("qb_fake-3");
    expect(limited.status).toBe(429);
    expect((await limited.json()).code).toBe("QB_ERR_RATE_LIMITED");
    // No key at all counts against the same address.
    expect((await fetch(`${base}/listkeys`)).status).toBe(429);
    // The demo key has an allowance of its own, from the same address.
    expect((await listKeys(key)).status).toBe(200);
  });

  it("gives each client address its own budget with the public demo key, and an account's key one budget", async () => {
    const { base, key, app } = await listen({ RATE_LIMIT_PER_MINUTE: "2", TRUST_PROXY: "127.0.0.1" });
    const call = (k: string, from: string) =>
      fetch(`${base}/listkeys`, { headers: { qibateskey: k, "x-forwarded-for": from } });
    expect((await call(key, "203.0.113.1")).status).toBe(200);
    expect((await call(key, "203.0.113.1")).status).toBe(200);
    expect((await call(key, "203.0.113.1")).status).toBe(429);
    // Another visitor with the same demo key is not held by the first one's loop.
    expect((await call(key, "203.0.113.2")).status).toBe(200);
    const own = (
      await app.services.keys.create(
        { issuer: "https://accounts.google.com", subject: "rl", email: "rl@example.com", provider: "google" },
        "rl-laptop",
      )
    ).key;
    expect((await call(own, "203.0.113.3")).status).toBe(200);
    expect((await call(own, "203.0.113.4")).status).toBe(200);
    // An account's key is one budget wherever it is used from.
    expect((await call(own, "203.0.113.5")).status).toBe(429);
  });

  it("takes the client's address from X-Forwarded-For only from a trusted proxy", async () => {
    const call = (base: string, from: string) =>
      fetch(`${base}/listkeys`, { headers: { qibateskey: "qb_fake", "x-forwarded-for": from } });
    const direct = await listen({ RATE_LIMIT_PER_MINUTE: "1" });
    expect((await call(direct.base, "203.0.113.1")).status).toBe(401);
    // Without TRUST_PROXY the header is ignored: the second address is the same loopback client.
    expect((await call(direct.base, "203.0.113.2")).status).toBe(429);
    const proxied = await listen({ RATE_LIMIT_PER_MINUTE: "1", TRUST_PROXY: "127.0.0.1" });
    expect((await call(proxied.base, "203.0.113.1")).status).toBe(401);
    expect((await call(proxied.base, "203.0.113.2")).status).toBe(401);
    expect((await call(proxied.base, "203.0.113.1")).status).toBe(429);
  });
});

describe("bodies", () => {
  const login = { username: "demo", password: "demo", providerAddress: DEMO_ADDRESS.essbase };

  it("accept 64 KiB on calls without a grid and the configured maximum on grid calls", async () => {
    const { base, key } = await shared();
    const headers = { "content-type": "application/json", qibateskey: key, connector: "essbase" };
    const big = { ...login, padding: "x".repeat(100 * 1024) };
    const refused = await fetch(`${base}/action/login`, {
      method: "POST",
      headers,
      body: JSON.stringify(big),
    });
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({
      code: "QB_ERR_BODY_TOO_LARGE",
      message: "The request body exceeds 65,536 bytes.",
    });
    // The same size on a grid call is read, and judged on its content.
    const grid = Array.from({ length: 200 }, () => Array.from({ length: 50 }, () => "x".repeat(10)));
    const refresh = await fetch(`${base}/action/refresh`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        loginid: "00000000-0000-0000-0000-000000000000",
        server: "s",
        application: "a",
        cube: "c",
        grid,
      }),
    });
    expect((await refresh.json()).code).toBe("QB_ERR_SESSION_UNKNOWN");
  });

  it("refuse more than 64 KiB and 32 bytes a grid cell beside the grid, unparsed, on every call that carries a grid", async () => {
    const { base, key } = await shared();
    const gridCalls = loadContract().operations.filter((op) => op.carriesGrid);
    expect(gridCalls.length).toBeGreaterThan(5);
    // A grid the parser vouches for (over 32 KiB, so the body is scanned), and a field beside it.
    const grid = Array.from({ length: 100 }, () => Array.from({ length: 40 }, () => "x".repeat(10)));
    for (const op of gridCalls) {
      const headers = {
        "content-type": "application/json",
        qibateskey: key,
        connector: op.connectors?.[0] ?? "essbase",
      };
      const send = (padding: number) =>
        fetch(`${base}${op.path}`, {
          method: op.method,
          headers,
          body: JSON.stringify({
            loginid: "00000000-0000-0000-0000-000000000000",
            grid,
            pad: "x".repeat(padding),
          }),
        });
      // 4,000 cells: 64 KiB and 128,000 bytes beside them.
      const refused = await send(200 * 1024);
      expect(refused.status, op.path).toBe(413);
      expect(await refused.json(), op.path).toMatchObject({
        code: "QB_ERR_BODY_TOO_LARGE",
        message: "The request body exceeds 193,536 bytes.",
      });
      // Under the bound, the body is read and judged on its content.
      const read = await send(1024);
      expect(read.status, op.path).not.toBe(413);
    }
  });

  it("are decompressed on grid calls only, and must be JSON", async () => {
    const { base, key } = await shared();
    const headers = { "content-type": "application/json", qibateskey: key, connector: "essbase" };
    const gz = (v: unknown) => gzipSync(JSON.stringify(v));
    const compressedLogin = await fetch(`${base}/action/login`, {
      method: "POST",
      headers: { ...headers, "content-encoding": "gzip", "accept-language": "fr" },
      body: gz(login),
    });
    expect(compressedLogin.status).toBe(415);
    expect(await compressedLogin.json()).toMatchObject({
      code: "QB_ERR_CONTENT_ENCODING",
      message: "Encodage de contenu gzip non pris en charge ; envoyez le corps de cet appel non compressé.",
    });
    const { loginid } = await (
      await fetch(`${base}/action/login`, { method: "POST", headers, body: JSON.stringify(login) })
    ).json();
    const grid = {
      loginid,
      server: "EssbaseCluster-1",
      application: "Sample",
      cube: "Basic",
      grid: [
        ["", "Sales"],
        ["East", "#Missing"],
      ],
    };
    const refresh = await fetch(`${base}/action/refresh`, {
      method: "POST",
      headers: { ...headers, "content-encoding": "gzip" },
      body: gz(grid),
    });
    expect(refresh.status, await refresh.clone().text()).toBe(200);
    expect((await refresh.json()).grid.flat()).toContain("East");
    const zstd = await fetch(`${base}/action/refresh`, {
      method: "POST",
      headers: { ...headers, "content-encoding": "compress" },
      body: JSON.stringify(grid),
    });
    expect([zstd.status, (await zstd.json()).code]).toEqual([415, "QB_ERR_CONTENT_ENCODING"]);
    const text = await fetch(`${base}/action/login`, {
      method: "POST",
      headers: { ...headers, "content-type": "text/plain" },
      body: JSON.stringify(login),
    });
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({
      code: "QB_ERR_MEDIA_TYPE",
      message: "Unsupported content type text/plain; send application/json.",
    });
  });
});

describe("errors of the HTTP layer answer in the registry's format", () => {
  const isRegistryError = (body: string, code: string) => {
    const parsed = JSON.parse(body);
    expect(parsed.code).toBe(code);
    expect(parsed.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof parsed.message).toBe("string");
    return parsed as { code: string; message: string };
  };
  /** The message of an answer refused 400 QB_ERR_REQUEST_MALFORMED (its status and code checked). */
  const malformedMessage = (answer: { status: number; body: string }): string => {
    expect(answer.status).toBe(400);
    return isRegistryError(answer.body, "QB_ERR_REQUEST_MALFORMED").message;
  };

  it("an address that is not valid percent-encoding, in the caller's language", async () => {
    const { port } = await shared();
    for (const path of ["/%ff", "/qibates/api/v2/%ff"]) {
      const answer = await rawRequest(
        port,
        `GET ${path} HTTP/1.1\r\nHost: x\r\nAccept-Language: fr-FR\r\nConnection: close\r\n\r\n`,
      );
      expect(malformedMessage(answer)).toBe(
        "La requête HTTP est illisible : son adresse n'est pas correctement encodée en pourcentage.",
      );
      expect(answer.headers.toLowerCase()).toContain("x-content-type-options: nosniff");
    }
  });

  it("an HTTP/1.1 request without Host, in the registry's format and the caller's language", async () => {
    const { port } = await shared();
    const answer = await rawRequest(
      port,
      "GET /qibates/api/v2/health HTTP/1.1\r\nAccept-Language: fr\r\nConnection: close\r\n\r\n",
    );
    expect(malformedMessage(answer)).toBe("La requête HTTP est illisible : son en-tête Host manque.");
    // HTTP/1.0 has no Host requirement.
    const old = await rawRequest(port, "GET /qibates/api/v2/health HTTP/1.0\r\n\r\n");
    expect(old.status).toBe(200);
  });

  it("a Host header that is not a host, on the API, the site and every wire endpoint, in each one's format", async () => {
    const { port } = await shared({ QIBATES_WIRE_ENDPOINTS: "all" });
    const paths = [
      "/qibates/api/v2/health",
      "/docs/intro",
      "/essbase/rest/v1/applications",
      "/HyperionPlanning/rest/v3/applications",
      "/olap/msmdpump.dll",
      "/aps/SmartView",
    ];
    for (const host of ["a b", "[", "%", "a:99999", "a]b", "a/b", "-", "a:1:2"]) {
      for (const path of paths) {
        const answer = await rawRequest(
          port,
          `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
        );
        expect(answer.status, `${host} ${path}`).toBe(400);
        expect(answer.body, `${host} ${path}`).toMatch(/not a host name|Host/);
      }
    }
    for (const host of ["localhost", "127.0.0.1:8080", "[::1]:3000", "essbase.example.com", "a_b.local:0"]) {
      const answer = await rawRequest(
        port,
        `GET /qibates/api/v2/health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.status, host).toBe(200);
    }
  });

  it("a repeated query parameter on a wire endpoint is read as its first value, as a servlet reads it", async () => {
    const { port } = await shared({ QIBATES_WIRE_ENDPOINTS: "all" });
    const basic = `Basic ${Buffer.from("demo:demo").toString("base64")}`;
    const essbase = "/essbase/rest/v1/applications";
    const planning = "/HyperionPlanning/rest/v3/applications/Vision";
    const calls = [
      `${essbase}?offset=0&offset=1&limit=5&limit=x`,
      `${essbase}?links=none&links=all`,
      `${essbase}/Sample/databases/Basic/dimensions?links=none&links=none`,
      `${essbase}/Sample/databases/Basic/dimensions/Market/generations?links=a&links=b`,
      `${essbase}/Sample/databases/Basic/variables?links=a&links=b`,
      "/essbase/rest/v1/sessions?filter=a&filter=b",
      "/essbase/rest/v1/jobs?limit=1&limit=2&offset=0&offset=0",
      `${planning}/plantypes/Plan1/dimensions/Entity?fields=a&fields=b&aliasTableName=Default&aliasTableName=x`,
      `${planning}/jobs?q=a&q=b`,
      "/HyperionPlanning/rest/v3/applications?x=1&x=2",
      "/essbase/rest/v1/outline/Sample/Basic?keyword=a&keyword=b",
      "/essbase/rest/v1/outline/Sample/Basic?parent=Market&parent=Product&offset=0&offset=1",
      `${planning}/plantypes/Plan1/dimensions?fields=a&fields=b`,
      `${planning}/forms/Revenue%20Plan/data?x=1&x=2`,
    ];
    for (const path of calls) {
      const answer = await rawRequest(
        port,
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basic}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.status, path).toBeLessThan(500);
    }
  });

  it("a malformed Content-Length or request line, and headers too large", async () => {
    const { port } = await shared();
    const badLength = await rawRequest(
      port,
      "POST /qibates/api/v2/action/login HTTP/1.1\r\nHost: x\r\nAccept-Language: fr\r\nContent-Length: abc\r\n\r\n",
    );
    expect(malformedMessage(badLength)).toMatch(/^La requête HTTP est illisible/);
    const garbage = await rawRequest(port, "NOT HTTP AT ALL\r\n\r\n");
    expect(malformedMessage(garbage)).toBe(
      "The HTTP request cannot be read: its request line, headers, Content-Length or chunked encoding are malformed.",
    );
    const huge = await rawRequest(
      port,
      `GET /qibates/api/v2/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(huge.status).toBe(431);
    isRegistryError(huge.body, "QB_ERR_HEADERS_TOO_LARGE");
  });

  it("malformed JSON and an oversize body, in French when asked", async () => {
    const { base, key } = await shared();
    const headers = {
      "content-type": "application/json",
      qibateskey: key,
      connector: "essbase",
      "accept-language": "fr",
    };
    const malformed = await fetch(`${base}/action/login`, {
      method: "POST",
      headers,
      body: '{"username": }',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      code: "QB_ERR_JSON_MALFORMED",
      message: "Le corps de la requête n'est pas un JSON valide\u00a0: «\u00a0}\u00a0» inattendu.",
    });
    const large = await fetch(`${base}/nav/servers`, {
      method: "POST",
      headers,
      body: JSON.stringify({ p: "x".repeat(70_000) }),
    });
    expect(await large.json()).toMatchObject({
      code: "QB_ERR_BODY_TOO_LARGE",
      message: "Le corps de la requête dépasse 65\u202F536 octets.",
    });
  });
});

describe("timeouts", () => {
  it("cut off a body that trickles in slower than the request timeout allows", async () => {
    const { port, key } = await listen({ REQUEST_TIMEOUT_SECONDS: "1" });
    const answer = await rawRequest(
      port,
      postHead("action/login", {
        "content-type": "application/json",
        "content-length": 100,
        "accept-language": "fr",
        qibateskey: key,
        connector: "essbase",
      }),
      Array.from({ length: 20 }, () => " "),
      400,
    );
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: "QB_ERR_REQUEST_TIMEOUT",
      message: "La requête n'a pas été reçue en entier dans le délai imparti (1 s).",
    });
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(answer.closedAfterMs).toBeLessThan(3500);
  });
});

describe("sessions", () => {
  // One server for both tests: each counts the sessions of client addresses the other does not log in from (the
  // loopback for the first, documentation addresses injected for the second), and the public demo key's cap holds
  // per address.
  const capped = { MAX_SESSIONS_PER_KEY: "2" };

  it("are capped per key owner: a login beyond the cap ends the owner's oldest session", async () => {
    const { base, key } = await shared(capped);
    const headers = { "content-type": "application/json", qibateskey: key, connector: "essbase" };
    const login = async () =>
      (
        await (
          await fetch(`${base}/action/login`, {
            method: "POST",
            headers,
            body: JSON.stringify({
              username: "demo",
              password: "demo",
              providerAddress: DEMO_ADDRESS.essbase,
            }),
          })
        ).json()
      ).loginid as string;
    const servers = (loginid: string) =>
      fetch(`${base}/nav/servers`, { method: "POST", headers, body: JSON.stringify({ loginid }) });
    const [first, second, third] = [await login(), await login(), await login()];
    expect((await (await servers(first)).json()).code).toBe("QB_ERR_SESSION_UNKNOWN");
    expect((await servers(second)).status).toBe(200);
    expect((await servers(third)).status).toBe(200);
  });

  it("are capped per client address with the public demo key: one address's logins end none of another's", async () => {
    const { app, key } = await shared(capped);
    const { login, alive } = apiClientAt(
      () => app,
      () => key,
      DEMO_ADDRESS.essbase as string,
    );
    const someone = await login("198.51.100.7");
    const mine = [];
    for (let i = 0; i < 5; i++) mine.push(await login("203.0.113.9"));
    expect(await alive("198.51.100.7", someone)).toBe(true);
    // The cap still holds for the address that logs in again and again: its oldest sessions ended.
    expect(await Promise.all(mine.map((id) => alive("203.0.113.9", id)))).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
  });
});

describe("bounded cost of grid calls", () => {
  const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

  async function session(env: Record<string, string> = {}) {
    const { base, key } = await shared(env);
    const headers = { "content-type": "application/json", qibateskey: key, connector: "essbase" };
    const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
      fetch(`${base}/${path}`, {
        method: "POST",
        headers: { ...headers, ...extra },
        body: JSON.stringify(body),
      });
    const { loginid } = await (
      await post("action/login", {
        username: "demo",
        password: "demo",
        providerAddress: DEMO_ADDRESS.essbase,
      })
    ).json();
    return { post, loginid: loginid as string };
  }

  it("reads a large body's grid, and refuses it, exactly as when the body is parsed whole", async () => {
    const { base, key } = await shared({ QIBATES_GRID_WORKERS: "0" });
    const headers = { "content-type": "application/json", qibateskey: key, connector: "essbase" };
    const send = (text: string) => fetch(`${base}/action/refresh`, { method: "POST", headers, body: text });
    const login = await fetch(`${base}/action/login`, {
      method: "POST",
      headers,
      body: JSON.stringify({ username: "demo", password: "demo", providerAddress: DEMO_ADDRESS.essbase }),
    });
    const { loginid } = (await login.json()) as { loginid: string };
    // Over 32 KiB (the JSON parser then leaves a grid it vouches for as text until it is read), under 10,000
    // cells (read on the event loop, without workers anyway).
    const states = ["New York", "Florida", "Texas", "Utah"];
    const grid = [
      ["", "", "", "Sales"],
      ["", "", "", "Actual"],
      ...Array.from({ length: 1300 }, (_, i) => [
        "Cola",
        states[i % 4] as string,
        ["Jan", "Feb", "Mar"][i % 3] as string,
        "",
      ]),
    ];
    const text = JSON.stringify({ loginid, ...cube, grid });
    expect(text.length).toBeGreaterThan(32 * 1024);
    // The same body with its grid's key escaped: no grid the parser can vouch for, so parsed whole.
    const whole = text.replace('"grid":', '"gr\\u0069d":');
    const [deferred, parsed] = await Promise.all([send(text), send(whole)]);
    expect(deferred.status).toBe(200);
    const answer = await deferred.text();
    expect(answer).toBe(await parsed.text());
    expect((JSON.parse(answer) as { grid: string[][] }).grid).toHaveLength(grid.length);

    // A cell of another kind deep in the grid, and a row longer than the contract allows.
    const refusal = async (body: string) => {
      const r = await send(body);
      expect(r.status).toBe(400);
      return (await r.json()) as { code: string; field?: string; message: string };
    };
    const objectCell = text.replace('["Cola","Utah","Jan",""]', '["Cola","Utah","Jan",{}]');
    expect(objectCell).not.toBe(text);
    expect(await refusal(objectCell)).toMatchObject({ code: "QB_ERR_VALIDATION", field: "grid[5][3]" });
    const longRow = JSON.stringify({
      loginid,
      ...cube,
      grid: [...grid, Array.from({ length: 16_385 }, () => "")],
    });
    expect(await refusal(longRow)).toMatchObject({ code: "QB_ERR_VALIDATION", field: "grid[1302]" });
    // A syntax error inside the grid: the position is the whole body's.
    const broken = text.replace('["Cola","Texas","Mar",""]', '["Cola","Texas" "Mar",""]');
    let where = "";
    try {
      JSON.parse(broken);
    } catch (e) {
      where = /position (\d+)/.exec((e as Error).message)?.[1] ?? "";
    }
    expect(where).not.toBe("");
    const malformed = await refusal(broken);
    expect(malformed.code).toBe("QB_ERR_JSON_MALFORMED");
    expect(malformed.message).toContain(`position ${where}`);
  });

  it("answers a heavy grid and its save from a grid worker with the same text as from the event loop", async () => {
    const measures = ["Sales", "COGS", "Marketing", "Payroll", "Misc"];
    const columns = measures.flatMap((m) => ["Actual", "Budget"].map((sc) => [m, sc]));
    const rows = ["100-10", "100-20", "200-10", "200-20", "300-10", "300-20", "400-10", "400-20", "400-30"]
      .flatMap((p) =>
        ["New York", "Florida", "Texas", "California", "Oregon", "Utah", "Ohio", "Iowa"].map((st) => [p, st]),
      )
      .flatMap((r) =>
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map((mo) => [
          ...r,
          mo,
        ]),
      );
    const grid = [
      ["", "", "", ...columns.map((c) => c[0])],
      ["", "", "", ...columns.map((c) => c[1])],
      ...rows.map((r) => [...r, ...columns.map(() => "")]),
    ];
    // A sheet of 10,000 cells or more goes to a worker (the contract is checked on its answer too).
    expect(grid.length * (grid[0] as string[]).length).toBeGreaterThanOrEqual(10_000);
    const answers: string[] = [];
    for (const workers of ["1", "0"]) {
      const { post, loginid } = await session({ QIBATES_GRID_WORKERS: workers });
      const r = await post("action/refresh", { loginid, ...cube, grid });
      const text = await r.text();
      expect(r.status, text.slice(0, 300)).toBe(200);
      expect(r.headers.get("content-type")).toMatch(/^application\/json/);
      answers.push(text);
      // A save of the same sheet, two cells changed: submitted in the worker, written here.
      const { dataVersion } = JSON.parse(text) as { dataVersion: string };
      const edited = grid.map((row) => [...row]);
      (edited[2] as string[])[4] = "123";
      (edited[3] as string[])[4] = "456";
      const cells = [
        { row: 2, column: 4 },
        { row: 3, column: 4 },
      ];
      const s = await post("action/save", { loginid, ...cube, grid: edited, cells, dataVersion });
      const saved = await s.text();
      expect(s.status, saved.slice(0, 300)).toBe(200);
      answers.push(saved);
    }
    expect(answers[0]).toBe(answers[2]);
    expect(answers[1]).toBe(answers[3]);
    const saved = JSON.parse(answers[1] as string) as {
      submitted: number;
      grid: string[][];
      dataVersion: string;
    };
    expect(saved.submitted).toBe(2);
    expect(saved.grid[3]?.[4]).toBe("456");
    expect((JSON.parse(answers[0] as string) as { grid: string[][] }).grid).toHaveLength(grid.length);
  });

  it("stops a zoom whose answer would exceed MAX_GRID_CELLS: 413, in the caller's language", async () => {
    const { post, loginid } = await session({ MAX_GRID_CELLS: "60" });
    const grid = [
      ["", "Measures", "Year", "Scenario"],
      ["", "Product", "", ""],
      ["Market", "0", "", ""],
    ];
    const small = await post("action/refresh", { loginid, ...cube, grid });
    expect(small.status, await small.clone().text()).toBe(200);
    const zoom = await post(
      "action/zoomin",
      {
        loginid,
        ...cube,
        grid,
        cells: [{ row: 2, column: 0 }],
        settings: { zoomInMode: "ALL_LEVELS", locale: "fr_FR" },
      },
      { "accept-language": "fr" },
    );
    expect(zoom.status).toBe(413);
    expect(await zoom.json()).toMatchObject({
      code: "QB_ERR_GRID_TOO_LARGE",
      message: expect.stringMatching(
        /^La grille est trop grande\u00a0: la réponse aurait au moins \d+\u00a0cellules, 60 au plus permises\.$/u,
      ),
      field: "grid",
    });
  });

  it("submits a cell listed 2,000 times once, refuses more distinct cells than the grid has, and a list far longer than the grid unread", async () => {
    const { post, loginid } = await session();
    const grid = [
      ["", "Sales", "Cola", "Actual"],
      ["", "Jan", "Feb", "Mar"],
      ["New York", "700", "645", "675"],
    ];
    // 7.5 MB of copies beside a 12-cell grid: past 64 KiB and 32 bytes a cell, refused before it is parsed.
    const flood = Array.from({ length: 300_000 }, () => ({ row: 2, column: 1 }));
    const refusedUnread = await post("action/save", { loginid, ...cube, grid, cells: flood });
    expect(refusedUnread.status).toBe(413);
    expect(await refusedUnread.json()).toMatchObject({ code: "QB_ERR_BODY_TOO_LARGE" });
    const copies = Array.from({ length: 2_000 }, () => ({ row: 2, column: 1 }));
    const saved = await post("action/save", { loginid, ...cube, grid, cells: copies });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const answer = await saved.json();
    expect(answer.submitted).toBe(1);
    expect(answer.cells).toEqual([{ row: 2, column: 1, status: "written", value: "700" }]);
    const outside = Array.from({ length: 13 }, (_, i) => ({ row: 10 + i, column: 1 }));
    const refused = await post("action/save", { loginid, ...cube, grid, cells: outside });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "QB_ERR_VALIDATION", field: "cells" });
  });
});
