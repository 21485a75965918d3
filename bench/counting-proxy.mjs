// What the first-navigation benches (essbase-first-nav.mjs, first-nav-connectors.mjs) put between a connector
// and the server's own endpoints: a proxy that holds each request DELAY ms (a server further away) and counts how
// many are being passed on at once, and the API call each bench times.
import { readFileSync } from "node:fs";
import http from "node:http";
import { endToEndHeaders } from "../scripts/end-to-end-headers.mjs";

/**
 * A proxy on 127.0.0.1:`port` to 127.0.0.1:`upstreamPort`: each request, once its body is read, is shown to
 * `seen(req, body, res)`, held `delay` ms, then passed on. `stats.inFlight` counts the requests being passed on,
 * `stats.maxInFlight` the most at once since a bench last set it to 0.
 */
export async function countingProxy({ upstreamPort, port, delay, seen }) {
  const stats = { inFlight: 0, maxInFlight: 0 };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      stats.inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      seen(req, body, res);
      setTimeout(() => {
        const up = http.request(
          {
            host: "127.0.0.1",
            port: upstreamPort,
            method: req.method,
            path: req.url,
            headers: endToEndHeaders(req.headers),
          },
          (ur) => {
            res.writeHead(ur.statusCode ?? 502, endToEndHeaders(ur.headers));
            ur.pipe(res);
            ur.on("end", () => stats.inFlight--);
          },
        );
        up.on("error", () => {
          stats.inFlight--;
          res.destroy();
        });
        up.end(body);
      }, delay);
    });
  });
  await new Promise((r) => server.listen(port, "127.0.0.1", r));
  return { stats, close: () => server.close() };
}

/** A POST of the API at `base` with `headers`, timed: its time in ms, its JSON and its text; a status other than 200 throws. */
export function apiCall(base, headers) {
  return async (op, body) => {
    const t = performance.now();
    const res = await fetch(`${base}/${op}`, { method: "POST", headers, body: JSON.stringify(body) });
    const text = await res.text();
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`${op} ${res.status} ${text.slice(0, 400)}`);
    return { ms, json: JSON.parse(text), text };
  };
}

/** The median of `a`. */
export function median(a) {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** A short hash of a text (an answer's digest, to compare two builds). */
export function hash(s) {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return (h >>> 0).toString(16);
}

/** The machine's load average over 1, 5 and 15 minutes, as /proc/loadavg gives it. */
export function loadAverage() {
  return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
}
