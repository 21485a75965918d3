import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkPort, freePort, inRange, parsePortRange, withoutPorts } from "../bench/ports.mjs";
import { BENCH_CHECK, benchCommandLine, benchListens } from "./command-line.mjs";

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
 * a few benchmarks of each kind are run as processes, with `--help` and with an unknown option, under a guard
 * loaded before the benchmark (`GUARD`) that ends the process with exit code 99 at the first socket listened on,
 * child process started or file written: what they print must be exactly that.
 *
 * A benchmark that listens (a server, a proxy, a stand-in, a wire endpoint, in its process or a child) takes
 * `--ports FROM-TO`: every listener takes its port from bench/ports.mjs, which never gives one outside the range.
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

/** The modules of bench/ a source imports. */
const localImports = (text: string) =>
  [...text.matchAll(/^(?:import|export)\s[^;]*?["']\.\/([\w.-]+\.(?:ts|mjs))["']/gm)].map(
    (m) => m[1] as string,
  );

/** Whether `file` or a module of bench/ it imports, at any depth, has a source matching `pattern`. */
function reaches(file: string, pattern: RegExp, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = source(file);
  return pattern.test(text) || localImports(text).some((f) => reaches(f, pattern, seen));
}

/**
 * What starts a listener in a benchmark's source: a socket listened on, a server process given a PORT, the
 * product or a connector harness started, a proxy, a browser's debugging port.
 */
const LISTENER =
  /\.listen\(|\bPORT: |startProduct\(|openConnectorHarness\(|startBundledServer\(|countingProxy\(|remote-debugging-port/;

/**
 * Loaded before the benchmark (`node --import`): the first socket listened on, child process started or file
 * written or removed ends the process with exit code 99 and says which.
 */
const GUARD = `
import net from "node:net";
import cp from "node:child_process";
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
const stop = (what) => { process.stderr.write("side effect: " + what + "\\n"); process.exit(99); };
net.Server.prototype.listen = function () { stop("listen"); };
for (const k of ["spawn", "spawnSync", "fork", "exec", "execSync", "execFile", "execFileSync"]) cp[k] = () => stop(k);
for (const k of ["writeFileSync", "writeFile", "appendFileSync", "appendFile", "mkdirSync", "mkdtempSync", "rmSync",
  "renameSync", "copyFileSync", "symlinkSync", "createWriteStream"]) fs[k] = () => stop(k);
for (const k of ["writeFile", "appendFile", "mkdir", "mkdtemp", "rm", "rename", "copyFile"]) fs.promises[k] = () => stop(k);
syncBuiltinESMExports();
`;
const GUARD_URL = `data:text/javascript,${encodeURIComponent(GUARD)}`;

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

function run(
  file: string,
  arg: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "--import", GUARD_URL, join(BENCH, file), arg],
      { timeout: 120_000, cwd: ROOT, env },
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

  it("answer so as processes, exit at once, start nothing and write nothing", async () => {
    // One benchmark of each kind and language, as `npm run bench` starts it (a TypeScript one and a JavaScript one
    // checked on import, and one with a written usage; of each, the one importing the fewest modules), with --help
    // and with an unknown option: the same function decides every benchmark's answer (tested above for each), and
    // a process loads a benchmark's whole module graph before its first import runs (one to two seconds of
    // processor each), so every benchmark as a process would cost this test minutes.
    const imports = (f: string) => source(f).match(/^import\s/gm)?.length ?? 0;
    const lightest = (files: string[]) => [...files].sort((a, b) => imports(a) - imports(b))[0];
    const sample = [
      lightest(onImport.filter((f) => f.endsWith(".ts"))),
      lightest(onImport.filter((f) => f.endsWith(".mjs"))),
      lightest(written),
      // and a benchmark that listens, whose usage names --ports.
      lightest(onImport.filter((f) => benchListens(f))),
    ];
    expect(sample.every((f) => f !== undefined)).toBe(true);
    const runs = (sample as string[]).flatMap((f): [string, string][] => [
      [f, "--help"],
      [f, "--no-such-option"],
    ]);
    // A temporary folder of its own: a benchmark that builds (a server bundle goes under the system's temporary
    // folder) would leave something there; tsx's own cache of compiled files is not the benchmark's.
    const tmp = mkdtempSync(join(tmpdir(), "qibates-bench-help-"));
    const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp };
    delete env.QIBATES_BENCH_PORTS;
    const before = folderState();
    const failures: string[] = [];
    const queue = [...runs];
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const [file, arg] = next;
        const r = await run(file, arg, env);
        if (arg === "--help") {
          const want = checkedOnImport(file)
            ? benchCommandLine(source(file), file, ["--help"], { listens: benchListens(file) }).help
            : undefined;
          if (r.code !== 0 || !r.out.includes("--help prints this text") || r.err !== "")
            failures.push(`${file} --help: exit ${r.code}, ${r.err.slice(0, 200)}`);
          if (want !== undefined && r.out !== want) failures.push(`${file} --help printed ${r.out}`);
          if (benchListens(file) && !/^\s*--ports FROM-TO\b/m.test(r.out))
            failures.push(`${file} --help: --ports not in its usage`);
        } else if (r.code !== 2 || !r.err.includes("unknown option --no-such-option") || r.out !== "")
          failures.push(`${file} ${arg}: exit ${r.code}, ${r.err.slice(0, 200)}`);
      }
    };
    try {
      await Promise.all(Array.from({ length: availableParallelism() }, worker));
      expect(failures).toEqual([]);
      expect(folderState()).toEqual(before);
      expect(readdirSync(tmp).filter((f) => !f.startsWith("tsx-"))).toEqual([]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 300_000);
});

describe("the benchmarks' ports", () => {
  const all = benchmarks();
  const files = readdirSync(BENCH).filter((f) => /\.(ts|mjs)$/.test(f) && !f.endsWith(".d.ts"));

  it("every listener takes its port from bench/ports.mjs, never port 0 of its own", () => {
    const failures: string[] = [];
    for (const file of files) {
      const text = source(file);
      for (const m of text.matchAll(/\.listen\(\s*0\b|\bport: 0\b|\bPORT: "0"|--remote-debugging-port=\d/g))
        failures.push(`${file}: ${m[0]}`);
      for (const m of text.matchAll(/(?:startProduct|openConnectorHarness)\((\{[^}]*\}|[^)]*)\)/g))
        if (!/\bport\b/.test(m[1] ?? "")) failures.push(`${file}: ${m[0]} without its port`);
    }
    expect(failures).toEqual([]);
  });

  it("every benchmark that listens takes --ports and its usage says so", () => {
    const listening = all.filter((f) => reaches(f, LISTENER));
    expect(listening).toEqual(expect.arrayContaining(["fuzz.ts", "outline-scale.mjs", "site-bench.mjs"]));
    const failures: string[] = [];
    for (const file of listening) {
      if (!benchListens(file)) failures.push(`${file}: does not reach bench/ports.mjs`);
      if (checkedOnImport(file)) {
        const help = benchCommandLine(source(file), file, ["--help"], { listens: benchListens(file) }).help;
        if (!/^--ports FROM-TO\b/m.test(help ?? "")) failures.push(`${file}: --ports not in its usage`);
        const run = benchCommandLine(source(file), file, ["--ports", "47000-47100"], {
          listens: benchListens(file),
        });
        if (Object.keys(run).length > 0) failures.push(`${file} --ports: ${JSON.stringify(run)}`);
      } else if (!/^\s*--ports FROM-TO\b/m.test(source(file)))
        failures.push(`${file}: --ports not in its usage`);
    }
    expect(failures).toEqual([]);
  });

  it("a range is FROM-TO within 1024-65535; a port outside it is refused, never handed out", async () => {
    expect(parsePortRange("")).toBeNull();
    expect(parsePortRange("any")).toBeNull();
    expect(parsePortRange("47000-47100")).toEqual({ from: 47000, to: 47100 });
    for (const bad of ["47000", "80-90", "47100-47000", "47000-70000", "a-b", "47000-"])
      expect(() => parsePortRange(bad), bad).toThrow(RangeError);
    const range = { from: 47000, to: 47100 };
    expect(inRange(47000, range) && inRange(47100, range) && inRange(12345, null)).toBe(true);
    expect(inRange(46999, range) || inRange(47101, range) || inRange(0, range)).toBe(false);
    expect(() => checkPort(47101, range, "the server")).toThrow(
      /the server listens on 47101, outside --ports/,
    );
    expect(withoutPorts(["7670", "--ports", "47000-47100", "0", "--ports=1-2", "10"])).toEqual([
      "7670",
      "0",
      "10",
    ]);

    // A range of one port, taken: the helper refuses rather than answering another port.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const held = (holder.address() as { port: number }).port;
    try {
      await expect(freePort({ from: held, to: held })).rejects.toThrow(/no free port in --ports/);
      // Free ports of a range come from it, each once.
      const first = await freePort({ from: held, to: Math.min(65535, held + 50) });
      const second = await freePort({ from: held, to: Math.min(65535, held + 50) });
      expect(first).toBeGreaterThan(held);
      expect(second).toBeGreaterThan(first);
      expect(second).toBeLessThanOrEqual(held + 50);
    } finally {
      holder.close();
    }
  });
});
