import http from "node:http";
import type { AddressInfo } from "node:net";

/** What a test keeps of each request the stand-in passes on. */
export type Record = (req: http.IncomingMessage, body: Buffer) => string;

/**
 * A proxy to `target` that counts what a connector asks of its server: each request as `record` keeps it, when it
 * arrived and was answered (`spans`, in the order of events, to count round trips waited one after the other), and
 * the bytes of each answer. `holdMs` holds each request before it goes on, as a distant server's latency would,
 * so that requests sent side by side overlap and requests sent one after the other do not.
 */
export async function countingStandIn(
  target: URL,
  { record, holdMs = 0 }: { record: Record; holdMs?: number },
) {
  const seen: string[] = [];
  const spans: [number, number][] = [];
  const answered: number[] = [];
  let events = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    const span: [number, number] = [events++, Number.POSITIVE_INFINITY];
    spans.push(span);
    res.once("finish", () => {
      span[1] = events++;
    });
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      seen.push(record(req, body));
      const up = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
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
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * The longest chain of requests each sent once the one before it was answered (`[arrived, answered]` spans, in
 * the stand-in's order of events): the round trips a caller waits for, one after the other.
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
