// A customer's session at their size, call by call: what member selection and a big first sheet cost through
// `essbase-stndln`, `essbase` (Smart View) and `ssas`, beside the demo path (the embedded provider, no wire)
// measured in the same run. Results in bench/BENCHMARKS.md ("a session at the customer's size").
//
// The cubes are generated (bench/outline-shapes.mjs) and served by the server bundle of a commit with every wire
// endpoint (scale-harness.mjs); each connector reaches them through a counting proxy that holds each request
// --delay ms. Each call is the first of a new session (the login is not timed):
//   children     nav/filter CHILDREN of `Group 1.1` (100 children on 101k, 1,000 on 1m)
//   first-level  nav/filter CHILDREN of the dimension (the 1,000 members of its first level)
//   search       nav/search of `Entity 4242` in Entity (name or alias, any part: 11 members on 101k)
//   sheet        action/refresh of a sheet of --rows leaf rows taken across the dimension, Q1 and Q2 across
// For each: requests sent to the server, round trips waited one after the other, bytes read, ms, and whether the
// answer is the demo path's (members in the same order, the same grid). With --open-sessions N, N more sessions
// per connector each search and stay open while the server's resident memory is read (then they log out). The
// server's memory is read after each connector; a server that exits is reported and ends the run.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { commandLine } from "../scripts/command-line.mjs";
import { hash, loadAverage } from "./counting-proxy.mjs";
import { CUBE, OUTLINE_SHAPES, outlineOf, writeShapeSnapshot } from "./outline-shapes.mjs";
import {
  API,
  bundleOf,
  cell,
  kb,
  portRange,
  proxies,
  session,
  startServer,
  summary,
} from "./scale-harness.mjs";

const CALLS = ["children", "first-level", "search", "sheet"];
const USAGE = `
node bench/session-scale.mjs [options]
  Member selection and a big first sheet, each the first call of a new session, through each connector beside
  the demo path, on a generated cube served by a server bundle of --commit, through a counting proxy.
  --size NAME           one of ${Object.keys(OUTLINE_SHAPES).join(", ")}   [101k]
  --connectors LIST     essbase-stndln,essbase,ssas                   [essbase-stndln,essbase,ssas]
  --calls LIST          ${CALLS.join(",")}                [all]
  --delay MS            ms each request is held by the proxy          [30]
  --rows N              leaf rows of the sheet                        [1000]
  --rounds N            sessions per call                             [1]
  --open-sessions N     sessions per connector left open after a search, memory read [0]
  --commit REF          the commit whose server is measured           [HEAD]
  --call-timeout S      a call's limit, seconds                       [300]
  --ports FROM-TO       the ports the server and proxy may listen on  [any free port]
  --help prints this text; nothing is built or started
  QIBATES_BENCH_SERVER=main.mjs: a server bundle already built. TRACE=1: each request on stderr.
  QIBATES_BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR": node flags for the server.
`;
const o = commandLine(
  process.argv.slice(2),
  {
    size: "101k",
    connectors: "essbase-stndln,essbase,ssas",
    calls: CALLS.join(","),
    delay: "30",
    rows: "1000",
    rounds: "1",
    "open-sessions": "0",
    commit: "HEAD",
    "call-timeout": "300",
    ports: "any",
  },
  USAGE,
);
const refuse = (why) => {
  process.stderr.write(`${why}\n`);
  process.exit(2);
};
const SIZE = String(o.size);
const shape = OUTLINE_SHAPES[SIZE] ?? refuse(`--size: ${SIZE} is not one of ${Object.keys(OUTLINE_SHAPES)}`);
const ADDRESSES = {
  "essbase-stndln": (port) => `http://127.0.0.1:${port}/essbase/japi`,
  essbase: (port) => `http://127.0.0.1:${port}/aps/JAPI`,
  ssas: (port) => `http://127.0.0.1:${port}/aps/JAPI`,
};
const DEMO = { connector: "essbase-stndln", address: "https://demo.qibates.local/essbase/japi" };
const CONNECTORS = String(o.connectors).split(",");
for (const c of CONNECTORS)
  if (!ADDRESSES[c]) refuse(`--connectors: ${c} is not one of ${Object.keys(ADDRESSES)}`);
const WANTED = String(o.calls).split(",");
for (const c of WANTED) if (!CALLS.includes(c)) refuse(`--calls: ${c} is not one of ${CALLS}`);
const count = (name, min) => {
  const n = Number(o[name]);
  if (!Number.isInteger(n) || n < min)
    refuse(`--${name}: ${o[name]} is not a whole number of at least ${min}`);
  return n;
};
const DELAY = count("delay", 0);
const ROWS = count("rows", 1);
const ROUNDS = count("rounds", 1);
const OPEN = count("open-sessions", 0);
const CALL_TIMEOUT_MS = count("call-timeout", 1) * 1000;
const PORTS = portRange(String(o.ports));

const log = (s) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${s}\n`);

/** The sheet of `rows` leaves taken evenly across the dimension: Revenue on the POV, Q1 and Q2 across. */
function bigSheet(leaves, rows) {
  const step = leaves.length / Math.min(rows, leaves.length);
  const picked = Array.from(
    { length: Math.min(rows, leaves.length) },
    (_, i) => leaves[Math.floor(i * step)],
  );
  return [["", "Revenue", ""], ["", "Q1", "Q2"], ...picked.map((r) => [r, "", ""])];
}

/** The members the server holds for all sessions together and their bound (`/metrics`; MEMBERS_HELD_MAX). */
async function membersHeld(port) {
  const text = await fetch(`http://127.0.0.1:${port}/metrics`)
    .then((r) => r.text())
    .catch(() => "");
  const read = (name) => {
    const v = new RegExp(`^${name} (\\d+)$`, "m").exec(text)?.[1];
    return v === undefined ? null : Number(v);
  };
  return { membersHeld: read("qibates_members_held"), membersHeldMax: read("qibates_members_held_max") };
}

/** What of an answer must be the demo's: the members in order, or the grid. */
const answerOf = (name, r) => {
  if (!r?.json) return null;
  return JSON.stringify(name === "sheet" ? r.json.grid : (r.json.members ?? null));
};

async function main() {
  const work = mkdtempSync(join(tmpdir(), "qibates-session-scale-"));
  const snapshots = join(work, "snapshots");
  writeShapeSnapshot(snapshots, shape);
  const { leaves } = outlineOf(shape);
  const sheet = bigSheet(leaves, ROWS);
  let entry = process.env.QIBATES_BENCH_SERVER;
  let sha = "(QIBATES_BENCH_SERVER)";
  if (!entry) ({ sha, entry } = await bundleOf(String(o.commit)));
  log(`server ${entry} (${sha.slice(0, 8)}), cube ${SIZE} (${shape.members.toLocaleString("en")} members)`);
  const server = await startServer(entry, snapshots, join(work, "data"), { ports: PORTS });
  log(
    `server up in ${(server.startMs / 1000).toFixed(1)} s on ${server.port}, ${kb(server.rss() ?? 0)} resident`,
  );
  const base = API(server.port);
  const proxy = await proxies(server.port, [DELAY], PORTS);
  const health = async () => {
    const t = performance.now();
    const r = await fetch(`${base}/health`, { signal: AbortSignal.timeout(60_000) }).catch(() => null);
    return {
      ok: r?.status === 200,
      ms: performance.now() - t,
      json: r?.status === 200 ? await r.json() : null,
    };
  };
  const demoKey = (await health()).json.demo.apiKey;
  const headersOf = (connector) => ({ qibateskey: demoKey, connector, "content-type": "application/json" });
  const calls = {
    children: ["nav/filter", { dimension: "Entity", action: { filter: "CHILDREN", member: "Group 1.1" } }],
    "first-level": ["nav/filter", { dimension: "Entity", action: { filter: "CHILDREN", member: null } }],
    search: ["nav/search", { dimension: "Entity", action: { keyword: "Entity 4242", limit: 100 } }],
    sheet: ["action/refresh", { grid: sheet }],
  };
  const paths = [
    { connector: "demo", headers: headersOf(DEMO.connector), address: DEMO.address },
    ...CONNECTORS.map((connector) => ({
      connector,
      headers: headersOf(connector),
      address: ADDRESSES[connector](proxy[DELAY].port),
    })),
  ];
  const rows = [];
  const demoAnswers = {};
  try {
    for (const p of paths) {
      if (server.exited() !== null) break;
      const login = { username: "demo", password: "demo", providerAddress: p.address };
      const named = await session(base, p.headers, login, [["servers", "nav/servers", {}]], CALL_TIMEOUT_MS);
      const serverName = named.servers?.json?.servers?.[0]?.name;
      if (!serverName) {
        rows.push({ connector: p.connector, failed: named.servers?.failed ?? named.login.failed });
        continue;
      }
      const body = { server: serverName, application: shape.application, cube: CUBE };
      const results = {};
      const same = {};
      for (const name of WANTED) {
        const [op, extra] = calls[name];
        const runs = [];
        for (let r = 0; r < ROUNDS; r++) {
          const s = await session(
            base,
            p.headers,
            login,
            [[name, op, { ...body, ...extra }]],
            CALL_TIMEOUT_MS,
            { cpu: server.cpu },
          );
          runs.push({ [name]: s[name] ?? s.login });
          const answer = answerOf(name, s[name]);
          if (p.connector === "demo") demoAnswers[name] = answer;
          else same[name] = answer !== null && answer === demoAnswers[name];
          const one = s[name] ? { ...s[name], serverCpuMs: s[name].cpuMs } : s.login;
          log(`${p.connector} ${name}: ${cell(one)}`);
          if (server.exited() !== null) break;
        }
        Object.assign(results, summary(runs));
        if (server.exited() !== null) break;
      }
      const row = {
        size: SIZE,
        members: shape.members,
        connector: p.connector,
        delay: p.connector === "demo" ? null : DELAY,
        calls: results,
        sameAsDemo: p.connector === "demo" ? null : same,
        answerDigests: Object.fromEntries(
          WANTED.map((n) => [n, demoAnswers[n] ? hash(demoAnswers[n]) : null]),
        ),
        residentAfter: server.rss(),
        serverExited: server.exited(),
        loadavg: loadAverage(),
      };
      if (OPEN > 0 && server.exited() === null) {
        const baseline = await health();
        const open = [];
        const [op, extra] = calls.search;
        for (let i = 0; i < OPEN; i++) {
          const s = await session(
            base,
            p.headers,
            login,
            [["search", op, { ...body, ...extra }]],
            CALL_TIMEOUT_MS,
            {
              keepOpen: true,
            },
          );
          if (s.loginid) open.push(s.loginid);
        }
        if (typeof global.gc === "function") global.gc();
        row.openSessions = {
          count: open.length,
          resident: server.rss(),
          ...(await membersHeld(server.port)),
          healthMs: (await health()).ms,
          baselineHealthMs: baseline.ms,
        };
        for (const loginid of open)
          await fetch(`${base}/action/logout`, {
            method: "POST",
            headers: p.headers,
            body: JSON.stringify({ loginid }),
          });
      }
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  } finally {
    for (const p of Object.values(proxy)) p.close();
    const exited = server.exited();
    server.child.kill();
    rmSync(work, { recursive: true, force: true });
    if (exited !== null)
      console.log(`the server exited (${exited}) during the run:\n${server.output().slice(-2000)}`);
  }
  console.log(
    `\n${table(rows)}\ncommit ${sha}; Node ${process.version}; load average ${loadAverage()} at the end`,
  );
}

function table(rows) {
  const head = `| connector | delay | ${WANTED.join(" | ")} | same answers as demo | server memory after |`;
  const lines = [head, `|${"---|".repeat(WANTED.length + 4)}`];
  for (const r of rows) {
    if (r.failed) {
      lines.push(`| ${r.connector} | | **fails**: ${r.failed} |${" |".repeat(WANTED.length + 1)}`);
      continue;
    }
    const same =
      r.sameAsDemo === null ? "—" : WANTED.map((n) => (r.sameAsDemo[n] ? "yes" : `**no** (${n})`)).join(", ");
    const open = r.openSessions
      ? `; ${r.openSessions.count} open sessions: ${kb(r.openSessions.resident ?? 0)}, members held ${r.openSessions.membersHeld?.toLocaleString("en") ?? "?"} of ${r.openSessions.membersHeldMax?.toLocaleString("en") ?? "?"}`
      : "";
    lines.push(
      `| ${r.connector} | ${r.delay === null ? "—" : `${r.delay} ms`} | ${WANTED.map((n) => cell(r.calls[n])).join(" | ")} | ${same} | ${kb(r.residentAfter ?? 0)}${open} |`,
    );
  }
  return `${shape.members.toLocaleString("en")} members (${shape.shape}), ${ROWS}-row sheet\n\n${lines.join("\n")}`;
}

await main();
