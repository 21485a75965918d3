import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/** A project of the unit tests: one package's files, with the global setup it needs. */
function unit(name: string, include: string[], globalSetup: string[] = []) {
  return { test: { name: `unit:${name}`, include, globalSetup, testTimeout: 60_000, hookTimeout: 120_000 } };
}

// One runner for every package. Browser tests (e2e/) run last and alone: they share one server and the machine.
export default defineConfig({
  test: {
    reporters: ["default", "./scripts/summary-reporter.ts"],
    // Vitest's default is one file at a time on a 2-core machine (cores - 1), but most of these files wait on
    // servers, child processes and timers rather than compute (38 minutes of test step for 32 of CPU in the 2026-11-27
    // run): two at a time on the 2-core CI machine. Each file starts its own services on free ports.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // One project a package, so that a run of one package (`--project unit:engine`) builds nothing it does not
      // use; only the server's tests need its bundle and the database template (`--project "unit:*"`: all).
      unit("grid-rules", ["packages/grid-rules/test/**/*.test.ts"]),
      unit("engine", ["packages/engine/test/**/*.test.ts"]),
      unit("protocols", ["packages/protocols/test/**/*.test.ts"]),
      unit("provider", ["packages/provider/test/**/*.test.ts"]),
      unit("client", ["packages/client/test/**/*.test.ts"]),
      unit("grid-bridge", ["packages/grid-bridge/test/**/*.test.ts"]),
      unit("embedded", ["packages/embedded/test/**/*.test.ts"]),
      unit("connectors", ["packages/connectors/test/**/*.test.ts"]),
      unit("wire", ["packages/wire/test/**/*.test.ts"]),
      unit("server", ["packages/server/test/**/*.test.ts"], ["./scripts/vitest-server-build.ts"]),
      unit("cli", ["packages/cli/test/**/*.test.ts"], ["./packages/cli/test/support/global-setup.ts"]),
      unit("site", ["site/test/**/*.test.ts"]),
      unit("tools", ["openapi/**/*.test.ts", "scripts/**/*.test.ts"]),
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["./e2e/support/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // One file at a time, after the unit tests. Two at a time saved about two minutes of the CI's 20, but in one
          // clean-clone run of two, a search test's French suggestions did not come within 15 s beside site-routes.
          fileParallelism: false,
          // Tests marked concurrent (the site's routes) open this many pages at once.
          maxConcurrency: 4,
          // The browser tests share the machine with the unit tests: a lazily loaded chunk (Prism after a
          // client-side navigation, the search index) can take seconds under load, not vitest's default 1 s.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
