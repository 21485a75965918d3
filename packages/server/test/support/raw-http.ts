import http from "node:http";

/** An HTTP answer as received: its status and its body as text. */
export interface RawAnswer {
  status: number;
  body: string;
}

/**
 * One call over `node:http` on a given agent: a GET when `body` is `null`, else a POST with its length. Tests
 * and benches that poll `/health` on a connection of its own use it (fetch shares one pool for every call).
 */
export function rawRequest(
  url: string,
  headers: Record<string, string>,
  body: string | null,
  agent: http.Agent,
  timeoutMs?: number,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: body === null ? "GET" : "POST",
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
    if (timeoutMs !== undefined) req.setTimeout(timeoutMs, () => req.destroy(new Error("timed out")));
    req.end(body ?? undefined);
  });
}
