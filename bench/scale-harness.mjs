// What the scale benches (outline-scale.mjs, session-scale.mjs) share: the server bundle of a commit, the server
// started on generated cubes, a counting proxy per delay between the connectors and the server's own endpoints,
// a timed API call with what the connector sent meanwhile. Their command line is `commandLine` of
// scripts/command-line.mjs.

import { execFileSync, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_ENTRIES, serverBundleOptions } from "../scripts/server-build.mjs";
import { countingProxy, median } from "./counting-proxy.mjs";
import { freePort, portRangeOf } from "./ports.mjs";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * A port range `FROM-TO` (both included), or `null` for any free port the system gives: the `--ports` of
 * `ports.mjs`, whose `freePort` draws from it (a malformed range ends the process with exit code 2).
 * @param {string} text
 * @returns {{ from: number, to: number } | null}
 */
export function portRange(text) {
  return portRangeOf({ argv: ["--ports", text] });
}

export { freePort };

/**
 * The server bundle of `commit`, built once into a folder of its own from `git archive` (the work tree may hold
 * others' unfinished changes), its npm dependencies those of this checkout, its @qibates packages the commit's.
 */
export async function bundleOf(commit) {
  const sha = execFileSync("git", ["rev-parse", commit], { cwd: ROOT, encoding: "utf8" }).trim();
  const dir = join(tmpdir(), `qibates-outline-scale-${sha.slice(0, 12)}`);
  const entry = join(dir, "dist", "main.mjs");
  // A folder built before a worker joined the bundle's entries is built again.
  const whole = Object.entries(SERVER_ENTRIES).every(
    ([name, source]) => !existsSync(join(dir, source)) || existsSync(join(dir, "dist", `${name}.mjs`)),
  );
  if (existsSync(join(dir, "dist", ".built")) && whole) return { sha, entry };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tar = execFileSync("git", ["archive", sha, "package.json", "tsconfig.base.json", "packages"], {
    cwd: ROOT,
    maxBuffer: 1 << 30,
  });
  execFileSync("tar", ["-x", "-C", dir], { input: tar });
  const modules = join(dir, "node_modules");
  mkdirSync(join(modules, "@qibates"), { recursive: true });
  for (const name of readdirSync(join(ROOT, "node_modules"))) {
    if (name === "@qibates" || name === ".bin" || name.startsWith(".")) continue;
    symlinkSync(join(ROOT, "node_modules", name), join(modules, name));
  }
  for (const p of readdirSync(join(dir, "packages")))
    symlinkSync(join(dir, "packages", p), join(modules, "@qibates", p));
  const { build } = await import("esbuild");
  // The bundle `npm start` builds (scripts/server-build.mjs), every worker beside the server included.
  await build(serverBundleOptions(dir, join(dir, "dist"), { sourcemap: false }));
  writeFileSync(join(dir, "dist", ".built"), sha);
  return { sha, entry };
}

/**
 * The server bundle serving the snapshots of `snapshots`, until /health answers; `env` adds settings.
 * `rss()` reads the server process's resident memory (bytes) from /proc.
 */
export async function startServer(entry, snapshots, dataDir, { ports = null, env = {} } = {}) {
  const port = await freePort(ports);
  // QIBATES_BENCH_NODE_ARGS: node flags for the server (`--cpu-prof --cpu-prof-dir=/tmp/prof`), as the other benches.
  const nodeArgs = (process.env.QIBATES_BENCH_NODE_ARGS ?? "").split(" ").filter((a) => a !== "");
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_DIR: "",
      LOG_LEVEL: "warn",
      ALLOWED_HOSTS: "127.0.0.1",
      QIBATES_WIRE_ENDPOINTS: "all",
      RATE_LIMIT_PER_MINUTE: "1000000",
      DATA_DIR: dataDir,
      QIBATES_SNAPSHOTS: snapshots,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const keep = (c) => {
    out = (out + c.toString()).slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = null;
  child.once("exit", (code, signal) => {
    exited = code ?? signal;
  });
  const started = performance.now();
  for (;;) {
    if (exited !== null) throw new Error(`the server exited (${exited}):\n${out}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/qibates/api/v2/health`);
      if (r.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const rss = () => {
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1];
      return kb === undefined ? null : Number(kb) * 1024;
    } catch {
      return null;
    }
  };
  return {
    port,
    child,
    startMs: performance.now() - started,
    output: () => out,
    exited: () => exited,
    rss,
    cpu: () => cpuMsOf(child.pid),
  };
}

/**
 * The CPU time a process has used so far, user and system, every thread included (ms; /proc's clock ticks,
 * 100 a second), or null once it is gone: a call's own cost on a machine whose wall times the load stretches.
 */
export function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The longest chain of requests each sent once the one before it was answered ([start, end] spans). */
export function roundTrips(spans) {
  const byStart = [...spans].sort((a, b) => a[0] - b[0]);
  const byEnd = byStart.map((s, i) => [s[1], i]).sort((a, b) => a[0] - b[0]);
  const depth = new Array(byStart.length).fill(0);
  let done = 0;
  let deepestDone = 0;
  for (let i = 0; i < byStart.length; i++) {
    // Every request answered before this one was sent started before it too: its depth is known.
    while (done < byEnd.length && byEnd[done][0] <= byStart[i][0])
      deepestDone = Math.max(deepestDone, depth[byEnd[done++][1]]);
    depth[i] = deepestDone + 1;
  }
  return Math.max(0, ...depth);
}

const nothingSeen = () => ({ requests: 0, bytes: 0, spans: [], dropped: 0 });

/** What the proxies saw during the call being timed. */
let seenNow = nothingSeen();

/** One counting proxy per delay in front of the server, each on a port of `ports`. */
export async function proxies(serverPort, delays, ports = null) {
  const out = {};
  for (const delay of delays) {
    const port = await freePort(ports);
    out[delay] = {
      port,
      ...(await countingProxy({
        upstreamPort: serverPort,
        port,
        delay,
        seen: (req, body, res) => {
          const seen = seenNow;
          seen.requests++;
          const t0 = performance.now();
          let own = 0;
          const count = (chunk) => {
            if (!chunk || typeof chunk === "function") return;
            own += Buffer.byteLength(chunk);
            seen.bytes += Buffer.byteLength(chunk);
          };
          const write = res.write.bind(res);
          const end = res.end.bind(res);
          res.write = (chunk, ...rest) => {
            count(chunk);
            return write(chunk, ...rest);
          };
          res.end = (chunk, ...rest) => {
            count(chunk);
            return end(chunk, ...rest);
          };
          res.on("finish", () => seen.spans.push([t0, performance.now()]));
          if (process.env.TRACE) {
            res.on("finish", () => {
              const text = body.toString("utf8");
              const what =
                /<RequestType>(\w+)<\/RequestType>/.exec(text)?.[1] ??
                /<req_(\w+)/.exec(text)?.[1] ??
                (/<Statement>/.test(text) ? "Execute" : "");
              const restriction = /<(PARENT_UNIQUE_NAME|MEMBER_UNIQUE_NAME|TREE_OP|LEVEL_NUMBER)>[^<]*/g;
              const where = [...text.matchAll(restriction)].map((m) => m[0].slice(1)).join(" ");
              process.stderr.write(
                `  ${t0.toFixed(0)}–${performance.now().toFixed(0)} ms ${delay} ${req.method} ${req.url} ${what} ${where} ${own} B\n`,
              );
            });
          }
          // The proxy drops the connector's connection when its own to the server fails (counting-proxy.mjs).
          res.on("close", () => {
            if (!res.writableFinished) seen.dropped++;
          });
        },
      })),
    };
  }
  return out;
}

export const API = (port) => `http://127.0.0.1:${port}/qibates/api/v2`;

/** A timed API call: its ms, what the connector sent meanwhile, and the answer or the failure (status, code). */
export async function timedCall(base, headers, op, body, timeoutMs) {
  const seen = nothingSeen();
  seenNow = seen;
  const t = performance.now();
  let status = 0;
  let text = "";
  try {
    const res = await fetch(`${base}/${op}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = res.status;
    text = await res.text();
  } catch (e) {
    text = JSON.stringify({ code: e?.name === "TimeoutError" ? "TIMEOUT" : String(e) });
  }
  const ms = performance.now() - t;
  // Answers still on their way to the connector after the API answered are not the call's.
  seenNow = nothingSeen();
  const result = {
    ms,
    requests: seen.requests,
    roundTrips: roundTrips(seen.spans),
    bytes: seen.bytes,
    status,
    ...(seen.dropped ? { droppedByProxy: seen.dropped } : {}),
  };
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a page that is not the API's JSON
  }
  if (status !== 200) {
    const code = json?.code ?? json?.error?.code ?? text.slice(0, 80);
    const message = String(json?.message ?? json?.error?.message ?? "").slice(0, 300);
    return { ...result, failed: `${status || "no answer"} ${code}`, message };
  }
  return { ...result, json, text };
}

/**
 * The calls of one new session; the first failure ends it. The session is logged out at the end unless
 * `keepOpen`, when its `loginid` is returned with the calls.
 */
export async function session(base, headers, login, steps, timeoutMs, { keepOpen = false, cpu = null } = {}) {
  const out = {};
  const l = await timedCall(base, headers, "action/login", login, timeoutMs);
  out.login = l;
  if (l.failed) return out;
  const loginid = l.json.loginid;
  for (const [name, op, body] of steps) {
    // `cpu`: the server's CPU time so far (ms); the call's share is read around it.
    const before = cpu?.() ?? null;
    const r = await timedCall(base, headers, op, { loginid, ...body }, timeoutMs);
    const after = cpu?.() ?? null;
    if (before !== null && after !== null) r.cpuMs = after - before;
    out[name] = r;
    if (r.failed) break;
  }
  if (keepOpen) return { ...out, loginid };
  await timedCall(base, headers, "action/logout", { loginid }, timeoutMs);
  return out;
}

/** Each call's medians over the rounds (a call that failed in any round: its failure). */
export function summary(rounds) {
  const names = [...new Set(rounds.flatMap((r) => Object.keys(r)))].filter((n) => n !== "loginid");
  return Object.fromEntries(
    names.map((n) => {
      const runs = rounds.map((r) => r[n]).filter(Boolean);
      const failed = runs.find((r) => r.failed);
      const m = (k) => median(runs.map((r) => r[k]));
      const s = {
        ms: +m("ms").toFixed(1),
        requests: m("requests"),
        roundTrips: m("roundTrips"),
        bytes: m("bytes"),
      };
      if (runs.every((r) => r.cpuMs !== undefined)) s.serverCpuMs = m("cpuMs");
      // The runs that failed, counted, with the first one's message (the JSON line; the table names the code).
      const failures = runs.filter((r) => r.failed).length;
      const dropped = runs.reduce((n, r) => n + (r.droppedByProxy ?? 0), 0);
      if (dropped) s.droppedByProxy = dropped;
      return [
        n,
        failed ? { ...s, failed: failed.failed, failures, of: runs.length, message: failed.message } : s,
      ];
    }),
  );
}

export const kb = (b) => (b >= 1e6 ? `${(b / 1e6).toFixed(1)} MB` : `${(b / 1e3).toFixed(1)} kB`);

/** A call's cell: requests, round trips, bytes read, ms (or its failure). */
export function cell(c) {
  if (!c) return "—";
  const time = (ms) => (ms < 10_000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(1)} s`);
  const cpu = c.serverCpuMs === undefined ? "" : ` (server CPU ${time(c.serverCpuMs)})`;
  const f = `${c.requests} req, ${c.roundTrips} rt, ${kb(c.bytes)}, ${time(c.ms)}${cpu}`;
  if (!c.failed) return f;
  return `**fails**${c.failures < c.of ? ` in ${c.failures} of ${c.of} rounds` : ""}: ${c.failed} (${f})`;
}
