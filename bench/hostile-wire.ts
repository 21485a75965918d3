/**
 * Issue 43's hostile wire requests, each sent alone to the server as `npm start` runs it (the bundle, plain node,
 * demo mode, every wire endpoint served) while `/health` is polled every 10 ms on its own connection: MDX text of
 * 10 MiB through Essbase REST `…/mdx` and of 2 MiB through XMLA and Smart View, the 437 KB XMLA body whose
 * comment opens as `<!-->` before 16,000 nested elements each declaring a namespace, a 255 KB XMLA body of
 * namespace declarations × elements, and a 64 KiB Smart View body of declarations sent without a login; then
 * the medium and low findings: an XMLA `UPDATE CUBE` of 5,040 tuples, an XMLA MDX of 46,000 rows, a rule launched
 * with the demo key, a 500,000-cell refresh and a 7.5 MB JSON body through the API.
 *
 * For each: the answer (status and the protocol's error), how long it took, the longest `/health` wait while it
 * ran, and whether the process was still up. Targets: `/health` waits at most 150 ms, the process stays up, and
 * every answer is the protocol's own (no 5xx but XMLA's SOAP faults).
 *
 * Run: `npx tsx bench/hostile-wire.ts [--repeat 3] [--write] [--only TEXT]` (about a minute); `--only` runs the
 * inputs whose name contains TEXT (case-insensitive; several `--only` run those of each), and is not written.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { esc } from "@qibates/protocols/xml";
import { type RawAnswer, rawRequest } from "../packages/server/test/support/raw-http.ts";
import { buildServerIfNeeded } from "../scripts/server-build.mjs";
import { args, numberOption } from "./args.ts";
import { startBundledServer } from "./bundled-server.ts";
import { HealthPoll } from "./health-poll.ts";
import { referenceWork, SHARED_MACHINE } from "./machine.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const REPEAT = numberOption("repeat", 3);
/** The `--only` texts: the inputs named by one of them alone are sent (a partial run is never written). */
const ONLY = args.flatMap((a, i) => (args[i - 1] === "--only" ? [a.toLowerCase()] : []));
const WRITE = args.includes("--write") && ONLY.length === 0;
const MIB = 1024 * 1024;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const call = (url: string, headers: Record<string, string>, body: string | null, useAgent = agent) =>
  rawRequest(url, headers, body, useAgent, 300_000);

/** A long valid-looking MDX query of `chars` characters: a set of many members. */
const longMdx = (chars: number) => {
  const head = "SELECT {";
  const tail = "[Sales]} ON COLUMNS FROM [Sample].[Basic]";
  return `${head}${"[Sales],".repeat(Math.floor((chars - head.length - tail.length) / 8))}${tail}`;
};

const SOAP_HEAD =
  '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
  '<Execute xmlns="urn:schemas-microsoft-com:xml-analysis"><Command><Statement>';
const SOAP_TAIL =
  "</Statement></Command><Properties><PropertyList><Catalog>Sample</Catalog>" +
  "<Format>Multidimensional</Format></PropertyList></Properties></Execute></soap:Body></soap:Envelope>";
const execute = (statement: string, extra = "") =>
  `${SOAP_HEAD}${esc(statement)}</Statement></Command>${extra}<Properties><PropertyList><Catalog>Sample</Catalog><Format>Multidimensional</Format></PropertyList></Properties></Execute></soap:Body></soap:Envelope>`;

/** The reproduction of issue 43's critical finding: `<!-->` hides end tags, then 16,000 nested declaring elements. */
function nestedNamespaces(): string {
  const hidden = `<!--> ${"</x>".repeat(16_000)} -->`;
  const nest =
    Array.from({ length: 16_000 }, (_, i) => `<a xmlns:p${i}="u">`).join("") + "</a>".repeat(16_000);
  return execute(
    "SELECT {[Sales]} ON COLUMNS FROM [Sample].[Basic]",
    `<Restrictions>${hidden}${nest}</Restrictions>`,
  );
}

/** Namespace declarations × elements: `top` declarations at the top, then elements each declaring one more. */
function declarations(chars: number, head: string, tail: string, open: string, top = 4_000): string {
  const decls = Array.from({ length: top }, (_, i) => `xmlns:p${i}="u"`).join(" ");
  const room = chars - head.length - tail.length - decls.length - open.length - 64;
  const one = '<e xmlns:q="u"/>';
  return `${head}${open.replace(">", ` ${decls}>`)}${one.repeat(Math.max(0, Math.floor(room / one.length)))}</${open.slice(1)}${tail}`;
}

const SAMPLE = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const PRODUCTS = [
  "100-10",
  "100-20",
  "100-30",
  "200-10",
  "200-20",
  "200-30",
  "200-40",
  "300-10",
  "300-20",
  "300-30",
];
const MARKETS = [
  "New York",
  "Massachusetts",
  "Florida",
  "Connecticut",
  "New Hampshire",
  "California",
  "Oregon",
];

/**
 * `UPDATE CUBE` of one cell whose value is a sum over a set of about 5,000 tuples (12 months × the 20 states ×
 * every Product member): the shape whose evaluation spent the MDX work budget on the loop.
 */
function setUpdate(): string {
  return (
    "UPDATE CUBE [Basic] SET ([Jan], [Sales], [100-10], [New York], [Budget]) = " +
    "Sum(CrossJoin(CrossJoin({[Jan]:[Dec]}, [Market].Levels(0).Members), Descendants([Product])), [Measures].[Sales])"
  );
}

/**
 * Issue 70's What-If statement: `n` tuples of Sales × Budget at the top of Year, Product and Market, each
 * spread over its 3,120 stored level-0 cells (`USE_EQUAL_ALLOCATION`); 100 of them are 9.5 KB, 312,000 cells.
 */
function allocationUpdate(n: number): string {
  const sets = Array.from(
    { length: n },
    (_, i) =>
      `([Year],[Measures].[Sales],[Product],[Market],[Scenario].[Budget]) = ${1000 + i} USE_EQUAL_ALLOCATION`,
  );
  return `UPDATE CUBE [Basic] SET ${sets.join(", ")}`;
}

/** `count` requests sent at once, each on a connection of its own; the first answer that is not `ok`, else the last. */
async function atOnce(
  count: number,
  send: (agent: http.Agent) => Promise<RawAnswer>,
  ok: (a: RawAnswer) => boolean,
): Promise<RawAnswer> {
  const agents = Array.from({ length: count }, () => new http.Agent({ keepAlive: false }));
  const answers = await Promise.all(agents.map((a) => send(a)));
  for (const a of agents) a.destroy();
  return answers.find((a) => !ok(a)) ?? (answers.at(-1) as RawAnswer);
}

/**
 * An MDX report of Sample.Basic under 500,000 cells (MAX_GRID_CELLS): every Year member × every measure across
 * (289 columns), every product × every market × Actual and Budget down (1,300 rows), with its headers about
 * 383,000 cells. The issue's 803,584-cell report adds Variance, Variance % and the Scenario member.
 */
const LARGE_REPORT =
  "SELECT CrossJoin(Descendants([Year]), Descendants([Measures])) ON COLUMNS, " +
  "CrossJoin(CrossJoin(Descendants([Product]), Descendants([Market])), {[Actual], [Budget]}) ON ROWS FROM Sample.Basic";
const OVER_REPORT =
  "SELECT CrossJoin(Descendants([Year]), Descendants([Measures])) ON COLUMNS, " +
  "CrossJoin(CrossJoin(Descendants([Product]), Descendants([Market])), Descendants([Scenario])) ON ROWS FROM Sample.Basic";

/**
 * An ad hoc sheet of about `cells` cells: Actual, the 12 months × 4 measures across (48 columns), product ×
 * state down (rows repeat past 70, as a user's pasted sheet may; the API takes at most 10,000 rows).
 */
function bigSheet(cells: number): string[][] {
  const measures = ["Sales", "COGS", "Marketing", "Payroll"];
  const across = measures.flatMap((m) => MONTHS.map((y) => [y, m] as const));
  const rows: string[][] = [
    ["", "", ...across.map(() => "Actual")],
    ["", "", ...across.map(([y]) => y)],
    ["", "", ...across.map(([, m]) => m)],
  ];
  while ((rows.length + 1) * (across.length + 2) <= cells) {
    const i = rows.length;
    rows.push([
      PRODUCTS[i % PRODUCTS.length] as string,
      MARKETS[Math.floor(i / 10) % MARKETS.length] as string,
      ...across.map(() => ""),
    ]);
  }
  return rows;
}

interface Input {
  name: string;
  before: string;
  send: () => Promise<RawAnswer>;
  ok: (a: RawAnswer) => boolean;
}

/** What an answer says, in its protocol's format: a fault's or exception's words, or the JSON error. */
function outcome(a: RawAnswer): string {
  const fault = /<faultstring>([\s\S]*?)<\/faultstring>/.exec(a.body)?.[1];
  if (fault) return `${a.status} fault: ${fault.slice(0, 70)}`;
  const desc = /<desc>([\s\S]*?)<\/desc>/.exec(a.body)?.[1];
  if (desc) return `${a.status} exception: ${desc.slice(0, 70)}`;
  try {
    const j = JSON.parse(a.body) as { errorMessage?: string };
    if (j.errorMessage) return `${a.status} ${j.errorMessage.slice(0, 70)}`;
  } catch {
    // not JSON
  }
  return `${a.status} ${a.body.slice(0, 40).replace(/\s+/g, " ")}`;
}

async function main() {
  await buildServerIfNeeded();
  const data = mkdtempSync(join(tmpdir(), "qibates-hostile-wire-"));
  const server = await startBundledServer({
    DATA_DIR: data,
    QIBATES_WIRE_ENDPOINTS: "all",
    RATE_LIMIT_PER_MINUTE: "1000000",
    WIRE_LOGIN_FAILURES_PER_MINUTE: "100000",
  });
  const health = new HealthPoll(server.base);
  const rows: string[] = [];
  let failures = 0;
  const referenceBefore = referenceWork();
  let idle = 0;
  try {
    const basic = `Basic ${Buffer.from("demo:demo").toString("base64")}`;
    const xmla = {
      "content-type": "text/xml",
      authorization: basic,
      soapaction: '"urn:schemas-microsoft-com:xml-analysis:Execute"',
    };
    const sv = { "content-type": "text/xml" };
    const svLogin = async () => {
      const a = await call(
        `${server.base}/aps/SmartView`,
        sv,
        "<req_ConnectToProvider><usr>demo</usr><pwd>demo</pwd></req_ConnectToProvider>",
      );
      const sid = /<sID>([^<]+)<\/sID>/.exec(a.body)?.[1] ?? "";
      for (const m of ["OpenApplication", "OpenCube"])
        await call(
          `${server.base}/aps/SmartView`,
          sv,
          `<req_${m}><sID>${sid}</sID><usr>demo</usr><pwd>demo</pwd><srv>EssbaseCluster-1</srv><app>Sample</app><cube>Basic</cube></req_${m}>`,
        );
      return sid;
    };
    const key = (
      JSON.parse((await call(`${server.base}/qibates/api/v2/health`, {}, null)).body) as {
        demo: { apiKey: string };
      }
    ).demo.apiKey;
    const apiSession = async (connector: "essbase" | "planning") => {
      const headers = { "content-type": "application/json", qibateskey: key, connector };
      const address =
        connector === "planning"
          ? "https://demo.qibates.local/HyperionPlanning/SmartView"
          : "https://demo.qibates.local/aps/JAPI";
      const a = await call(
        `${server.base}/qibates/api/v2/action/login`,
        headers,
        JSON.stringify({ username: "demo", password: "demo", providerAddress: address }),
      );
      return { headers, loginid: (JSON.parse(a.body) as { loginid: string }).loginid };
    };
    /** An API call of a new demo-key session (a session's first write builds its own view of the demo). */
    const apiCall = async (connector: "essbase" | "planning", path: string, body: object) => {
      const s = await apiSession(connector);
      return call(
        `${server.base}/qibates/api/v2/${path}`,
        s.headers,
        JSON.stringify({ loginid: s.loginid, ...body }),
      );
    };
    const protocolAnswer = (a: RawAnswer) =>
      a.status < 500 || /<faultstring>/.test(a.body) || /<exception/.test(a.body);
    const mdxPath = `${server.base}/essbase/rest/v1/applications/Sample/databases/Basic/mdx`;
    const xmlaPath = `${server.base}/olap/msmdpump.dll`;
    const inputs: Input[] = [
      {
        name: "10 MiB MDX, Essbase REST `…/mdx`",
        before: "loop held 21.1 s",
        send: () =>
          call(
            mdxPath,
            { "content-type": "application/json", authorization: basic },
            JSON.stringify({ query: longMdx(10 * MIB) }),
          ),
        ok: protocolAnswer,
      },
      {
        name: "1 MiB MDX, Essbase REST `…/mdx`",
        before: "(loop held about 2 s a MiB)",
        send: () =>
          call(
            mdxPath,
            { "content-type": "application/json", authorization: basic },
            JSON.stringify({ query: longMdx(MIB) }),
          ),
        ok: protocolAnswer,
      },
      {
        name: "64 KiB MDX (the limit), Essbase REST `…/mdx`",
        before: "—",
        send: () =>
          call(
            mdxPath,
            { "content-type": "application/json", authorization: basic },
            JSON.stringify({ query: longMdx(64 * 1024) }),
          ),
        ok: protocolAnswer,
      },
      {
        name: "2 MiB MDX, XMLA Execute",
        before: "loop held 2.7–3.9 s",
        send: () => call(xmlaPath, xmla, execute(longMdx(2 * MIB - 1024))),
        ok: protocolAnswer,
      },
      {
        name: "2 MiB MDX, Smart View ExecuteQuery",
        before: "loop held 2.7–3.9 s",
        send: async () => {
          const sid = await svLogin();
          return call(
            `${server.base}/aps/SmartView`,
            sv,
            `<req_ExecuteQuery><sID>${sid}</sID><mdx>${esc(longMdx(2 * MIB - 1024))}</mdx></req_ExecuteQuery>`,
          );
        },
        ok: protocolAnswer,
      },
      {
        name: "437 KB XMLA: `<!-->` then 16,000 nested elements each declaring a namespace",
        before: "/health stalled 15 s, process out of memory after 78 s",
        send: () => call(xmlaPath, xmla, nestedNamespaces()),
        ok: protocolAnswer,
      },
      {
        name: "255 KB XMLA: 4,000 declarations × elements each declaring one",
        before: "14.6 s of CPU",
        send: () =>
          call(
            xmlaPath,
            xmla,
            declarations(
              255 * 1024,
              SOAP_HEAD,
              `</Statement></Command>${SOAP_TAIL.slice(SOAP_TAIL.indexOf("<Properties>"))}`,
              "<X>",
            ),
          ),
        ok: protocolAnswer,
      },
      {
        name: "255 KB XMLA: 60 declarations × elements each declaring one",
        before: "14.6 s of CPU",
        send: () =>
          call(
            xmlaPath,
            xmla,
            declarations(
              255 * 1024,
              SOAP_HEAD,
              `</Statement></Command>${SOAP_TAIL.slice(SOAP_TAIL.indexOf("<Properties>"))}`,
              "<X>",
              60,
            ),
          ),
        ok: protocolAnswer,
      },
      {
        name: "64 KiB Smart View, no login: declarations × elements",
        before: "0.39 s of CPU",
        send: () =>
          call(
            `${server.base}/aps/SmartView`,
            sv,
            declarations(64 * 1024 - 1, "", "", "<req_ConnectToProvider>"),
          ),
        ok: protocolAnswer,
      },
      {
        name: "XMLA `UPDATE CUBE` valued by a sum over about 5,000 tuples",
        before: "0.9 s on the loop",
        send: () => call(xmlaPath, xmla, execute(setUpdate())),
        ok: protocolAnswer,
      },
      {
        name: "XMLA `UPDATE CUBE` of 100 tuples `USE_EQUAL_ALLOCATION` (9.5 KB, 312,000 cells)",
        before: "/health 1.22 s (issue 70)",
        send: () => call(xmlaPath, xmla, execute(allocationUpdate(100))),
        ok: protocolAnswer,
      },
      {
        name: "XMLA `UPDATE CUBE` of 100 tuples `USE_EQUAL_ALLOCATION`, 8 at once from one address",
        before: "/health 9.14 s (issue 70)",
        send: () => atOnce(8, (a) => call(xmlaPath, xmla, execute(allocationUpdate(100)), a), protocolAnswer),
        ok: protocolAnswer,
      },
      {
        name: "Essbase REST `…/mdx?format=XLSX` of 383,000 cells",
        before: "/health 2.03 s for 803,584 cells (issue 70)",
        send: () =>
          call(
            `${mdxPath}?format=XLSX`,
            { "content-type": "application/json", authorization: basic },
            JSON.stringify({ query: LARGE_REPORT }),
          ),
        ok: protocolAnswer,
      },
      {
        name: "Essbase REST `…/mdx?format=XLSX` of 383,000 cells, 2 at once",
        before: "/health 3.98 s for 803,584 cells (issue 70)",
        send: () =>
          atOnce(
            2,
            (a) =>
              call(
                `${mdxPath}?format=XLSX`,
                { "content-type": "application/json", authorization: basic },
                JSON.stringify({ query: LARGE_REPORT }),
                a,
              ),
            protocolAnswer,
          ),
        ok: protocolAnswer,
      },
      {
        name: "Essbase REST `…/mdx?format=XLSX` of 803,584 cells (past MAX_GRID_CELLS)",
        before: "200, /health 2.03 s (issue 70)",
        send: () =>
          call(
            `${mdxPath}?format=XLSX`,
            { "content-type": "application/json", authorization: basic },
            JSON.stringify({ query: OVER_REPORT }),
          ),
        ok: (a) => a.status === 400,
      },
      {
        name: "XMLA MDX of 46,000 rows (Year × Product × Market descendants)",
        before: "0.4–1.6 s stall",
        send: () =>
          call(
            xmlaPath,
            xmla,
            execute(
              "SELECT {[Sales]} ON COLUMNS, CrossJoin(CrossJoin(Descendants([Year]), Descendants([Product])), Descendants([Market])) ON ROWS FROM [Sample].[Basic]",
            ),
          ),
        ok: protocolAnswer,
      },
      {
        name: "API `action/launchrule` with the demo key (CopyVersion, Plan1)",
        before: "0.9 s on the loop",
        send: () =>
          apiCall("planning", "action/launchrule", {
            server: "Planning",
            application: "Vision",
            cube: "Plan1",
            ruleName: "CopyVersion",
            ruleType: "graphical",
            prompts: [
              { name: "SrcVersion", value: "Working" },
              { name: "TgtVersion", value: "What If" },
            ],
          }),
        ok: protocolAnswer,
      },
      {
        name: "API `action/refresh` of a 480,000-cell sheet",
        before: "0.4–1.6 s stall",
        send: () => apiCall("essbase", "action/refresh", { ...SAMPLE, grid: bigSheet(480_000) }),
        ok: protocolAnswer,
      },
      {
        name: "API 7.5 MB JSON body",
        before: "0.4–1.6 s stall",
        send: () =>
          apiCall("essbase", "action/refresh", {
            ...SAMPLE,
            grid: [["", "Sales"]],
            pad: "x".repeat(7.5 * MIB),
          }),
        ok: protocolAnswer,
      },
    ];

    idle = await health.idle(3_000);
    const chosen = inputs.filter(
      (input) => ONLY.length === 0 || ONLY.some((o) => input.name.toLowerCase().includes(o)),
    );
    for (const input of chosen) {
      const times: number[] = [];
      const waits: number[] = [];
      let said = "";
      let up = true;
      for (let r = 0; r < REPEAT; r++) {
        const { result: a, ms, longestWait } = await health.during(() => input.send());
        times.push(ms);
        waits.push(longestWait);
        said = outcome(a);
        if (!input.ok(a)) failures++;
        up = server.child.exitCode === null;
        if (!up) break;
      }
      const worstTime = Math.max(...times);
      const worstWait = Math.max(...waits);
      if (worstWait > 150 || !up) failures++;
      rows.push(
        `| ${input.name} | ${input.before} | ${said.replaceAll("|", "\\|")} | ${worstTime.toFixed(0)} ms | ${worstWait.toFixed(0)} ms | ${up ? "yes" : "**no**"} |`,
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
    `Command: \`npx tsx bench/hostile-wire.ts --repeat ${REPEAT}${WRITE ? " --write" : ""}\`, ${new Date().toISOString().slice(0, 16)} UTC, Node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0]?.toFixed(1)} at the end. The bundle \`npm start\` runs, \`QIBATES_WIRE_ENDPOINTS=all\`. Each input sent alone, ${REPEAT} times; the worst of them. \`/health\` polled every 10 ms on its own keep-alive connection meanwhile.`,
    "",
    `Baseline of the same run: \`/health\` alone, polled every 10 ms for 3 s, waited at most ${idle.toFixed(0)} ms; a fixed piece of work (20 parses of a 2 MiB JSON text) took ${referenceBefore.toFixed(0)} ms before the run and ${referenceAfter.toFixed(0)} ms after. ${SHARED_MACHINE}`,
    "",
    "| input | before (issue 43) | answer | longest answer | longest `/health` wait | up after |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    `Targets: \`/health\` ≤ 150 ms, process up, the protocol's own answer: ${failures === 0 ? "**all met** ✅" : `**${failures} missed** ❌`}.`,
  ].join("\n");
  process.stdout.write(`\n${text}\n`);
  if (WRITE) {
    const file = join(ROOT, "bench/BENCHMARKS.md");
    const md = readFileSync(file, "utf8");
    const section = `<!-- hostile-wire:start -->\n## Hostile wire requests: MDX text, nested namespaces, declarations (issue 43)\n\n${text}\n<!-- hostile-wire:end -->`;
    const re = /<!-- hostile-wire:start -->[\s\S]*<!-- hostile-wire:end -->/;
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
