// What a session's first
// calls through the essbase connector cost, against a running server started with QIBATES_WIRE_ENDPOINTS=all,
// ALLOWED_HOSTS=127.0.0.1 and a high RATE_LIMIT_PER_MINUTE, the connector pointed at that server's own Smart View
// endpoint through a proxy started here, which counts the Smart View requests (and how many were in flight at
// once) and holds each one DELAY ms before passing it on (a server further away, as bench/delay-proxy.mjs).
// Per round, three new sessions on Sample.Basic: nav/dimensions, then nav/dimtree (Product) and a refresh;
// nav/dimtree first; the refresh first. One JSON line on stdout: median ms and requests per call, the most in
// flight, the Smart View messages of the first nav/dimensions, and the answers' digests (compare two builds).
//   node bench/essbase-first-nav.mjs <server port> <proxy port> <DELAY ms> [rounds] [--ports FROM-TO]
// A proxy port 0 takes a free port (of --ports when given); a proxy port outside --ports is refused.
import "../scripts/command-line.mjs";
import { apiCall, countingProxy, hash, loadAverage, median } from "./counting-proxy.mjs";
import { givenPort, withoutPorts } from "./ports.mjs";

const plain = withoutPorts(process.argv.slice(2));
const [port, given, delay] = plain.slice(0, 3).map(Number);
const proxyPort = await givenPort(given, "the proxy port");
const rounds = Number(plain[3] ?? 5);
const BASE = `http://127.0.0.1:${port}/qibates/api/v2`;

let count = 0;
let messages = {};
const proxy = await countingProxy({
  upstreamPort: port,
  port: proxyPort,
  delay,
  seen: (req, body) => {
    if (!req.url?.includes("/aps/SmartView")) return;
    count++;
    const m = /<req_(\w+)/.exec(body.toString("utf8"))?.[1] ?? "?";
    messages[m] = (messages[m] ?? 0) + 1;
  },
});

const health = await (await fetch(`${BASE}/health`)).json();
const headers = { qibateskey: health.demo.apiKey, connector: "essbase", "content-type": "application/json" };
const digests = {};
const call = apiCall(BASE, headers);
const w = { server: "", application: "Sample", cube: "Basic" };
const grid = [
  ["", "Sales", "Cola", "Actual"],
  ["", "Jan", "Feb", "Mar"],
  ["East", "", "", ""],
];
const CALLS = {
  dimensions: ["nav/dimensions", {}],
  dimtree: ["nav/dimtree", { action: { dimension: "Product" } }],
  refresh: ["action/refresh", { grid }],
};
const out = {};
let firstMessages = null;
async function session(names, prefix) {
  const l = await call("action/login", {
    username: "demo",
    password: "demo",
    providerAddress: `http://127.0.0.1:${proxyPort}/aps/JAPI`,
  });
  const loginid = l.json.loginid;
  if (!w.server) w.server = (await call("nav/servers", { loginid })).json.servers[0].name;
  for (const n of names) {
    const [op, body] = CALLS[n];
    count = 0;
    proxy.stats.maxInFlight = 0;
    messages = {};
    const r = await call(op, { loginid, ...w, ...body });
    const key = `${prefix}${n}`;
    out[key] ??= { ms: [], requests: [], maxInFlight: [] };
    out[key].ms.push(r.ms);
    out[key].requests.push(count);
    out[key].maxInFlight.push(proxy.stats.maxInFlight);
    if (key === "first:dimensions") firstMessages ??= messages;
    digests[n] ??=
      `${r.text.length}:${hash(r.text.replace(/"(dataVersion|durationMs|loginid|expiresAt)":("[^"]*"|\d+)/g, ""))}`;
  }
  await call("action/logout", { loginid });
}
for (let i = 0; i < rounds; i++) {
  await session(["dimensions", "dimtree", "refresh"], "first:");
  await session(["dimtree"], "alone:");
  await session(["refresh"], "alone:");
}
proxy.close();
console.log(
  JSON.stringify({
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
        },
      ]),
    ),
    firstDimensions: firstMessages,
    digests,
  }),
);
