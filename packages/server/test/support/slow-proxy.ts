import { createServer, request as httpRequest, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { endToEndHeaders } from "../../../../scripts/end-to-end-headers.mjs";

/** A request as the proxy read it whole. */
export interface ProxiedRequest {
  method: string;
  /** Its path, without the query. */
  path: string;
  body: string;
}

/**
 * What the proxy does with a request: pass it on after `delayMs`; hold it unanswered (a server still working on
 * it); answer it itself (`answer` writes the response); or pass it on and let `rewrite` change a 200 JSON response.
 */
export type ProxyStep =
  | { delayMs: number }
  | "hold"
  | { answer: (res: ServerResponse) => void }
  | { rewrite: (json: Record<string, unknown>) => unknown };

export interface SlowProxy {
  /** `http://127.0.0.1:<port>`, once the file's `beforeAll` has run. */
  base: string;
}

/**
 * An HTTP proxy in front of `target()` (the test's server, read once it listens), listening on a free port from
 * the file's `beforeAll` (register it after the server it fronts) to its `afterAll`: each request read whole,
 * then handled as `step` decides. It stands for a company's server that is slow, or never finishes a job.
 */
export function slowProxy(target: () => string, step: (r: ProxiedRequest) => ProxyStep): SlowProxy {
  const proxy: SlowProxy = { base: "" };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? "GET";
      const decided = step({ method, path: (req.url ?? "").split("?")[0] ?? "", body: body.toString() });
      if (decided === "hold") return;
      if ("answer" in decided) return decided.answer(res);
      const upstream = new URL(target());
      const headers = endToEndHeaders(req.headers);
      // A response the proxy rewrites is read as plain JSON.
      if ("rewrite" in decided) delete headers["accept-encoding"];
      const pass = () => {
        const up = httpRequest(
          { host: upstream.hostname, port: upstream.port, path: req.url, method, headers },
          (r) => {
            if (!("rewrite" in decided) || r.statusCode !== 200) {
              res.writeHead(r.statusCode ?? 502, endToEndHeaders(r.headers));
              r.pipe(res);
              return;
            }
            const read: Buffer[] = [];
            r.on("data", (c: Buffer) => read.push(c));
            r.on("end", () => answerJson(res, decided.rewrite(JSON.parse(Buffer.concat(read).toString()))));
          },
        );
        up.on("error", () => res.destroy());
        up.end(body);
      };
      if ("delayMs" in decided && decided.delayMs > 0) setTimeout(pass, decided.delayMs);
      else pass();
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    proxy.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return proxy;
}

/** A 200 JSON response. */
export function answerJson(res: ServerResponse, value: unknown): void {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

/**
 * The waits of the slow-server tests, scaled down (seconds): a calculation's wait, a connection's opening and a
 * read. A call then lasts at most their sum, the bound CONNECTION_TIMEOUT_SECONDS is checked against.
 */
export const WAITS = { calc: 2, connect: 1, read: 1 } as const;
export const WAITS_SUM = WAITS.calc + WAITS.connect + WAITS.read;

/** A server's settings with {@link WAITS}, its protocol endpoints served to the connectors of the test. */
export const WAIT_SETTINGS = {
  QIBATES_WIRE_ENDPOINTS: "all",
  CALC_JOB_TIMEOUT_SECONDS: String(WAITS.calc),
  PROVIDER_CONNECT_TIMEOUT_SECONDS: String(WAITS.connect),
  PROVIDER_READ_TIMEOUT_SECONDS: String(WAITS.read),
};

export interface FailingOnceProxy extends SlowProxy {
  /** Answers the next request that `pattern` matches with an HTTP 500 error page, once. */
  failNext(pattern: RegExp): void;
  /** Whether the request to fail has not come yet. */
  readonly pending: boolean;
}

/**
 * A proxy in front of `target()` (as {@link slowProxy}) that passes every request on at once, except the one a
 * test names with `failNext`: matched against `METHOD path`, or `METHOD path body`, it gets an HTTP 500 error
 * page instead, once. It stands for a company's server that fails one step of a longer exchange.
 */
export function failingOnceProxy(target: () => string): FailingOnceProxy {
  let failing: RegExp | null = null;
  const proxy = slowProxy(target, ({ method, path, body }) => {
    if (failing?.test(`${method} ${path}`) || failing?.test(`${method} ${path} ${body}`)) {
      failing = null;
      return {
        answer: (res) => {
          res.writeHead(500, { "content-type": "text/html" });
          res.end("<html><body><h1>Internal Server Error</h1></body></html>");
        },
      };
    }
    return { delayMs: 0 };
  });
  // The same object as the proxy's: its `base` is set once the file's `beforeAll` has run.
  return Object.defineProperties(proxy, {
    failNext: {
      value: (pattern: RegExp) => {
        failing = pattern;
      },
    },
    pending: { get: () => failing !== null },
  }) as FailingOnceProxy;
}

/** QB_ERR_PROVIDER_UNREACHABLE's message for a server at `address`, in each language, before its last sentence ends. */
export const UNREACHABLE = {
  en: (address: string) =>
    `The provider at ${address} cannot be reached: no usable answer (the connection was refused, reset or timed out, or the server answered an error); the QiBates log tells which`,
  fr: (address: string) =>
    `Le fournisseur à l'adresse ${address} est injoignable\u00a0: aucune réponse exploitable (connexion refusée, interrompue ou expirée, ou erreur renvoyée par le serveur)\u202f; le journal de QiBates précise laquelle`,
};
