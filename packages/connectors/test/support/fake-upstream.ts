import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { Connector, LoginInput, ProviderSession } from "@qibates/provider";
import { CallContext } from "@qibates/provider";
import { expect } from "vitest";
import { Upstreams } from "../../src/net/upstream.ts";
import { PlanningRestProvider } from "../../src/planning-rest/provider.ts";
import { PlanningSmartViewProvider } from "../../src/planning-smartview/provider.ts";
import { parseSv, type SvElement } from "../../src/smartview/client.ts";
import { planningSmartViewClient } from "../../src/smartview/workspace-client.ts";

/**
 * The one fake server of the connectors' tests: a protocol's answers written by the test (captured bodies, a
 * server's odd answer), over real HTTP on the loopback address. Each request is read whole and answered by the
 * test's function; what it asked is kept in `requests`.
 */
export interface FakeRequest {
  method: string;
  /** The path and query, parsed (`url.pathname`, `url.searchParams`). */
  url: URL;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status?: number;
  /** A body written as JSON (`application/json`). */
  json?: unknown;
  /** A body as text, with `type` (default `text/xml; charset=utf-8`). */
  text?: string;
  type?: string;
  headers?: Record<string, string>;
}

export interface FakeUpstream {
  origin: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

/** A JSON answer. */
export const json = (status: number, value: unknown): FakeAnswer => ({ status, json: value });

export async function fakeUpstream(
  answer: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>,
): Promise<FakeUpstream> {
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => {
      body += c;
    });
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const request = { method: req.method ?? "GET", url, path: url.pathname, headers: req.headers, body };
      requests.push(request);
      const a = await answer(request);
      res.statusCode = a.status ?? 200;
      for (const [k, v] of Object.entries(a.headers ?? {})) res.setHeader(k, v);
      if (a.json !== undefined) {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(a.json));
      } else {
        res.setHeader("content-type", a.type ?? "text/xml; charset=utf-8");
        res.end(a.text ?? "");
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The connectors' network rules, allowing the loopback address, with a test's timeouts. */
export function loopbackUpstreams(readTimeoutMs = 10_000): Upstreams {
  return new Upstreams({ allowedHosts: ["127.0.0.1"], connectTimeoutMs: 5000, readTimeoutMs });
}

/**
 * Logs `provider` in at `address` and answers the session the server would record: what every connector's
 * later calls are given.
 */
export async function loginSession(
  provider: { login(input: LoginInput): Promise<{ username: string; handle?: string | null }> },
  connector: Connector,
  address: string,
  username = "u",
  password = "p",
): Promise<ProviderSession> {
  const { handle } = await provider.login({
    connector,
    username,
    password,
    address: new URL(address),
    call: CallContext.unbounded(),
  });
  return {
    id: "s",
    ownerId: "o",
    connector,
    username,
    providerAddress: address,
    aliasTable: null,
    call: CallContext.unbounded(),
    handle: handle ?? null,
  };
}

/** `provider` refuses the login of `username` with the wrong `password` at `address` as LOGIN_FAILED. */
export async function expectLoginRefused(
  provider: { login(input: LoginInput): Promise<unknown> },
  connector: Connector,
  address: string,
  username: string,
  password: string,
): Promise<void> {
  await expect(
    provider.login({
      connector,
      username,
      password,
      address: new URL(address),
      call: CallContext.unbounded(),
    }),
  ).rejects.toMatchObject({
    code: "LOGIN_FAILED",
  });
}

/** A job definition as Planning REST lists it (`…/jobdefinitions?q={"jobType":…}`). */
export interface PlanningJobDefinition {
  jobType: string;
  jobName: string;
}

/** A Planning server that runs the jobs the test describes, and the pbcs connector logged in to it. */
export interface PlanningJobs {
  provider: PlanningRestProvider;
  session: ProviderSession;
  /** The bodies of the job launches (`POST …/jobs`), in order. */
  launched: { jobName: string }[];
  close(): Promise<void>;
}

/**
 * A Planning server (Planning REST v3, one application, Vision) listing `definitions` by the job type asked, and
 * whose launched jobs are polled in the state `ends` gives for their name; the pbcs connector logged in to it,
 * polling every 5 ms.
 */
export async function planningJobs(
  definitions: Record<string, PlanningJobDefinition[]>,
  ends: (jobName: string) => { status: number; details: string | null },
): Promise<PlanningJobs> {
  const v3 = "/HyperionPlanning/rest/v3/applications";
  const launched: { jobName: string }[] = [];
  const upstream = await fakeUpstream(({ method, url, path, body }) => {
    if (path === "/HyperionPlanning/rest/") return json(200, { items: [{ version: "v3" }] });
    if (path === v3) return json(200, { items: [{ name: "Vision" }] });
    if (path === `${v3}/Vision/jobdefinitions`) {
      const type = JSON.parse(url.searchParams.get("q") ?? "{}").jobType;
      return json(200, { items: definitions[type] ?? [] });
    }
    if (path === `${v3}/Vision/jobs` && method === "POST") {
      launched.push(JSON.parse(body));
      return json(200, { jobId: launched.length, status: -1, details: null });
    }
    const jobId = Number(/\/Vision\/jobs\/(\d+)$/.exec(path)?.[1]);
    const job = launched[jobId - 1];
    if (job) return json(200, { jobId, ...ends(job.jobName) });
    return json(404, { status: 404, detail: "no", message: "no" });
  });
  const provider = new PlanningRestProvider({
    upstreams: loopbackUpstreams(),
    idleMs: 60_000,
    jobTimeoutMs: 10_000,
    pollMs: 5,
  });
  const session = await loginSession(provider, "pbcs", `${upstream.origin}/HyperionPlanning/SmartView`);
  return {
    provider,
    session,
    launched,
    close: async () => {
      await provider.close();
      await upstream.close();
    },
  };
}

/** Smart View's XML replies by request root (`req_…`); a function gets the request. */
export type SmartViewReplies = Map<string, string | ((request: SvElement) => string)>;

/**
 * The answer of a Smart View server whose replies the test set: the one for the request's root, else Smart
 * View's exception (what a server answers a request it does not know).
 */
export function smartViewAnswer(replies: SmartViewReplies, root: SvElement | null): FakeAnswer {
  const reply = root ? replies.get(root.name) : undefined;
  const text =
    typeof reply === "function" && root
      ? reply(root)
      : typeof reply === "string"
        ? reply
        : '<exception errcode="4" type="error"><desc>?</desc></exception>';
  return { type: "application/xml", text };
}

/**
 * A Smart View server answering `replies` (see smartViewAnswer); `heard` sees each request's root first, and the
 * answer waits for what it returns (a server that takes its time).
 */
export function fakeSmartView(
  replies: SmartViewReplies,
  heard: (root: SvElement) => unknown = () => undefined,
): Promise<FakeUpstream> {
  return fakeUpstream(async ({ body }) => {
    const root = parseSv(body) as SvElement;
    await heard(root);
    return smartViewAnswer(replies, root);
  });
}

/** A Smart View request a fake Planning server heard: its path, its parsed root and its body. */
export interface HeardSmartView {
  path: string;
  root: SvElement | null;
  body: string;
}

/**
 * A Planning server for the planning connector: Planning REST's version list, its one application (RACE_Rpt) and
 * plan type, and Smart View at any other path, answering `replies` (see smartViewAnswer); `heard` gets each Smart
 * View request first.
 */
export function fakePlanningSmartView(
  replies: SmartViewReplies,
  heard: (request: HeardSmartView) => void,
): Promise<FakeUpstream> {
  return fakeUpstream(({ path, body }) => {
    if (path === "/HyperionPlanning/rest/") return json(200, { items: [{ version: "v3" }] });
    if (path.startsWith("/HyperionPlanning/rest"))
      return json(200, {
        items: [path.endsWith("/applications") ? { name: "RACE_Rpt" } : { planTypeName: "RACE_Rpt" }],
      });
    const root = parseSv(body);
    heard({ path, root, body });
    return smartViewAnswer(replies, root);
  });
}

/** The planning connector over the loopback address: its Planning REST half, its Smart View half, one close. */
export function planningSmartViewConnector() {
  const upstreams = loopbackUpstreams();
  const rest = new PlanningRestProvider({ upstreams, idleMs: 60_000, jobTimeoutMs: 10_000 });
  const provider = new PlanningSmartViewProvider(rest, {
    upstreams,
    idleMs: 60_000,
    smartView: planningSmartViewClient,
  });
  return {
    provider,
    close: async () => {
      await provider.close();
      await rest.close();
      await upstreams.close();
    },
  };
}

/** A call's context as a wire endpoint makes it: passed on for `client`, its deadline `ms` from now (`stop` clears its timer). */
export function callFor(client: string, ms: number): CallContext & { stop(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  return {
    signal: controller.signal,
    deadline: Date.now() + ms,
    client,
    writes: false,
    stop: () => clearTimeout(timer),
  };
}
