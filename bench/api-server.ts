/**
 * API throughput and latency against a bare Fastify JSON endpoint measured in the same run:
 *   bare Fastify `GET /` → `{hello: "world"}` (the floor) and `POST /` with a JSON body; the API server's own
 *   pipeline in front of a route that does nothing (bench/api-pipeline.ts, the ceiling of any API call);
 *   `POST nav/servers` with a key and a session; a 100-cell `POST action/refresh` on Sample.Basic. Each server
 *   runs in its own process; autocannon drives it from this process over loopback, 10 connections. Besides
 *   req/s, each row gives the CPU time its server process spent per request (from /proc: steadier than req/s
 *   on a shared machine, and it shows where the time goes).
 * Run: `npx tsx bench/api-server.ts [--duration 10] [--rounds 3] [--write]` (rounds interleave the endpoints;
 * the table shows medians).
 */
import "../scripts/command-line.mjs";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { buildServerIfNeeded, SERVER_ENTRY } from "../scripts/server-build.mjs";
import { listenPort } from "./ports.mjs";
import { refreshGrid100 } from "./sample-grids.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const duration = Number(args[args.indexOf("--duration") + 1]) || 10;
const write = args.includes("--write");
const roundCount = Number(args[args.indexOf("--rounds") + 1]) || 3;

function start(
  cmd: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, cmd, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  return new Promise((resolve, reject) => {
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = ready.exec(out);
      if (m?.[1]) resolve({ child, url: m[1].replace("localhost", "127.0.0.1") });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time (user + system) of the server process per request, in µs; NaN where /proc is missing. */
  cpuUs: number;
}

/** CPU time used so far by a process, in µs (Linux /proc; clock ticks of 10 ms). */
function processCpuMicros(pid: number | undefined): number {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return Number.NaN;
  }
}

async function load(name: string, pid: number | undefined, opts: autocannon.Options): Promise<Result> {
  // Warm-up, then the measured run.
  await autocannon({ ...opts, duration: 2 });
  const cpuBefore = processCpuMicros(pid);
  const r = await autocannon({ ...opts, duration, connections: 10 });
  const cpuUs = (processCpuMicros(pid) - cpuBefore) / r.requests.total;
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    cpuUs,
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "qibates-bench-"));
  const bare = await start(["bench/bare-fastify.mjs"], {}, /listening (http:\/\/\S+)/);
  const apiEnv = {
    HOST: "127.0.0.1",
    SITE_DIR: "",
    LOG_LEVEL: "warn",
    RATE_LIMIT_PER_MINUTE: "1000000",
    METRICS: process.env.BENCH_METRICS ?? "true",
  };
  // The server as `npm start` runs it: the bundle, with plain node.
  await buildServerIfNeeded();
  const api = await start(
    [SERVER_ENTRY],
    { ...apiEnv, PORT: String(await listenPort()), DATA_DIR: join(dataDir, "api") },
    /REST API\s+(http:\/\/\S+?)\/qibates\/api\/v2/,
  );
  const pipeline = await start(
    ["--import", "tsx", "bench/api-pipeline.ts"],
    { ...apiEnv, PORT: String(await listenPort()), DATA_DIR: join(dataDir, "pipeline") },
    /listening (http:\/\/\S+)/,
  );
  try {
    const base = `${api.url}/qibates/api/v2`;
    const health = (await fetch(`${base}/health`).then((r) => r.json())) as { demo: { apiKey: string } };
    const headers = {
      "content-type": "application/json",
      qibateskey: health.demo.apiKey,
      connector: "essbase",
    };
    const login = (await fetch(`${base}/action/login`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        username: "demo",
        password: "demo",
        providerAddress: "https://demo.qibates.local/aps/JAPI",
      }),
    }).then((r) => r.json())) as { loginid: string };
    const grid = refreshGrid100();
    const refreshBody = JSON.stringify({
      loginid: login.loginid,
      server: "EssbaseCluster-1",
      application: "Sample",
      cube: "Basic",
      grid,
    });
    const check = await fetch(`${base}/action/refresh`, { method: "POST", headers, body: refreshBody });
    if (check.status !== 200) throw new Error(`refresh failed: ${await check.text()}`);

    const targets: [string, number | undefined, autocannon.Options][] = [
      ["bare Fastify GET / (floor)", bare.child.pid, { url: `${bare.url}/` }],
      [
        "bare Fastify POST / with a JSON body (no key, session, validation or plugins)",
        bare.child.pid,
        {
          url: `${bare.url}/`,
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ loginid: login.loginid }),
        },
      ],
      [
        "POST through the API server's pipeline, no-op route (logger, request id, rate limit, metrics, compression)",
        pipeline.child.pid,
        {
          url: `${pipeline.url}/qibates/api/v2/bench/noop`,
          method: "POST",
          headers,
          body: JSON.stringify({ loginid: login.loginid }),
        },
      ],
      [
        "POST nav/servers (key + session)",
        api.child.pid,
        {
          url: `${base}/nav/servers`,
          method: "POST",
          headers,
          body: JSON.stringify({ loginid: login.loginid }),
        },
      ],
      [
        "POST action/refresh, 100 data cells (key + session)",
        api.child.pid,
        { url: `${base}/action/refresh`, method: "POST", headers, body: refreshBody },
      ],
    ];
    // Interleaved rounds, medians: a burst of load from elsewhere on the machine hits one round, not one row.
    const rounds: Result[][] = targets.map(() => []);
    for (let r = 0; r < roundCount; r++) {
      for (const [i, [name, pid, opts]] of targets.entries()) {
        (rounds[i] as Result[]).push(await load(name, pid, opts));
      }
    }
    const median = (xs: number[]): number => {
      const s = [...xs].sort((a, b) => a - b);
      return s[Math.floor(s.length / 2)] as number;
    };
    const results: Result[] = rounds.map((rs) => ({
      name: (rs[0] as Result).name,
      rps: median(rs.map((x) => x.rps)),
      p50: median(rs.map((x) => x.p50)),
      p99: median(rs.map((x) => x.p99)),
      errors: rs.reduce((a, x) => a + x.errors, 0),
      non2xx: rs.reduce((a, x) => a + x.non2xx, 0),
      cpuUs: median(rs.map((x) => x.cpuUs)),
    }));
    const [floor, barePost, pipelineOnly, servers, refresh] = results as [
      Result,
      Result,
      Result,
      Result,
      Result,
    ];
    const ratio = servers.rps / floor.rps;
    const pct = (a: Result, b: Result): string => `${((a.rps / b.rps) * 100).toFixed(0)} %`;
    const [floorRounds = [], , , serverRounds = []] = rounds;
    const perRound = floorRounds.map((f, r) => pct(serverRounds[r] as Result, f));
    const cpu = (r: Result): string => `${r.cpuUs.toFixed(1)} µs`;
    const lines = [
      `Command: \`npx tsx bench/api-server.ts --duration ${duration} --rounds ${roundCount} --write\` (${new Date().toISOString()}, Node ${process.version}, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          " / ",
        )}; autocannon, 10 connections, ${duration} s after a 2 s warm-up; each server in its own process, the load generator shares the 2 CPUs; medians of ${roundCount} interleaved rounds).`,
      "",
      "| endpoint | req/s | p50 ms | p99 ms | errors | non-2xx | server CPU per request |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...results.map(
        (r) =>
          `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${cpu(r)} |`,
      ),
      "",
      `- \`nav/servers\` / bare Fastify throughput: **${(ratio * 100).toFixed(0)} %** (target ≥ 50 %): key check (SHA-256, cached), rate limit, session check, contract validation, metrics, JSON answer. Per round: ${perRound.join(", ")}. Against the bare POST with a JSON body: ${pct(servers, barePost)}.`,
      `- The API server's pipeline alone, in front of a route that does nothing, reaches ${pct(pipelineOnly, floor)} of the bare GET (${pct(pipelineOnly, barePost)} of the bare POST): that is the ceiling of any API call. Server CPU per request: bare GET ${cpu(floor)}, bare POST ${cpu(barePost)}, pipeline ${cpu(pipelineOnly)}, \`nav/servers\` ${cpu(servers)}.`,
      `- 100-cell refresh p99 at 10 connections: **${refresh.p99} ms** (target ≤ 5 ms).`,
    ];
    const text = lines.join("\n");
    process.stdout.write(`${text}\n`);
    if (write) {
      const file = join(ROOT, "bench/BENCHMARKS.md");
      const md = readFileSync(file, "utf8");
      const section = `<!-- api:start -->\n## API server\n\n${text}\n<!-- api:end -->`;
      const next = /<!-- api:start -->[\s\S]*<!-- api:end -->/.test(md)
        ? md.replace(/<!-- api:start -->[\s\S]*<!-- api:end -->/, section)
        : `${md.trimEnd()}\n\n${section}\n`;
      writeFileSync(file, next);
    }
  } finally {
    bare.child.kill("SIGTERM");
    api.child.kill("SIGTERM");
    pipeline.child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
