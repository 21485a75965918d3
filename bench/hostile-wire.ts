/**
 * Hostile wire requests, each sent alone to the server as `npm start` runs it (the bundle, plain node,
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
 * The guard list (packages/server/src/guard-list.ts) names every route that takes a client's work and
 * its heaviest input here; after the inputs, the bench reads the list and prints, per entry, that input's longest
 * `/health` wait and its ratio to the baseline of the same run (an entry whose input is missing counts as missed).
 *
 * Run: `npx tsx bench/hostile-wire.ts [--repeat 3] [--write] [--only TEXT]` (about a minute); `--only` runs the
 * inputs whose name contains TEXT (case-insensitive; several `--only` run those of each), and is not written.
 */
import "../scripts/command-line.mjs";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { esc } from "@qibates/protocols/xml";
import { GUARD_LIST } from "../packages/server/src/guard-list.ts";
import { type RawAnswer, rawRequest } from "../packages/server/test/support/raw-http.ts";
import { buildServerIfNeeded } from "../scripts/server-build.mjs";
import { args, numberOption } from "./args.ts";
import { startBundledServer } from "./bundled-server.ts";
import { HealthPoll } from "./health-poll.ts";
import { machineNote, referenceWork } from "./machine.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const REPEAT = numberOption("repeat", 3);
/** The `--only` texts: the inputs named by one of them alone are sent (a partial run is never written). */
const ONLY = args.flatMap((a, i) => (args[i - 1] === "--only" ? [a.toLowerCase()] : []));
const WRITE = args.includes("--write") && ONLY.length === 0;
const MIB = 1024 * 1024;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const call = (url: string, headers: Record<string, string>, body: string | null, useAgent = agent) =>
  rawRequest(url, headers, body, useAgent, 300_000);

/** A call with another method than GET or POST (the Files API's PUT and DELETE), its body text or bytes. */
function callWith(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | Buffer | null,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: body === null ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          text += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.setTimeout(300_000, () => req.destroy(new Error("timed out")));
    req.end(body ?? undefined);
  });
}

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

/** A body that hid its end tags from the request pre-check: `<!-->` hides end tags, then 16,000 nested declaring elements. */
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
/** The business rule on Vision, as bench/job-flood.ts launches it through the API. */
const COPY_VERSION = {
  server: "Planning",
  application: "Vision",
  cube: "Plan1",
  ruleName: "CopyVersion",
  ruleType: "graphical",
  prompts: [
    { name: "SrcVersion", value: "Working" },
    { name: "TgtVersion", value: "What If" },
  ],
};
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

/** bench/load-health.ts's free-form data file: 280,000 lines of Budget Marketing values, about 15 MB. */
const LOAD_FILE = (() => {
  const states = [...MARKETS, "Texas", "Utah"];
  const lines: string[] = [];
  let v = 0;
  while (lines.length < 280_000)
    for (const p of PRODUCTS)
      for (const st of states)
        for (const m of MONTHS) lines.push(`"${p}" "${st}" "${m}" "Budget" "Marketing" ${(v++ % 997) + 0.5}`);
  return Buffer.from(`${lines.join("\n")}\n`);
})();

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
 * A What-If statement: `n` tuples of Sales × Budget at the top of Year, Product and Market, each
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
  /** Each input's worst `/health` wait and answer, for the guard list's table. */
  const measured = new Map<string, { wait: number; said: string }>();
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
    const filesPath = `${server.base}/essbase/rest/v1/files/applications/Sample/Basic`;
    /** The 15 MB free-form data file of bench/load-health.ts (280,000 lines), put in Sample.Basic's files. */
    const uploadLoadFile = () =>
      callWith(
        "PUT",
        `${filesPath}/big.txt`,
        { authorization: basic, "content-type": "application/octet-stream" },
        LOAD_FILE,
      );
    /** An Essbase REST job, followed to its end. */
    const essbaseJob = async (jobtype: string, parameters: Record<string, string>) => {
      const started = await call(
        `${server.base}/essbase/rest/v1/jobs`,
        { authorization: basic, "content-type": "application/json", accept: "application/json" },
        JSON.stringify({ application: "Sample", db: "Basic", jobtype, parameters }),
      );
      if (started.status !== 200) return started;
      const id = (JSON.parse(started.body) as { job_ID: number }).job_ID;
      for (;;) {
        const r = await call(`${server.base}/essbase/rest/v1/jobs/${id}`, { authorization: basic }, null);
        if ((JSON.parse(r.body) as { statusCode: number }).statusCode !== 100) return r;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
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
        before: "/health 1.22 s",
        send: () => call(xmlaPath, xmla, execute(allocationUpdate(100))),
        ok: protocolAnswer,
      },
      {
        name: "XMLA `UPDATE CUBE` of 100 tuples `USE_EQUAL_ALLOCATION`, 8 at once from one address",
        before: "/health 9.14 s",
        send: () => atOnce(8, (a) => call(xmlaPath, xmla, execute(allocationUpdate(100)), a), protocolAnswer),
        ok: protocolAnswer,
      },
      {
        name: "Essbase REST `…/mdx?format=XLSX` of 383,000 cells",
        before: "/health 2.03 s for 803,584 cells",
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
        before: "/health 3.98 s for 803,584 cells",
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
        before: "200, /health 2.03 s",
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
        send: () => apiCall("planning", "action/launchrule", COPY_VERSION),
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
      // An input for each entry of packages/server/src/guard-list.ts not covered above.
      {
        name: "API `action/mdx` of about 383,000 cells",
        before: "—",
        send: () => apiCall("essbase", "action/mdx", { ...SAMPLE, query: LARGE_REPORT }),
        ok: protocolAnswer,
      },
      {
        name: "API `Prefer: respond-async`: 64 `action/launchrule` at once, then each operation read",
        before: "1,678 operations kept from 2,400 calls",
        send: async () => {
          const s = await apiSession("planning");
          const answers = await Promise.all(
            Array.from({ length: 64 }, () =>
              call(
                `${server.base}/qibates/api/v2/action/launchrule`,
                { ...s.headers, prefer: "respond-async, wait=0" },
                JSON.stringify({ loginid: s.loginid, ...COPY_VERSION }),
                new http.Agent({ keepAlive: false }),
              ),
            ),
          );
          for (const a of answers) {
            const id = a.status === 202 ? (JSON.parse(a.body) as { id: string }).id : null;
            if (id) await call(`${server.base}/qibates/api/v2/operations/${id}`, s.headers, null);
          }
          return answers.find((a) => !protocolAnswer(a)) ?? (answers.at(-1) as RawAnswer);
        },
        ok: protocolAnswer,
      },
      {
        name: "API `action/login` then `nav/enummembers` (the whole Account hierarchy), 32 at once",
        before: "—",
        send: () =>
          atOnce(
            32,
            async (a) => {
              const s = await apiSession("planning");
              return call(
                `${server.base}/qibates/api/v2/nav/enummembers`,
                s.headers,
                JSON.stringify({
                  loginid: s.loginid,
                  server: "Planning",
                  application: "Vision",
                  cube: "Plan1",
                  dim: "Account",
                  filter: "Hierarchy",
                }),
                a,
              );
            },
            protocolAnswer,
          ),
        ok: protocolAnswer,
      },
      {
        name: "API keys: `GET /generatekey/callback` with a forged state, 32 at once",
        before: "—",
        send: () =>
          atOnce(
            32,
            (a) =>
              call(
                `${server.base}/qibates/api/v2/generatekey/callback?state=${"x".repeat(64)}&code=${"y".repeat(512)}`,
                {},
                null,
                a,
              ),
            protocolAnswer,
          ),
        ok: protocolAnswer,
      },
      {
        name: "10 MiB body to an API path no route takes",
        before: "—",
        send: () =>
          call(
            `${server.base}/qibates/api/v2/action/nowhere`,
            { "content-type": "application/json", qibateskey: key },
            JSON.stringify({ pad: "x".repeat(10 * MIB - 64) }),
          ),
        ok: protocolAnswer,
      },
      {
        name: "XMLA `DRILLTHROUGH` of Sample.Basic's top cell (every level-0 cell under it)",
        before: "—",
        send: () => call(xmlaPath, xmla, execute("DRILLTHROUGH MAXROWS 100000 SELECT FROM [Sample].[Basic]")),
        ok: protocolAnswer,
      },
      {
        name: "Essbase REST `…/grid/mdx` of 383,000 cells",
        before: "—",
        send: () =>
          call(
            `${server.base}/essbase/rest/v1/applications/Sample/databases/Basic/grid/mdx`,
            { "content-type": "application/json", authorization: basic },
            JSON.stringify({ query: LARGE_REPORT }),
          ),
        ok: protocolAnswer,
      },
      {
        name: "Essbase REST Files: a 15 MB upload",
        before: "a 16.7 MB data load: /health under 150 ms",
        send: async () => {
          const put = await uploadLoadFile();
          await callWith("DELETE", `${filesPath}/big.txt`, { authorization: basic }, null);
          return put;
        },
        ok: (a) => a.status === 200,
      },
      {
        name: "Essbase REST `dataload` job of a 15 MB file (280,000 lines)",
        before: "a 16.7 MB data load: /health under 150 ms",
        send: async () => {
          await uploadLoadFile();
          const done = await essbaseJob("dataload", { file: "big.txt", abortOnError: "false" });
          await callWith("DELETE", `${filesPath}/big.txt`, { authorization: basic }, null);
          return done;
        },
        ok: protocolAnswer,
      },
      {
        name: "Essbase REST `GET /outline/Sample/Basic`, 32 at once",
        before: "—",
        send: () =>
          atOnce(
            32,
            (a) =>
              call(`${server.base}/essbase/rest/v1/outline/Sample/Basic`, { authorization: basic }, null, a),
            protocolAnswer,
          ),
        ok: protocolAnswer,
      },
      {
        name: "Planning REST rule job (CopyVersion), 16 at once from one address",
        before: "150 at once: another visitor's rule 0.75 s",
        send: async () => {
          const jobs = `${server.base}/HyperionPlanning/rest/v3/applications/Vision/jobs`;
          const body = JSON.stringify({
            jobType: "RULES",
            jobName: "CopyVersion",
            parameters: { SrcVersion: "Working", TgtVersion: "What If", planType: "Plan1" },
          });
          const answers = await Promise.all(
            Array.from({ length: 16 }, () =>
              call(
                jobs,
                { authorization: basic, "content-type": "application/json" },
                body,
                new http.Agent({ keepAlive: false }),
              ),
            ),
          );
          // Each accepted job to its end.
          for (const a of answers.filter((x) => x.status === 200)) {
            const id = (JSON.parse(a.body) as { jobId: number }).jobId;
            for (;;) {
              const r = await call(`${jobs}/${id}`, { authorization: basic }, null);
              if ((JSON.parse(r.body) as { status: number }).status !== -1) break;
              await new Promise((resolve) => setTimeout(resolve, 50));
            }
          }
          return answers.find((a) => !protocolAnswer(a)) ?? (answers.at(-1) as RawAnswer);
        },
        ok: protocolAnswer,
      },
      {
        name: "Planning REST `exportdataslice` of every account × every period",
        before: "—",
        send: () =>
          call(
            `${server.base}/HyperionPlanning/rest/v3/applications/Vision/plantypes/Plan1/exportdataslice`,
            { authorization: basic, "content-type": "application/json" },
            JSON.stringify({
              gridDefinition: {
                suppressMissingBlocks: false,
                pov: {
                  dimensions: ["HSP_View", "Scenario", "Version", "Entity", "Product", "Currency"],
                  members: [["BaseData"], ["Plan"], ["Working"], ["410"], ["P_160"], ["USD"]],
                },
                columns: [
                  { dimensions: ["Year", "Period"], members: [["FY15"], ["IDescendants(YearTotal)"]] },
                ],
                rows: [{ dimensions: ["Account"], members: [["IDescendants(Account)"]] }],
              },
            }),
          ),
        ok: protocolAnswer,
      },
      {
        name: "Planning REST `GET …/dimensions/Account/members/Account`, 32 at once",
        before: "—",
        send: () =>
          atOnce(
            32,
            (a) =>
              call(
                `${server.base}/HyperionPlanning/rest/v3/applications/Vision/dimensions/Account/members/Account`,
                { authorization: basic },
                null,
                a,
              ),
            protocolAnswer,
          ),
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
      measured.set(input.name, { wait: worstWait, said });
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
  // The guard list (packages/server/src/guard-list.ts), each entry with its heaviest input's worst wait.
  const entries = GUARD_LIST.map((entry) => {
    const m = measured.get(entry.heaviest);
    const wait = m ? `${m.wait.toFixed(0)} ms` : ONLY.length > 0 ? "not sent (--only)" : "**no such input**";
    const ratio = m && idle > 0 ? `${(m.wait / idle).toFixed(1)}×` : "—";
    const goal = m ? (m.wait <= 150 ? "yes" : "**no**") : "—";
    if (!m && ONLY.length === 0) failures++;
    return `| ${entry.name} | ${entry.guards.join(", ")} | ${entry.heaviest} | ${(m?.said ?? "—").replaceAll("|", "\\|")} | ${wait} | ${ratio} | ${goal} |`;
  });
  const text = [
    `Command: \`npx tsx bench/hostile-wire.ts --repeat ${REPEAT}${WRITE ? " --write" : ""}\`, ${new Date().toISOString().slice(0, 16)} UTC, Node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0]?.toFixed(1)} at the end. The bundle \`npm start\` runs, \`QIBATES_WIRE_ENDPOINTS=all\`. Each input sent alone, ${REPEAT} times; the worst of them. \`/health\` polled every 10 ms on its own keep-alive connection meanwhile.`,
    "",
    `Baseline of the same run: \`/health\` alone, polled every 10 ms for 3 s, waited at most ${idle.toFixed(0)} ms; a fixed piece of work (20 parses of a 2 MiB JSON text) took ${referenceBefore.toFixed(0)} ms before the run and ${referenceAfter.toFixed(0)} ms after. ${machineNote()}`,
    "",
    "| input | before | answer | longest answer | longest `/health` wait | up after |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    `The guard list (\`packages/server/src/guard-list.ts\`), each entry with its heaviest input: its worst \`/health\` wait, and that wait over the baseline's ${idle.toFixed(0)} ms.`,
    "",
    "| entry | guards | heaviest input | answer | longest `/health` wait | × baseline | ≤ 150 ms |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...entries,
    "",
    `Targets: \`/health\` ≤ 150 ms, process up, the protocol's own answer: ${failures === 0 ? "**all met** ✅" : `**${failures} missed** ❌`}.`,
  ].join("\n");
  process.stdout.write(`\n${text}\n`);
  if (WRITE) {
    const file = join(ROOT, "bench/BENCHMARKS.md");
    const md = readFileSync(file, "utf8");
    const section = `<!-- hostile-wire:start -->\n## Hostile wire requests: MDX text, nested namespaces, declarations\n\n${text}\n<!-- hostile-wire:end -->`;
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
