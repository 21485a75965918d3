/**
 * Server CPU spent on a 10 MiB request body sent without a valid API key, against the server as
 * `npm start` runs it (the bundle, plain node, demo mode, embedded PGlite in a throw-away folder).
 *
 * Each request is a fresh connection from this process to the server process. Kinds:
 *
 * - `baseline` — `POST action/refresh` with a small JSON body (a 12 × 5 grid) and a made-up key
 *   (`qibateskey: qb_made-up-key`) → 401;
 * - `bogus key, client stops at the answer` — the same with a 10 MiB JSON body, written as fast as the socket
 *   takes it; the client stops writing when the answer is complete (as curl does) → 401;
 * - `bogus key` — the same, but the client writes the whole 10 MiB whatever the answer (as an attacker would);
 * - `bogus key, gzip` — the same 10 MiB JSON document gzip-encoded, written whole → 401;
 * - `no key` — the 10 MiB JSON body without `qibateskey`, written whole → 401;
 * - `valid key, small-body route` — the 10 MiB body with the demo key on `nav/servers` (64 KiB limit) → 413,
 *   for comparison.
 *
 * A client ends its side of the connection once it has written its body (or stopped) and read the answer; the
 * server closes the connection after a refusal, and may hold it until its lingering close gives up (2 s).
 *
 * The kinds are interleaved in rounds: each round runs a batch of every kind (`--per-round` requests at once)
 * and a quiet window (no request), in a rotating order, so that what else runs on the machine weighs on all
 * of them alike. Around each batch and window the server process's counters are read from /proc: CPU time
 * (user + system) as the sum of `se.sum_exec_runtime` over its threads (`/proc/<pid>/task/<tid>/sched`,
 * nanoseconds) and, as a cross-check, `utime + stime` of `/proc/<pid>/stat` (10 ms clock ticks, every thread
 * that ever ran); bytes read with `read()`-like calls (`rchar` of `/proc/<pid>/io`: what the server took from
 * its sockets). The server's background work at the quiet windows' rate, over each batch's duration, is
 * subtracted; what is left is divided by the batch's requests. The body's cost is a kind's figure minus the
 * baseline's.
 *
 * Run: `npx tsx bench/unauth-body.ts [--rounds 10] [--per-round 32] [--write]` (about 2.5 minutes)
 * Target: an unauthenticated 10 MiB body costs ≤ 1 ms of server CPU.
 */
import "../scripts/command-line.mjs";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { buildServerIfNeeded } from "../scripts/server-build.mjs";
import { args, numberOption, seededRandom } from "./args.ts";
import { startBundledServer } from "./bundled-server.ts";
import { statesByMonthGrid } from "./sample-grids.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const option = numberOption;
const ROUNDS = option("rounds", 10);
const PER_ROUND = option("per-round", 32);
const write = args.includes("--write");
/** Length of the quiet window of each round, ms: about as long as a batch of 10 MiB bodies lasts. */
const QUIET_MS = 2000;

const MIB = 1024 * 1024;
const BODY_BYTES = 10 * MIB;
/** Largest piece handed to the socket at once: a write waits for `drain` beyond it. */
const CHUNK = 64 * 1024;
const BOGUS_KEY = "qb_made-up-key";
const SMALL_GRID = statesByMonthGrid();
const REFRESH = {
  loginid: "made-up-login",
  server: "EssbaseCluster-1",
  application: "Sample",
  cube: "Basic",
};

const random = seededRandom;

/** A refresh body of exactly `bytes` bytes: a grid of rows of 100 numbers, padded with JSON whitespace. */
function bigRefreshBody(bytes: number): Buffer {
  const next = random(18);
  const head = JSON.stringify(REFRESH).slice(0, -1);
  const parts: string[] = [`${head},"grid":[`];
  let length = parts[0]?.length ?? 0;
  for (let r = 0; ; r++) {
    const row = `${r > 0 ? "," : ""}[${Array.from({ length: 100 }, () => (next() * 100_000).toFixed(2)).join(",")}]`;
    if (length + row.length + 2 > bytes) break;
    parts.push(row);
    length += row.length;
  }
  parts.push("]}");
  const text = parts.join("");
  const body = Buffer.alloc(bytes, " ");
  body.write(text, 0, "utf8");
  return body;
}

interface Kind {
  name: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  /** True: the client stops writing once the answer is complete; false: it writes the whole body. */
  stopAtAnswer: boolean;
  status: number;
}

interface Answer {
  status: number;
  close: boolean;
  /** Body bytes handed to the kernel before the client stopped writing or finished. */
  sent: number;
  ms: number;
  /** The connection ended with an error (a reset, a write after the server closed). */
  error: string | null;
}

/**
 * Sends one request on a fresh connection: the head, then the body as fast as the socket takes it (pieces of
 * {@link CHUNK}, each after the previous one drained), until the whole body is written (then the client ends
 * its side) or, for `stopAtAnswer`, until the answer is complete. Resolves when the connection is closed.
 */
function send(port: number, kind: Kind): Promise<Answer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const lines = [`POST /qibates/api/v2/${kind.path} HTTP/1.1`, "Host: 127.0.0.1"];
    for (const [k, v] of Object.entries(kind.headers)) lines.push(`${k}: ${v}`);
    lines.push(`content-length: ${kind.body.length}`);
    const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`);
    const socket = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    socket.setNoDelay(true);
    let received = Buffer.alloc(0);
    let status = 0;
    let close = false;
    let complete = false;
    let stopped = false;
    let offset = 0;
    let error: string | null = null;
    let sentAtStop: number | null = null;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      sentAtStop = offset - socket.writableLength;
      socket.end();
    };
    const pump = () => {
      while (!stopped && offset < kind.body.length) {
        const piece = kind.body.subarray(offset, offset + CHUNK);
        offset += piece.length;
        if (!socket.write(piece)) {
          socket.once("drain", pump);
          return;
        }
      }
      // The whole body is written: the connection ends once the answer is complete.
      if (!stopped && complete) stop();
    };
    socket.on("connect", () => {
      socket.write(head);
      pump();
    });
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf("\r\n\r\n");
      if (end < 0 || complete) return;
      const headers = received.subarray(0, end).toString("latin1");
      status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0);
      close = /^connection:\s*close/im.test(headers);
      const length = Number(/^content-length:\s*(\d+)/im.exec(headers)?.[1] ?? 0);
      if (received.length >= end + 4 + length) {
        complete = true;
        if (kind.stopAtAnswer || offset >= kind.body.length) stop();
      }
    });
    // The server ended its side: what is left to write is written (it reads and drops it), then ours ends.
    socket.on("end", () => {
      if (!stopped && offset >= kind.body.length) stop();
    });
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on("close", () => {
      resolve({
        status,
        close,
        sent: sentAtStop ?? offset - socket.writableLength,
        ms: performance.now() - started,
        error,
      });
    });
  });
}

interface Counters {
  /** CPU time of the live threads, nanoseconds (`se.sum_exec_runtime`). */
  runNs: number;
  /** utime + stime of the whole process, clock ticks. */
  ticks: number;
  /** Bytes read by the process (`rchar`). */
  rchar: number;
  threads: number;
}

function counters(pid: number): Counters {
  let runNs = 0;
  const tasks = readdirSync(`/proc/${pid}/task`);
  for (const tid of tasks) {
    try {
      const sched = readFileSync(`/proc/${pid}/task/${tid}/sched`, "utf8");
      const ms = /se\.sum_exec_runtime\s*:\s*([\d.]+)/.exec(sched)?.[1];
      if (ms) runNs += Math.round(Number(ms) * 1e6);
    } catch {
      // The thread ended meanwhile.
    }
  }
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rchar = Number(/^rchar:\s*(\d+)/m.exec(readFileSync(`/proc/${pid}/io`, "utf8"))?.[1] ?? 0);
  return { runNs, ticks, rchar, threads: tasks.length };
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

interface Tally {
  requests: number;
  runNs: number;
  ticks: number;
  rchar: number;
  sent: number;
  /** Wall time of the batches, ms. */
  wall: number;
  batches: { runNs: number; wall: number; count: number }[];
  clientMs: number[];
  statuses: Map<string, number>;
  threadChanges: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const f3 = (x: number) => x.toFixed(3);
const ms = (x: number) => `${Math.round(x).toLocaleString("en")} ms`;
const bytes = (x: number) =>
  x >= MIB
    ? `${(x / MIB).toFixed(2)} MiB`
    : x >= 1024
      ? `${(x / 1024).toFixed(1)} KiB`
      : `${Math.round(x)} B`;

async function startServer(dataDir: string) {
  const { child, base, exited, output } = await startBundledServer({
    DATA_DIR: dataDir,
    // Every request here counts against the client's address: the limiter would answer 429 after 600.
    RATE_LIMIT_PER_MINUTE: "1000000",
  });
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
  };
  return { child, base, port: Number(new URL(base).port), stop, output };
}

async function main(): Promise<void> {
  await buildServerIfNeeded();
  const json = bigRefreshBody(BODY_BYTES);
  JSON.parse(json.toString("utf8")); // a valid document, so that only the key decides
  const gzipped = gzipSync(json);
  const small = Buffer.from(JSON.stringify({ ...REFRESH, grid: SMALL_GRID }));

  const dataDir = mkdtempSync(join(tmpdir(), "qibates-unauth-body-"));
  const server = await startServer(dataDir);
  try {
    const pid = server.child.pid as number;
    const health = (await fetch(`${server.base}/qibates/api/v2/health`).then((r) => r.json())) as {
      demo: { apiKey: string };
    };
    const jsonHeaders = { "content-type": "application/json", connector: "essbase" };
    const kinds: Kind[] = [
      {
        name: "baseline: small body, bogus key",
        path: "action/refresh",
        headers: { ...jsonHeaders, qibateskey: BOGUS_KEY },
        body: small,
        stopAtAnswer: false,
        status: 401,
      },
      {
        name: "10 MiB, bogus key, client stops at the answer",
        path: "action/refresh",
        headers: { ...jsonHeaders, qibateskey: BOGUS_KEY },
        body: json,
        stopAtAnswer: true,
        status: 401,
      },
      {
        name: "10 MiB, bogus key",
        path: "action/refresh",
        headers: { ...jsonHeaders, qibateskey: BOGUS_KEY },
        body: json,
        stopAtAnswer: false,
        status: 401,
      },
      {
        name: "10 MiB gzip'd, bogus key",
        path: "action/refresh",
        headers: { ...jsonHeaders, "content-encoding": "gzip", qibateskey: BOGUS_KEY },
        body: gzipped,
        stopAtAnswer: false,
        status: 401,
      },
      {
        name: "10 MiB, no key",
        path: "action/refresh",
        headers: jsonHeaders,
        body: json,
        stopAtAnswer: false,
        status: 401,
      },
      {
        name: "10 MiB, valid key, `nav/servers` (64 KiB limit)",
        path: "nav/servers",
        headers: { ...jsonHeaders, qibateskey: health.demo.apiKey },
        body: json,
        stopAtAnswer: false,
        status: 413,
      },
    ];
    const tallies = kinds.map(
      (): Tally => ({
        requests: 0,
        runNs: 0,
        ticks: 0,
        rchar: 0,
        sent: 0,
        wall: 0,
        batches: [],
        clientMs: [],
        statuses: new Map(),
        threadChanges: 0,
      }),
    );
    const idle = { ms: 0, runNs: 0, ticks: 0, rchar: 0 };

    /** One batch: `count` requests of a kind at once, the server's counters read around them. */
    const batch = async (kind: Kind, count: number, tally: Tally | null) => {
      const before = counters(pid);
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: count }, () => send(server.port, kind)));
      // What the server does after the client saw its side closed (its own close) is counted too.
      await sleep(20);
      const after = counters(pid);
      const wall = performance.now() - started;
      if (!tally) return;
      for (const answer of answers) {
        const label = `${answer.status}${answer.close ? " close" : ""}${answer.error ? ` then ${answer.error}` : ""}`;
        tally.statuses.set(label, (tally.statuses.get(label) ?? 0) + 1);
        tally.sent += answer.sent;
        tally.clientMs.push(answer.ms);
      }
      if (after.threads !== before.threads) tally.threadChanges++;
      tally.requests += count;
      tally.wall += wall;
      tally.runNs += after.runNs - before.runNs;
      tally.ticks += after.ticks - before.ticks;
      tally.rchar += after.rchar - before.rchar;
      tally.batches.push({ runNs: after.runNs - before.runNs, wall, count });
    };
    /** A quiet window as long as a batch that waits for the server's close: the server's background work. */
    const quiet = async (ms: number) => {
      const before = counters(pid);
      const started = performance.now();
      await sleep(ms);
      const after = counters(pid);
      idle.ms += performance.now() - started;
      idle.runNs += after.runNs - before.runNs;
      idle.ticks += after.ticks - before.ticks;
      idle.rchar += after.rchar - before.rchar;
    };

    // Warm-up: a batch of every kind, not counted (JIT, the key cache, first allocations).
    for (const kind of kinds) await batch(kind, 5, null);
    await sleep(200);

    const started = performance.now();
    for (let round = 0; round < ROUNDS; round++) {
      process.stdout.write(`Round ${round + 1} of ${ROUNDS}...\n`);
      for (let k = 0; k <= kinds.length; k++) {
        const index = (k + round) % (kinds.length + 1);
        if (index === kinds.length) await quiet(QUIET_MS);
        else await batch(kinds[index] as Kind, PER_ROUND, tallies[index] as Tally);
      }
    }
    const seconds = (performance.now() - started) / 1000;

    // The server's background work (timers, the event-loop delay monitor of the metrics every 10 ms) goes on while a batch
    // waits for the server to close its connections: subtracted at the rate measured in the quiet windows.
    const idleCpuPerMs = idle.runNs / 1e6 / idle.ms;
    const idleTicksPerMs = idle.ticks / idle.ms;
    const idleRcharPerMs = idle.rchar / idle.ms;
    const cpuOf = (t: Tally) => (t.runNs / 1e6 - idleCpuPerMs * t.wall) / t.requests;
    const perBatchOf = (t: Tally) => t.batches.map((b) => (b.runNs / 1e6 - idleCpuPerMs * b.wall) / b.count);
    /** Mean and standard error of a list of figures. */
    const spread = (xs: number[]) => {
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      const variance = xs.reduce((a, x) => a + (x - mean) ** 2, 0) / Math.max(1, xs.length - 1);
      return { mean, error: Math.sqrt(variance / xs.length) };
    };
    /**
     * Standard error of a kind's cost over the baseline: from the differences of the two kinds' batches round
     * by round (the load on the machine changes from round to round; within a round it weighs on both).
     */
    const costErrorOf = (t: Tally) => {
      const base = perBatchOf(tallies[0] as Tally);
      return spread(perBatchOf(t).map((x, r) => x - (base[r] as number))).error;
    };
    /** Met when the cost plus two standard errors stays within 1 ms, missed when the cost less two exceeds it. */
    const verdict = (cost: number, error: number) =>
      cost + 2 * error <= 1 ? "✅" : cost - 2 * error > 1 ? "❌" : "≈ not settled";
    const baseline = cpuOf(tallies[0] as Tally);
    const unexpected = kinds
      .map((kind, i) => {
        const wrong = [...(tallies[i] as Tally).statuses].filter(
          ([label]) => !label.startsWith(`${kind.status}`),
        );
        return wrong.length > 0 ? `${kind.name}: ${wrong.map(([l, n]) => `${n} × ${l}`).join(", ")}` : "";
      })
      .filter(Boolean);
    const UNAUTHENTICATED = [1, 2, 3, 4];
    const costs = UNAUTHENTICATED.map((i) => cpuOf(tallies[i] as Tally) - baseline);
    const worstIndex = UNAUTHENTICATED[costs.indexOf(Math.max(...costs))] as number;
    const worst = cpuOf(tallies[worstIndex] as Tally) - baseline;
    const worstError = costErrorOf(tallies[worstIndex] as Tally);
    const command = `npx tsx bench/unauth-body.ts --rounds ${ROUNDS} --per-round ${PER_ROUND} --write`;
    const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
    const rows = kinds.map((kind, i) => {
      const t = tallies[i] as Tally;
      const own = cpuOf(t);
      const perBatch = perBatchOf(t);
      const error = i === 0 ? 0 : costErrorOf(t);
      const ticks = (t.ticks * TICK_MS - idleTicksPerMs * TICK_MS * t.wall) / t.requests;
      const read = (t.rchar - idleRcharPerMs * t.wall) / t.requests;
      const extra =
        i === 0 ? "—" : `${own - baseline >= 0 ? "+" : ""}${f3(own - baseline)} ± ${f3(error)} ms`;
      const target = UNAUTHENTICATED.includes(i) ? ` ${verdict(own - baseline, error).split(" ")[0]}` : "";
      const statuses = [...t.statuses].map(([l, n]) => `${n} × ${l}`).join(", ");
      return `| ${kind.name} | ${bytes(kind.body.length)} | ${statuses} | ${ms(median(t.clientMs))} | ${f3(t.runNs / 1e6 / t.requests)} ms | **${f3(own)} ms** | ${f3(Math.min(...perBatch))} to ${f3(Math.max(...perBatch))} (± ${f3(spread(perBatch).error)}) | ${f3(ticks)} ms | ${extra}${target} | ${bytes(t.sent / t.requests)} | ${bytes(read)} |`;
    });
    const threadChanges = tallies.reduce((n, t) => n + t.threadChanges, 0);
    const text = [
      `Command: \`${command}\` (run ${new Date().toISOString()}; ${cpus().length} × ${cpu}, Node ${process.version}; load average at the start ${loadStart} and at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          " / ",
        )}, from other work on the machine). The server process as \`npm start\` runs it (\`packages/server/dist/main.mjs\`, plain node, demo mode, embedded PGlite, \`RATE_LIMIT_PER_MINUTE=1000000\` so that no request is answered 429). Every request on a fresh connection from the benchmark's process; ${ROUNDS} rounds, each a batch of ${PER_ROUND} requests at once of every kind and a quiet window of ${QUIET_MS / 1000} s, in a rotating order (${(tallies[0] as Tally).requests} requests per kind), in ${seconds.toFixed(0)} s.`,
      "",
      `Server CPU: the server process's CPU time (user + system) over a batch, summed over its threads (\`se.sum_exec_runtime\` of \`/proc/<pid>/task/*/sched\`, nanoseconds), less its background work over the batch's duration (${f3(idleCpuPerMs * 1000)} ms of CPU per second, measured in the quiet windows: timers, among them the default metrics' event-loop delay monitor, which wakes every 10 ms), divided by the batch's requests; per batch: the lowest and highest batch (± the standard error of the kind's figure). Cross-check: \`utime + stime\` of \`/proc/<pid>/stat\` (10 ms ticks, every thread that ran), treated the same way. Server read: the process's \`rchar\` (\`/proc/<pid>/io\`, bytes taken by \`read()\`-like calls, sockets included) per request, head included, less its background rate; body sent: the body bytes the client handed to its socket (what the kernel took, whether the server read it or not).`,
      "",
      "| Request | Body | Answers | Connection held (median) | Server CPU / request, raw | **Less background** | Per batch | Cross-check (ticks) | Body's cost (− baseline) | Body sent | Server read |",
      "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...rows,
      "",
      "Answers: `close` — the answer said `connection: close`; `then EPIPE` (or `ECONNRESET`) — after the client had read the whole answer, the server closed the connection with part of the body still unread (its lingering close giving up after 2 s) and the client's next write failed; without it, the server read what the client had sent, then closed.",
      "",
      `${unexpected.length > 0 ? `Unexpected answers: ${unexpected.join("; ")}.` : "Every answer had the expected status."}${threadChanges > 0 ? ` The server's thread count changed during ${threadChanges} batches (a thread's CPU time leaves the sum when it ends: see the ticks).` : ""}`,
      "",
      `Target: an unauthenticated 10 MiB body costs ≤ 1 ms of server CPU — the costliest of the four unauthenticated 10 MiB kinds (${kinds[worstIndex]?.name}) costs ${f3(worst)} ± ${f3(worstError)} ms more than the baseline (± one standard error, from the differences between its batches and the baseline's round by round): ${verdict(worst, worstError)} (✅ when the cost plus two standard errors is within 1 ms, ❌ when the cost less two exceeds it, ≈ otherwise: 1 ms within two standard errors).`,
    ].join("\n");
    process.stdout.write(`\n${text}\n`);
    if (write) {
      const file = join(ROOT, "bench/BENCHMARKS.md");
      const md = readFileSync(file, "utf8");
      const section = `<!-- unauth-body:start -->\n## An unauthenticated 10 MiB body\n\n${text}\n<!-- unauth-body:end -->`;
      const re = /<!-- unauth-body:start -->[\s\S]*<!-- unauth-body:end -->/;
      const anchor = "<!-- xmla-mdx:start -->";
      const updated = re.test(md)
        ? md.replace(re, section)
        : md.includes(anchor)
          ? md.replace(anchor, `${section}\n\n${anchor}`)
          : `${md.trimEnd()}\n\n${section}\n`;
      writeFileSync(file, updated);
      process.stdout.write("Written to bench/BENCHMARKS.md.\n");
    }
  } catch (e) {
    process.stderr.write(server.output());
    throw e;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const loadStart = loadavg()
  .map((l) => l.toFixed(1))
  .join(" / ");

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
