// Issue 56 (bench/BENCHMARKS.md, "Issue 56: the essbase connector's first navigation"): what a session's first
// calls through the essbase connector cost, against a running server started with QIBATES_WIRE_ENDPOINTS=all,
// ALLOWED_HOSTS=127.0.0.1 and a high RATE_LIMIT_PER_MINUTE, the connector pointed at that server's own Smart View
// endpoint through a proxy started here, which counts the Smart View requests (and how many were in flight at
// once) and holds each one DELAY ms before passing it on (a server further away, as bench/delay-proxy.mjs).
// Per round, three new sessions on Sample.Basic: nav/dimensions, then nav/dimtree (Product) and a refresh;
// nav/dimtree first; the refresh first. One JSON line on stdout: median ms and requests per call, the most in
// flight, the Smart View messages of the first nav/dimensions, and the answers' digests (compare two builds).
//   node bench/essbase-first-nav.mjs <server port> <proxy port> <DELAY ms> [rounds]
import http from "node:http";

const [port, proxyPort, delay] = process.argv.slice(2, 5).map(Number);
const rounds = Number(process.argv[5] ?? 5);
const BASE = `http://127.0.0.1:${port}/qibates/api/v2`;

let count = 0;
let inFlight = 0;
let maxInFlight = 0;
let messages = {};
const proxy = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks);
    if (req.url?.includes("/aps/SmartView")) {
      count++;
      const m = /<req_(\w+)/.exec(body.toString("utf8"))?.[1] ?? "?";
      messages[m] = (messages[m] ?? 0) + 1;
    }
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      const up = http.request(
        { host: "127.0.0.1", port, method: req.method, path: req.url, headers: req.headers },
        (ur) => {
          res.writeHead(ur.statusCode ?? 502, ur.headers);
          ur.pipe(res);
          ur.on("end", () => inFlight--);
        },
      );
      up.on("error", () => {
        inFlight--;
        res.destroy();
      });
      up.end(body);
    }, delay);
  });
});
await new Promise((r) => proxy.listen(proxyPort, "127.0.0.1", r));

const health = await (await fetch(`${BASE}/health`)).json();
const headers = { qibateskey: health.demo.apiKey, connector: "essbase", "content-type": "application/json" };
const digests = {};
async function call(op, body) {
  const t = performance.now();
  const res = await fetch(`${BASE}/${op}`, { method: "POST", headers, body: JSON.stringify(body) });
  const text = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${op} ${res.status} ${text.slice(0, 400)}`);
  return { ms, json: JSON.parse(text), text };
}
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
    maxInFlight = 0;
    messages = {};
    const r = await call(op, { loginid, ...w, ...body });
    const key = `${prefix}${n}`;
    out[key] ??= { ms: [], requests: [], maxInFlight: [] };
    out[key].ms.push(r.ms);
    out[key].requests.push(count);
    out[key].maxInFlight.push(maxInFlight);
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
const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const { readFileSync } = await import("node:fs");
console.log(
  JSON.stringify({
    delay,
    rounds,
    loadavg: readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "),
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
function hash(s) {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return (h >>> 0).toString(16);
}
