import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServer } from "../support/process.ts";
import { type RunningPostgres, type RunningService, startPostgres, startRedis } from "../support/services.ts";

/**
 * PostgreSQL or Redis stopping under a running server (a restart, a failover) must not take it down. One server
 * over one PostgreSQL, then one over one Redis: each store is first taken away for a while (calls that need it
 * answer 503) and then for good (the server keeps running and answering what does not need it).
 */

/**
 * The demo key's headers for connector essbase, a login of the demo user in a given language, and the loginid
 * of a session opened with it.
 */
async function demoCalls(api: string) {
  const key = ((await (await fetch(`${api}/health`)).json()) as { demo: { apiKey: string } }).demo.apiKey;
  const headers = { qibateskey: key, connector: "essbase", "content-type": "application/json" };
  const login = (language = "en") =>
    fetch(`${api}/action/login`, {
      method: "POST",
      headers: { ...headers, "accept-language": language },
      body: JSON.stringify({
        username: "demo",
        password: "demo",
        providerAddress: "https://demo.qibates.local/aps/JAPI",
      }),
    });
  const opened = await login();
  expect(opened.status).toBe(200);
  const { loginid } = (await opened.json()) as { loginid: string };
  return { headers, login, loginid };
}

/**
 * Waits until `node` printed, after the first `from` characters of its output, what matches `seen` (its word that
 * the store went away), at most `ms`: a server that the store's disappearance takes down does so as it hears of it.
 */
async function heard(node: ServerProcess, from: number, seen: RegExp, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!seen.test(node.output().slice(from)) && node.child.exitCode === null && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("PostgreSQL going away under a running server", () => {
  let pg: RunningPostgres;
  let node: ServerProcess;
  let api = "";

  beforeAll(async () => {
    pg = await startPostgres();
    node = await startServer({ DATABASE_URL: pg.url, QIBATES_DEMO: "true", QIBATES_GRID_WORKERS: "0" });
    api = `${node.baseUrl}/qibates/api/v2`;
  }, 180_000);

  afterAll(async () => {
    await node?.stop().catch(() => undefined);
    await pg?.stop().catch(() => undefined);
  });

  it("answers 503 QB_ERR_DATA_STORE_UNAVAILABLE (en, fr) while PostgreSQL is down, and 200 once it is back", async () => {
    const { headers, login, loginid } = await demoCalls(api);
    const save = (value: string, language = "en") =>
      fetch(`${api}/action/save`, {
        method: "POST",
        headers: { ...headers, "accept-language": language },
        body: JSON.stringify({
          loginid,
          server: "EssbaseCluster-1",
          application: "Sample",
          cube: "Basic",
          grid: [
            ["", "Jan", "Cola", "Budget"],
            ["", "Sales"],
            ["New York", value],
          ],
          cells: [{ row: 2, column: 1 }],
        }),
      });
    expect((await save("101")).status).toBe(200);

    await pg.down();
    // API keys and saves live in PostgreSQL: refused with the registry's code, in the caller's language.
    const en = await login();
    const enBody = (await en.json()) as { code: string; message: string };
    expect([en.status, enBody.code], node.output().slice(-2000)).toEqual([
      503,
      "QB_ERR_DATA_STORE_UNAVAILABLE",
    ]);
    expect(enBody.message).toBe("The server's database cannot be reached now. Try again in a moment.");
    const fr = await save("102", "fr-FR");
    expect(await fr.json()).toMatchObject({
      code: "QB_ERR_DATA_STORE_UNAVAILABLE",
      message: "La base de données du serveur est injoignable pour l'instant. Réessayez dans un instant.",
    });
    expect(fr.status).toBe(503);
    expect((await fetch(`${api}/health`)).status).toBe(200);
    expect(node.output()).not.toContain("internal error");

    await pg.up();
    let back = 0;
    for (let i = 0; i < 50 && back !== 200; i++) {
      back = (await save("103")).status;
      if (back !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(back, node.output().slice(-2000)).toBe(200);
    expect((await login()).status).toBe(200);
    expect(node.child.exitCode).toBeNull();
  }, 180_000);

  it("keeps running and answering when PostgreSQL goes away for good", async () => {
    const health = await fetch(`${api}/health`);
    // Open pooled connections, so that PostgreSQL has idle ones to drop.
    const key = ((await health.json()) as { demo: { apiKey: string } }).demo.apiKey;
    await fetch(`${api}/listkeys`, { headers: { qibateskey: key } });
    const before = node.output().length;
    await pg.stop();
    await heard(node, before, /PostgreSQL dropped an idle connection/, 1500);
    expect(node.child.exitCode, node.output()).toBeNull();
    const after = await fetch(`${api}/health`);
    expect(after.status).toBe(200);
  }, 180_000);
});

describe("Redis going away under a running server", () => {
  let redis: RunningService;
  let node: ServerProcess;
  let api = "";

  beforeAll(async () => {
    redis = await startRedis();
    node = await startServer({ REDIS_URL: redis.url, QIBATES_DEMO: "true" });
    api = `${node.baseUrl}/qibates/api/v2`;
  }, 180_000);

  afterAll(async () => {
    await node?.stop().catch(() => undefined);
    await redis?.stop().catch(() => undefined);
  });

  it("answers 503 QB_ERR_SESSION_STORE_UNAVAILABLE (en, fr) for session calls while Redis is away", async () => {
    const { headers, login, loginid } = await demoCalls(api);
    const servers = (language: string) =>
      fetch(`${api}/nav/servers`, {
        method: "POST",
        headers: { ...headers, "accept-language": language },
        body: JSON.stringify({ loginid }),
      });
    expect((await servers("en")).status).toBe(200);
    expect((await fetch(`${api}/health`)).status).toBe(200);

    await redis.stop();
    await new Promise((r) => setTimeout(r, 500));
    const en = await servers("en");
    const enBody = (await en.json()) as { code: string; message: string; requestId: string };
    expect([en.status, enBody.code], node.output().slice(-2000)).toEqual([
      503,
      "QB_ERR_SESSION_STORE_UNAVAILABLE",
    ]);
    expect(enBody.message).toBe(
      "Sessions cannot be read or written now: their store is unavailable. Try again in a moment.",
    );
    const fr = (await (await servers("fr-FR")).json()) as { code: string; message: string };
    expect(fr).toMatchObject({
      code: "QB_ERR_SESSION_STORE_UNAVAILABLE",
      message:
        "Les sessions ne peuvent pas être lues ni écrites pour l'instant : leur stockage est indisponible. Réessayez dans un instant.",
    });
    const refusedLogin = await login();
    expect([refusedLogin.status, ((await refusedLogin.json()) as { code: string }).code]).toEqual([
      503,
      "QB_ERR_SESSION_STORE_UNAVAILABLE",
    ]);
    // No internal fault was logged for it.
    expect(node.output()).not.toContain("internal error");
    expect(node.child.exitCode).toBeNull();
  }, 180_000);

  it("keeps answering /health when Redis goes away (the rate limiter fails open)", async () => {
    // Gone already when the test before ran to its end; stopped here otherwise.
    await redis.stop();
    await new Promise((r) => setTimeout(r, 1500));
    expect(node.child.exitCode, node.output().slice(-2000)).toBeNull();
    const after = await fetch(`${api}/health`);
    expect(after.status, node.output().slice(-2000)).toBe(200);
  }, 180_000);
});
