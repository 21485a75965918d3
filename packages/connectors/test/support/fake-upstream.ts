import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { Connector, LoginInput, ProviderSession } from "@qibates/provider";
import { Upstreams } from "../../src/net/upstream.ts";
import type { SvElement } from "../../src/smartview/client.ts";

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
export function loopbackUpstreams(): Upstreams {
  return new Upstreams({ allowedHosts: ["127.0.0.1"], connectTimeoutMs: 5000, readTimeoutMs: 10_000 });
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
  const { handle } = await provider.login({ connector, username, password, address: new URL(address) });
  return {
    id: "s",
    ownerId: "o",
    connector,
    username,
    providerAddress: address,
    aliasTable: null,
    handle: handle ?? null,
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
