import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * The server's test files that need a module graph of their own, run in the separate project
 * `unit:server-isolated`; every other server file shares its worker's (`isolate: false`), so a file added here
 * must say why:
 * - snapshot-users.test.ts replaces `node:crypto` (`vi.mock`) to count the password hashes the server computes,
 *   which only a fresh import of the server's modules picks up.
 */
const SERVER_ISOLATED = ["packages/server/test/snapshot-users.test.ts"];

/**
 * In CI (`CI` set), a failed test is run once more: a test that fails twice fails the run, and one that passed only
 * at its second try is named among `npm test`'s last lines (scripts/summary-reporter.ts), to be mended, rather
 * than stopping a submission on a machine busier than the one the test was written on.
 */
const RETRY = process.env.CI ? 1 : 0;

/**
 * A project of the unit tests: one package's files, with the global setup it needs. Its files run one after
 * another in the same module graph of a worker (`isolate: false`), so that each file does not import and
 * transform the packages again (for the server and the tools, most of a small file's cost): every file puts back
 * what it fakes or spies on (`vitest-shared-worker.ts` does it again at each file's end) and closes the apps and
 * servers it starts. A file that mocks a module runs in a project with `isolate: true` (`SERVER_ISOLATED`).
 * `exclude`: files of `include` that another project runs.
 */
function unit(
  name: string,
  include: string[],
  {
    globalSetup = [] as string[],
    isolate = false,
    setupFiles: setup = [] as string[],
    exclude = [] as string[],
    project = `unit:${name}`,
  } = {},
) {
  const setupFiles = [...(isolate ? [] : ["./scripts/vitest-shared-worker.ts"]), ...setup];
  return {
    test: {
      name: project,
      include,
      exclude: [...configDefaults.exclude, ...exclude],
      globalSetup,
      isolate,
      setupFiles,
      testTimeout: 60_000,
      hookTimeout: 120_000,
      retry: RETRY,
    },
  };
}

/**
 * The unit projects, one a package (and the repository's tools), so that a run of one package (`--project
 * unit:engine`) builds nothing it does not use; only the server's tests need its bundle and the database template
 * (`--project "unit:*"`: all).
 */
const PACKAGES = [
  unit("grid-rules", ["packages/grid-rules/test/**/*.test.ts"]),
  unit("engine", ["packages/engine/test/**/*.test.ts"]),
  unit("protocols", ["packages/protocols/test/**/*.test.ts"]),
  unit("provider", ["packages/provider/test/**/*.test.ts"]),
  unit("client", ["packages/client/test/**/*.test.ts"]),
  unit("grid-bridge", ["packages/grid-bridge/test/**/*.test.ts"]),
  unit("embedded", ["packages/embedded/test/**/*.test.ts"]),
  unit("connectors", ["packages/connectors/test/**/*.test.ts"]),
  unit("wire", ["packages/wire/test/**/*.test.ts"]),
  unit("server", ["packages/server/test/**/*.test.ts"], {
    globalSetup: ["./scripts/vitest-server-build.ts"],
    setupFiles: ["./packages/server/test/support/data-dir-setup.ts"],
    exclude: SERVER_ISOLATED,
  }),
  unit("server-isolated", SERVER_ISOLATED, {
    globalSetup: ["./scripts/vitest-server-build.ts"],
    isolate: true,
  }),
  unit("cli", ["packages/cli/test/**/*.test.ts"], {
    globalSetup: ["./packages/cli/test/support/global-setup.ts"],
    setupFiles: ["./packages/cli/test/support/setup.ts"],
  }),
  unit("tools", ["openapi/**/*.test.ts", "scripts/**/*.test.ts"]),
];

/**
 * `npm test` sets `QIBATES_UNIT_SHARED` (scripts/test.mjs): the files of every package whose files share their
 * worker's modules then run as one project, `unit:shared`, with every such package's setup files and global setups,
 * so that a worker imports and transforms each module once for all of them rather than once a package.
 * Unset, one project a package, so that a run of one package builds and sets up nothing it does not use. The
 * isolated projects stay apart either way.
 */
function unitProjects() {
  if (!process.env.QIBATES_UNIT_SHARED) return PACKAGES;
  const shared = PACKAGES.filter((p) => !p.test.isolate);
  const union = (key: "include" | "exclude" | "globalSetup" | "setupFiles") => [
    ...new Set(shared.flatMap((p) => p.test[key])),
  ];
  return [
    {
      test: {
        ...shared[0]?.test,
        name: "unit:shared",
        include: union("include"),
        exclude: union("exclude"),
        globalSetup: union("globalSetup"),
        setupFiles: union("setupFiles"),
      },
    },
    ...PACKAGES.filter((p) => p.test.isolate),
  ];
}

// One runner for every package. Browser tests (e2e/) run one file at a time, beside the unit tests: they share one
// server.
export default defineConfig({
  test: {
    reporters: ["default", "./scripts/summary-reporter.ts"],
    // Vitest's default is one file at a time on a 2-core machine (cores - 1), but many of these files wait on
    // servers, child processes and timers rather than compute: two at a time. Each file starts its own services
    // on free ports.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      ...unitProjects(),
      // The site's tests read its build and the pictures its build writes, and run its generators: not a `unit:*`
      // project, so that `npm test` runs them once the site is built, and the packages' tests meanwhile.
      unit("site", ["site/test/**/*.test.ts"], { project: "site" }),
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["./e2e/support/global-setup.ts"],
          // The files share their worker's module graph, as the unit tests' do: playwright-core and the helpers
          // are imported once, not once a file. Each file opens and closes its own browser contexts.
          isolate: false,
          setupFiles: ["./scripts/vitest-shared-worker.ts"],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          retry: RETRY,
          // One file at a time (`npm test` runs them beside the unit tests): two at a time was not reliably faster,
          // and a page's lazily loaded search index then came late beside another file's pages.
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
