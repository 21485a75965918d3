import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SAMPLE_BASIC } from "./api.ts";
import type { App } from "./app.ts";
import { buildTestApp } from "./app.ts";
import { testConfig } from "./config.ts";

/** An API answer as a test reads it: the status and the JSON body. */
export interface Answer {
  status: number;
  json: Record<string, string>;
}

/** A way a call reaches the demo's data: a connector and the provider address it logs in at. */
export interface Path {
  name: string;
  connector: string;
  address: () => string;
}

/** A server of the test file, listening on a free port (see {@link listeningServer}). */
export interface ListeningServer {
  /** `http://127.0.0.1:<port>`, once the file's `beforeAll` has run: the address of its own protocol endpoints. */
  base: string;
  /** The demo API key. */
  key: string;
  app: App | null;
  /** `POST /qibates/api/v2/<path>` with the demo key, `connector` and `Accept-Language` (English by default). */
  post(path: string, body: unknown, options: { connector: string; language?: string }): Promise<Answer>;
  /**
   * Logs in as the demo user through `connector` at `providerAddress` (a login refused throws) and answers what
   * a call on Sample.Basic starts with: its `loginid`, server, application and cube.
   */
  sampleBasic(connector: string, providerAddress: string): Promise<typeof SAMPLE_BASIC & { loginid: string }>;
  /**
   * The four ways a call reaches Sample.Basic: the demo address, and each Essbase-family connector to this
   * server's own protocol endpoint (its `QIBATES_WIRE_ENDPOINTS` must serve them). `address()` once listening.
   */
  readonly essbasePaths: readonly Path[];
  /** The Planning-family paths: the demo server, then planning and pbcs to this server's Planning endpoints. */
  readonly planningPaths: readonly Path[];
  /**
   * Logs in as the demo user through a Planning-family `connector` at `providerAddress` (a login refused throws)
   * and answers what a call on the Vision application starts with.
   */
  vision(
    connector: string,
    providerAddress: string,
  ): Promise<{ loginid: string; server: "Planning"; application: "Vision" }>;
  /**
   * One test a path of `paths` (every Essbase-family path unless told), named `<path's name>: <title>`: `test`
   * gets the session {@link sampleBasic} answers through that path, and its connector.
   */
  eachSampleBasic(
    title: string,
    test: (basic: Awaited<ReturnType<ListeningServer["sampleBasic"]>>, connector: string) => Promise<void>,
    paths?: readonly Path[],
  ): void;
  /** {@link eachSampleBasic} over the Planning-family paths, with the session {@link vision} answers. */
  eachVision(
    title: string,
    test: (vision: Awaited<ReturnType<ListeningServer["vision"]>>, connector: string) => Promise<void>,
    paths?: readonly Path[],
  ): void;
}

/** An error answer: its status, registry code and field (`null` when the error names none). */
export function expectError(answer: Answer, status: number, code: string, field: string | null = null): void {
  expect([answer.status, answer.json.code, answer.json.field], JSON.stringify(answer.json)).toEqual([
    status,
    code,
    field,
  ]);
}

/**
 * `path` called with `body` through `connector` in English, then in French: both refused on `field` (400
 * QB_ERR_VALIDATION unless `refusal` says otherwise), each with its message.
 */
export async function expectRefusedInBoth(
  server: ListeningServer,
  path: string,
  body: Record<string, unknown>,
  connector: string,
  field: string,
  message: { en: string; fr: string },
  refusal: { status: number; code: string } = { status: 400, code: "QB_ERR_VALIDATION" },
): Promise<void> {
  for (const language of ["en", "fr"] as const) {
    const answer = await server.post(path, body, { connector, language });
    expectError(answer, refusal.status, refusal.code, field);
    expect(answer.json.message, language).toBe(message[language]);
  }
}

/**
 * The server a test file calls over HTTP, as a client does: built with `settings` (its protocol endpoints in
 * `QIBATES_WIRE_ENDPOINTS`, which its connectors may reach: 127.0.0.1 is allowed), listening from the file's
 * `beforeAll`, closed in its `afterAll`.
 */
export function listeningServer(settings: Record<string, string> = {}): ListeningServer {
  const server: ListeningServer = {
    base: "",
    key: "",
    app: null,
    async post(path, body, { connector, language = "en" }) {
      const res = await fetch(`${server.base}/qibates/api/v2/${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          qibateskey: server.key,
          connector,
          "accept-language": language,
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as Record<string, string> };
    },
    essbasePaths: [
      { name: "the demo server", connector: "essbase", address: () => "https://demo.qibates.local/aps/JAPI" },
      { name: "essbase to Smart View", connector: "essbase", address: () => `${server.base}/aps/JAPI` },
      { name: "ssas to XMLA", connector: "ssas", address: () => `${server.base}/aps/JAPI` },
      {
        name: "essbase-stndln to Essbase REST",
        connector: "essbase-stndln",
        address: () => `${server.base}/essbase/japi`,
      },
    ],
    planningPaths: [
      {
        name: "demo",
        connector: "planning",
        address: () => "https://demo.qibates.local/HyperionPlanning/SmartView",
      },
      {
        name: "planning over the wire",
        connector: "planning",
        address: () => `${server.base}/HyperionPlanning/SmartView`,
      },
      {
        name: "pbcs over the wire",
        connector: "pbcs",
        address: () => `${server.base}/HyperionPlanning/SmartView`,
      },
    ],
    async sampleBasic(connector, providerAddress) {
      return { loginid: await demoLogin(connector, providerAddress), ...SAMPLE_BASIC };
    },
    async vision(connector, providerAddress) {
      return {
        loginid: await demoLogin(connector, providerAddress),
        server: "Planning",
        application: "Vision",
      };
    },
    eachSampleBasic(title, test, paths = server.essbasePaths) {
      for (const p of paths) {
        it(`${p.name}: ${title}`, async () =>
          test(await server.sampleBasic(p.connector, p.address()), p.connector));
      }
    },
    eachVision(title, test, paths = server.planningPaths) {
      for (const p of paths) {
        it(`${p.name}: ${title}`, async () =>
          test(await server.vision(p.connector, p.address()), p.connector));
      }
    },
  };
  async function demoLogin(connector: string, providerAddress: string): Promise<string> {
    const body = { username: "demo", password: "demo", providerAddress };
    const login = await server.post("action/login", body, { connector });
    if (login.status !== 200) throw new Error(`login through ${connector} answered ${login.status}`);
    return login.json.loginid as string;
  }
  beforeAll(async () => {
    const app = await buildTestApp({
      config: testConfig({ ALLOWED_HOSTS: "127.0.0.1", ...settings }),
      logger: false,
    });
    server.app = app;
    await app.listen({ port: 0, host: "127.0.0.1" });
    server.base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    server.key = (await fetch(`${server.base}/qibates/api/v2/health`).then((r) => r.json())).demo.apiKey;
  });
  afterAll(async () => {
    await server.app?.close();
  });
  return server;
}
