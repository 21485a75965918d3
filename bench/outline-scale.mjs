// What a new session's first grid costs through `essbase-stndln`, `essbase` (Smart View) and `ssas` as the
// cube's outline grows, beside the demo path (the embedded provider, no wire) measured in the same run; results
// in bench/BENCHMARKS.md ("a grid costs the grid").
//
// The cubes are generated (bench/outline-shapes.mjs: 1,017, 11,007, 101,007 and 111,117 members, flat and deep)
// and served as snapshots (QIBATES_SNAPSHOTS) by the server bundle built from a commit (scale-harness.mjs), with
// QIBATES_WIRE_ENDPOINTS=all. Each connector is pointed at the server's own endpoints through a counting proxy
// that holds each request DELAY ms (0 and 30: an office-to-cloud distance).
//
// Per round, a new session: the login, the first action/refresh of a sheet (4 entities from across the large
// dimension on the rows, Q1 and Q2 on the columns, Revenue on the point of view), the second refresh, then
// nav/dimensions; and another new session whose first call is nav/dimensions, unless the first refresh took
// longer than `--dims-first-below` s. For each call: the requests the connector sent, the round trips it waited
// for one after the other, the bytes it read from the server, and ms. A call that fails is a result: its status
// and code are reported and the session's later calls are skipped. One JSON line per (size, connector, delay) on
// stdout, then a table (Markdown) of the medians. `--help` for the options.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { commandLine } from "../scripts/command-line.mjs";
import { hash, loadAverage } from "./counting-proxy.mjs";
import { CUBE, OUTLINE_SHAPES, writeShapeSnapshot } from "./outline-shapes.mjs";
import {
  API,
  bundleOf,
  cell,
  portRange,
  proxies,
  session as sessionOf,
  startServer,
  summary,
} from "./scale-harness.mjs";

const USAGE = `
node bench/outline-scale.mjs [options]
  A new session's first grid through essbase-stndln, essbase (Smart View) and ssas as the outline grows,
  beside the demo path, on generated cubes served by a server bundle of --commit, through a counting proxy.
  --sizes LIST            1k,11k,101k,111k-deep (also 1m)               [1k,11k,101k,111k-deep]
  --connectors LIST       essbase-stndln,essbase,ssas                    [essbase-stndln,essbase,ssas]
  --delays LIST           ms each request is held by the proxy           [0,30]
  --rounds LIST           rounds per size, in --sizes order              [3,2,1,1]
  --commit REF            the commit whose server is measured            [HEAD]
  --dims-first-below S    time nav/dimensions first while refresh < S s  [15]
  --call-timeout S        a call's limit, seconds                        [300]
  --ports FROM-TO         the ports the server and proxies may listen on [any free port]
  --help prints this text; nothing is built or started
  QIBATES_BENCH_SERVER=main.mjs: a server bundle already built. TRACE=1: each request on stderr.
`;
const o = commandLine(
  process.argv.slice(2),
  {
    sizes: "1k,11k,101k,111k-deep",
    connectors: "essbase-stndln,essbase,ssas",
    delays: "0,30",
    rounds: "3,2,1,1",
    commit: "HEAD",
    "dims-first-below": "15",
    "call-timeout": "300",
    ports: "any",
  },
  USAGE,
);
const SIZES = String(o.sizes).split(",");
const CONNECTORS = String(o.connectors).split(",");
const DELAYS = String(o.delays).split(",").map(Number);
const ROUNDS_LIST = String(o.rounds).split(",").map(Number);
const roundsOf = (i) => ROUNDS_LIST[Math.min(i, ROUNDS_LIST.length - 1)];
const COMMIT = String(o.commit);
/** A session whose first call is nav/dimensions is timed while the first refresh took less than this (ms). */
const DIMS_FIRST_BELOW_MS = Number(o["dims-first-below"]) * 1000;
const CALL_TIMEOUT_MS = Number(o["call-timeout"]) * 1000;
const PORTS = portRange(String(o.ports));
const session = (base, headers, login, steps) => sessionOf(base, headers, login, steps, CALL_TIMEOUT_MS);
for (const s of SIZES)
  if (!OUTLINE_SHAPES[s]) {
    process.stderr.write(`--sizes: ${s} is not one of ${Object.keys(OUTLINE_SHAPES)}\n`);
    process.exit(2);
  }

/** Where each connector's login points, the proxy's port filled in (the demo path: the embedded provider). */
const ADDRESSES = {
  "essbase-stndln": (port) => `http://127.0.0.1:${port}/essbase/japi`,
  essbase: (port) => `http://127.0.0.1:${port}/aps/JAPI`,
  ssas: (port) => `http://127.0.0.1:${port}/aps/JAPI`,
};
const DEMO = { connector: "essbase-stndln", address: "https://demo.qibates.local/essbase/japi" };
for (const c of CONNECTORS)
  if (!ADDRESSES[c]) {
    process.stderr.write(`--connectors: ${c} is not one of ${Object.keys(ADDRESSES)}\n`);
    process.exit(2);
  }

const log = (s) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${s}\n`);

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
  const server = await startServer(entry, snapshots, join(work, "data"), { ports: PORTS });
  log(`server up in ${(server.startMs / 1000).toFixed(1)} s on ${server.port}`);
  const base = API(server.port);
  const proxy = await proxies(server.port, DELAYS, PORTS);
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
