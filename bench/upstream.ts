/**
 * What a hostile server on an allowed host costs QiBates ("#30 upstream" in BENCHMARKS.md).
 *
 * Part 1, the readers alone (this process): documents at the default answer cap (16 MiB) read by the bounded
 * XML reader in slices (`readXml`, as the connectors do) and, for comparison, by fast-xml-parser in one piece
 * (as they did before); JSON answers by `JSON.parse`. For each: wall time, CPU time, and the longest stretch
 * of CPU between two turns of the event loop (what another request waits for on a quiet machine; wall gaps
 * on a shared machine add other processes' time).
 *
 * Part 2, over the API: the server as `npm start` runs it (the bundle, plain node, demo mode, loopback
 * allowed, the default cap, read timeout 1 s) and hostile servers in a process of their own
 * (`packages/server/test/support/hostile-upstream.mjs`, shared with the test
 * `upstream-hostile`): a login through each remote connector to a 60 MB answer, 7 MB of XML attributes
 * or JSON, an HTML error page with a marker (HTTP 500), a reset connection, no answer, a closed port, while
 * `/health` is polled every 10 ms. For each: status, code, time, the longest `/health` wait; whether the
 * marker reached the answer or the log; whether the no-usable-answer cases answer alike.
 *
 * Run: `npx tsx bench/upstream.ts [--repeat 3] [--skip-api]`
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { readXml, treeBuilder } from "@qibates/protocols/xml";
import { readRows, readSoap, rowsOf } from "@qibates/protocols/xmla";
import { XMLParser } from "fast-xml-parser";
import { readJson } from "../packages/connectors/src/net/json.ts";
import { buildServerIfNeeded } from "../scripts/server-build.mjs";
import { args, numberOption } from "./args.ts";
import { startBundledServer } from "./bundled-server.ts";
import { benchPorts, freePort } from "./ports.mjs";

const REPEAT = numberOption("repeat", 3);
const MB = 1024 * 1024;
const CAP = 16 * MB;

/**
 * CPU time of this process's main thread (Linux: `/proc/self/task/<pid>/stat`, 10 ms ticks), so that V8's
 * background threads (concurrent marking, compilation) are not counted as time the event loop was held;
 * elsewhere the whole process's CPU time.
 */
const cpuMs = (() => {
  const stat = `/proc/self/task/${process.pid}/stat`;
  if (!existsSync(stat))
    return () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
  return () => {
    const fields = readFileSync(stat, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
})();

/** Runs `work`, a ticker on `setImmediate` meanwhile: wall, CPU, longest CPU and wall stretch between turns. */
async function measure(
  work: () => unknown,
): Promise<{ wall: number; cpu: number; cpuGap: number; wallGap: number }> {
  let on = true;
  let lastCpu = cpuMs();
  let lastWall = performance.now();
  let cpuGap = 0;
  let wallGap = 0;
  const tick = () => {
    const c = cpuMs();
    const w = performance.now();
    cpuGap = Math.max(cpuGap, c - lastCpu);
    wallGap = Math.max(wallGap, w - lastWall);
    lastCpu = c;
    lastWall = w;
    if (on) setImmediate(tick);
  };
  setImmediate(tick);
  const c0 = cpuMs();
  const w0 = performance.now();
  try {
    await work();
  } catch (e) {
    // A refusal (a limit) is an outcome like another.
    void e;
  }
  const wall = performance.now() - w0;
  const cpu = cpuMs() - c0;
  on = false;
  tick();
  return { wall, cpu, cpuGap, wallGap };
}

function doc(bytes: number, head: string, piece: string, tail: string): string {
  return head + piece.repeat(Math.floor((bytes - head.length - tail.length) / piece.length)) + tail;
}

const attrs = Array.from({ length: 40 }, (_, i) => `a${i}="${i}"`).join(" ");
const SOAP_HEAD =
  '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><DiscoverResponse xmlns="urn:schemas-microsoft-com:xml-analysis"><return><root>';
const SOAP_TAIL = "</root></return></DiscoverResponse></soap:Body></soap:Envelope>";
const DOCS: { name: string; text: string; soap: boolean }[] = [
  {
    name: "Smart View, elements of 40 attributes",
    text: doc(CAP, "<res_ConnectToProvider>", `<d ${attrs}/>`, "</res_ConnectToProvider>"),
    soap: false,
  },
  {
    name: "Smart View, small elements",
    text: doc(CAP, "<res_X>", "<a>x</a>", "</res_X>"),
    soap: false,
  },
  {
    name: "XMLA rowset (member rows of 6 columns)",
    text: doc(
      CAP,
      SOAP_HEAD,
      "<row><CATALOG_NAME>Sample</CATALOG_NAME><CUBE_NAME>Basic</CUBE_NAME><MEMBER_NAME>Member 1234</MEMBER_NAME><MEMBER_UNIQUE_NAME>[Product].[Member 1234]</MEMBER_UNIQUE_NAME><LEVEL_NUMBER>2</LEVEL_NUMBER><PARENT_UNIQUE_NAME>[Product].[100]</PARENT_UNIQUE_NAME></row>",
      SOAP_TAIL,
    ),
    soap: true,
  },
  {
    name: "XMLA data set cells",
    text: doc(
      CAP,
      `${SOAP_HEAD}<CellData>`,
      '<Cell CellOrdinal="123456"><Value xsi:type="xsd:double">1234.5</Value></Cell>',
      `</CellData>${SOAP_TAIL}`,
    ),
    soap: true,
  },
];

const fxp = new XMLParser({ ignoreAttributes: false, preserveOrder: true, parseTagValue: false });
const round = (n: number) => Math.round(n);

async function readers(): Promise<string[]> {
  const lines = [
    "| Document (16 MiB) | Reader | Outcome | Wall | CPU | Longest main-thread CPU stretch between turns (10 ms ticks) | Longest wall gap |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const d of DOCS) {
    let outcome = "";
    const sliced = await measure(async () => {
      try {
        const r = d.soap ? await readSoap(d.text) : await readXml(d.text, treeBuilder);
        outcome = r ? "read" : "not XML";
      } catch (e) {
        outcome = `refused: ${(e as Error).message}`;
      }
    });
    lines.push(
      `| ${d.name} | bounded reader, slices | ${outcome} | ${round(sliced.wall)} ms | ${round(sliced.cpu)} ms | **${round(sliced.cpuGap)} ms** | ${round(sliced.wallGap)} ms |`,
    );
    if (d !== DOCS[0]) continue;
    const whole = await measure(() => fxp.parse(d.text));
    lines.push(
      `| ${d.name} | fast-xml-parser, one piece (before) | read | ${round(whole.wall)} ms | ${round(whole.cpu)} ms | ${round(whole.cpuGap)} ms | ${round(whole.wallGap)} ms |`,
    );
    if (global.gc) global.gc();
  }
  // The ssas login's 7 MB rowset of `heavy` (hostile-upstream.mjs): read, then its rows mapped, in slices
  // (now) and with the mapping in one piece (before), in the same run.
  const rowset = doc(7 * MB, SOAP_HEAD, `<row ${attrs}/>`, SOAP_TAIL);
  for (const [reader, rows] of [
    ["readSoap, then readRows in slices", (root: Parameters<typeof rowsOf>[0]) => readRows(root)],
    ["readSoap, then rowsOf in one piece (before)", (root: Parameters<typeof rowsOf>[0]) => rowsOf(root)],
  ] as const) {
    let outcome = "";
    const m = await measure(async () => {
      const root = (await readSoap(rowset))?.root;
      outcome = root ? `${(await rows(root)).length} rows` : "not read";
    });
    lines.push(
      `| XMLA rowset, 7 MiB of rows of 40 attributes (the ssas login of \`heavy\`) | ${reader} | ${outcome} | ${round(m.wall)} ms | ${round(m.cpu)} ms | **${round(m.cpuGap)} ms** | ${round(m.wallGap)} ms |`,
    );
    if (global.gc) global.gc();
  }
  for (const size of [4 * MB, 8 * MB, CAP]) {
    const json = doc(size, '{"items":[', '{"name":"x","v":1},', "{}]}");
    const m = await measure(() => JSON.parse(json));
    lines.push(
      `| JSON, ${size / MB} MiB of small objects | JSON.parse, one piece (how REST answers were read before the sliced reader) | read | ${round(m.wall)} ms | ${round(m.cpu)} ms | ${round(m.cpuGap)} ms | ${round(m.wallGap)} ms |`,
    );
    const r = await measure(() => readJson(json));
    lines.push(
      `| JSON, ${size / MB} MiB of small objects | sliced reader (Essbase REST and Planning REST) | read | ${round(r.wall)} ms | ${round(r.cpu)} ms | **${round(r.cpuGap)} ms** | ${round(r.wallGap)} ms |`,
    );
  }
  return lines;
}

const CONNECTORS = [
  { connector: "essbase-stndln", path: "/essbase/japi" },
  { connector: "essbase", path: "/aps/JAPI" },
  { connector: "ssas", path: "/aps/JAPI" },
  { connector: "planning", path: "/HyperionPlanning/SmartView" },
  { connector: "pbcs", path: "/HyperionPlanning/SmartView" },
] as const;
const MODES = ["huge", "heavy", "marker", "reset", "silent", "refused"] as const;
const MARKER = `QB30-bench-marker-${process.pid}`;

async function overApi(): Promise<string[]> {
  await buildServerIfNeeded();
  // One port of --ports per mode, in the order of MODES, which is the hostile servers' own order.
  const given: number[] = [];
  if (benchPorts()) for (const _ of MODES) given.push(await freePort());
  const hostile = spawn(
    process.execPath,
    [
      fileURLToPath(new URL("../packages/server/test/support/hostile-upstream.mjs", import.meta.url)),
      MARKER,
      given.join(","),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const ports = JSON.parse(
    await new Promise<string>((r) => hostile.stdout.once("data", (c: Buffer) => r(c.toString()))),
  ) as Record<string, number>;
  const server = await startBundledServer({
    ALLOWED_HOSTS: "127.0.0.1",
    PROVIDER_CONNECT_TIMEOUT_SECONDS: "1",
    PROVIDER_READ_TIMEOUT_SECONDS: "1",
    LOG_LEVEL: "warn",
  });
  const key = (
    (await fetch(`${server.base}/qibates/api/v2/health`).then((r) => r.json())) as {
      demo: { apiKey: string };
    }
  ).demo.apiKey;
  const lines = [
    "| Connector | Upstream answer | Status, code | Answer (max of runs) | Longest `/health` (max of runs) |",
    "| --- | --- | --- | --- | --- |",
  ];
  const notes: string[] = [];
  for (const { connector, path } of CONNECTORS) {
    const messages = new Map<string, string>();
    for (const mode of MODES) {
      let ms = 0;
      let health = 0;
      let outcome = "";
      for (let run = 0; run < REPEAT; run++) {
        let done = false;
        let worst = 0;
        const poll = (async () => {
          while (!done) {
            const t = performance.now();
            await fetch(`${server.base}/qibates/api/v2/health`).then((r) => r.arrayBuffer());
            worst = Math.max(worst, performance.now() - t);
            await new Promise((r) => setTimeout(r, 10));
          }
        })();
        const t0 = performance.now();
        const res = await fetch(
          `${server.base}/qibates/api/v2/action/${connector === "pbcs" ? "loginpbcs" : "login"}`,
          {
            method: "POST",
            headers: { "content-type": "application/json", qibateskey: key, connector },
            body: JSON.stringify({
              username: "demo",
              password: "demo",
              providerAddress: `http://127.0.0.1:${ports[mode]}${path}`,
            }),
          },
        );
        const text = await res.text();
        ms = Math.max(ms, performance.now() - t0);
        done = true;
        await poll;
        health = Math.max(health, worst);
        const json = JSON.parse(text) as { code?: string; message?: string };
        outcome = `${res.status} ${json.code ?? "(logged in)"}`;
        messages.set(
          mode,
          `${res.status} ${json.code} ${String(json.message).replace(/127\.0\.0\.1:\d+/g, "HOST")}`,
        );
        if (text.includes(MARKER)) notes.push(`${connector}: the marker reached the answer`);
      }
      lines.push(`| ${connector} | ${mode} | ${outcome} | ${round(ms)} ms | ${round(health)} ms |`);
    }
    const alike = ["marker", "reset", "silent"].every((m) => messages.get(m) === messages.get("refused"));
    notes.push(
      `${connector}: HTTP 500 page, reset, no answer and closed port answered alike: ${alike ? "yes" : "NO"}`,
    );
  }
  notes.push(`marker in the server's log: ${server.output().includes(MARKER) ? "yes" : "no"}`);
  server.child.kill("SIGTERM");
  await server.exited;
  hostile.kill();
  return [...lines, "", ...notes.map((n) => `- ${n}`)];
}

const header = `Run ${new Date().toISOString()}; ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}; load average at the start ${loadavg()
  .map((l) => l.toFixed(1))
  .join(" / ")}`;
console.log(header);
console.log((await readers()).join("\n"));
if (args.includes("--json-only")) process.exit(0);
if (!args.includes("--skip-api")) console.log(`\n${(await overApi()).join("\n")}`);
console.log(
  `load average at the end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ")}`,
);
