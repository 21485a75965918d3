import { defineConfig } from "vitest/config";

// One runner for every package. Browser tests (e2e/) run last and alone: they share one server and Chromium.
export default defineConfig({
  test: {
    reporters: ["default", "./scripts/summary-reporter.ts"],
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/test/**/*.test.ts",
            "openapi/**/*.test.ts",
            "site/test/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          globalSetup: ["./scripts/vitest-server-build.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["./e2e/support/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 300_000,
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
