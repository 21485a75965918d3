// Servers whose outline lies, measured as the whole server lives through them: a lying proxy stands in front of
// the server's own Essbase REST and XMLA endpoints and, in the children of East (Sample.Basic's Market), answers
//   own-child           East among its own children
//   parent-under-child  Market (East's parent) among East's children
//   endless             children without end: every page says more follow (Essbase REST), every child has
//                       children of its own (XMLA), each answer 500 new members
//   big-attribute       (XMLA) one row of East's children carries a 15 MB attribute
// For each lie, through essbase-stndln (Essbase REST) and ssas (XMLA), --sessions sessions at once ask the
// dimension tree of Market, then a zoom to all levels on Market. Meanwhile /health is asked every 10 ms and a
// session on the demo path refreshes a grid again and again. Printed per case: each call's answer (status and
// code) and time against the call's deadline, /health's longest wait and its ratio to the baseline of the same
// run (the same calls through an honest proxy), the demo session's refreshes (answered / failed, longest), and the
// server's resident memory after the case against the start. Results: bench/BENCHMARKS.md ("Servers whose
// outline lies"); --write appends the run to bench/results/lying-servers.jsonl.

import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { commandLine } from "../scripts/command-line.mjs";
import { endToEndHeaders } from "../scripts/end-to-end-headers.mjs";
import { API, bundleOf, freePort, portRange, ROOT, startServer } from "./scale-harness.mjs";

const USAGE = `
node bench/lying-servers.mjs [options]
  Dimension tree and zoom through essbase-stndln and ssas over a proxy whose outline lies (a member among its
  own children, a parent under its child, children without end, a 15 MB XML attribute), several sessions at
  once, while /health is polled and a demo session refreshes: answers, deadlines, /health, memory.
  --sessions N      sessions asking at once, per case             [4]
  --deadline S      the server's CONNECTION_TIMEOUT_SECONDS      [60]
  --commit REF      the commit whose server is measured           [HEAD]
  --ports FROM-TO   the ports the server and proxy may listen on  [any free port]
  --connectors LIST essbase-stndln,ssas                           [both]
  --lies LIST       own-child,parent-under-child,endless,big-attribute [all]
  --server-log FILE write the server's last log lines (level warn) to FILE at the end
  --write           append the run to bench/results/lying-servers.jsonl
  --help prints this text; nothing is built or started
`;
const o = commandLine(
  process.argv.slice(2),
  {
    sessions: "4",
    deadline: "60",
    commit: "HEAD",
    ports: "any",
    connectors: "essbase-stndln,ssas",
    lies: "own-child,parent-under-child,endless,big-attribute",
    "server-log": "",
    write: false,
  },
  USAGE,
);
const whole = (name, min) => {
  const n = Number(o[name]);
  if (!Number.isInteger(n) || n < min) {
    process.stderr.write(`--${name}: ${o[name]} is not a whole number of at least ${min}\n`);
    process.exit(2);
  }
  return n;
};
const SESSIONS = whole("sessions", 1);
const DEADLINE_S = whole("deadline", 5);
const PORTS = portRange(String(o.ports));
const listOption = (name, known) => {
  const items = String(o[name]).split(",");
  for (const x of items)
    if (!known.includes(x)) {
      process.stderr.write(`--${name}: ${x} is not one of ${known.join(", ")}\n`);
      process.exit(2);
    }
  return items;
};
const CONNECTORS = listOption("connectors", ["essbase-stndln", "ssas"]);
const WANTED_LIES = listOption("lies", ["own-child", "parent-under-child", "endless", "big-attribute"]);
const log = (s) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${s}\n`);

// ---- the lying proxy ------------------------------------------------------------------------------------------

/** What the proxy says now: "none" passes answers on unchanged. */
let lie = "none";
let invented = 0;
/** Essbase REST members seen in honest answers, by name (East's own item, Market's), to copy into lies. */
const seenItems = new Map();

function lieEssbase(url, json) {
  for (const item of json?.items ?? []) if (item?.name) seenItems.set(item.name, item);
  const parent = new URL(url, "http://x").searchParams.get("parent");
  if (parent === null || lie === "none" || lie === "big-attribute") return json;
  const east = seenItems.get("East");
  const market = seenItems.get("Market");
  const like = (from, name, parentName, children) => ({
    ...from,
    name,
    uniqueName: name,
    memberId: `lie${name}`,
    parentName,
    numberOfChildren: children,
    descendantsCount: children,
    levelNumber: children > 0 ? 1 : 0,
  });
  if (lie === "endless" && (parent === "East" || parent.startsWith("Invented "))) {
    const items = Array.from({ length: 500 }, () => like(east, `Invented ${++invented}`, parent, 1));
    return { ...json, items, count: items.length, hasMore: true, totalResults: invented + 1_000_000 };
  }
  if (parent !== "East") return json;
  if (lie === "own-child" && east) json.items.push(like(east, "East", "East", 5));
  if (lie === "parent-under-child" && market) json.items.push({ ...market, parentName: "East" });
  return json;
}

const XMLA_ROW = (unique, name, parent, children) =>
  `<row><CATALOG_NAME>Sample</CATALOG_NAME><CUBE_NAME>Basic</CUBE_NAME><DIMENSION_UNIQUE_NAME>[Market]</DIMENSION_UNIQUE_NAME><HIERARCHY_UNIQUE_NAME>[Market]</HIERARCHY_UNIQUE_NAME><LEVEL_UNIQUE_NAME>[Market].[State]</LEVEL_UNIQUE_NAME><LEVEL_NUMBER>2</LEVEL_NUMBER><MEMBER_ORDINAL>2</MEMBER_ORDINAL><MEMBER_NAME>${name}</MEMBER_NAME><MEMBER_UNIQUE_NAME>${unique}</MEMBER_UNIQUE_NAME><MEMBER_TYPE>1</MEMBER_TYPE><MEMBER_CAPTION>${name}</MEMBER_CAPTION><CHILDREN_CARDINALITY>${children}</CHILDREN_CARDINALITY><PARENT_LEVEL>1</PARENT_LEVEL><PARENT_UNIQUE_NAME>${parent}</PARENT_UNIQUE_NAME><PARENT_COUNT>1</PARENT_COUNT><MEMBER_KEY>${name}</MEMBER_KEY><IS_PLACEHOLDERMEMBER>false</IS_PLACEHOLDERMEMBER><IS_DATAMEMBER>false</IS_DATAMEMBER></row>`;

function lieXmla(request, text) {
  if (lie === "none" || !request.includes("MDSCHEMA_MEMBERS")) return text;
  const member = /<MEMBER_UNIQUE_NAME>([^<]*)<\/MEMBER_UNIQUE_NAME>/.exec(request)?.[1];
  const children = /<TREE_OP>1<\/TREE_OP>/.test(request);
  if (!children || member === undefined) return text;
  const endlessHere =
    lie === "endless" && (member === "[Market].[East]" || member.startsWith("[Market].[Invented "));
  if (member !== "[Market].[East]" && !endlessHere) return text;
  let rows = "";
  if (lie === "own-child") rows = XMLA_ROW("[Market].[East]", "East", "[Market].[East]", 5);
  if (lie === "parent-under-child") rows = XMLA_ROW("[Market]", "Market", "[Market].[East]", 4);
  if (endlessHere)
    for (let i = 0; i < 500; i++) {
      const name = `Invented ${++invented}`;
      rows += XMLA_ROW(`[Market].[${name}]`, name, member, 1);
    }
  if (lie === "big-attribute") {
    const at = text.indexOf("<row>");
    return at < 0
      ? text
      : `${text.slice(0, at)}<row note="${"x".repeat(15 * 1024 * 1024)}">${text.slice(at + 5)}`;
  }
  if (endlessHere) text = text.replace(/<row>[\s\S]*<\/row>/, "");
  const end = text.lastIndexOf("</root>");
  return end < 0 ? text : `${text.slice(0, end)}${rows}${text.slice(end)}`;
}

async function lyingProxy(upstreamPort, port) {
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const headers = {
        ...endToEndHeaders(req.headers),
        "accept-encoding": "identity",
        host: `127.0.0.1:${upstreamPort}`,
      };
      const up = http.request(
        { host: "127.0.0.1", port: upstreamPort, method: req.method, path: req.url, headers },
        (ur) => {
          const out = [];
          ur.on("data", (c) => out.push(c));
          ur.on("end", () => {
            let answer = Buffer.concat(out);
            const type = String(ur.headers["content-type"] ?? "");
            try {
              if (req.url?.includes("/essbase/rest/") && type.includes("json"))
                answer = Buffer.from(
                  JSON.stringify(lieEssbase(req.url, JSON.parse(answer.toString("utf8")))),
                );
              else if (req.url?.includes("msmdpump"))
                answer = Buffer.from(lieXmla(body.toString("utf8"), answer.toString("utf8")));
            } catch {
              // an answer that is not what the lie rewrites passes on unchanged
            }
            res.writeHead(ur.statusCode ?? 502, {
              ...endToEndHeaders(ur.headers),
              "content-length": String(answer.length),
            });
            res.end(answer);
          });
        },
      );
      up.on("error", () => res.destroy());
      up.end(body);
    });
  });
  await new Promise((r) => server.listen(port, "127.0.0.1", r));
  return server;
}

// ---- the measures ---------------------------------------------------------------------------------------------

/** Now, in ms since the epoch, comparable between threads. */
const now = () => performance.timeOrigin + performance.now();

/**
 * /health asked every 10 ms on a connection of its own, from a thread of its own (the lying proxy's work in this
 * one must not delay the asking): each wait, with when it ended.
 */
function healthPoller(port) {
  const worker = new Worker(
    `
    const http = require("node:http");
    const { parentPort, workerData } = require("node:worker_threads");
    const now = () => performance.timeOrigin + performance.now();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const waits = [];
    let on = true;
    const one = () => new Promise((resolve) => {
      const t = now();
      const req = http.get({ host: "127.0.0.1", port: workerData.port, path: "/qibates/api/v2/health", agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(now() - t));
      });
      req.on("error", () => resolve(now() - t));
    });
    parentPort.on("message", (m) => {
      if (m.stop) { on = false; return; }
      const within = waits.filter(([at]) => at >= m.from && at <= m.to).map(([, w]) => w);
      parentPort.postMessage({ id: m.id, longest: Math.max(0, ...within) });
    });
    (async () => {
      while (on) {
        const w = await one();
        waits.push([now(), w]);
        await new Promise((r) => setTimeout(r, 10));
      }
      agent.destroy();
      parentPort.close();
    })();
    `,
    { eval: true, workerData: { port } },
  );
  let asked = 0;
  const answers = new Map();
  worker.on("message", (m) => answers.get(m.id)?.(m.longest));
  return {
    /** The longest wait that ended within [from, to] (times from `now()`). */
    longest: (from, to) =>
      new Promise((resolve) => {
        const id = ++asked;
        answers.set(id, resolve);
        worker.postMessage({ id, from, to });
      }),
    stop: async () => {
      worker.postMessage({ stop: true });
      await new Promise((r) => worker.once("exit", r));
    },
  };
}

async function post(base, headers, op, body) {
  const t = performance.now();
  try {
    const r = await fetch(`${base}/${op}`, { method: "POST", headers, body: JSON.stringify(body) });
    const text = await r.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    return {
      status: r.status,
      code: json?.code ?? null,
      message: json?.message ?? null,
      json,
      ms: performance.now() - t,
    };
  } catch (e) {
    return {
      status: 0,
      code: String(e?.cause?.code ?? e),
      message: null,
      json: null,
      ms: performance.now() - t,
    };
  }
}

const CUBE = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
const READS = {
  tree: ["nav/dimtree", { action: { dimension: "Market" } }],
  zoom: [
    "action/zoomin",
    {
      grid: [
        ["", "Measures"],
        ["Market", "1"],
      ],
      cells: [{ row: 1, column: 0 }],
      settings: { zoomInMode: "ALL_LEVELS" },
    },
  ],
};
const ADDRESSES = {
  "essbase-stndln": (port) => `http://127.0.0.1:${port}/essbase/japi`,
  ssas: (port) => `http://127.0.0.1:${port}/aps/JAPI`,
};
const LIES = {
  "essbase-stndln": ["own-child", "parent-under-child", "endless"],
  ssas: ["own-child", "parent-under-child", "endless", "big-attribute"],
};

async function main() {
  log(`building the server of ${o.commit}`);
  const { sha, entry } = await bundleOf(String(o.commit));
  const dataDir = mkdtempSync(join(tmpdir(), "qibates-lying-"));
  const server = await startServer(entry, "", dataDir, {
    ports: PORTS,
    env: {
      QIBATES_SNAPSHOTS: "",
      LOG_LEVEL: o["server-log"] ? "warn" : "error",
      // The call's deadline must outlast a calculation's wait and one request's: both shortened to fit it.
      CONNECTION_TIMEOUT_SECONDS: String(DEADLINE_S),
      CALC_JOB_TIMEOUT_SECONDS: String(Math.floor(DEADLINE_S / 2)),
      PROVIDER_CONNECT_TIMEOUT_SECONDS: "2",
      PROVIDER_READ_TIMEOUT_SECONDS: String(Math.floor(DEADLINE_S / 4)),
    },
  });
  const proxyPort = await freePort(PORTS);
  const proxy = await lyingProxy(server.port, proxyPort);
  const base = API(server.port);
  const key = (await (await fetch(`${base}/health`)).json()).demo.apiKey;
  const headersOf = (connector) => ({ qibateskey: key, connector, "content-type": "application/json" });
  const poller = healthPoller(server.port);
  const rows = [];
  try {
    // The demo session that goes on beside the lies.
    const demoHeaders = headersOf("essbase");
    const demoLogin = await post(base, demoHeaders, "action/login", {
      username: "demo",
      password: "demo",
      providerAddress: "https://demo.qibates.local/aps/JAPI",
    });
    const demoId = demoLogin.json.loginid;
    const demoRefresh = () =>
      post(base, demoHeaders, "action/refresh", {
        loginid: demoId,
        ...CUBE,
        grid: [
          ["", "Measures"],
          ["Market", ""],
        ],
      });
    // Idle baseline.
    await new Promise((r) => setTimeout(r, 3000));
    const t0 = now();
    await new Promise((r) => setTimeout(r, 3000));
    const idleHealth = await poller.longest(t0, now());
    const rssStart = server.rss();
    log(`idle /health longest ${idleHealth.toFixed(1)} ms; rss ${(rssStart / 2 ** 20).toFixed(0)} MB`);

    const runCase = async (connector, lieName, read) => {
      lie = lieName;
      const headers = headersOf(connector);
      const logins = await Promise.all(
        Array.from({ length: SESSIONS }, () =>
          post(base, headers, "action/login", {
            username: "demo",
            password: "demo",
            providerAddress: ADDRESSES[connector](proxyPort),
          }),
        ),
      );
      const ids = logins.map((l) => l.json?.loginid).filter(Boolean);
      const demo = { ok: 0, failed: 0, longest: 0 };
      let going = true;
      const demoLoop = (async () => {
        while (going) {
          const r = await demoRefresh();
          if (r.status === 200) demo.ok++;
          else demo.failed++;
          demo.longest = Math.max(demo.longest, r.ms);
        }
      })();
      const from = now();
      const [op, body] = READS[read];
      const answers = await Promise.all(
        ids.map((loginid) => post(base, headers, op, { loginid, ...CUBE, ...body })),
      );
      const to = now();
      going = false;
      await demoLoop;
      await Promise.all(ids.map((loginid) => post(base, headers, "action/logout", { loginid })));
      await new Promise((r) => setTimeout(r, 2000));
      const codes = [...new Set(answers.map((a) => `${a.status} ${a.code ?? ""}`.trim()))];
      const row = {
        connector,
        lie: lieName,
        read,
        sessions: ids.length,
        answers: codes.join(", "),
        messages: [
          ...new Set(answers.map((a) => `${a.code ?? a.status}: ${String(a.message ?? "").slice(0, 200)}`)),
        ],
        slowestMs: Math.round(Math.max(...answers.map((a) => a.ms))),
        deadlineMs: DEADLINE_S * 1000,
        healthMs: Number((await poller.longest(from, to)).toFixed(1)),
        demo: { ...demo, longest: Math.round(demo.longest) },
        rssMB: Math.round(server.rss() / 2 ** 20),
        rssDeltaMB: Math.round((server.rss() - rssStart) / 2 ** 20),
        up: server.exited() === null,
      };
      if (lieName !== "none") for (const m of row.messages) log(`  ${m}`);
      log(
        `${connector} ${lieName} ${read}: ${row.answers} in ≤${row.slowestMs} ms; /health ${row.healthMs} ms; demo ${demo.ok}/${demo.failed}; rss ${row.rssMB} MB`,
      );
      return row;
    };

    for (const connector of CONNECTORS) {
      for (const read of Object.keys(READS)) {
        const honest = await runCase(connector, "none", read);
        rows.push(honest);
        for (const lieName of LIES[connector].filter((l) => WANTED_LIES.includes(l))) {
          if (server.exited() !== null) break;
          const r = await runCase(connector, lieName, read);
          r.healthRatio = Number((r.healthMs / Math.max(honest.healthMs, 1)).toFixed(1));
          rows.push(r);
        }
      }
    }
    const rssEnd = server.rss();
    const result = {
      at: new Date().toISOString(),
      commit: sha.slice(0, 8),
      load: loadavg()
        .map((l) => l.toFixed(1))
        .join(" "),
      sessions: SESSIONS,
      deadlineS: DEADLINE_S,
      idleHealthMs: Number(idleHealth.toFixed(1)),
      rssStartMB: Math.round(rssStart / 2 ** 20),
      rssEndMB: Math.round(rssEnd / 2 ** 20),
      rows,
    };
    table(result);
    if (o.write)
      appendFileSync(join(ROOT, "bench", "results", "lying-servers.jsonl"), `${JSON.stringify(result)}\n`);
  } finally {
    if (o["server-log"]) writeFileSync(String(o["server-log"]), server.output());
    await poller.stop();
    proxy.close();
    server.child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function table(r) {
  const out = [
    `Commit ${r.commit}, load ${r.load}, ${r.sessions} sessions at once, call deadline ${r.deadlineS} s; idle /health longest ${r.idleHealthMs} ms; resident memory ${r.rssStartMB} MB at the start, ${r.rssEndMB} MB at the end (${r.rssEndMB - r.rssStartMB >= 0 ? "+" : ""}${r.rssEndMB - r.rssStartMB} MB).`,
    "",
    "| Connector | Lie | Read | Answers | Slowest | /health longest (× honest) | Demo refreshes ok / failed, longest | Memory after (vs start) | Up |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const x of r.rows)
    out.push(
      `| ${x.connector} | ${x.lie} | ${x.read} | ${x.answers} | ${x.slowestMs} ms | ${x.healthMs} ms${x.healthRatio === undefined ? "" : ` (${x.healthRatio}×)`} | ${x.demo.ok} / ${x.demo.failed}, ${x.demo.longest} ms | ${x.rssMB} MB (${x.rssDeltaMB >= 0 ? "+" : ""}${x.rssDeltaMB}) | ${x.up ? "yes" : "**no**"} |`,
    );
  process.stdout.write(`${out.join("\n")}\n`);
}

await main();
