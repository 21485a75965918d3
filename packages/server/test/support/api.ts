import { EmbeddedProvider } from "@qibates/embedded";
import type { Provider } from "@qibates/provider";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { AppOptions } from "../../src/app.ts";
import { demoCredentialsValid } from "../../src/demo.ts";
import { databaseStore } from "../../src/embedded-store.ts";
import { providerRegistry } from "../../src/providers.ts";
import { buildTestApp } from "./app.ts";
import { testConfig } from "./config.ts";

/** A demo server in-process, answers checked against the contract, with helpers to call it. */
export interface TestApi {
  app: FastifyInstance;
  key: string;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  login(connector?: string): Promise<string>;
  close(): Promise<void>;
}

export const DEMO_ADDRESS: Record<string, string> = {
  essbase: "https://demo.qibates.local/aps/JAPI",
  ssas: "https://demo.qibates.local/aps/JAPI",
  "essbase-stndln": "https://demo.qibates.local/essbase/japi",
  planning: "https://demo.qibates.local/HyperionPlanning/SmartView",
  pbcs: "https://demo.qibates.local/HyperionPlanning/SmartView",
};

/** Sample.Basic on the demo server, as a grid call names it. */
export const SAMPLE_BASIC = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" } as const;

/** A grid of Sample.Basic with Market alone on the rows: a zoom on its cell (row 2, column 0) opens Market. */
export const MARKET_GRID: readonly (readonly string[])[] = [
  ["", "Measures", "Year", "Scenario"],
  ["", "Product", "", ""],
  ["Market", "0", "", ""],
];

export async function startTestApi(
  env: Record<string, string> = {},
  options: Pick<AppOptions, "oauthIssuers"> = {},
): Promise<TestApi> {
  const app = await buildTestApp({
    config: testConfig(env),
    logger: false,
    validateResponses: true,
    ...options,
  });
  return wrapApp(app);
}

/**
 * The same demo server with `demo(engine)` as its demo provider: the embedded engine seen through a test's
 * wrapper (one that records its calls, or holds them).
 */
export async function startWrappedDemoApi(
  demo: (engine: Provider) => Provider,
  env: Record<string, string> = {},
): Promise<TestApi> {
  const app = await buildTestApp({
    config: testConfig(env),
    logger: false,
    validateResponses: true,
    providers: async (db, scheduler) => {
      const store = databaseStore(db);
      const engine = await EmbeddedProvider.open({
        scheduler,
        store,
        credentialsValid: demoCredentialsValid,
      });
      return providerRegistry({ demo: demo(engine) });
    },
  });
  return wrapApp(app);
}

/** Helpers around an app built elsewhere (e.g. restarted on the same data folder). */
export async function wrapApp(app: FastifyInstance): Promise<TestApi> {
  const key = app.services.demoKey;
  if (!key) throw new Error("demo key missing");
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url: `/qibates/api/v2/${path}`,
      headers: { "content-type": "application/json", qibateskey: key, connector: "essbase", ...headers },
      payload: typeof body === "string" ? body : JSON.stringify(body),
    });
  return {
    app,
    key,
    post,
    login: async (connector = "essbase") => {
      const res = await post(
        connector === "pbcs" ? "action/loginpbcs" : "action/login",
        { username: "demo", password: "demo", providerAddress: DEMO_ADDRESS[connector] },
        { connector },
      );
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
      return res.json().loginid as string;
    },
    close: () => app.close(),
  };
}
