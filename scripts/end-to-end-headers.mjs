// What a proxy of the tests and benchmarks passes on of a message's headers.

/** Headers that describe one connection (RFC 9110 §7.6.1), never the next one a proxy opens. */
const HOP_BY_HOP = [
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
];

/**
 * `headers` without the hop-by-hop ones, nor those their `connection` header names. A proxy that passed on its
 * server's `keep-alive: timeout=…` would promise its own clients the server's idle time, and close their idle
 * connections sooner than that: a request sent on one as it closes fails.
 */
export function endToEndHeaders(headers) {
  const dropped = new Set(HOP_BY_HOP);
  for (const name of String(headers.connection ?? "").split(",")) {
    const trimmed = name.trim().toLowerCase();
    if (trimmed) dropped.add(trimmed);
  }
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !dropped.has(name.toLowerCase())));
}
