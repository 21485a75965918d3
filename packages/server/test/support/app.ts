import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../../src/app.ts";
import { testConfig } from "./config.ts";

export type App = Awaited<ReturnType<typeof buildApp>>;

/** Settings of a server that opens every wire endpoint and leaves the API's rate limit out of a test's way. */
export const ALL_WIRE_ENDPOINTS = { QIBATES_WIRE_ENDPOINTS: "all", RATE_LIMIT_PER_MINUTE: "1000000" };

/**
 * The server in-process (calls by `inject`) with test settings (`testConfig`), built before the tests of the
 * enclosing block and handed to `use`, closed after them.
 */
export function appForBlock(settings: Record<string, string>, use: (app: App) => void): void {
  let app: App | undefined;
  beforeAll(async () => {
    app = await buildApp({ config: testConfig(settings), logger: false });
    use(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}
