import { afterAll, beforeAll } from "vitest";
import { type AppOptions, buildApp } from "../../src/app.ts";
import { testConfig } from "./config.ts";
import { sharedEmbeddedDatabase } from "./shared-database.ts";

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * The server in-process, as `buildApp` builds it, with its embedded database a schema of the PGlite that the test
 * process shares (`shared-database.ts`) unless `options` gives another.
 */
export function buildTestApp(options: AppOptions): Promise<App> {
  return buildApp({ embedded: sharedEmbeddedDatabase, ...options });
}

/** Settings of a server that opens every wire endpoint and leaves the API's rate limit out of a test's way. */
export const ALL_WIRE_ENDPOINTS = { QIBATES_WIRE_ENDPOINTS: "all", RATE_LIMIT_PER_MINUTE: "1000000" };

/**
 * The server in-process (calls by `inject`) with test settings (`testConfig`), built before the tests of the
 * enclosing block and handed to `use`, closed after them.
 */
export function appForBlock(settings: Record<string, string>, use: (app: App) => void): void {
  let app: App | undefined;
  beforeAll(async () => {
    app = await buildTestApp({ config: testConfig(settings), logger: false });
    use(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}
