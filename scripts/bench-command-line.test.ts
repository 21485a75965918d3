import { execFile } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BENCH_CHECK, benchCommandLine } from "./command-line.mjs";

/**
 * Every benchmark run by hand says what it will do before doing anything: `--help` prints its usage and exits 0,
 * an option it does not take is refused with a message and exit code 2; either way nothing is built, started or
 * written (the bench folder is left as it was, and the process ends at once). The benchmarks are read from the
 * folder; left out are the modules other benchmarks import, the processes they spawn with their own arguments
 * (`CHILDREN`).
 *
 * A benchmark checks its command line in one of two ways, both of scripts/command-line.mjs: its first import is
 * that module, for its effect (the check runs as that module is evaluated, before any other module of the
 * benchmark is: ES modules are evaluated in the order of their imports), or it calls `commandLine` with its
 * written usage. The first kind's answers are read here in this process from the same function the module runs;
 * a few benchmarks of each kind are run as processes, which must answer exactly that.
 */

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BENCH = join(ROOT, "bench");
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
const ELSEWHERE = new Set(["run.mjs"]);

const source = (file: string) => readFileSync(join(BENCH, file), "utf8");

/** The benchmarks run by hand: the scripts of the folder no other script of it imports. */
function benchmarks(): string[] {
  const files = readdirSync(BENCH).filter((f) => /\.(ts|mjs)$/.test(f) && !f.endsWith(".d.ts"));
  const sources = new Map(files.map((f) => [f, source(f)]));
  return files.filter((f) => {
    if (CHILDREN.has(f) || ELSEWHERE.has(f)) return false;
    const imported = [...sources].some(([other, text]) => other !== f && text.includes(`./${f}`));
    return !imported;
  });
}

/** The first `import` statement of a source that loads a module at run time (type-only imports are erased). */
function firstImport(text: string): string | undefined {
  return text.split("\n").find((line) => /^import\s/.test(line) && !/^import\s+type\s/.test(line));
}

/** A benchmark whose command line is checked by the effect of its first import. */
const checkedOnImport = (file: string) => BENCH_CHECK.test(firstImport(source(file)) ?? "");

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
      { timeout: 120_000, cwd: ROOT },
      (error, out, err) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ code, out: String(out), err: String(err) });
      },
    );
  });
}

describe("the benchmarks' command lines", () => {
  const all = benchmarks();
  const onImport = all.filter(checkedOnImport);
  const written = all.filter((f) => !checkedOnImport(f));

  it("find the benchmarks of the folder", () => {
    expect(all).toContain("fuzz.ts");
    expect(all).toContain("cold-waits.mjs");
    expect(all.length).toBeGreaterThan(20);
  });

  it("are checked before anything else runs: first import, or a written usage given to commandLine", () => {
    expect(onImport.length).toBeGreaterThan(20);
    for (const file of written) {
      const text = source(file);
      expect(text, file).toMatch(/^import \{ commandLine \} from "\.\.\/scripts\/command-line\.mjs";$/m);
      expect(text, file).toMatch(/^const o = commandLine\(\s*process\.argv\.slice\(2\)/m);
    }
  });

  it("print their usage on --help and refuse an unknown option", () => {
    const failures: string[] = [];
    for (const file of onImport) {
      const text = source(file);
      const { help, refusal } = benchCommandLine(text, file, ["--help"]);
      if (refusal !== undefined || !help?.includes("--help prints this text"))
        failures.push(`${file} --help: ${help ?? refusal}`);
      // The usage opens with the benchmark's own opening comment, not its bare name.
      if (help?.startsWith(`bench/${file}`)) failures.push(`${file} --help: no opening comment`);
      const wrong = benchCommandLine(text, file, ["--no-such-option"]);
      if (!wrong.refusal?.includes("unknown option --no-such-option"))
        failures.push(`${file} --no-such-option: ${JSON.stringify(wrong)}`);
      if (Object.keys(benchCommandLine(text, file, [])).length > 0)
        failures.push(`${file}: refused no option`);
    }
    expect(failures).toEqual([]);
  });

  it("answer so as processes, exit at once and write nothing", async () => {
    // One benchmark of each kind and language, as `npm run bench` starts it: a TypeScript one and a JavaScript
    // one checked on import, and one with a written usage; of each, the one importing the fewest modules.
    const imports = (f: string) => source(f).match(/^import\s/gm)?.length ?? 0;
    const lightest = (files: string[]) => [...files].sort((a, b) => imports(a) - imports(b))[0];
    const sample = [
      lightest(onImport.filter((f) => f.endsWith(".ts"))),
      lightest(onImport.filter((f) => f.endsWith(".mjs"))),
      lightest(written),
    ];
    expect(sample.every((f) => f !== undefined)).toBe(true);
    const before = folderState();
    const failures: string[] = [];
    await Promise.all(
      (sample as string[]).map(async (file) => {
        const help = await run(file, "--help");
        const want = checkedOnImport(file)
          ? benchCommandLine(source(file), file, ["--help"]).help
          : undefined;
        if (help.code !== 0 || !help.out.includes("--help prints this text") || help.err !== "")
          failures.push(`${file} --help: exit ${help.code}, ${help.err.slice(0, 200)}`);
        if (want !== undefined && help.out !== want) failures.push(`${file} --help printed ${help.out}`);
        const wrong = await run(file, "--no-such-option");
        if (wrong.code !== 2 || !wrong.err.includes("unknown option --no-such-option") || wrong.out !== "")
          failures.push(`${file} --no-such-option: exit ${wrong.code}, ${wrong.err.slice(0, 200)}`);
      }),
    );
    expect(failures).toEqual([]);
    expect(folderState()).toEqual(before);
  }, 300_000);
});
