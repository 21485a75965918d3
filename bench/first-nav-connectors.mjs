// What a new
// session's first navigation costs through `essbase-stndln`, `ssas`, `planning` and `pbcs`, against a running
// server started with QIBATES_WIRE_ENDPOINTS=all, ALLOWED_HOSTS=127.0.0.1 and a high RATE_LIMIT_PER_MINUTE, the
// connector pointed at that server's own endpoints through a proxy started here, which counts the connector's
// requests (and how many were in flight at once) and holds each one DELAY ms before passing it on (a server
// further away, as bench/essbase-first-nav.mjs does for `essbase`).
// Per round, new sessions: cubes (essbase-stndln, ssas) on Sample.Basic, nav/dimensions first; Planning and
// PBCS on Vision (nav/dimensions is for cubes), nav/openform of /Forms/Revenue "Revenue Plan" first, then the
// member selector's nav/enummembers (Plan1, Entity, Hierarchy), and nav/enummembers first. One JSON line on
// stdout: median ms and requests per call, the most in flight, the round trips it waited for one after the other
// (the longest chain of requests each sent once the one before it was answered), the requests of the first call
// by kind (method and path without names, the XMLA request type), and the answers' digests (compare two builds).
// TRACE=1: each request on stderr as it is answered.
//   node bench/first-nav-connectors.mjs <server port> <proxy port> <DELAY ms> <connector> [rounds] [--ports FROM-TO]
// A proxy port 0 takes a free port (of --ports when given); a proxy port outside --ports is refused.

import "../scripts/command-line.mjs";
import { apiCall, countingProxy, hash, loadAverage, median } from "./counting-proxy.mjs";
import { givenPort, withoutPorts } from "./ports.mjs";

const plain = withoutPorts(process.argv.slice(2));
const [port, given, delay] = plain.slice(0, 3).map(Number);
const proxyPort = await givenPort(given, "the proxy port");
const connector = plain[3];
const rounds = Number(plain[4] ?? 5);
const BASE = `http://127.0.0.1:${port}/qibates/api/v2`;
const local = `http://127.0.0.1:${proxyPort}`;
const CONNECTORS = {
  "essbase-stndln": { address: `${local}/essbase/japi`, kind: "cube" },
  ssas: { address: `${local}/aps/JAPI`, kind: "cube" },
  planning: { address: `${local}/HyperionPlanning/SmartView`, kind: "plan" },
  pbcs: { address: `${local}/HyperionPlanning/SmartView`, kind: "plan" },
};
const C = CONNECTORS[connector];
if (!C) throw new Error(`connector: one of ${Object.keys(CONNECTORS).join(", ")}`);

let count = 0;
let kinds = {};
/** [start, end] of each request of the call timed. */
let timed = [];
/**
 * The round trips the call waited for, one after the other: the longest chain of requests each sent after the
 * one before it was answered (what a server further away multiplies; less sensitive to a busy machine than ms).
 */
function roundTrips(spans) {
  const s = [...spans].sort((a, b) => a[0] - b[0]);
  const depth = s.map(() => 1);
  for (let i = 0; i < s.length; i++)
    for (let j = 0; j < i; j++) if (s[j][1] <= s[i][0]) depth[i] = Math.max(depth[i], depth[j] + 1);
  return Math.max(0, ...depth);
}
/** A request's kind: its method, path without names or ids, and the XMLA or Smart View message it carries. */
function kindOf(method, url, body) {
  const path = (url ?? "").split("?")[0].replace(/\/applications\/[^/]+/, "/applications/A");
  const short = path
    .replace(/\/(outline|dimensions|members|plantypes|forms|jobs)\/[^/]+(\/[^/]+)*$/, "/$1/…")
    .replace(/\/qibates\/api\/v2/, "");
  const text = body.toString("utf8");
  const msg =
    /<RequestType>(\w+)<\/RequestType>/.exec(text)?.[1] ??
    /<req_(\w+)/.exec(text)?.[1] ??
    (/<Statement>/.test(text) ? "Execute" : "");
  const q = /[?&]parent=/.test(url ?? "") ? " ?parent" : "";
  return `${method} ${short}${q}${msg ? ` ${msg}` : ""}`;
}
const proxy = await countingProxy({
  upstreamPort: port,
  port: proxyPort,
  delay,
  seen: (req, body, res) => {
    count++;
    const k = kindOf(req.method, req.url, body);
    kinds[k] = (kinds[k] ?? 0) + 1;
    const t0 = performance.now();
    const spans = timed;
    res.on("finish", () => spans.push([t0, performance.now()]));
    if (process.env.TRACE)
      res.on("finish", () =>
        process.stderr.write(
          `${t0.toFixed(0)} ${performance.now().toFixed(0)} ${proxy.stats.inFlight} ${k} ${req.url}\n`,
        ),
      );
  },
});

const health = await (await fetch(`${BASE}/health`)).json();
const headers = { qibateskey: health.demo.apiKey, connector, "content-type": "application/json" };
const digests = {};
const call = apiCall(BASE, headers);
const w = { server: "" };
const form = { folder: "/Forms/Revenue", formName: "Revenue Plan", pov: { Entity: "410" } };
const CALLS =
  C.kind === "cube"
    ? { dimensions: ["nav/dimensions", { application: "Sample", cube: "Basic" }] }
    : {
        openform: ["nav/openform", { application: "Vision", ...form }],
        enummembers: [
          "nav/enummembers",
          { application: "Vision", cube: "Plan1", dim: "Entity", filter: "Hierarchy" },
        ],
      };
const out = {};
const firstKinds = {};
async function session(names, prefix) {
  const l = await call(connector === "pbcs" ? "action/loginpbcs" : "action/login", {
    username: "demo",
    password: "demo",
    providerAddress: C.address,
  });
  const loginid = l.json.loginid;
  if (!w.server) w.server = (await call("nav/servers", { loginid })).json.servers[0].name;
  for (const n of names) {
    const [op, body] = CALLS[n];
    count = 0;
    proxy.stats.maxInFlight = 0;
    kinds = {};
    timed = [];
    const r = await call(op, { loginid, server: w.server, ...body });
    const key = `${prefix}${n}`;
    out[key] ??= { ms: [], requests: [], maxInFlight: [], roundTrips: [] };
    out[key].roundTrips.push(roundTrips(timed));
    out[key].ms.push(r.ms);
    out[key].requests.push(count);
    out[key].maxInFlight.push(proxy.stats.maxInFlight);
    firstKinds[key] ??= { ...kinds };
    digests[n] ??=
      `${r.text.length}:${hash(r.text.replace(/"(dataVersion|durationMs|loginid|expiresAt)":("[^"]*"|\d+)/g, ""))}`;
  }
  await call("action/logout", { loginid });
}
for (let i = 0; i < rounds; i++) {
  if (C.kind === "cube") await session(["dimensions"], "first:");
  else {
    await session(["openform", "enummembers"], "first:");
    await session(["enummembers"], "alone:");
  }
}
proxy.close();
console.log(
  JSON.stringify({
    connector,
    delay,
    rounds,
    loadavg: loadAverage(),
    calls: Object.fromEntries(
      Object.entries(out).map(([k, v]) => [
        k,
        {
          ms: +median(v.ms).toFixed(1),
          requests: median(v.requests),
          maxInFlight: Math.max(...v.maxInFlight),
          roundTrips: median(v.roundTrips),
        },
      ]),
    ),
    requests: firstKinds,
    digests,
  }),
);
