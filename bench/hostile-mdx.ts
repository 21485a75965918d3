/**
 * The hardening pass's MDX inputs, the XML bodies at the wire endpoints' limits and grid reads of
 * 9,352 rows (Zoom In ALL_LEVELS, Refresh, Keep Only), each sent alone to the server as `npm start` runs it (the bundle,
 * plain node, demo mode, the XMLA endpoint served), through `action/mdx` with the public demo key and through
 * XMLA `Execute` with the demo user, while `/health` is polled every 10 ms on its own connection.
 *
 * For each input and path: the answer's status and error code, how long it took, the longest `/health` wait
 * while it ran, and whether the process was still up after it. Targets: every input answers within 1 s
 * without a 5xx (a SOAP Fault on XMLA is the protocol's own error answer), and `/health` never waits more
 * than 150 ms.
 *
 * Run: `npx tsx bench/hostile-mdx.ts [--repeat 3] [--write]` (about a minute)
 */
import "../scripts/command-line.mjs";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { esc } from "@qibates/protocols/xml";
import { HOSTILE_MDX } from "../packages/server/test/fuzz/hostile-mdx.ts";
import { type RawAnswer, rawRequest } from "../packages/server/test/support/raw-http.ts";
import { buildServerIfNeeded } from "../scripts/server-build.mjs";
import { args, numberOption } from "./args.ts";
import { startBundledServer } from "./bundled-server.ts";
import { HealthPoll } from "./health-poll.ts";
import { machineNote, referenceWork } from "./machine.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const REPEAT = numberOption("repeat", 3);
const WRITE = args.includes("--write");
const CUBE = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

/** What each input did to the server before the bounds it now meets. */
const INPUTS = HOSTILE_MDX;

type Answer = RawAnswer;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

const call = (url: string, headers: Record<string, string>, body: string | null, useAgent = agent) =>
  rawRequest(url, headers, body, useAgent, 120_000);

const executeBody = (q: string) =>
  '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
  '<Execute xmlns="urn:schemas-microsoft-com:xml-analysis"><Command><Statement>' +
  esc(q) +
  "</Statement></Command><Properties><PropertyList><Catalog>Sample</Catalog>" +
  "<Format>Multidimensional</Format></PropertyList></Properties></Execute></soap:Body></soap:Envelope>";

/** What an answer says: the status and the registry code, or the SOAP fault's text. */
function outcome(path: string, a: Answer): string {
  if (path === "xmla") {
    const fault = /<faultstring>([\s\S]*?)<\/faultstring>/.exec(a.body)?.[1];
    return fault ? `${a.status} fault: ${fault.slice(0, 60)}` : `${a.status} answer`;
  }
  try {
    const j = JSON.parse(a.body) as { code?: string };
    return j.code ? `${a.status} ${j.code}` : `${a.status}`;
  } catch {
    return `${a.status} (not JSON)`;
  }
}

/** The XML bodies at the wire endpoints' limits (2 MiB; 50,000 elements or attributes), inside an XMLA Discover. */
const MAX_XML = 2 * 1024 * 1024;
const DISCOVER_HEAD =
  '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
  '<Discover xmlns="urn:schemas-microsoft-com:xml-analysis"><RequestType>DISCOVER_DATASOURCES</RequestType>' +
  "<Restrictions><RestrictionList>";
const DISCOVER_TAIL =
  "</RestrictionList></Restrictions><Properties><PropertyList/></Properties></Discover></soap:Body></soap:Envelope>";
const ROOM = MAX_XML - DISCOVER_HEAD.length - DISCOVER_TAIL.length - 64;
const XML_SHAPES: Record<string, string> = {
  "49,900 attributes": `<X ${Array.from({ length: 49_900 }, (_, i) => `a${i}="${"v".repeat(Math.floor(ROOM / 49_900) - 10)}"`).join(" ")}/>`,
  "49,900 elements": "<X>1</X>".repeat(49_900),
  "2 MiB of entity references": `<X>${"&amp;".repeat(Math.floor(ROOM / 5) - 4)}</X>`,
};

/** One input: what it is, what it did before the bounds, the path it takes, and how to send it. */
interface Input {
  name: string;
  before: string;
  path: string;
  send: () => Promise<Answer>;
  /** Whether the answer met the protocol (no 5xx; XMLA: a SOAP Fault is its error answer). */
  ok: (a: Answer) => boolean;
  outcome: (a: Answer) => string;
}

async function main() {
  await buildServerIfNeeded();
  const data = mkdtempSync(join(tmpdir(), "qibates-hostile-mdx-"));
  // /health polled every 10 ms would meet the per-address rate limit (600 a minute) within the run.
  const server = await startBundledServer({
    DATA_DIR: data,
    QIBATES_WIRE_ENDPOINTS: "all",
    RATE_LIMIT_PER_MINUTE: "1000000",
  });
  const health = new HealthPoll(server.base);
  const rows: string[] = [];
  let failures = 0;
  const referenceBefore = referenceWork();
  let idle = 0;
  try {
    const first = await call(`${server.base}/qibates/api/v2/health`, {}, null);
    const key = (JSON.parse(first.body) as { demo: { apiKey: string } }).demo.apiKey;
    const api = { "content-type": "application/json", qibateskey: key, connector: "essbase" };
    const login = await call(
      `${server.base}/qibates/api/v2/action/login`,
      api,
      JSON.stringify({
        username: "demo",
        password: "demo",
        providerAddress: "https://demo.qibates.local/aps/JAPI",
      }),
    );
    const loginid = (JSON.parse(login.body) as { loginid: string }).loginid;
    const basic = `Basic ${Buffer.from("demo:demo").toString("base64")}`;
    const xmla = {
      "content-type": "text/xml",
      authorization: basic,
      soapaction: '"urn:schemas-microsoft-com:xml-analysis:Execute"',
    };
    const apiOk = (a: Answer) => a.status < 500;
    const xmlaOk = (a: Answer) => a.status < 500 || /<faultstring>/.test(a.body);
    const inputs: Input[] = [];
    for (const input of INPUTS) {
      inputs.push({
        ...input,
        path: "action/mdx",
        send: () =>
          call(
            `${server.base}/qibates/api/v2/action/mdx`,
            api,
            JSON.stringify({ loginid, ...CUBE, query: input.query }),
          ),
        ok: apiOk,
        outcome: (a) => outcome("action/mdx", a),
      });
      inputs.push({
        ...input,
        path: "xmla",
        send: () => call(`${server.base}/olap/msmdpump.dll`, xmla, executeBody(input.query)),
        ok: xmlaOk,
        outcome: (a) => outcome("xmla", a),
      });
    }

    // XML bodies at the limits: XMLA with credentials, Smart View within a session.
    const sv = await call(
      `${server.base}/aps/SmartView`,
      { "content-type": "text/xml" },
      "<req_ConnectToProvider><usr>demo</usr><pwd>demo</pwd></req_ConnectToProvider>",
    );
    const sid = /<sID>([^<]+)<\/sID>/.exec(sv.body)?.[1] ?? "";
    for (const [shape, inner] of Object.entries(XML_SHAPES)) {
      inputs.push({
        name: `XML body of ${shape}`,
        before: "parsed in one piece: 0.5–3.4 s",
        path: "xmla",
        send: () =>
          call(
            `${server.base}/olap/msmdpump.dll`,
            { "content-type": "text/xml", authorization: basic },
            DISCOVER_HEAD + inner + DISCOVER_TAIL,
          ),
        ok: xmlaOk,
        outcome: (a) => outcome("xmla", a),
      });
    }
    inputs.push({
      name: "XML body of 49,900 attributes",
      before: "parsed in one piece: 0.5–3.4 s",
      path: "smartview",
      send: () =>
        call(
          `${server.base}/aps/SmartView`,
          { "content-type": "text/xml" },
          `<req_ListServers><sID>${sid}</sID>${XML_SHAPES["49,900 attributes"]}</req_ListServers>`,
        ),
      ok: (a) => a.status < 500,
      outcome: (a) => `${a.status} ${/^<(\w+)/.exec(a.body)?.[1] ?? ""}`,
    });

    // Grid reads of 9,352 rows: Year × Product zoomed in ALL_LEVELS (376 rows), then Market on every row.
    const all = { zoomInMode: "ALL_LEVELS", includeSelection: true, ancestorPosition: "BOTTOM" };
    const grid = async (action: string, body: object) => {
      const a = await call(
        `${server.base}/qibates/api/v2/action/${action}`,
        api,
        JSON.stringify({ loginid, ...CUBE, ...body }),
      );
      if (a.status !== 200) throw new Error(`${action}: ${a.status} ${a.body.slice(0, 200)}`);
      return (JSON.parse(a.body) as { grid: string[][] }).grid;
    };
    const measures = ["Sales", "COGS", "Marketing", "Payroll", "Misc"];
    let sheet = [
      ["", "", "", ...["Actual", "Budget"].flatMap((s) => measures.map(() => s))],
      ["", "", "", ...["Actual", "Budget"].flatMap(() => measures)],
      ["Year", "Product", "Market", ...measures.flatMap(() => ["", ""])],
    ];
    const rowsOf = (g: string[][]) => g.map((_, r) => r).filter((r) => r >= 2);
    sheet = await grid("zoomin", { grid: sheet, cells: [{ row: 2, column: 0 }], settings: all });
    sheet = await grid("zoomin", {
      grid: sheet,
      cells: rowsOf(sheet).map((row) => ({ row, column: 1 })),
      settings: all,
    });
    const small = sheet;
    const large = await grid("zoomin", {
      grid: small,
      cells: rowsOf(small).map((row) => ({ row, column: 2 })),
      settings: all,
    });
    const gridInput = (name: string, action: string, body: object): Input => ({
      name,
      before: "loop held 190–400 ms",
      path: `action/${action}`,
      send: () =>
        call(
          `${server.base}/qibates/api/v2/action/${action}`,
          api,
          JSON.stringify({ loginid, ...CUBE, ...body }),
        ),
      ok: apiOk,
      outcome: (a) => {
        const o = outcome("api", a);
        return a.status === 200 ? `${o}, ${(JSON.parse(a.body) as { grid: unknown[] }).grid.length} rows` : o;
      },
    });
    inputs.push(
      gridInput(
        `Zoom In ALL_LEVELS on ${small.length - 2} rows (answers ${large.length} rows × 13)`,
        "zoomin",
        {
          grid: small,
          cells: rowsOf(small).map((row) => ({ row, column: 2 })),
          settings: all,
        },
      ),
      gridInput(`Refresh of ${large.length} rows × 13`, "refresh", { grid: large }),
      gridInput(`Keep Only one Market member of ${large.length} rows`, "keeponly", {
        grid: large,
        cells: [{ row: 5, column: 2 }],
      }),
      gridInput(`Keep Only one Year member of ${large.length} rows`, "keeponly", {
        grid: large,
        cells: [{ row: 2, column: 0 }],
      }),
    );

    // The baseline of this run: /health alone.
    idle = await health.idle(3_000);

    for (const input of inputs) {
      const times: number[] = [];
      const waits: number[] = [];
      let said = "";
      let up = true;
      for (let r = 0; r < REPEAT; r++) {
        const { result: a, ms, longestWait } = await health.during(() => input.send());
        times.push(ms);
        waits.push(longestWait);
        said = input.outcome(a);
        if (!input.ok(a)) failures++;
        up = server.child.exitCode === null;
        if (!up) break;
      }
      const worstTime = Math.max(...times);
      const worstWait = Math.max(...waits);
      if (worstTime > 1000 || worstWait > 150 || !up) failures++;
      rows.push(
        `| ${input.name} | ${input.before} | ${input.path} | ${said} | ${worstTime.toFixed(0)} ms | ${worstWait.toFixed(0)} ms (×${(worstWait / Math.max(idle, 1)).toFixed(1)}) | ${up ? "yes" : "**no**"} |`,
      );
      process.stdout.write(`${rows[rows.length - 1]}\n`);
      if (!up) throw new Error(`the server is gone:\n${server.output()}`);
    }
  } finally {
    health.close();
    server.child.kill("SIGTERM");
    await server.exited;
    rmSync(data, { recursive: true, force: true });
  }
  const referenceAfter = referenceWork();
  const text = [
    `Command: \`npx tsx bench/hostile-mdx.ts --repeat ${REPEAT}${WRITE ? " --write" : ""}\`, ${new Date().toISOString().slice(0, 16)} UTC, ${cpus().length} CPUs, load ${loadavg()[0]?.toFixed(1)} at the end. Each input sent alone, ${REPEAT} times; the worst of them. \`/health\` polled every 10 ms on its own keep-alive connection meanwhile.`,
    "",
    `Baseline of the same run: \`/health\` alone, polled every 10 ms for 3 s, waited at most ${idle.toFixed(0)} ms (the ratio in the \`/health\` column is to it); a fixed piece of work (20 parses of a 2 MiB JSON text) took ${referenceBefore.toFixed(0)} ms before the run and ${referenceAfter.toFixed(0)} ms after. ${machineNote()}`,
    "",
    "| input | before | path | answer | longest answer | longest `/health` wait (× baseline) | up after |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    `Targets: answer ≤ 1 s without a 5xx (XMLA: a SOAP Fault is the protocol's error answer), \`/health\` ≤ 150 ms, process up: ${failures === 0 ? "**all met** ✅" : `**${failures} missed** ❌`}.`,
  ].join("\n");
  process.stdout.write(`\n${text}\n`);
  if (WRITE) {
    const file = join(ROOT, "bench/BENCHMARKS.md");
    const md = readFileSync(file, "utf8");
    const section = `<!-- hostile-mdx:start -->\n## Hostile MDX, XML bodies and large grid reads\n\n${text}\n<!-- hostile-mdx:end -->`;
    const re = /<!-- hostile-mdx:start -->[\s\S]*<!-- hostile-mdx:end -->/;
    writeFileSync(file, re.test(md) ? md.replace(re, section) : `${md.trimEnd()}\n\n${section}\n`);
    process.stdout.write("Written to bench/BENCHMARKS.md.\n");
  }
  agent.destroy();
  if (failures > 0) process.exitCode = 1;
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
