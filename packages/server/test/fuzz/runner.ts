/**
 * Sends the fuzzer's requests to a running server over HTTP/1.1 keep-alive connections and judges every
 * answer: no status ≥ 500, no connection dropped without an answer, every error answer in the registry's
 * format (`{code, message, field, requestId}`, a code of the contract's `ErrorCode`, the request id of the
 * `x-request-id` header), and `GET /health` answering 200 on a new connection after each batch.
 */
import http from "node:http";
import net from "node:net";
import {
  CONTRACT,
  contractErrorCodes,
  contractOperations,
  demoLogins,
  type FuzzContext,
  Fuzzer,
  type FuzzRequest,
} from "./fuzzer.ts";

export interface Answer {
  status: number | null;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Set when the connection ended without a (complete) answer. */
  error: string | null;
  ms: number;
}

export interface Failure<R = FuzzRequest> {
  request: R;
  status: number | null;
  reason: string;
  answer: string;
}

/** What every fuzz run's summary holds, its requests being `R`s. */
export interface RunSummary<R> {
  seed: number;
  /** Requests the run was asked for (request `i` depends on the seed and this number). */
  planned: number;
  requests: number;
  byClass: Record<string, number>;
  byKind: Record<string, number>;
  failures: Failure<R>[];
  healthChecks: number;
  healthFailures: string[];
  latency: { p50: number; p99: number; max: number };
  seconds: number;
}

export interface FuzzSummary extends RunSummary<FuzzRequest> {
  /** The demo key, left out of the printed requests. */
  key: string;
  byStatus: Record<string, number>;
  byOperation: Record<string, number>;
  /** Error codes answered, with their count. */
  byCode: Record<string, number>;
  /** Answers (and their operation) to the unchanged baselines, before the fuzzing. */
  baselines: { operationId: string; what: string; status: number | null; code: string | null }[];
}

export interface RunOptions<S = FuzzSummary> {
  baseUrl: string;
  seed: number;
  requests: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Requests between two `/health` checks. */
  batch?: number;
  /** Only request `only` (replay of one failure). */
  only?: number;
  timeoutMs?: number;
  /** Called after each batch. */
  progress?: (done: number, summary: S) => void;
}

const ERROR_CODES = contractErrorCodes(CONTRACT);
/** The Error schema's fields: the four every error answer carries, and those a call's answer may add. */
const ERROR_SCHEMA = (
  CONTRACT as {
    components: {
      schemas: { Error: { required: string[]; properties: Record<string, { enum?: unknown[] }> } };
    };
  }
).components.schemas.Error;
const ERROR_REQUIRED = [...ERROR_SCHEMA.required].sort().join(",");

export function send(agent: http.Agent, base: URL, r: FuzzRequest, timeoutMs: number): Promise<Answer> {
  if (r.raw) return sendRaw(base, r.raw, timeoutMs);
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const done = (a: Omit<Answer, "ms">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...a, ms: performance.now() - started });
    };
    const headers: http.OutgoingHttpHeaders = { ...r.headers };
    if (r.chunks) headers["transfer-encoding"] = "chunked";
    let req: http.ClientRequest;
    try {
      req = http.request({
        agent,
        host: base.hostname,
        port: base.port,
        method: r.method,
        path: r.path,
        headers,
        setHost: !("host" in headers),
      });
    } catch (e) {
      // Refused by Node before sending: the fuzzer built something no client can send.
      done({ status: null, headers: {}, body: Buffer.alloc(0), error: `not sent: ${(e as Error).message}` });
      return;
    }
    timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    let status: number | null = null;
    req.on("response", (res) => {
      status = res.statusCode ?? null;
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => done({ status, headers: res.headers, body: Buffer.concat(parts), error: null }));
      res.on("error", (e) =>
        done({ status, headers: res.headers, body: Buffer.concat(parts), error: `answer cut: ${e.message}` }),
      );
    });
    req.on("error", (e: NodeJS.ErrnoException) => {
      // Writing a large body the server refused early may fail after its answer arrived: only an error with
      // no answer is a dropped connection.
      if (status !== null) return;
      done({ status: null, headers: {}, body: Buffer.alloc(0), error: `${e.code ?? "error"}: ${e.message}` });
    });
    if (r.chunks) {
      for (const c of r.chunks) req.write(c);
      req.end();
    } else req.end(r.body);
  });
}

/** Raw bytes on a new connection; the answer is read until the server closes it (the bytes ask it to). */
function sendRaw(base: URL, raw: Buffer, timeoutMs: number): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    let settled = false;
    const socket = net.connect({ host: base.hostname, port: Number(base.port) });
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const bytes = Buffer.concat(parts);
      const parsed = parseFirstResponse(bytes);
      resolve({
        status: parsed?.status ?? null,
        headers: parsed?.headers ?? {},
        body: parsed?.body ?? Buffer.alloc(0),
        error: parsed ? null : (error ?? `connection closed after ${bytes.length} bytes, no answer`),
        ms: performance.now() - started,
      });
    };
    const timer = setTimeout(() => finish(`no answer within ${timeoutMs} ms`), timeoutMs);
    socket.on("connect", () => socket.write(raw));
    socket.on("data", (c: Buffer) => {
      parts.push(c);
      // Complete once the first answer is whole (a server may keep the connection open after it).
      if (parseFirstResponse(Buffer.concat(parts))?.complete) finish(null);
    });
    socket.on("error", (e: NodeJS.ErrnoException) => finish(`${e.code ?? "error"}: ${e.message}`));
    socket.on("close", () => finish(null));
  });
}

/** The first HTTP response in `bytes` (Content-Length or chunked body). */
export function parseFirstResponse(
  bytes: Buffer,
): { status: number; headers: http.IncomingHttpHeaders; body: Buffer; complete: boolean } | null {
  const end = bytes.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const lines = bytes.subarray(0, end).toString("latin1").split("\r\n");
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? "");
  if (!m) return null;
  const headers: http.IncomingHttpHeaders = {};
  for (const line of lines.slice(1)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const rest = bytes.subarray(end + 4);
  const status = Number(m[1]);
  if (status === 100) {
    const next = parseFirstResponse(rest);
    return next ?? { status, headers, body: Buffer.alloc(0), complete: false };
  }
  const length = headers["content-length"];
  if (typeof length === "string") {
    const n = Number(length);
    return { status, headers, body: rest.subarray(0, n), complete: rest.length >= n };
  }
  if (String(headers["transfer-encoding"] ?? "").includes("chunked")) {
    const body: Buffer[] = [];
    let at = 0;
    for (;;) {
      const eol = rest.indexOf("\r\n", at);
      if (eol < 0) return { status, headers, body: Buffer.concat(body), complete: false };
      const size = Number.parseInt(rest.subarray(at, eol).toString("latin1"), 16);
      if (!Number.isFinite(size)) return { status, headers, body: Buffer.concat(body), complete: false };
      if (size === 0) return { status, headers, body: Buffer.concat(body), complete: true };
      body.push(rest.subarray(eol + 2, eol + 2 + size));
      at = eol + 2 + size + 2;
    }
  }
  return { status, headers, body: rest, complete: false };
}

/** Why an answer is a failure, or null. */
export function judge(r: FuzzRequest, a: Answer): string | null {
  if (a.error) return `dropped connection (${a.error})`;
  if (a.status === null) return "no status";
  if (a.status >= 500) return `answered ${a.status}`;
  if (a.status < 400 || r.method === "HEAD") return null;
  // The registry's format is the API's: a target outside it (`OPTIONS *`) gets the site's answer, and the
  // process under test serves no site.
  if (!/^(https?:\/\/[^/]*)?\/qibates\//.test(r.path)) return null;
  const type = String(a.headers["content-type"] ?? "");
  if (!type.startsWith("application/json"))
    return `error answer ${a.status} is not JSON (${type || "no type"})`;
  let body: unknown;
  try {
    body = JSON.parse(a.body.toString("utf8"));
  } catch {
    return `error answer ${a.status} is not valid JSON`;
  }
  const e = body as {
    code?: unknown;
    message?: unknown;
    field?: unknown;
    requestId?: unknown;
    detail?: unknown;
    refusedBy?: unknown;
  };
  if (typeof e !== "object" || e === null || Array.isArray(e)) return "error answer is not an object";
  const keys = Object.keys(e).sort();
  const required = keys.filter((k) => ERROR_SCHEMA.required.includes(k)).join(",");
  if (required !== ERROR_REQUIRED || keys.some((k) => !(k in ERROR_SCHEMA.properties)))
    return `error answer has fields {${keys.join(",")}}, not the registry's`;
  if ("detail" in e && typeof e.detail !== "string") return "error detail is not a string";
  const refusers = ERROR_SCHEMA.properties.refusedBy?.enum ?? [];
  if ("refusedBy" in e && !refusers.includes(e.refusedBy))
    return `error refusedBy ${JSON.stringify(e.refusedBy)} is not one of the contract's`;
  if (typeof e.code !== "string" || !ERROR_CODES.has(e.code))
    return `error code ${JSON.stringify(e.code)} is not in the contract's ErrorCode list`;
  if (typeof e.message !== "string" || e.message.length === 0) return "error message missing";
  if (e.field !== null && typeof e.field !== "string") return "error field is neither a string nor null";
  if (typeof e.requestId !== "string" || e.requestId !== a.headers["x-request-id"])
    return "error requestId differs from the x-request-id header";
  return null;
}

/**
 * Failures known to come from the server and left to its maintainers: each still counts in the summary, and the
 * test that needs it fixed is marked as a known failure until it is. None is open: the three the fuzzer found
 * (a method no route declares, an unmet `Expect`, a reset after refusing an oversize request) are fixed and
 * tested in fuzz.test.ts.
 */
export const KNOWN_GAPS: { id: string; what: string; matches(f: Failure): boolean }[] = [];

export function knownGap(f: Failure): string | null {
  return KNOWN_GAPS.find((g) => g.matches(f))?.id ?? null;
}

function errorCode(a: Answer): string | null {
  if (a.status === null || a.status < 400) return null;
  try {
    const code = (JSON.parse(a.body.toString("utf8")) as { code?: unknown }).code;
    return typeof code === "string" ? code : null;
  } catch {
    return null;
  }
}

function printable(b: Buffer, max: number): string {
  const text = b.toString("latin1");
  const shown = text.length > max ? `${text.slice(0, max)}… (${b.length} bytes)` : text;
  let out = "";
  for (const c of shown) {
    const code = c.charCodeAt(0);
    const plain = code === 9 || code === 10 || code === 13 || (code >= 0x20 && code < 0x7f) || code > 0xff;
    out += plain ? c : `\\x${code.toString(16).padStart(2, "0")}`;
  }
  return out;
}

/** A failing request in words, enough to send it again by hand (or replay it with `--seed s --only i`). */
export function formatRequest(r: FuzzRequest, key: string): string {
  const redact = (v: string) => v.split(key).join("<demo key>");
  if (r.raw)
    return `#${r.index} ${r.operationId} [${r.kind}] ${r.what}\n  raw bytes: ${redact(printable(r.raw, 600))}`;
  const headers = Object.entries(r.headers)
    .map(([k, v]) => `  ${k}: ${redact(printable(Buffer.from([v].flat().join(" | "), "latin1"), 120))}`)
    .join("\n");
  const body = r.body ?? (r.chunks ? Buffer.concat(r.chunks) : undefined);
  return [
    `#${r.index} ${r.operationId} [${r.kind}] ${r.what}`,
    `  ${r.method} ${printable(Buffer.from(r.path), 300)}${r.chunks ? " (chunked)" : ""}`,
    headers,
    body ? `  body (${body.length} bytes): ${redact(printable(body, 600))}` : "  no body",
  ].join("\n");
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function postJson(
  agent: http.Agent,
  base: URL,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number | null; json: Record<string, unknown> | null }> {
  const a = await send(
    agent,
    base,
    {
      index: -1,
      operationId: "setup",
      kind: "baseline",
      what: "setup",
      method: "POST",
      path,
      headers: { "content-type": "application/json", ...headers },
      body: Buffer.from(JSON.stringify(body)),
    },
    30_000,
  );
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(a.body.toString("utf8")) as Record<string, unknown>;
  } catch {}
  return { status: a.status, json };
}

/** The demo key (published by `/health` in demo mode) and the sessions the fuzzer uses. */
class Sessions implements FuzzContext {
  private readonly shared = new Map<string, string>();
  private readonly logout = new Map<string, string>();
  private readonly logins = demoLogins(contractOperations());
  readonly known = new Set<string>();

  constructor(
    readonly key: string,
    private readonly agent: http.Agent,
    private readonly base: URL,
    private readonly prefix: string,
  ) {}

  get connectors(): string[] {
    return [...this.logins.keys()];
  }

  async open(connector: string): Promise<string> {
    const login = this.logins.get(connector);
    if (!login) throw new Error(`no demo login for connector ${connector}`);
    const path = `${this.prefix}/action/${login.operationId === "loginPbcs" ? "loginpbcs" : "login"}`;
    const { status, json } = await postJson(
      this.agent,
      this.base,
      path,
      { qibateskey: this.key, connector },
      login.body,
    );
    if (status !== 200 || typeof json?.loginid !== "string")
      throw new Error(`demo login (${connector}) answered ${status}: ${JSON.stringify(json)}`);
    this.known.add(json.loginid);
    return json.loginid;
  }

  async close(connector: string, loginid: string): Promise<void> {
    await postJson(
      this.agent,
      this.base,
      `${this.prefix}/action/logout`,
      { qibateskey: this.key, connector },
      { loginid },
    );
  }

  async openAll(): Promise<void> {
    for (const c of this.connectors) {
      this.shared.set(c, await this.open(c));
      this.logout.set(c, await this.open(c));
    }
  }

  /** After a logout call may have ended the logout session of `connector`: a new one. */
  async renewLogout(connector: string): Promise<void> {
    if (this.logins.has(connector)) this.logout.set(connector, await this.open(connector));
  }

  loginid(connector: string, purpose: "shared" | "logout"): string {
    const id = (purpose === "shared" ? this.shared : this.logout).get(connector);
    return id ?? "00000000-0000-4000-8000-000000000000";
  }
}

export async function health(base: URL, prefix: string): Promise<string | null> {
  // A new connection each time: the server still accepts them.
  const agent = new http.Agent({ keepAlive: false });
  const a = await send(
    agent,
    base,
    {
      index: -1,
      operationId: "getHealth",
      kind: "baseline",
      what: "health",
      method: "GET",
      path: `${prefix}/health`,
      headers: {},
    },
    10_000,
  );
  agent.destroy();
  if (a.error) return `GET /health: ${a.error}`;
  if (a.status !== 200) return `GET /health answered ${a.status}`;
  return null;
}

/** A run's summary before its first request: `planned` requests of `seed` asked, nothing counted yet. */
export function emptySummary(seed: number, planned: number): RunSummary<never> {
  return {
    seed,
    planned,
    requests: 0,
    byClass: {},
    byKind: {},
    failures: [],
    healthChecks: 0,
    healthFailures: [],
    latency: { p50: 0, p99: 0, max: 0 },
    seconds: 0,
  };
}

/** Adds one to `m[k]`. */
export function tally(m: Record<string, number>, k: string): void {
  m[k] = (m[k] ?? 0) + 1;
}

/**
 * Sends the requests `indexes` in batches of `options.batch`, `options.concurrency` at a time (`sendOne` builds,
 * sends and judges request `index` when its turn comes); `beforeBatch` runs before each batch, `GET
 * {prefix}/health` on a new connection after it (a failure recorded in `summary`), then `options.progress`.
 */
export async function runBatches<S extends RunSummary<unknown>>(
  indexes: number[],
  options: Pick<RunOptions<S>, "batch" | "concurrency" | "progress">,
  run: { base: URL; prefix: string; summary: S; beforeBatch?: () => Promise<void> },
  sendOne: (index: number) => Promise<unknown>,
): Promise<void> {
  const concurrency = options.concurrency ?? 4;
  const batch = options.batch ?? 100;
  const { base, prefix, summary } = run;
  for (let from = 0; from < indexes.length; from += batch) {
    await run.beforeBatch?.();
    const slice = indexes.slice(from, from + batch);
    let next = 0;
    const worker = async () => {
      while (next < slice.length) await sendOne(slice[next++] as number);
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    summary.healthChecks++;
    const h = await health(base, prefix);
    if (h) summary.healthFailures.push(`after request ${from + slice.length}: ${h}`);
    options.progress?.(from + slice.length, summary);
  }
}

/** Ends a run: the agent's sockets closed, the latencies' percentiles and the run's seconds in `summary`. */
export function endRun<S extends RunSummary<unknown>>(
  summary: S,
  agent: http.Agent,
  latencies: number[],
  started: number,
): S {
  agent.destroy();
  latencies.sort((a, b) => a - b);
  summary.latency = {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? 0,
  };
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}

/** Runs a fuzzing session against `baseUrl` (a server in demo mode). */
export async function runFuzz(options: RunOptions): Promise<FuzzSummary> {
  const { seed, requests } = options;
  const concurrency = options.concurrency ?? 4;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const base = new URL(options.baseUrl);
  const fuzzer = new Fuzzer(seed);
  const prefix = fuzzer.base;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const started = performance.now();

  const info = await fetch(`${base.origin}${prefix}/health`).then(
    (r) => r.json() as Promise<{ demo?: { apiKey?: string } }>,
  );
  const key = info.demo?.apiKey;
  if (!key) throw new Error("the server is not in demo mode: /health publishes no demo key");
  const sessions = new Sessions(key, agent, base, prefix);
  await sessions.openAll();

  const summary: FuzzSummary = {
    ...emptySummary(seed, requests),
    key,
    byStatus: {},
    byOperation: {},
    byCode: {},
    baselines: [],
  };
  const latencies: number[] = [];

  const handle = async (r: FuzzRequest): Promise<Answer> => {
    const a = await send(agent, base, r, timeoutMs);
    summary.requests++;
    latencies.push(a.ms);
    tally(summary.byClass, a.status === null ? "none" : `${Math.floor(a.status / 100)}xx`);
    tally(summary.byStatus, String(a.status ?? "none"));
    tally(summary.byKind, r.kind);
    tally(summary.byOperation, r.operationId);
    const code = errorCode(a);
    if (code) tally(summary.byCode, code);
    const reason = judge(r, a);
    if (reason) {
      summary.failures.push({
        request: r,
        status: a.status,
        reason,
        answer: printable(a.body, 400),
      });
    }
    // Sessions opened by a fuzzed login are closed, so that sessions do not pile up.
    if (a.status !== null && a.status < 300 && r.operationId !== "logout") {
      try {
        const id = (JSON.parse(a.body.toString("utf8")) as { loginid?: unknown }).loginid;
        const connector = [r.headers.connector].flat()[0];
        if (typeof id === "string" && !sessions.known.has(id) && typeof connector === "string")
          await sessions.close(connector, id);
      } catch {}
    }
    if (r.endsSession && a.status !== null && a.status < 300) await sessions.renewLogout(r.endsSession);
    return a;
  };

  // The baselines first: each must reach its handler (no validation, key, connector or session error).
  if (options.only === undefined) {
    for (const entry of fuzzer.baselineList()) {
      const r = fuzzer.baseline(entry, sessions);
      const a = await handle(r);
      summary.baselines.push({
        operationId: r.operationId,
        what: r.what,
        status: a.status,
        code: errorCode(a),
      });
    }
  }

  const indexes = options.only !== undefined ? [options.only] : Array.from({ length: requests }, (_, i) => i);
  // Each request built when sent, so that it carries the sessions open at that moment.
  await runBatches(indexes, options, { base, prefix, summary }, (index) =>
    handle(fuzzer.request(index, requests, sessions)),
  );
  return endRun(summary, agent, latencies, started);
}

/** The summary as a text table, and the failures with the requests that reproduce them. */
export function formatSummary(s: FuzzSummary): string {
  const lines = [
    `Fuzz run: seed ${s.seed}, ${s.requests} requests (${s.baselines.length} baselines, then ${s.requests - s.baselines.length} of ${s.planned} planned) in ${s.seconds.toFixed(1)} s`,
    "",
    "| answers | count |",
    "| --- | ---: |",
    ...Object.entries(s.byClass)
      .sort()
      .map(([k, v]) => `| ${k} | ${v} |`),
    "",
    `latency p50 ${s.latency.p50.toFixed(2)} ms, p99 ${s.latency.p99.toFixed(2)} ms, max ${s.latency.max.toFixed(0)} ms`,
    `health checks: ${s.healthChecks}, failed: ${s.healthFailures.length}`,
    `failures: ${s.failures.length}`,
    ...KNOWN_GAPS.flatMap((g) => {
      const n = s.failures.filter((f) => knownGap(f) === g.id).length;
      return n > 0 ? [`  of which known gap ${g.id}: ${n}`] : [];
    }),
  ];
  // Unexpected failures first; of each known gap, the first two.
  const shown = [
    ...s.failures.filter((f) => !knownGap(f)),
    ...KNOWN_GAPS.flatMap((g) => s.failures.filter((f) => knownGap(f) === g.id).slice(0, 2)),
  ].slice(0, 20);
  for (const f of shown) {
    lines.push(
      "",
      `FAILURE: ${f.reason}${knownGap(f) ? ` (known gap ${knownGap(f)})` : ""}`,
      formatRequest(f.request, s.key),
      `  answer: ${f.answer}`,
      f.request.index >= 0
        ? `  replay: npx tsx bench/fuzz.ts --seed ${s.seed} --requests ${s.planned} --only ${f.request.index}`
        : "  (an unchanged baseline)",
    );
  }
  if (s.failures.length > shown.length) lines.push(`… and ${s.failures.length - shown.length} more`);
  for (const h of s.healthFailures) lines.push(`HEALTH: ${h}`);
  return lines.join("\n");
}
