/**
 * Load and faults, against the server as `npm start` runs it (the bundle, plain node, demo mode) over
 * its own PostgreSQL and Redis, started by this script in throw-away folders on free ports:
 *
 * 1. heavy — `/health` and a 100-cell refresh on Sample.Basic (the API benchmark's grid), one call at a time,
 *    alone and then while 4 concurrent heavy grid calls run without pause (a refresh of a nested grid of about
 *    100,000 data cells, sent from a worker thread so that reading their answers does not delay the
 *    measured calls); p50/p99 against the targets.
 * 2. faults — under a steady load of small calls (100-cell refresh, save of one cell with a value of its own,
 *    navigation, `/health`, `/readyz`), Redis is killed (SIGKILL) then restarted, and PostgreSQL is stopped
 *    (`pg_ctl stop -m immediate`) then started. Recorded: every answer while each is down (status and
 *    registry code, or no answer within the call timeout), the time to recover after the restart, and every
 *    save answered 200 read back.
 * 3. SIGKILL mid-save — saves of 10 cells each (one value per save) run continuously on two connections; the
 *    server is killed with SIGKILL at a random moment and restarted on the same PostgreSQL and Redis. Every
 *    save answered 200 must be there in full, every other save either in full or not at all (no partial
 *    write); the saves of phase 2 are read back again, now from the journal replayed at start-up.
 *
 * Redis runs with its append-only file (`appendfsync always`) so that sessions survive its restart, as a
 * production Redis that keeps sessions would; PostgreSQL runs with `fsync=off` (an immediate stop is not an
 * operating-system crash: what it committed is in the page cache, and crash recovery replays its WAL).
 *
 * Run: `npx tsx bench/load-faults.ts [--heavy-seconds 30] [--alone-seconds 10] [--down-seconds 5] [--kills 3] [--heavy-client-nice 10] [--write]`
 * (`--heavy-only`: phase 1 alone, its table printed and nothing written; `--heavy-save`: the same with heavy saves
 * of the nested grid, 10 of its Budget cells given new values by each, instead of heavy refreshes; `--heavy-xmla`:
 * the same with MDX queries of about as many cells through the XMLA endpoint)
 * (needs `redis-server` and PostgreSQL from Debian's packages: `bash scripts/ensure-system.sh` as root).
 */
import "../scripts/command-line.mjs";
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { Agent, request } from "node:http";
import { connect } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { SKUS } from "../packages/engine/demo/sample-basic-data.ts";
import { buildServerIfNeeded } from "../scripts/server-build.mjs";
import { startBundledServer } from "./bundled-server.ts";
import { freePort } from "./ports.mjs";
import { refreshGrid100 } from "./sample-grids.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : Number.NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const HEAVY_SECONDS = option("heavy-seconds", 30);
const ALONE_SECONDS = option("alone-seconds", 10);
const DOWN_SECONDS = option("down-seconds", 5);
const KILLS = option("kills", 3);
/**
 * Nice value of the bench's thread that sends the heavy calls (`--heavy-client-nice 0`: none): on this one
 * machine it would otherwise take the processors from the server it loads, which a client elsewhere does not.
 */
const HEAVY_CLIENT_NICE = args.includes("--heavy-client-nice")
  ? Math.max(0, Math.min(19, Number(args[args.indexOf("--heavy-client-nice") + 1]) || 0))
  : 10;
const HEAVY_ONLY =
  args.includes("--heavy-only") || args.includes("--heavy-save") || args.includes("--heavy-xmla");
/** The heavy calls are saves of the nested grid (10 cells changed each time) instead of refreshes. */
const HEAVY_SAVE = args.includes("--heavy-save");
/** The heavy calls are MDX queries of about as many cells through the XMLA endpoint (`QIBATES_WIRE_ENDPOINTS=xmla`). */
const HEAVY_XMLA = args.includes("--heavy-xmla");
/** The heavy XMLA query: Measures' level-0 members × Actual, Budget across; Product's and Market's descendants × months down. */
const XMLA_QUERY =
  "SELECT CrossJoin([Measures].Levels(0).Members, {[Actual], [Budget]}) ON COLUMNS, " +
  "CrossJoin(Descendants([Product]), CrossJoin(Descendants([Market]), [Year].Levels(0).Members)) ON ROWS " +
  "FROM Sample.Basic";
const XMLA_EXECUTE =
  '<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
  '<soap:Body><Execute xmlns="urn:schemas-microsoft-com:xml-analysis"><Command><Statement>' +
  XMLA_QUERY.replaceAll("&", "&amp;").replaceAll("<", "&lt;") +
  "</Statement></Command><Properties><PropertyList><Catalog>Sample</Catalog><Format>Multidimensional</Format>" +
  "</PropertyList></Properties></Execute></soap:Body></soap:Envelope>";
const XMLA_HEADERS = {
  "content-type": "text/xml",
  authorization: `Basic ${Buffer.from("demo:demo").toString("base64")}`,
};
const write = args.includes("--write") && !HEAVY_ONLY;
/** A call without an answer after this long counts as a hang. */
const CALL_TIMEOUT_MS = 10_000;
const HEAVY_CONCURRENCY = 4;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

// ---------------------------------------------------------------------------------------------------------
// HTTP: node:http with keep-alive (no client library between the timer and the socket)

interface Answer {
  /** null: no answer (timeout, refused or dropped connection). */
  status: number | null;
  body: string;
  ms: number;
  /** Why there is no answer. */
  error?: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function call(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (a: Omit<Answer, "ms">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...a, ms: now() - started });
    };
    const req = request(
      url,
      {
        method: opts.method ?? "GET",
        agent,
        headers: opts.body
          ? { ...opts.headers, "content-length": String(Buffer.byteLength(opts.body)) }
          : opts.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => done({ status: res.statusCode ?? null, body: Buffer.concat(chunks).toString() }));
        res.on("error", (e) =>
          done({ status: null, body: "", error: (e as NodeJS.ErrnoException).code ?? e.message }),
        );
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      done({ status: null, body: "", error: "timeout" });
    }, opts.timeoutMs ?? CALL_TIMEOUT_MS);
    req.on("error", (e) =>
      done({ status: null, body: "", error: (e as NodeJS.ErrnoException).code ?? e.message }),
    );
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

/** `200`, `503 QB_ERR_…` (registry format), `500 (not in the registry format)`, or `no answer (timeout)`. */
function label(a: Answer): string {
  if (a.status === null)
    return `no answer (${a.error === "timeout" ? `none within ${CALL_TIMEOUT_MS / 1000} s` : a.error})`;
  if (a.status < 300) return String(a.status);
  const readiness = readinessText(a.body);
  if (readiness) return `${a.status} ${readiness}`;
  const code = registryCode(a.body);
  return code ? `${a.status} ${code}` : `${a.status} (not in the registry format)`;
}

/** `/readyz` answers `{status, checks}`: `not ready (redis failing)`. */
function readinessText(body: string): string | null {
  try {
    const b = JSON.parse(body) as { status?: unknown; checks?: Record<string, string> };
    if (typeof b.status !== "string" || typeof b.checks !== "object" || b.checks === null) return null;
    const failing = Object.entries(b.checks)
      .filter(([, v]) => v !== "ok")
      .map(([k]) => k);
    return failing.length ? `${b.status} (${failing.join(", ")} failing)` : b.status;
  } catch {
    return null;
  }
}

function registryCode(body: string): string | null {
  try {
    const b = JSON.parse(body) as { code?: unknown; message?: unknown; requestId?: unknown };
    return typeof b.code === "string" &&
      b.code.startsWith("QB_ERR_") &&
      typeof b.message === "string" &&
      typeof b.requestId === "string"
      ? b.code
      : null;
  } catch {
    return null;
  }
}

function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number;
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL, Redis and the server, each a process this script starts, stops and restarts

async function waitFor(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await sleep(50);
  }
  throw new Error(`${what} did not become ready within ${ms / 1000} s`);
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((r) => child.once("exit", () => r()));
}

function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, "127.0.0.1");
    let out = "";
    s.setTimeout(1000, () => {
      s.destroy();
      resolve(false);
    });
    s.on("connect", () => s.write("PING\r\n"));
    s.on("data", (c) => {
      out += c.toString();
      if (out.includes("\r\n")) {
        s.destroy();
        resolve(out.startsWith("+PONG"));
      }
    });
    s.on("error", () => resolve(false));
  });
}

class RedisService {
  private child: ChildProcess | null = null;
  private constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  static async create(): Promise<RedisService> {
    if (!existsSync("/usr/bin/redis-server"))
      throw new Error("redis-server is missing: run `bash scripts/ensure-system.sh` as root");
    const r = new RedisService(await freePort(), mkdtempSync(join(tmpdir(), "qibates-lf-redis-")));
    await r.start();
    return r;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(
      "/usr/bin/redis-server",
      [
        "--port",
        String(this.port),
        "--bind",
        "127.0.0.1",
        "--dir",
        this.dir,
        "--save",
        "",
        "--appendonly",
        "yes",
        "--appendfsync",
        "always",
      ],
      { stdio: "ignore" },
    );
    await waitFor(() => redisPing(this.port), "redis-server");
  }

  async kill(): Promise<void> {
    if (!this.child) return;
    this.child.kill("SIGKILL");
    await exited(this.child);
    this.child = null;
  }

  async close(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

class PostgresService {
  private constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  private static bin(name: string): string {
    const v = existsSync("/usr/lib/postgresql")
      ? readdirSync("/usr/lib/postgresql").sort().at(-1)
      : undefined;
    if (!v) throw new Error("PostgreSQL is missing: run `bash scripts/ensure-system.sh` as root");
    return join("/usr/lib/postgresql", v, "bin", name);
  }

  /** PostgreSQL refuses to run as root: as root, run it as the `postgres` user the Debian package creates. */
  private run(name: string, cmdArgs: string[]): void {
    const asRoot = process.getuid?.() === 0;
    const [cmd, a] = asRoot
      ? ["runuser", ["-u", "postgres", "--", PostgresService.bin(name), ...cmdArgs]]
      : [PostgresService.bin(name), cmdArgs];
    execFileSync(cmd as string, a as string[], { stdio: "ignore" });
  }

  static async create(): Promise<PostgresService> {
    const dir = mkdtempSync(join(tmpdir(), "qibates-lf-pg-"));
    if (process.getuid?.() === 0) {
      chmodSync(dir, 0o755);
      chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), 0);
    }
    const pg = new PostgresService(await freePort(), dir);
    pg.run("initdb", ["-D", join(dir, "data"), "-U", "qibates", "--auth=trust", "-E", "UTF8"]);
    await pg.start();
    return pg;
  }

  get url(): string {
    return `postgresql://qibates@127.0.0.1:${this.port}/postgres`;
  }

  async start(): Promise<void> {
    const opts = `-p ${this.port} -h 127.0.0.1 -k ${this.dir} -c fsync=off`;
    this.run("pg_ctl", [
      "-D",
      join(this.dir, "data"),
      "-l",
      join(this.dir, "log"),
      "-o",
      opts,
      "-w",
      "start",
    ]);
  }

  /** `pg_ctl stop -m immediate`: every server process quits at once, without a checkpoint (crash recovery at the next start). */
  stopImmediate(): void {
    this.run("pg_ctl", ["-D", join(this.dir, "data"), "-m", "immediate", "-w", "stop"]);
  }

  close(): void {
    try {
      this.run("pg_ctl", ["-D", join(this.dir, "data"), "-m", "fast", "-w", "stop"]);
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

interface ServerProcess {
  child: ChildProcess;
  base: string;
  log: () => string;
  /** From spawn to the start-up banner, in ms. */
  startMs: number;
}

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const started = now();
  const s = await startBundledServer(env);
  return { child: s.child, base: `${s.base}/qibates/api/v2`, log: s.output, startMs: now() - started };
}

/** An exit of the server that the bench did not cause. */
interface Exit {
  at: number;
  code: number | null;
  signal: string | null;
  /** The error the server died of, from its last output. */
  cause: string;
}

function crashCause(out: string): string {
  const error = /^(\w*Error\b.*)$/m.exec(out)?.[1];
  const emitter = /Emitted 'error' event on (\S+) instance/.exec(out)?.[1];
  const unhandled = /Unhandled 'error' event/.test(out);
  if (!error) return out.trim().split("\n").slice(-3).join(" ").slice(0, 300) || "no output";
  return `${error.trim()}${unhandled ? ` (unhandled 'error' event${emitter ? ` of a ${emitter}` : ""})` : ""}`;
}

/**
 * Starts the server and starts it again, on the same port and data, as a process supervisor would (systemd's
 * `Restart=always`); records every exit the bench did not cause.
 */
class Supervisor {
  server!: ServerProcess;
  readonly exits: Exit[] = [];
  private readonly killedByBench = new WeakSet<ChildProcess>();

  constructor(readonly env: Record<string, string>) {}

  async start(): Promise<ServerProcess> {
    const s = await startServer(this.env);
    this.server = s;
    s.child.once("exit", (code, signal) => {
      if (!this.killedByBench.has(s.child))
        this.exits.push({ at: now(), code, signal, cause: crashCause(s.log()) });
    });
    return s;
  }

  get alive(): boolean {
    return this.server.child.exitCode === null && this.server.child.signalCode === null;
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    this.killedByBench.add(this.server.child);
    this.server.child.kill(signal);
    await exited(this.server.child);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Sample.Basic: the calls

const CUBE = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" } as const;
const FAMILIES: [string, string[]][] = [
  ["100", SKUS.slice(0, 3)],
  ["200", SKUS.slice(3, 7)],
  ["300", SKUS.slice(7, 10)],
  ["400", SKUS.slice(10)],
];
const REGIONS: [string, string[]][] = [
  ["East", ["New York", "Massachusetts", "Florida", "Connecticut", "New Hampshire"]],
  ["West", ["California", "Oregon", "Washington", "Utah", "Nevada"]],
  ["South", ["Texas", "Oklahoma", "Louisiana", "New Mexico"]],
  ["Central", ["Illinois", "Ohio", "Wisconsin", "Missouri", "Iowa", "Colorado"]],
];
const STATES = REGIONS.flatMap(([, s]) => s);
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MEASURES_LEVEL0 = [
  "Sales",
  "COGS",
  "Marketing",
  "Payroll",
  "Misc",
  "Opening Inventory",
  "Additions",
  "Ending Inventory",
  "Margin %",
  "Profit %",
  "Profit per Ounce",
];

/**
 * The heavy grid: rows = Product's descendants (families and SKUs, shared members left out) × Market's
 * descendants (regions and states) × the 12 months; columns = Measures' level-0 members × Actual and Budget.
 */
function heavyGrid(): { grid: string[][]; dataCells: number } {
  const products = FAMILIES.flatMap(([f, s]) => [f, ...s]);
  const markets = REGIONS.flatMap(([r, s]) => [r, ...s]);
  const columns = MEASURES_LEVEL0.flatMap((m) => ["Actual", "Budget"].map((s) => [m, s] as const));
  const rows = products.flatMap((p) => markets.flatMap((mk) => MONTHS.map((mo) => [p, mk, mo])));
  const grid = [
    ["", "", "", ...columns.map((c) => c[0])],
    ["", "", "", ...columns.map((c) => c[1])],
    ...rows.map((r) => [...r, ...columns.map(() => "")]),
  ];
  return { grid, dataCells: rows.length * columns.length };
}

/** One data cell of Sample.Basic in the Budget scenario, as a save addresses it. */
interface Cell {
  measure: string;
  sku: string;
  state: string;
  month: string;
}
const cellKey = (c: Cell) => `${c.measure}|${c.sku}|${c.state}|${c.month}`;

/** One save: `cells` (one POV of month, SKU and Budget; one measure; one row per state) all set to `value`. */
interface SaveAttempt {
  cells: Cell[];
  value: string;
  /** How the call ended: `200`, an error label, or no answer. */
  outcome: string;
  acknowledged: boolean;
}

function saveBody(loginid: string, cells: Cell[], value: string): string {
  const first = cells[0] as Cell;
  const grid = [
    ["", first.month, first.sku, "Budget"],
    ["", first.measure],
    ...cells.map((c) => [c.state, value]),
  ];
  return JSON.stringify({ loginid, ...CUBE, grid, cells: cells.map((_, i) => ({ row: i + 2, column: 1 })) });
}

/** A save is acknowledged only when it answers 200 with every cell `written`. */
function acknowledged(a: Answer, cells: number): boolean {
  if (a.status !== 200) return false;
  try {
    const b = JSON.parse(a.body) as { cells?: { status?: string }[] };
    return b.cells?.length === cells && b.cells.every((c) => c.status === "written");
  } catch {
    return false;
  }
}

class Api {
  loginid = "";
  constructor(
    public base: string,
    public key: string,
  ) {}

  static async open(base: string): Promise<Api> {
    const api = new Api(base, "");
    await api.renewKey();
    await api.login();
    return api;
  }

  /** The demo key, from `/health` (a server process issues its own at start-up). */
  async renewKey(): Promise<void> {
    const a = await call(`${this.base}/health`);
    if (a.status !== 200) throw new Error(`/health: ${label(a)}`);
    this.key = (JSON.parse(a.body) as { demo: { apiKey: string } }).demo.apiKey;
  }

  /** The XMLA endpoint of the same server (served with `QIBATES_WIRE_ENDPOINTS=xmla`). */
  get xmlaUrl(): string {
    return `${this.base.replace(/\/qibates\/api\/v2$/, "")}/olap/msmdpump.dll`;
  }

  get headers(): Record<string, string> {
    return { "content-type": "application/json", qibateskey: this.key, connector: "essbase" };
  }

  post(path: string, body: string, timeoutMs?: number): Promise<Answer> {
    return call(`${this.base}${path}`, { method: "POST", headers: this.headers, body, timeoutMs });
  }

  async login(): Promise<void> {
    this.loginid = await this.newSession();
  }

  /** A new session of the demo user, its login id. */
  async newSession(): Promise<string> {
    const a = await this.post(
      "/action/login",
      JSON.stringify({
        username: "demo",
        password: "demo",
        providerAddress: "https://demo.qibates.local/aps/JAPI",
      }),
    );
    if (a.status !== 200) throw new Error(`login failed: ${label(a)} ${a.body.slice(0, 300)}`);
    return (JSON.parse(a.body) as { loginid: string }).loginid;
  }

  refresh100(): Promise<Answer> {
    return this.post(
      "/action/refresh",
      JSON.stringify({ loginid: this.loginid, ...CUBE, grid: refreshGrid100() }),
    );
  }

  navigation(): Promise<Answer> {
    return this.post("/nav/dimensions", JSON.stringify({ loginid: this.loginid, ...CUBE }));
  }

  save(cells: Cell[], value: string): Promise<Answer> {
    return this.post("/action/save", saveBody(this.loginid, cells, value));
  }

  /** The values of `cells` now, read with one refresh (rows SKU × state × month, columns measure × Budget). */
  async read(cells: Cell[]): Promise<Map<string, string>> {
    const measures = [...new Set(cells.map((c) => c.measure))];
    const rowKeys = [...new Set(cells.map((c) => `${c.sku}|${c.state}|${c.month}`))];
    const grid = [
      ["", "", "", ...measures],
      ["", "", "", ...measures.map(() => "Budget")],
      ...rowKeys.map((k) => [...k.split("|"), ...measures.map(() => "")]),
    ];
    const a = await this.post(
      "/action/refresh",
      JSON.stringify({ loginid: this.loginid, ...CUBE, grid, settings: { aliasTable: null } }),
      60_000,
    );
    if (a.status !== 200) throw new Error(`read-back refresh failed: ${label(a)} ${a.body.slice(0, 300)}`);
    const answer = (JSON.parse(a.body) as { grid: string[][] }).grid;
    const values = new Map<string, string>();
    rowKeys.forEach((k, r) => {
      const [sku, state, month] = k.split("|") as [string, string, string];
      measures.forEach((measure, c) => {
        values.set(cellKey({ measure, sku, state, month }), answer[r + 2]?.[c + 3] ?? "");
      });
    });
    return values;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Phase 1: small calls alone, then beside 4 concurrent heavy grid calls

/** The heavy callers, in a worker thread: its own event loop reads the 2 MB answers, not the measuring one. */
const HEAVY_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const agent = new http.Agent({ keepAlive: true });
const { url, headers, body: template, concurrency, loginids, nice } = workerData;
// The load generator's thread yields the processors to the server it loads (Linux: a thread's nice value is its
// own), standing in for a client on another machine.
if (nice > 0) {
  try {
    require("node:os").setPriority(Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop()), nice);
  } catch {}
}
let stop = false;
let n = 0;
const calls = [];
function one(caller) {
  // A save's values change from one call to the next (the token __N__ in its body); each caller has its own
  // session (the token __L__) when the bench gives them.
  const body = template.replaceAll("__N__", String(++n)).replace("__L__", loginids ? loginids[caller % loginids.length] : "");
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(url, { method: "POST", agent, headers: { ...headers, "content-length": Buffer.byteLength(body) } }, (res) => {
      let bytes = 0;
      res.on("data", (c) => { bytes += c.length; });
      res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started, bytes }));
      res.on("error", () => resolve({ status: null, ms: performance.now() - started, bytes }));
    });
    req.on("error", () => resolve({ status: null, ms: performance.now() - started, bytes: 0 }));
    req.end(body);
  });
}
async function loop(_, caller) {
  while (!stop) {
    const r = await one(caller);
    calls.push(r);
    if (calls.length === 1) parentPort.postMessage({ first: true });
  }
}
const loops = Array.from({ length: concurrency }, loop);
parentPort.on("message", async () => {
  stop = true;
  await Promise.all(loops);
  parentPort.postMessage({ calls });
});
`;

interface HeavyCall {
  status: number | null;
  ms: number;
  bytes: number;
}

function startHeavy(
  api: Api,
  body: string,
  loginids: string[] | null,
): { firstAnswer: Promise<void>; stop: () => Promise<HeavyCall[]> } {
  const worker = new Worker(HEAVY_WORKER, {
    eval: true,
    workerData: {
      url: HEAVY_XMLA ? api.xmlaUrl : `${api.base}/${HEAVY_SAVE ? "action/save" : "action/refresh"}`,
      headers: HEAVY_XMLA ? XMLA_HEADERS : api.headers,
      body,
      concurrency: HEAVY_CONCURRENCY,
      loginids,
      nice: HEAVY_CLIENT_NICE,
    },
  });
  let first: () => void = () => {};
  const firstAnswer = new Promise<void>((r) => {
    first = r;
  });
  let result: (calls: HeavyCall[]) => void = () => {};
  const results = new Promise<HeavyCall[]>((r) => {
    result = r;
  });
  worker.on("message", (m: { first?: boolean; calls?: HeavyCall[] }) => {
    if (m.first) first();
    if (m.calls) result(m.calls);
  });
  return {
    firstAnswer,
    stop: async () => {
      worker.postMessage("stop");
      const calls = await results;
      await worker.terminate();
      return calls;
    },
  };
}

interface SmallLatencies {
  health: number[];
  refresh: number[];
  failures: string[];
}

/** `/health` and the 100-cell refresh in turn, one call at a time, for `seconds`. */
async function smallCalls(api: Api, seconds: number): Promise<SmallLatencies> {
  const out: SmallLatencies = { health: [], refresh: [], failures: [] };
  const end = now() + seconds * 1000;
  while (now() < end) {
    const h = await call(`${api.base}/health`);
    if (h.status === 200) out.health.push(h.ms);
    else out.failures.push(`/health ${label(h)}`);
    const r = await api.refresh100();
    if (r.status === 200) out.refresh.push(r.ms);
    else out.failures.push(`refresh ${label(r)}`);
  }
  return out;
}

interface HeavyPhase {
  dataCells: number;
  gridCells: number;
  requestBytes: number;
  answerBytes: number;
  heavyAloneMs: number[];
  alone: SmallLatencies;
  loaded: SmallLatencies;
  heavyCalls: HeavyCall[];
}

async function heavyPhase(api: Api): Promise<HeavyPhase> {
  const { grid, dataCells } = heavyGrid();
  // A save: the first Budget column of rows 2-11 takes a new value at each call (__N__, replaced by the caller).
  const cells = Array.from({ length: 10 }, (_, i) => ({ row: 2 + i, column: 4 }));
  const edited = grid.map((r, i) => (i >= 2 && i < 12 ? r.map((v, j) => (j === 4 ? `${i}__N__` : v)) : r));
  // Heavy saves come from 4 users, each with a session (and so, with the demo key, a copy of the data) of their own.
  const savers = HEAVY_SAVE
    ? await Promise.all(Array.from({ length: HEAVY_CONCURRENCY }, () => api.newSession()))
    : null;
  const body = HEAVY_XMLA
    ? XMLA_EXECUTE
    : HEAVY_SAVE
      ? JSON.stringify({ loginid: "__L__", ...CUBE, grid: edited, cells })
      : JSON.stringify({ loginid: api.loginid, ...CUBE, grid });
  const path = HEAVY_SAVE ? "/action/save" : "/action/refresh";
  const heavyAloneMs: number[] = [];
  let answerBytes = 0;
  let gridCells = 0;
  let xmlaCells = 0;
  for (let i = 0; i < 3; i++) {
    const a = HEAVY_XMLA
      ? await call(api.xmlaUrl, { method: "POST", headers: XMLA_HEADERS, body, timeoutMs: 120_000 })
      : await api.post(
          path,
          body.replaceAll("__N__", String(900 + i)).replace("__L__", api.loginid),
          120_000,
        );
    if (a.status !== 200) throw new Error(`the heavy grid call failed: ${label(a)} ${a.body.slice(0, 300)}`);
    heavyAloneMs.push(a.ms);
    answerBytes = Buffer.byteLength(a.body);
    if (HEAVY_XMLA) {
      // The query's cells (axis 0 × axis 1 tuples), and the non-missing ones the MDDataSet carries.
      const tuples = [...a.body.matchAll(/<Axis name="Axis[01]"><Tuples>(.*?)<\/Tuples>/gs)].map(
        (m) => (m[1] as string).split("<Tuple>").length - 1,
      );
      gridCells = tuples.reduce((n, t) => n * t, 1);
      xmlaCells = a.body.split("<Cell ").length - 1;
    } else {
      const answer = (JSON.parse(a.body) as { grid: string[][] }).grid;
      gridCells = answer.length * (answer[0]?.length ?? 0);
    }
  }
  const cellsOfCall = HEAVY_XMLA ? xmlaCells : dataCells;
  log(
    `heavy ${HEAVY_XMLA ? "MDX" : "grid"}: ${cellsOfCall.toLocaleString("en-US")} data cells (${gridCells.toLocaleString("en-US")} with headers), request ${(Buffer.byteLength(body) / 1e6).toFixed(2)} MB, answer ${(answerBytes / 1e6).toFixed(2)} MB, alone ${heavyAloneMs.map((m) => m.toFixed(0)).join(" / ")} ms`,
  );
  await smallCalls(api, 2); // warm-up
  const alone = await smallCalls(api, ALONE_SECONDS);
  log(
    `alone: /health p99 ${percentile(alone.health, 99).toFixed(1)} ms, refresh p99 ${percentile(alone.refresh, 99).toFixed(1)} ms`,
  );
  const heavy = startHeavy(api, body, savers);
  await heavy.firstAnswer;
  const loaded = await smallCalls(api, HEAVY_SECONDS);
  const heavyCalls = await heavy.stop();
  log(
    `with ${HEAVY_CONCURRENCY} heavy: /health p99 ${percentile(loaded.health, 99).toFixed(1)} ms, refresh p99 ${percentile(loaded.refresh, 99).toFixed(1)} ms; ${heavyCalls.length} heavy calls`,
  );
  return {
    dataCells: cellsOfCall,
    gridCells,
    requestBytes: Buffer.byteLength(body),
    answerBytes,
    heavyAloneMs,
    alone,
    loaded,
    heavyCalls,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Phase 2: Redis and PostgreSQL stopped and restarted under a steady load

type Kind = "refresh" | "save" | "navigation" | "health" | "readyz";
const KINDS: Kind[] = ["refresh", "save", "navigation", "health", "readyz"];

interface Event {
  kind: Kind;
  start: number;
  end: number;
  label: string;
}

interface Outage {
  service: "Redis" | "PostgreSQL";
  how: string;
  down: number;
  /** The service answers again. */
  up: number;
  /** Per kind: the end of the first call started after `up` that answered 200 (absent if none). */
  recovered: Partial<Record<Kind, number>>;
  /** Exits of the server the bench did not cause, from the stop on. */
  exits: Exit[];
  /** When the server died: its start-up time once the service was back. */
  serverRestartMs: number | null;
}

/** The cells saved one at a time in phase 2: Misc and Payroll of Budget, each SKU, state and month. */
function* singleCells(): Generator<Cell> {
  for (const measure of ["Misc", "Payroll"])
    for (const sku of SKUS)
      for (const state of STATES) for (const month of MONTHS) yield { measure, sku, state, month };
}

class SteadyLoad {
  readonly events: Event[] = [];
  readonly saves: SaveAttempt[] = [];
  private running = true;
  private loops: Promise<void>[] = [];
  private relogin: Promise<void> | null = null;
  private renewing: Promise<void> | null = null;
  sessionLost = 0;
  keyRenewed = 0;

  constructor(private api: Api) {}

  start(): void {
    const cells = singleCells();
    let n = 0;
    const kinds: [Kind, () => Promise<Answer>][] = [
      ["refresh", () => this.api.refresh100()],
      [
        "save",
        async () => {
          const next = cells.next();
          if (next.done) throw new Error("out of cells to save");
          const value = String(700_000 + n++);
          const a = await this.api.save([next.value], value);
          this.saves.push({
            cells: [next.value],
            value,
            outcome: label(a),
            acknowledged: acknowledged(a, 1),
          });
          return a;
        },
      ],
      ["navigation", () => this.api.navigation()],
      ["health", () => call(`${this.api.base}/health`)],
      ["readyz", () => call(`${this.api.base.replace(/\/qibates\/api\/v2$/, "")}/readyz`)],
    ];
    this.loops = kinds.map(async ([kind, fn]) => {
      while (this.running) {
        const start = now();
        const a = await fn();
        this.events.push({ kind, start, end: now(), label: label(a) });
        const code = a.status === 401 || a.status === 403 ? registryCode(a.body) : null;
        if (code === "QB_ERR_AUTH_KEY_INVALID") {
          // The demo key changed (a server started on a database without it): read it from /health (once for all loops).
          this.keyRenewed++;
          this.renewing ??= this.api.renewKey().finally(() => {
            this.renewing = null;
          });
          await this.renewing.catch(() => {});
        } else if (code === "QB_ERR_SESSION_UNKNOWN") {
          // The session was lost: log in again (once for all loops) and carry on.
          this.sessionLost++;
          this.relogin ??= this.api.login().finally(() => {
            this.relogin = null;
          });
          await this.relogin.catch(() => {});
        }
        await sleep(kind === "readyz" || kind === "health" ? 100 : 40);
      }
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Waits until every kind has a 200 for a call started after `t` (at most `ms`); the end of each. */
  async recovery(t: number, ms = 60_000): Promise<Partial<Record<Kind, number>>> {
    const end = now() + ms;
    const found: Partial<Record<Kind, number>> = {};
    while (now() < end) {
      for (const k of KINDS) {
        if (found[k] !== undefined) continue;
        const e = this.events.find((x) => x.kind === k && x.start >= t && x.label === "200");
        if (e) found[k] = e.end;
      }
      if (KINDS.every((k) => found[k] !== undefined)) break;
      await sleep(50);
    }
    return found;
  }
}

interface FaultsPhase {
  outages: Outage[];
  events: Event[];
  saves: SaveAttempt[];
  sessionLost: number;
  /** Calls answered `QB_ERR_AUTH_KEY_INVALID` (the demo key of a server started again is a new one). */
  keyRenewed: number;
  /** Acknowledged saves whose value is not there, read back after both outages. */
  missing: SaveAttempt[];
  /** Saves answered with an error (so: nothing changed) whose value is there all the same. */
  errorButWritten: SaveAttempt[];
  /** Saves without an answer whose value is there. */
  unansweredWritten: number;
}

async function faultsPhase(
  api: Api,
  sup: Supervisor,
  redis: RedisService,
  pg: PostgresService,
): Promise<FaultsPhase> {
  const load = new SteadyLoad(api);
  load.start();
  await sleep(4000);
  const outages: Outage[] = [];
  const outage = async (
    service: Outage["service"],
    how: string,
    stop: () => Promise<void> | void,
    start: () => Promise<void>,
  ): Promise<void> => {
    const down = now();
    await stop();
    log(`${service} stopped (${how}); started again in ${DOWN_SECONDS} s`);
    await sleep(DOWN_SECONDS * 1000);
    await start();
    const up = now();
    const exits = sup.exits.filter((e) => e.at >= down);
    let serverRestartMs: number | null = null;
    if (!sup.alive) {
      // The server died with the service: start it again, as a supervisor would, now that the service is back.
      log(
        `the server exited while ${service} was down: ${exits.map((e) => e.cause).join("; ")}; starting it again`,
      );
      serverRestartMs = (await sup.start()).startMs;
    }
    const recovered = await load.recovery(up);
    outages.push({ service, how, down, up, recovered, exits, serverRestartMs });
    log(`${service} back; every kind answered 200 again after ${recoveryText(up, recovered)}`);
    await sleep(3000);
  };
  await outage(
    "Redis",
    "SIGKILL",
    () => redis.kill(),
    () => redis.start(),
  );
  await outage(
    "PostgreSQL",
    "`pg_ctl stop -m immediate`",
    () => pg.stopImmediate(),
    () => pg.start(),
  );
  await load.stop();

  const check = await checkSaves(api, load.saves);
  return {
    outages,
    events: load.events,
    saves: load.saves,
    sessionLost: load.sessionLost,
    keyRenewed: load.keyRenewed,
    ...check,
  };
}

function recoveryText(up: number, recovered: Partial<Record<Kind, number>>): string {
  const times = KINDS.map((k) => recovered[k]);
  if (times.some((t) => t === undefined))
    return `not all kinds within 60 s (${KINDS.filter((k) => recovered[k] === undefined).join(", ")})`;
  return `${((Math.max(...(times as number[])) - up) / 1000).toFixed(2)} s`;
}

/** Reads every attempted save back: acknowledged ones must be there in full, failed ones absent, none partial. */
async function checkSaves(
  api: Api,
  saves: SaveAttempt[],
): Promise<{
  missing: SaveAttempt[];
  errorButWritten: SaveAttempt[];
  unansweredWritten: number;
  partial: SaveAttempt[];
}> {
  const values = await api.read(saves.flatMap((s) => s.cells));
  const written = (s: SaveAttempt) => s.cells.filter((c) => values.get(cellKey(c)) === s.value).length;
  const missing: SaveAttempt[] = [];
  const errorButWritten: SaveAttempt[] = [];
  const partial: SaveAttempt[] = [];
  let unansweredWritten = 0;
  for (const s of saves) {
    const n = written(s);
    if (n > 0 && n < s.cells.length) partial.push(s);
    if (s.acknowledged && n < s.cells.length) missing.push(s);
    else if (!s.acknowledged && s.outcome.startsWith("no answer"))
      unansweredWritten += n === s.cells.length ? 1 : 0;
    else if (!s.acknowledged && n > 0) errorButWritten.push(s);
  }
  return { missing, errorButWritten, unansweredWritten, partial };
}

// ---------------------------------------------------------------------------------------------------------
// Phase 3: SIGKILL mid-save

interface KillRound {
  afterMs: number;
  saves: SaveAttempt[];
  restartMs: number;
  missing: SaveAttempt[];
  partial: SaveAttempt[];
  unansweredWritten: number;
  errorButWritten: SaveAttempt[];
}

/** The 10-cell saves of phase 3: one measure, SKU and month; the first or the last 10 states. */
function* multiCells(): Generator<Cell[]> {
  for (const measure of ["Marketing", "COGS", "Additions", "Sales", "Opening Inventory", "Ending Inventory"])
    for (const sku of SKUS)
      for (const month of MONTHS)
        for (const states of [STATES.slice(0, 10), STATES.slice(10)])
          yield states.map((state) => ({ measure, sku, state, month }));
}

async function killPhase(sup: Supervisor): Promise<{ rounds: KillRound[]; api: Api }> {
  const rounds: KillRound[] = [];
  let n = 0;
  let api = await Api.open(sup.server.base);
  for (let round = 0; round < KILLS; round++) {
    // Each round saves the same cells again, with values of its own: the round before was read back already.
    const cells = multiCells();
    const saves: SaveAttempt[] = [];
    let running = true;
    const loop = async () => {
      while (running) {
        const next = cells.next();
        // Every cell of the round saved once: the saves stop (rare: a fast machine, a late kill).
        if (next.done) break;
        const value = String(800_000 + n++);
        const attempt: SaveAttempt = {
          cells: next.value,
          value,
          outcome: "no answer (in flight)",
          acknowledged: false,
        };
        saves.push(attempt);
        const a = await api.save(next.value, value);
        attempt.outcome = label(a);
        attempt.acknowledged = acknowledged(a, next.value.length);
        if (a.status === null) break;
      }
    };
    const loops = [loop(), loop()];
    const afterMs = 500 + Math.random() * 1500;
    await sleep(afterMs);
    await sup.kill("SIGKILL");
    running = false;
    await Promise.all(loops);
    const server = await sup.start();
    api = await Api.open(server.base);
    const check = await checkSaves(api, saves);
    rounds.push({ afterMs, saves, restartMs: server.startMs, ...check });
    log(
      `SIGKILL round ${round + 1}: killed after ${afterMs.toFixed(0)} ms, ${saves.filter((s) => s.acknowledged).length} saves acknowledged, ${check.missing.length} missing, ${check.partial.length} partial; restart ${server.startMs.toFixed(0)} ms`,
    );
  }
  return { rounds, api };
}

// ---------------------------------------------------------------------------------------------------------
// Report

function log(line: string): void {
  process.stderr.write(`  ${line}\n`);
}

const ms1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "—");
const fmt = (n: number) => n.toLocaleString("en-US");

function tally(
  events: Event[],
  from: number,
  to: number,
  kind: Kind,
): { labels: Map<string, number>; max: number; n: number } {
  const labels = new Map<string, number>();
  let max = 0;
  let n = 0;
  for (const e of events) {
    if (e.kind !== kind || e.start < from || e.start >= to) continue;
    labels.set(e.label, (labels.get(e.label) ?? 0) + 1);
    max = Math.max(max, e.end - e.start);
    n++;
  }
  return { labels, max, n };
}

const tallyText = (labels: Map<string, number>) =>
  [...labels.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([l, c]) => `${l} × ${fmt(c)}`)
    .join(", ") || "—";

/** The command line and the table of phase 1. */
function heavyReport(h: HeavyPhase): string[] {
  const p = (xs: number[], q: number) => percentile(xs, q);
  const ok = (v: number, target: number) => (v <= target ? "✅" : "❌");
  const heavyOk = h.heavyCalls.filter((c) => c.status === 200);
  const heavyMs = heavyOk.map((c) => c.ms);
  return [
    `Command: \`npx tsx bench/load-faults.ts --heavy-seconds ${HEAVY_SECONDS} ${HEAVY_XMLA ? "--heavy-xmla" : HEAVY_SAVE ? "--heavy-save" : HEAVY_ONLY ? "--heavy-only" : `--down-seconds ${DOWN_SECONDS} --kills ${KILLS} --write`}${HEAVY_CLIENT_NICE !== 10 ? ` --heavy-client-nice ${HEAVY_CLIENT_NICE}` : ""}\` (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, Node ${process.version}, ${cpus().length} CPUs shared with other work, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        " / ",
      )} at the end; the server is the bundle \`npm start\` runs, ${serverSource()}, demo mode, over PostgreSQL ${postgresVersion()} and Redis started by the script; \`MAX_GRID_CELLS=1000000\`).`,
    "",
    "### Small calls while 4 heavy grid calls run",
    "",
    HEAVY_XMLA
      ? `Heavy call: an XMLA \`Execute\` (HTTP Basic, SOAP) at \`/olap/msmdpump.dll\` (\`QIBATES_WIRE_ENDPOINTS=xmla\`) of \`${XMLA_QUERY}\`: **${fmt(h.gridCells)} cells** (${fmt(h.dataCells)} not missing, one \`Cell\` element each), request ${(h.requestBytes / 1e3).toFixed(1)} kB, answer ${(h.answerBytes / 1e6).toFixed(2)} MB; alone ${h.heavyAloneMs.map((m) => m.toFixed(0)).join(" / ")} ms. ${HEAVY_CONCURRENCY} of them ran without pause from a worker thread of the bench at nice ${HEAVY_CLIENT_NICE} (${fmt(h.heavyCalls.length)} calls in ${HEAVY_SECONDS} s, ${fmt(heavyOk.length)} answered 200, p50 ${ms1(p(heavyMs, 50))} ms, p99 ${ms1(p(heavyMs, 99))} ms) while the small calls ran one at a time, \`/health\` and the 100-cell refresh in turn (${ALONE_SECONDS} s alone, ${HEAVY_SECONDS} s with the heavy calls).`
      : `Heavy call: ${HEAVY_SAVE ? "`action/save` (10 Budget cells of the sheet given new values by each call, listed in `cells`; each of the 4 callers with a session of its own)" : "`action/refresh`"} of a nested grid on Sample.Basic — rows Product's descendants (17, shared members left out) × Market's descendants (24) × 12 months = ${fmt(h.dataCells / 22)} rows, columns Measures' level-0 members (11) × Actual, Budget = 22: **${fmt(h.dataCells)} data cells** (${fmt(h.gridCells)} with headers), request ${(h.requestBytes / 1e6).toFixed(2)} MB, answer ${(h.answerBytes / 1e6).toFixed(2)} MB; alone ${h.heavyAloneMs.map((m) => m.toFixed(0)).join(" / ")} ms. ${HEAVY_CONCURRENCY} of them ran without pause from a worker thread of the bench${HEAVY_CLIENT_NICE > 0 ? ` at nice ${HEAVY_CLIENT_NICE} (a load generator on this machine yields the processors to the server, as one on another machine would; \`--heavy-client-nice 0\` to run it at the server's priority)` : " at the server's priority"} (${fmt(h.heavyCalls.length)} calls in ${HEAVY_SECONDS} s, ${fmt(heavyOk.length)} answered 200, p50 ${ms1(p(heavyMs, 50))} ms, p99 ${ms1(p(heavyMs, 99))} ms) while the small calls ran one at a time, \`/health\` and the 100-cell refresh in turn (${ALONE_SECONDS} s alone, ${HEAVY_SECONDS} s with the heavy calls).`,
    "",
    "| call | alone p50 / p99 ms | with 4 heavy calls p50 / p99 / max ms | calls (alone / loaded) | target (loaded p99) | |",
    "| --- | ---: | ---: | ---: | ---: | :---: |",
    `| \`GET /health\` | ${ms1(p(h.alone.health, 50))} / ${ms1(p(h.alone.health, 99))} | ${ms1(p(h.loaded.health, 50))} / **${ms1(p(h.loaded.health, 99))}** / ${ms1(Math.max(...h.loaded.health))} | ${fmt(h.alone.health.length)} / ${fmt(h.loaded.health.length)} | ≤ 20 ms | ${ok(p(h.loaded.health, 99), 20)} |`,
    `| 100-cell \`action/refresh\` | ${ms1(p(h.alone.refresh, 50))} / ${ms1(p(h.alone.refresh, 99))} | ${ms1(p(h.loaded.refresh, 50))} / **${ms1(p(h.loaded.refresh, 99))}** / ${ms1(Math.max(...h.loaded.refresh))} | ${fmt(h.alone.refresh.length)} / ${fmt(h.loaded.refresh.length)} | ≤ 10 ms | ${ok(p(h.loaded.refresh, 99), 10)} |`,
  ];
}

function report(
  h: HeavyPhase,
  f: FaultsPhase,
  k: KillRound[],
  finalCheck: { missing: number; total: number },
  startMs: number,
): string {
  const lines: string[] = heavyReport(h);
  const smallFailures = [...h.alone.failures, ...h.loaded.failures];
  if (smallFailures.length)
    lines.push("", `Small calls that failed: ${smallFailures.slice(0, 10).join("; ")}.`);

  lines.push(
    "",
    "### Redis and PostgreSQL stopped under load",
    "",
    `Steady load, one call at a time per kind with 40 ms between calls (100 ms for \`/health\` and \`/readyz\`): the 100-cell refresh, a save of one cell with a value of its own (Budget, Misc or Payroll of one SKU, state and month), navigation (\`nav/dimensions\`), \`/health\`, \`/readyz\`. Each service down ${DOWN_SECONDS} s; a call without an answer after ${CALL_TIMEOUT_MS / 1000} s counts as a hang. ${fmt(f.events.length)} calls in all.`,
    "",
    "| service | kind | answers while down (calls started between the stop and the restart) | longest call while down | answers after the restart until the first 200 | back to 200 after the restart |",
    "| --- | --- | --- | ---: | --- | ---: |",
  );
  for (const o of f.outages) {
    for (const kind of KINDS) {
      const down = tally(f.events, o.down, o.up, kind);
      const rec = o.recovered[kind];
      const after = tally(f.events, o.up, rec ?? Number.POSITIVE_INFINITY, kind);
      // The answers before the first 200 that started after the restart: drop that 200 itself.
      after.labels.set("200", (after.labels.get("200") ?? 1) - 1);
      if (after.labels.get("200") === 0) after.labels.delete("200");
      lines.push(
        `| ${o.service} (${o.how}) | ${kind} | ${tallyText(down.labels)} | ${fmt(Math.round(down.max))} ms | ${tallyText(after.labels)} | ${rec === undefined ? "**not within 60 s**" : `${((rec - o.up) / 1000).toFixed(2)} s`} |`,
      );
    }
  }
  for (const o of f.outages) {
    if (o.exits.length === 0) {
      lines.push("", `${o.service}: the server process stayed up.`);
      continue;
    }
    const exits = o.exits
      .map(
        (e) =>
          `${((e.at - o.down) / 1000).toFixed(2)} s after the stop, ${e.code === null ? `signal ${e.signal}` : `exit code ${e.code}`}: ${e.cause}`,
      )
      .join("; ");
    lines.push(
      "",
      `**${o.service}: the server process died** (${exits}). The bench started it again once ${o.service} was back, as a supervisor would (start-up ${o.serverRestartMs === null ? "—" : `${fmt(Math.round(o.serverRestartMs))} ms`}); the answers above while it was down are refused connections.`,
    );
  }
  const acked = f.saves.filter((s) => s.acknowledged).length;
  lines.push(
    "",
    `Saves: ${fmt(f.saves.length)} attempted, **${fmt(acked)} acknowledged (200)**, read back after both outages: **${fmt(f.missing.length)} missing**; ${fmt(f.errorButWritten.length)} answered with an error but written all the same; ${fmt(f.unansweredWritten)} without an answer but written. Calls refused because the session was lost (\`QB_ERR_SESSION_UNKNOWN\`, then logged in again): ${fmt(f.sessionLost)}; refused with \`QB_ERR_AUTH_KEY_INVALID\` (then the demo key read again from \`/health\`): ${fmt(f.keyRenewed)}.`,
    "",
    "### SIGKILL mid-save",
    "",
    `Two connections save without pause, 10 cells a save (one measure, SKU and month of Budget; 10 states; one value per save); the server is killed with SIGKILL 0.5–2 s in (random), then started again on the same PostgreSQL and Redis and every attempted save is read back. ${KILLS} rounds.`,
    "",
    "| round | killed after | saves acknowledged | acknowledged and missing | partial writes | in flight (no answer), written in full | answered with an error, written | restart to banner |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...k.map(
      (r, i) =>
        `| ${i + 1} | ${fmt(Math.round(r.afterMs))} ms | ${fmt(r.saves.filter((s) => s.acknowledged).length)} | **${r.missing.length}** | **${r.partial.length}** | ${r.unansweredWritten} of ${r.saves.filter((s) => s.outcome.startsWith("no answer")).length} | ${r.errorButWritten.length} | ${fmt(Math.round(r.restartMs))} ms |`,
    ),
    "",
    `After the last restart (the journal replayed from PostgreSQL), the ${fmt(finalCheck.total)} single-cell saves acknowledged during the outages were read again: **${fmt(finalCheck.missing)} missing**. First start of the server (spawn to banner) ${fmt(Math.round(startMs))} ms.`,
  );
  return lines.join("\n");
}

/** The commit the server bundle was built from, and whether the tree held other changes to its sources. */
function serverSource(): string {
  if (process.env.QIBATES_BENCH_SERVER) return `started from ${process.env.QIBATES_BENCH_SERVER}`;
  try {
    const git = (...a: string[]) =>
      execFileSync("git", ["-C", ROOT, ...a], { stdio: ["ignore", "pipe", "ignore"] })
        .toString()
        .trim();
    const dirty = git("status", "--porcelain", "--", "packages") !== "";
    return `built from commit ${git("rev-parse", "--short", "HEAD")}${dirty ? " with uncommitted changes under packages/" : ""}`;
  } catch {
    return "built outside a git checkout";
  }
}

function postgresVersion(): string {
  return existsSync("/usr/lib/postgresql") ? (readdirSync("/usr/lib/postgresql").sort().at(-1) ?? "?") : "?";
}

// ---------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  await buildServerIfNeeded();
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanup = async () => {
    for (const c of cleanups.splice(0).reverse()) await Promise.resolve(c()).catch(() => {});
  };
  process.once("SIGINT", () => {
    void cleanup().then(() => process.exit(130));
  });
  try {
    log("starting PostgreSQL and Redis");
    const pg = await PostgresService.create();
    cleanups.push(() => pg.close());
    const redis = await RedisService.create();
    cleanups.push(() => redis.close());
    const env = {
      // A fixed port: the server started again after a crash or a SIGKILL answers at the same address.
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      SITE_DIR: "",
      LOG_LEVEL: "warn",
      QIBATES_DEMO: "true",
      // Saves are read back by later sessions (a session lost in an outage logs in again): the shared data.
      QIBATES_DEMO_SESSION_VIEWS: "false",
      RATE_LIMIT_PER_MINUTE: "1000000",
      MAX_GRID_CELLS: "1000000",
      ...(HEAVY_XMLA ? { QIBATES_WIRE_ENDPOINTS: "xmla" } : {}),
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      DATA_DIR: join(tmpdir(), "qibates-lf-no-pglite"),
    };
    const sup = new Supervisor(env);
    const first = await sup.start();
    cleanups.push(() => sup.kill("SIGTERM"));
    log(`server up in ${first.startMs.toFixed(0)} ms at ${first.base}`);
    const api = await Api.open(first.base);

    log("phase 1: small calls beside heavy grid calls");
    const heavy = await heavyPhase(api);
    if (HEAVY_ONLY) {
      process.stdout.write(`\n${heavyReport(heavy).join("\n")}\n`);
      return;
    }

    log("phase 2: Redis and PostgreSQL stopped under load");
    const faults = await faultsPhase(api, sup, redis, pg);

    log("phase 3: SIGKILL mid-save");
    const killed = await killPhase(sup);
    const acked = faults.saves.filter((s) => s.acknowledged);
    const final = await checkSaves(killed.api, acked);
    const text = report(
      heavy,
      faults,
      killed.rounds,
      { missing: final.missing.length, total: acked.length },
      first.startMs,
    );
    process.stdout.write(`\n${text}\n`);
    const serverLog = sup.server.log().trim();
    if (serverLog) log(`server log (tail):\n${serverLog.slice(-2000)}`);
    if (write) {
      const file = join(ROOT, "bench/BENCHMARKS.md");
      const md = readFileSync(file, "utf8");
      const section = `<!-- load-faults:start -->\n## Load and faults\n\n${text}\n<!-- load-faults:end -->`;
      const re = /<!-- load-faults:start -->[\s\S]*<!-- load-faults:end -->/;
      writeFileSync(file, re.test(md) ? md.replace(re, section) : `${md.trimEnd()}\n\n${section}\n`);
    }
  } finally {
    await cleanup();
    agent.destroy();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
