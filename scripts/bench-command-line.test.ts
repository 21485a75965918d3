import { execFile } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Every benchmark run by hand says what it will do before doing anything: `--help` prints its usage and exits 0,
 * an option it does not take is refused with a message and exit code 2; either way nothing is built, started or
 * written (the bench folder is left as it was, and the process ends at once, before any module of the benchmark
 * is evaluated). The benchmarks are read from the folder; left out are the modules other benchmarks import, the
 * processes they spawn with their own arguments (`CHILDREN`).
 */

const BENCH = fileURLToPath(new URL("../bench/", import.meta.url));
const CHILDREN = new Set([
  "bare-fastify.mjs",
  "counting-proxy.mjs",
  "delay-proxy.mjs",
  "snapshot-child.mjs",
  "engine-bench-worker.ts",
  "engine-bench-entry.ts",
  "engine-widgets-entry.ts",
  "upstream.ts",
]);
const ELSEWHERE = new Set(["run.mjs", "command-line.mjs"]);

/** The benchmarks run by hand: the scripts of the folder no other script of it imports. */
function benchmarks(): string[] {
  const files = readdirSync(BENCH).filter((f) => /\.(ts|mjs)$/.test(f) && !f.endsWith(".d.ts"));
  const sources = new Map(files.map((f) => [f, readFileSyncText(join(BENCH, f))]));
  return files.filter((f) => {
    if (CHILDREN.has(f) || ELSEWHERE.has(f)) return false;
    const imported = [...sources].some(([other, text]) => other !== f && text.includes(`./${f}`));
    return !imported;
  });
}

function readFileSyncText(path: string): string {
  return readFileSync(path, "utf8");
}

/** Every file under the bench folder with its size and modification time. */
function folderState(dir = BENCH): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return folderState(path);
    const s = statSync(path);
    return [`${path} ${s.size} ${s.mtimeMs}`];
  });
}

function run(file: string, arg: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", join(BENCH, file), arg],
      { timeout: 120_000, cwd: fileURLToPath(new URL("..", import.meta.url)) },
      (error, out, err) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ code, out: String(out), err: String(err) });
      },
    );
  });
}

describe("the benchmarks' command lines", () => {
  const all = benchmarks();

  it("find the benchmarks of the folder", () => {
    expect(all).toContain("fuzz.ts");
    expect(all).toContain("cold-waits.mjs");
    expect(all.length).toBeGreaterThan(20);
  });

  it("print their usage on --help, refuse an unknown option, and do nothing else", async () => {
    const before = folderState();
    const failures: string[] = [];
    // Two at a time: each is a Node process that should end at once.
    for (let i = 0; i < all.length; i += 2) {
      await Promise.all(
        all.slice(i, i + 2).map(async (file) => {
          const help = await run(file, "--help");
          if (help.code !== 0 || !help.out.includes("--help prints this text"))
            failures.push(`${file} --help: exit ${help.code}, ${help.err.slice(0, 200)}`);
          const wrong = await run(file, "--no-such-option");
          if (wrong.code !== 2 || !wrong.err.includes("unknown option --no-such-option"))
            failures.push(`${file} --no-such-option: exit ${wrong.code}, ${wrong.err.slice(0, 200)}`);
        }),
      );
    }
    expect(failures).toEqual([]);
    expect(folderState()).toEqual(before);
  }, 600_000);
});
