// Issue 73 (bench/BENCHMARKS.md, "Issue 73: a grid costs the grid — first refresh as the outline grows"): what
// a new session's first grid costs through `essbase-stndln`, `essbase` (Smart View) and `ssas` as the cube's
// outline grows, beside the demo path (the embedded provider, no wire) measured in the same run.
//
// The cubes are generated (bench/outline-shapes.mjs: 1,017, 11,007, 101,007 and 111,117 members, flat and deep)
// and served as snapshots (QIBATES_SNAPSHOTS) by the server bundle built here from a commit (`--commit`, default
// HEAD: `git archive` of it, so that nobody's uncommitted work is measured; QIBATES_BENCH_SERVER: a main.mjs
// already built), started with QIBATES_WIRE_ENDPOINTS=all, ALLOWED_HOSTS=127.0.0.1 and a high
// RATE_LIMIT_PER_MINUTE. Each connector is pointed at the server's own endpoints through the counting proxy of
// bench/counting-proxy.mjs, which holds each request DELAY ms (0 and 30: an office-to-cloud distance).
//
// Per round, a new session: the login, the first action/refresh of a sheet (4 entities from across the large
// dimension on the rows, Q1 and Q2 on the columns, Revenue on the point of view), the second refresh, then
// nav/dimensions; and another new session whose first call is nav/dimensions, unless the first refresh took
// longer than `--dims-first-below` s (15; today's first call reads the whole outline either way, and a second
// reading of 100,000 members through Smart View would double a run that should stay near 10 minutes).
// For each call: the requests the connector sent, the round trips it waited for one after the other (the longest
// chain of requests each sent once the one before it was answered), the bytes it read from the server (answer
// bodies as sent, compressed or not), and ms. A call that fails (a 502 on the large cube) is a result: its status
// and code are reported and the session's later calls are skipped. One JSON line per (size, connector, delay) on
// stdout, then a table (Markdown) of the medians.
//
//   node bench/outline-scale.mjs [--sizes 1k,11k,101k,111k-deep; also 1m] [--connectors essbase-stndln,essbase,ssas]
//     [--delays 0,30] [--rounds 3,2,1,1] [--commit HEAD] [--dims-first-below 15] [--call-timeout 300]
// TRACE=1: each request the connector sent on stderr as it is answered (its span, path, message, bytes).
// `--rounds` gives the rounds of each size in `--sizes` order (one number: every size).

import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_ENTRIES, serverBundleOptions } from "../scripts/server-build.mjs";
import { countingProxy, hash, loadAverage, median } from "./counting-proxy.mjs";
import { CUBE, OUTLINE_SHAPES, writeShapeSnapshot } from "./outline-shapes.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const SIZES = opt("sizes", "1k,11k,101k,111k-deep").split(",");
const CONNECTORS = opt("connectors", "essbase-stndln,essbase,ssas").split(",");
const DELAYS = opt("delays", "0,30").split(",").map(Number);
const ROUNDS_LIST = opt("rounds", "3,2,1,1").split(",").map(Number);
const roundsOf = (i) => ROUNDS_LIST[Math.min(i, ROUNDS_LIST.length - 1)];
const COMMIT = opt("commit", "HEAD");
/** A session whose first call is nav/dimensions is timed while the first refresh took less than this (ms). */
const DIMS_FIRST_BELOW_MS = Number(opt("dims-first-below", 15)) * 1000;
const CALL_TIMEOUT_MS = Number(opt("call-timeout", 300)) * 1000;
for (const s of SIZES)
  if (!OUTLINE_SHAPES[s]) throw new Error(`--sizes: ${s} is not one of ${Object.keys(OUTLINE_SHAPES)}`);

/** Where each connector's login points, the proxy's port filled in (the demo path: the embedded provider). */
const ADDRESSES = {
  "essbase-stndln": (port) => `http://127.0.0.1:${port}/essbase/japi`,
  essbase: (port) => `http://127.0.0.1:${port}/aps/JAPI`,
  ssas: (port) => `http://127.0.0.1:${port}/aps/JAPI`,
};
const DEMO = { connector: "essbase-stndln", address: "https://demo.qibates.local/essbase/japi" };
for (const c of CONNECTORS)
  if (!ADDRESSES[c]) throw new Error(`--connectors: ${c} is not one of ${Object.keys(ADDRESSES)}`);

const log = (s) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${s}\n`);

/**
 * The server bundle of `commit`, built once into a folder of its own from `git archive` (the work tree may hold
 * others' unfinished changes), its npm dependencies those of this checkout, its @qibates packages the commit's.
 */
async function bundleOf(commit) {
  const sha = execFileSync("git", ["rev-parse", commit], { cwd: ROOT, encoding: "utf8" }).trim();
  const dir = join(tmpdir(), `qibates-outline-scale-${sha.slice(0, 12)}`);
  const entry = join(dir, "dist", "main.mjs");
  // A folder built before a worker joined the bundle's entries (mdx-download-worker) is built again.
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

async function freePort() {
  const s = net.createServer();
  await new Promise((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

/** The server bundle serving the snapshots of `snapshots`, until /health answers. */
async function startServer(entry, snapshots, dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
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
  child.once("exit", (code) => {
    exited = code;
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
  return { port, child, startMs: performance.now() - started, output: () => out };
}

/** The longest chain of requests each sent once the one before it was answered ([start, end] spans). */
function roundTrips(spans) {
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

/** What the proxy saw during the call being timed. */
let seenNow = { requests: 0, bytes: 0, spans: [], dropped: 0 };

/** One counting proxy per delay, in front of the server. */
async function proxies(serverPort) {
  const out = {};
  for (const delay of DELAYS) {
    const port = await freePort();
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
          const write = res.write.bind(res);
          const end = res.end.bind(res);
          res.write = (chunk, ...rest) => {
            if (chunk) own += Buffer.byteLength(chunk);
            if (chunk) seen.bytes += Buffer.byteLength(chunk);
            return write(chunk, ...rest);
          };
          res.end = (chunk, ...rest) => {
            if (chunk && typeof chunk !== "function") {
              own += Buffer.byteLength(chunk);
              seen.bytes += Buffer.byteLength(chunk);
            }
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

const API = (port) => `http://127.0.0.1:${port}/qibates/api/v2`;

/** A timed API call: its ms, what the connector sent meanwhile, and the answer or the failure (status, code). */
async function timedCall(base, headers, op, body) {
  const seen = { requests: 0, bytes: 0, spans: [], dropped: 0 };
  seenNow = seen;
  const t = performance.now();
  let status = 0;
  let text = "";
  try {
    const res = await fetch(`${base}/${op}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    status = res.status;
    text = await res.text();
  } catch (e) {
    text = JSON.stringify({ code: e?.name === "TimeoutError" ? "TIMEOUT" : String(e) });
  }
  const ms = performance.now() - t;
  // Answers still on their way to the connector after the API answered are not the call's.
  seenNow = { requests: 0, bytes: 0, spans: [], dropped: 0 };
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

/** The calls of one new session; the first failure ends it. */
async function session(base, headers, login, steps) {
  const out = {};
  const l = await timedCall(base, headers, "action/login", login);
  out.login = l;
  if (l.failed) return out;
  const loginid = l.json.loginid;
  for (const [name, op, body] of steps) {
    const r = await timedCall(base, headers, op, { loginid, ...body });
    out[name] = r;
    if (r.failed) break;
  }
  await timedCall(base, headers, "action/logout", { loginid });
  return out;
}

/** Each call's medians over the rounds (a call that failed in any round: its failure). */
function summary(rounds) {
  const names = [...new Set(rounds.flatMap((r) => Object.keys(r)))];
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

const gridOf = (r) => (r?.json ? JSON.stringify(r.json.grid) : null);

async function main() {
  const work = mkdtempSync(join(tmpdir(), "qibates-outline-scale-run-"));
  const snapshots = join(work, "snapshots");
  const sheets = {};
  for (const s of SIZES) sheets[s] = writeShapeSnapshot(snapshots, OUTLINE_SHAPES[s]);
  let entry = process.env.QIBATES_BENCH_SERVER;
  let sha = "(QIBATES_BENCH_SERVER)";
  if (!entry) ({ sha, entry } = await bundleOf(COMMIT));
  log(`server ${entry} (${sha.slice(0, 8)}), snapshots ${SIZES.join(", ")}`);
  const server = await startServer(entry, snapshots, join(work, "data"));
  log(`server up in ${(server.startMs / 1000).toFixed(1)} s on ${server.port}`);
  const base = API(server.port);
  const proxy = await proxies(server.port);
  const health = await (await fetch(`${base}/health`)).json();
  const headersOf = (connector) => ({
    qibateskey: health.demo.apiKey,
    connector,
    "content-type": "application/json",
  });
  const rows = [];
  try {
    for (const [i, size] of SIZES.entries()) {
      const shape = OUTLINE_SHAPES[size];
      const rounds = roundsOf(i);
      const where = { application: shape.application, cube: CUBE };
      const grid = sheets[size];
      const paths = [
        { connector: "demo", delay: null, headers: headersOf(DEMO.connector), address: DEMO.address },
        ...DELAYS.flatMap((delay) =>
          CONNECTORS.map((connector) => ({
            connector,
            delay,
            headers: headersOf(connector),
            address: ADDRESSES[connector](proxy[delay].port),
          })),
        ),
      ];
      let demoGrid = null;
      for (const p of paths) {
        const login = { username: "demo", password: "demo", providerAddress: p.address };
        // The server's name as this connector reads it, in a session of its own (not timed).
        const named = await session(base, p.headers, login, [["servers", "nav/servers", {}]]);
        const server0 = named.servers?.json?.servers?.[0]?.name;
        if (!server0) {
          const row = {
            size,
            members: shape.members,
            connector: p.connector,
            delay: p.delay,
            failed: named.servers?.failed ?? named.login.failed,
          };
          rows.push(row);
          console.log(JSON.stringify(row));
          continue;
        }
        const body = { server: server0, ...where };
        const firsts = [];
        const alone = [];
        const grids = new Set();
        for (let r = 0; r < rounds; r++) {
          const s = await session(base, p.headers, login, [
            ["refresh1", "action/refresh", { ...body, grid }],
            ["refresh2", "action/refresh", { ...body, grid }],
            ["dimensions", "nav/dimensions", body],
          ]);
          firsts.push(s);
          if (s.refresh1?.json) grids.add(gridOf(s.refresh1));
          if (s.refresh1 && s.refresh1.ms < DIMS_FIRST_BELOW_MS) {
            const d = await session(base, p.headers, login, [["dimensions", "nav/dimensions", body]]);
            alone.push({ dimensionsFirst: d.dimensions ?? d.login });
          }
          log(
            `${size} ${p.connector} ${p.delay ?? "-"} ms round ${r + 1}: first refresh ${s.refresh1 ? `${s.refresh1.ms.toFixed(0)} ms, ${s.refresh1.requests} requests${s.refresh1.failed ? `, ${s.refresh1.failed}` : ""}` : "not reached"}`,
          );
        }
        const g = [...grids][0] ?? null;
        if (p.connector === "demo") demoGrid = g;
        const row = {
          size,
          members: shape.members,
          parents: shape.parents,
          connector: p.connector,
          delay: p.delay,
          rounds,
          calls: { ...summary(firsts), ...summary(alone) },
          sameGridAsDemo: g === null ? null : grids.size === 1 && g === demoGrid,
          gridDigest: g === null ? null : hash(g),
          loadavg: loadAverage(),
        };
        rows.push(row);
        console.log(JSON.stringify(row));
      }
    }
  } finally {
    for (const p of Object.values(proxy)) p.close();
    server.child.kill();
    rmSync(work, { recursive: true, force: true });
  }
  console.log(
    `\n${table(rows)}\ncommit ${sha}; Node ${process.version}; load average ${loadAverage()} at the end`,
  );
}

const kb = (b) => (b >= 1e6 ? `${(b / 1e6).toFixed(1)} MB` : `${(b / 1e3).toFixed(1)} kB`);

/** A call's cell: requests, round trips, bytes read, ms (or its failure). */
function cell(c) {
  if (!c) return "—";
  const f = `${c.requests} req, ${c.roundTrips} rt, ${kb(c.bytes)}, ${c.ms < 10_000 ? c.ms.toFixed(0) : (c.ms / 1000).toFixed(1)}${c.ms < 10_000 ? " ms" : " s"}`;
  if (!c.failed) return f;
  return `**fails**${c.failures < c.of ? ` in ${c.failures} of ${c.of} rounds` : ""}: ${c.failed} (${f})`;
}

function table(rows) {
  const head =
    "| Outline | connector | delay | login | first refresh | second refresh | nav/dimensions after | nav/dimensions first | same grid as demo |";
  const lines = [head, "|---|---|---|---|---|---|---|---|---|"];
  for (const r of rows) {
    const c = r.calls ?? {};
    const outline = `${r.members.toLocaleString("en")} (${OUTLINE_SHAPES[r.size].shape})`;
    if (r.failed) {
      lines.push(`| ${outline} | ${r.connector} | ${r.delay ?? "—"} | **fails**: ${r.failed} | | | | | |`);
      continue;
    }
    lines.push(
      `| ${outline} | ${r.connector} | ${r.delay === null ? "—" : `${r.delay} ms`} | ${cell(c.login)} | ${cell(c.refresh1)} | ${cell(c.refresh2)} | ${cell(c.dimensions)} | ${c.dimensionsFirst ? cell(c.dimensionsFirst) : c.refresh1 ? "not timed" : "—"} | ${r.sameGridAsDemo === null ? "—" : r.sameGridAsDemo ? "yes" : "**no**"} |`,
    );
  }
  return lines.join("\n");
}

await main();
