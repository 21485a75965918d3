import { afterAll, expect, it } from "vitest";
import { type ServerProcess, startServer } from "../support/process.ts";
import { type RunningPostgres, startPostgres, startRedis } from "../support/services.ts";

/** PostgreSQL or Redis stopping under a running server (a restart, a failover) must not take it down. */

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

let pg: RunningPostgres | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop().catch(() => undefined);
  await pg?.stop().catch(() => undefined);
});

it("keeps running and answering when PostgreSQL goes away", async () => {
  pg = await startPostgres();
  server = await startServer({ DATABASE_URL: pg.url });
  const health = await fetch(`${server.baseUrl}/qibates/api/v2/health`);
  expect(health.status).toBe(200);
  // Open pooled connections, so that PostgreSQL has idle ones to drop.
  const key = ((await health.json()) as { demo: { apiKey: string } }).demo.apiKey;
  await fetch(`${server.baseUrl}/qibates/api/v2/listkeys`, { headers: { qibateskey: key } });
  await pg.stop();
  pg = undefined;
  await new Promise((r) => setTimeout(r, 1500));
  expect(server.child.exitCode, server.output()).toBeNull();
  const after = await fetch(`${server.baseUrl}/qibates/api/v2/health`);
  expect(after.status).toBe(200);
}, 180_000);

it("keeps answering /health when Redis goes away (the rate limiter fails open)", async () => {
  const redis = await startRedis();
  const node = await startServer({ REDIS_URL: redis.url });
  try {
    expect((await fetch(`${node.baseUrl}/qibates/api/v2/health`)).status).toBe(200);
    await redis.stop();
    await new Promise((r) => setTimeout(r, 1500));
    const after = await fetch(`${node.baseUrl}/qibates/api/v2/health`);
    expect(after.status, node.output().slice(-2000)).toBe(200);
  } finally {
    await node.stop();
  }
}, 180_000);

it("answers 503 QB_ERR_SESSION_STORE_UNAVAILABLE (en, fr) for session calls while Redis is away", async () => {
  const redis = await startRedis();
  const node = await startServer({ REDIS_URL: redis.url, QIBATES_DEMO: "true" });
  const api = `${node.baseUrl}/qibates/api/v2`;
  try {
    const { headers, login, loginid } = await demoCalls(api);
    const servers = (language: string) =>
      fetch(`${api}/nav/servers`, {
        method: "POST",
        headers: { ...headers, "accept-language": language },
        body: JSON.stringify({ loginid }),
      });
    expect((await servers("en")).status).toBe(200);

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
  } finally {
    await node.stop();
  }
}, 180_000);

it("answers 503 QB_ERR_DATA_STORE_UNAVAILABLE (en, fr) while PostgreSQL is down, and 200 once it is back", async () => {
  const db = await startPostgres();
  const node = await startServer({ DATABASE_URL: db.url, QIBATES_DEMO: "true", QIBATES_GRID_WORKERS: "0" });
  const api = `${node.baseUrl}/qibates/api/v2`;
  try {
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

    await db.down();
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

    await db.up();
    let back = 0;
    for (let i = 0; i < 50 && back !== 200; i++) {
      back = (await save("103")).status;
      if (back !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(back, node.output().slice(-2000)).toBe(200);
    expect((await login()).status).toBe(200);
    expect(node.child.exitCode).toBeNull();
  } finally {
    await node.stop();
    await db.stop();
  }
}, 180_000);
