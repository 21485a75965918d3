/**
 * The long fuzz run: the contract-driven fuzzer of `packages/server/test/fuzz/` against the server
 * as `npm start` runs it (the bundle, plain node, demo mode, a throw-away data folder), by default 20,000
 * requests. It fails (exit 1) on any answer ≥ 500, any connection dropped without an answer, any error answer
 * outside the registry's format, or `/health` not answering 200 after a batch.
 * Run: `npx tsx bench/fuzz.ts [--requests 20000] [--seed 18] [--concurrency 4] [--only N] [--url URL] [--write]`
 * (`--only N` replays request N of the seed; `--url` fuzzes a server already running in demo mode).
 * `--wire`: the wire endpoints instead (`wire-fuzzer.ts`; the server serves them all): no answer ≥ 500
 * but XMLA's faults, none dropped, every answer in its protocol's format, `/health` alive after each batch.
 */
import "../scripts/command-line.mjs";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type FuzzSummary,
  formatSummary,
  KNOWN_GAPS,
  knownGap,
  runFuzz,
} from "../packages/server/test/fuzz/runner.ts";
import { formatWireSummary, runWireFuzz } from "../packages/server/test/fuzz/wire-runner.ts";
import { buildServerIfNeeded, SERVER_ENTRY } from "../scripts/server-build.mjs";
import { machineNote, referenceWork } from "./machine.ts";
import { listenPort } from "./ports.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const requests = Number(option("requests") ?? 20_000);
const seed = Number(option("seed") ?? 18);
const concurrency = Number(option("concurrency") ?? 4);
const only = option("only") === undefined ? undefined : Number(option("only"));
const write = args.includes("--write");
const wire = args.includes("--wire");

async function startServer(): Promise<{
  child: ChildProcess;
  url: string;
  dataDir: string;
  log: () => string;
}> {
  await buildServerIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), "qibates-fuzz-"));
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(await listenPort()),
      HOST: "127.0.0.1",
      SITE_DIR: "",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      QIBATES_DEMO: "true",
      RATE_LIMIT_PER_MINUTE: "1000000",
      // Wrong passwords are among the hostile requests: the login limit would refuse the rest of the run.
      ...(wire ? { QIBATES_WIRE_ENDPOINTS: "all", WIRE_LOGIN_FAILURES_PER_MINUTE: "1000000" } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = /REST API\s+(http:\/\/\S+?)\/qibates\/api\/v2/.exec(out);
      if (m?.[1]) resolve(m[1].replace("localhost", "127.0.0.1"));
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  // Keep only the tail of the log: 20,000 calls at warn level can still log a lot.
  child.stdout?.on("data", () => {
    if (out.length > 200_000) out = out.slice(-100_000);
  });
  return { child, url, dataDir, log: () => out };
}

/** The same run's baseline: a fixed piece of work before the run and now. */
const referenceBefore = referenceWork();
function runNote(): string {
  return `A fixed piece of work (20 parses of a 2 MiB JSON text) took ${referenceBefore.toFixed(0)} ms before the run and ${referenceWork().toFixed(0)} ms after it. ${machineNote()}`;
}

function table(s: FuzzSummary, command: string): string {
  const classes = ["2xx", "3xx", "4xx", "5xx", "none"];
  const topCodes = Object.entries(s.byCode)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([c, n]) => `${c} ${n.toLocaleString("en-US")}`)
    .join(", ");
  return [
    `Command: \`${command}\` (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        " / ",
      )} at the end; the server is the bundle \`npm start\` runs, demo mode, a new data folder). ${runNote()}`,
    "",
    `${s.requests.toLocaleString("en-US")} requests (${s.baselines.length} unchanged baselines first, then the seed's requests) over ${Object.keys(s.byOperation).length} operations, ${concurrency} connections with keep-alive, \`/health\` checked on a new connection after every 100: ${s.seconds.toFixed(0)} s.`,
    "",
    "| answers | requests |",
    "| --- | ---: |",
    ...classes.map(
      (c) =>
        `| ${c === "none" ? "no answer (dropped connection)" : c} | ${(s.byClass[c] ?? 0).toLocaleString("en-US")} |`,
    ),
    "",
    "| measure | result | target |",
    "| --- | ---: | ---: |",
    `| answers ≥ 500 | **${s.byClass["5xx"] ?? 0}** | 0 |`,
    `| dropped connections | **${s.byClass.none ?? 0}** | 0 |`,
    `| error answers outside the registry format | ${s.failures.filter((f) => f.status !== null && f.status < 500).length} | 0 |`,
    `| \`/health\` checks failed | ${s.healthFailures.length} of ${s.healthChecks} | 0 |`,
    `| latency p50 / p99 / max | ${s.latency.p50.toFixed(1)} / ${s.latency.p99.toFixed(1)} / ${s.latency.max.toFixed(0)} ms | — |`,
    "",
    ...gaps(s),
    `By kind: ${Object.entries(s.byKind)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n.toLocaleString("en-US")}`)
      .join(", ")}. Most frequent error codes: ${topCodes}.`,
  ].join("\n");
}

/** The failures that are known gaps of the server, one line each, and any other failure by reason. */
function gaps(s: FuzzSummary): string[] {
  if (s.failures.length === 0) return [];
  const lines = ["Failures:", ""];
  for (const g of KNOWN_GAPS) {
    const n = s.failures.filter((f) => knownGap(f) === g.id).length;
    if (n > 0) lines.push(`- ${n} × known gap \`${g.id}\`: ${g.what}.`);
  }
  const other = s.failures.filter((f) => !knownGap(f));
  const reasons = new Map<string, number>();
  for (const f of other) reasons.set(f.reason, (reasons.get(f.reason) ?? 0) + 1);
  for (const [reason, n] of reasons) lines.push(`- ${n} × ${reason}.`);
  lines.push("");
  return lines;
}

async function main(): Promise<void> {
  const given = option("url");
  const server = given ? null : await startServer();
  const baseUrl = given ?? server?.url ?? "";
  let failed = false;
  if (wire) {
    try {
      const s = await runWireFuzz({
        baseUrl,
        seed,
        requests,
        concurrency,
        ...(only === undefined ? {} : { only }),
        progress: (done, x) => {
          if (done % 1000 === 0 || done === requests)
            process.stderr.write(`  ${done}/${requests}: ${x.failures.length} failures\n`);
        },
      });
      const text = formatWireSummary(s);
      process.stdout.write(`${text}\n`);
      failed = s.failures.length > 0 || s.healthFailures.length > 0 || server?.child.exitCode != null;
      if (write && only === undefined) {
        const command = `npx tsx bench/fuzz.ts --wire --requests ${requests} --seed ${seed} --concurrency ${concurrency} --write`;
        const body = [
          `Command: \`${command}\` (${new Date().toISOString().slice(0, 16)} UTC, Node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0]?.toFixed(1)} at the end; the bundle \`npm start\` runs, \`QIBATES_WIRE_ENDPOINTS=all\`). ${runNote()}`,
          "",
          "```",
          text,
          "```",
          "",
          `Targets: 0 answers ≥ 500 outside XMLA's faults, 0 dropped, 0 answers outside the protocol's format, \`/health\` alive: ${failed ? "**missed** ❌" : "**met** ✅"}.`,
        ].join("\n");
        const file = join(ROOT, "bench/BENCHMARKS.md");
        const md = readFileSync(file, "utf8");
        const section = `<!-- wire-fuzz:start -->\n## Fuzzing the wire endpoints\n\n${body}\n<!-- wire-fuzz:end -->`;
        const re = /<!-- wire-fuzz:start -->[\s\S]*<!-- wire-fuzz:end -->/;
        writeFileSync(file, re.test(md) ? md.replace(re, section) : `${md.trimEnd()}\n\n${section}\n`);
      }
    } finally {
      if (server) {
        server.child.kill("SIGTERM");
        rmSync(server.dataDir, { recursive: true, force: true });
      }
    }
    process.exit(failed ? 1 : 0);
  }
  try {
    const summary = await runFuzz({
      baseUrl,
      seed,
      requests,
      concurrency,
      ...(only === undefined ? {} : { only }),
      progress: (done, s) => {
        if (done % 1000 === 0 || done === requests)
          process.stderr.write(
            `  ${done}/${requests}: ${s.failures.length} failures, ${s.byClass["5xx"] ?? 0} × 5xx, ${s.byClass.none ?? 0} dropped\n`,
          );
      },
    });
    process.stdout.write(`${formatSummary(summary)}\n`);
    failed = summary.failures.length > 0 || summary.healthFailures.length > 0;
    if (server && server.child.exitCode !== null) {
      failed = true;
      process.stdout.write(`The server exited (${server.child.exitCode}):\n${server.log()}\n`);
    }
    if (only === undefined) {
      const command = `npx tsx bench/fuzz.ts --requests ${requests} --seed ${seed} --concurrency ${concurrency} --write`;
      const text = table(summary, command);
      process.stdout.write(`\n${text}\n`);
      if (write) {
        const file = join(ROOT, "bench/BENCHMARKS.md");
        const md = readFileSync(file, "utf8");
        const section = `<!-- fuzz:start -->\n## Fuzzing\n\n${text}\n<!-- fuzz:end -->`;
        const re = /<!-- fuzz:start -->[\s\S]*<!-- fuzz:end -->/;
        writeFileSync(file, re.test(md) ? md.replace(re, section) : `${md.trimEnd()}\n\n${section}\n`);
      }
    }
  } finally {
    if (server) {
      server.child.kill("SIGTERM");
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
  process.exit(failed ? 1 : 0);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
