import { subscribe, unsubscribe } from "node:diagnostics_channel";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { endToEndHeaders } from "../../../../scripts/end-to-end-headers.mjs";

/** What a test keeps of each request the stand-in passes on. */
export type Record = (req: http.IncomingMessage, body: Buffer) => string;

/** The header that names a request the connector's HTTP client (undici) made in this process. */
const SENT = "x-counting-stand-in";

/** A request of undici's as its diagnostics channels give it (`undici:request:*`). */
interface UndiciRequest {
  origin: string | URL;
  addHeader(name: string, value: string): unknown;
}

/**
 * A proxy to `target` that counts what a connector asks of its server: each request as `record` keeps it, its span
 * (`spans`, in the order of events, to count the round trips waited one after the other) and the bytes of each
 * answer. A request the connector's HTTP client (undici) makes in this process spans from when the client made it
 * to when the client had its whole answer (undici's diagnostics channels): a request made once an answer was in
 * comes after it, whatever the network and the machine's load did to the request's arrival. A request from
 * elsewhere spans from its arrival here to its answer's end. `holdMs` holds each request before it goes on, as a
 * distant server's latency would.
 */
export async function countingStandIn(
  target: URL,
  { record, holdMs = 0 }: { record: Record; holdMs?: number },
) {
  const seen: string[] = [];
  const spans: [number, number][] = [];
  const answered: number[] = [];
  let events = 0;
  // The spans of the requests the client made, by the header it sends them with.
  const made = new Map<string, [number, number]>();
  const spanOf = new WeakMap<object, [number, number]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    const tag = req.headers[SENT];
    const sent = typeof tag === "string" ? made.get(tag) : undefined;
    delete req.headers[SENT];
    if (sent) {
      made.delete(tag as string);
      spans.push(sent);
    } else {
      const span: [number, number] = [events++, Number.POSITIVE_INFINITY];
      spans.push(span);
      res.once("finish", () => {
        span[1] = events++;
      });
    }
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      seen.push(record(req, body));
      const up = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: endToEndHeaders(req.headers),
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
          const at = answered.push(0) - 1;
          answer.on("data", (c: Buffer) => {
            answered[at] = (answered[at] ?? 0) + c.length;
          });
          answer.pipe(res);
        },
      );
      up.on("error", () => res.destroy());
      if (holdMs > 0) setTimeout(() => up.end(body), holdMs);
      else up.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  let nextTag = 0;
  const onMade = (message: unknown) => {
    const { request } = message as { request: UndiciRequest };
    if (String(request.origin).replace(/\/$/, "") !== origin) return;
    const tag = String(nextTag++);
    const span: [number, number] = [events++, Number.POSITIVE_INFINITY];
    made.set(tag, span);
    spanOf.set(request, span);
    request.addHeader(SENT, tag);
  };
  const onEnded = (message: unknown) => {
    const span = spanOf.get((message as { request: object }).request);
    if (span && span[1] === Number.POSITIVE_INFINITY) span[1] = events++;
  };
  subscribe("undici:request:create", onMade);
  subscribe("undici:request:trailers", onEnded);
  subscribe("undici:request:error", onEnded);
  const reset = () => {
    seen.length = 0;
    spans.length = 0;
    answered.length = 0;
  };
  return {
    seen,
    spans,
    answered,
    port,
    reset,
    close: () => {
      unsubscribe("undici:request:create", onMade);
      unsubscribe("undici:request:trailers", onEnded);
      unsubscribe("undici:request:error", onEnded);
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/**
 * The longest chain of requests each made once the one before it was answered (`[made, answered]` spans, in the
 * stand-in's order of events): the round trips a caller waits for, one after the other.
 */
export function roundTrips(spans: readonly (readonly [number, number])[]): number {
  const depth = spans.map(() => 0);
  spans.forEach(([arrived], i) => {
    for (let j = 0; j < spans.length; j++) {
      const before = spans[j] as readonly [number, number];
      if (j !== i && before[1] < arrived) depth[i] = Math.max(depth[i] as number, depth[j] as number);
    }
    depth[i] = (depth[i] as number) + 1;
  });
  return Math.max(0, ...depth);
}
