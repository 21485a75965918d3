/**
 * Sends the wire fuzzer's requests (`wire-fuzzer.ts`) to a server serving every wire endpoint and judges each
 * answer with `judgeWire`; `GET /health` must answer 200 on a new connection after each batch. A Smart View
 * session is opened before each batch (a fuzzed Logout may have ended the last one).
 */
import http from "node:http";
import type { FuzzRequest } from "./fuzzer.ts";
import {
  emptySummary,
  endRun,
  formatRequest,
  type RunOptions,
  type RunSummary,
  runBatches,
  send,
  tally,
} from "./runner.ts";
import { judgeWire, type WireContext, WireFuzzer, type WireRequest } from "./wire-fuzzer.ts";

export interface WireSummary extends RunSummary<WireRequest> {
  byProtocol: Record<string, number>;
  baselineStatuses: { operationId: string; status: number | null }[];
}

const asFuzzRequest = (r: WireRequest): FuzzRequest => ({
  index: r.index,
  operationId: r.operationId,
  kind: "baseline",
  what: r.what,
  method: r.method,
  path: r.path,
  headers: r.headers,
  ...(r.body !== undefined ? { body: r.body } : {}),
});

async function smartViewSession(agent: http.Agent, base: URL): Promise<string> {
  const a = await send(
    agent,
    base,
    asFuzzRequest({
      index: -1,
      protocol: "smartview",
      operationId: "smartview login",
      kind: "baseline",
      what: "login",
      method: "POST",
      path: "/aps/SmartView",
      headers: { "content-type": "text/xml" },
      body: Buffer.from(
        "<req_ConnectToProvider><ClientXMLVersion>3.1.0.0.0</ClientXMLVersion><usr>demo</usr><pwd>demo</pwd></req_ConnectToProvider>",
      ),
    }),
    30_000,
  );
  const id = /<sID>([^<]+)<\/sID>/.exec(a.body.toString("utf8"))?.[1];
  if (!id) throw new Error(`Smart View login failed: ${a.status} ${a.body.toString("utf8").slice(0, 300)}`);
  return id;
}

export async function runWireFuzz(options: RunOptions<WireSummary>): Promise<WireSummary> {
  const concurrency = options.concurrency ?? 4;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const base = new URL(options.baseUrl);
  const fuzzer = new WireFuzzer(options.seed);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const started = performance.now();
  const summary: WireSummary = {
    ...emptySummary(options.seed, options.requests),
    byProtocol: {},
    baselineStatuses: [],
  };
  const latencies: number[] = [];
  const handle = async (r: WireRequest) => {
    const a = await send(agent, base, asFuzzRequest(r), timeoutMs);
    summary.requests++;
    latencies.push(a.ms);
    tally(summary.byClass, a.status === null ? "none" : `${Math.floor(a.status / 100)}xx`);
    tally(summary.byProtocol, r.protocol);
    tally(summary.byKind, r.kind);
    const reason = judgeWire(r, a);
    if (reason) {
      const text = a.body.toString("utf8");
      summary.failures.push({
        request: r,
        status: a.status,
        reason,
        answer: text.length > 300 ? `${text.slice(0, 300)}… (${a.body.length} bytes)` : text,
      });
    }
    return a;
  };

  const ctx: WireContext = { smartViewSession: await smartViewSession(agent, base) };
  if (options.only === undefined) {
    for (let i = 0; i < fuzzer.baselines.length; i++) {
      const r = fuzzer.baseline(i, ctx);
      const a = await handle(r);
      summary.baselineStatuses.push({ operationId: r.operationId, status: a.status });
    }
  }
  const indexes =
    options.only !== undefined ? [options.only] : Array.from({ length: options.requests }, (_, i) => i);
  const beforeBatch = async () => {
    ctx.smartViewSession = await smartViewSession(agent, base);
  };
  await runBatches(indexes, options, { base, prefix: "/qibates/api/v2", summary, beforeBatch }, (index) =>
    handle(fuzzer.request(index, ctx)),
  );
  return endRun(summary, agent, latencies, started);
}

export function formatWireSummary(s: WireSummary): string {
  const lines = [
    `Wire fuzz run: seed ${s.seed}, ${s.requests} requests (${s.baselineStatuses.length} baselines, then ${s.requests - s.baselineStatuses.length} of ${s.planned} planned) in ${s.seconds.toFixed(1)} s`,
    `answers: ${Object.entries(s.byClass)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
    `by protocol: ${Object.entries(s.byProtocol)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
    `latency p50 ${s.latency.p50.toFixed(2)} ms, p99 ${s.latency.p99.toFixed(2)} ms, max ${s.latency.max.toFixed(0)} ms`,
    `health checks: ${s.healthChecks}, failed: ${s.healthFailures.length}`,
    `failures: ${s.failures.length}`,
  ];
  for (const f of s.failures.slice(0, 20)) {
    lines.push(
      "",
      `FAILURE [${f.request.protocol}]: ${f.reason}`,
      formatRequest(asFuzzRequest(f.request), "\u0000no key\u0000"),
      `  answer: ${f.answer}`,
      f.request.index >= 0
        ? `  replay: npx tsx bench/fuzz.ts --wire --seed ${s.seed} --requests ${s.planned} --only ${f.request.index}`
        : "  (an unchanged baseline)",
    );
  }
  if (s.failures.length > 20) lines.push(`… and ${s.failures.length - 20} more`);
  for (const h of s.healthFailures) lines.push(`HEALTH: ${h}`);
  return lines.join("\n");
}
