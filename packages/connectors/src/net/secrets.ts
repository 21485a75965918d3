/** What of a request must never be logged nor passed on: the secrets it names and its HTTP Basic credentials. */

/** A request as far as its secrets go. */
export interface RequestWithSecrets {
  headers: Record<string, string>;
  /** Secrets the body carries (a password). */
  secrets?: readonly string[];
}

/** The secrets of a request: those it names, and its HTTP Basic credentials (encoded, and the password). */
export function secretsOf(init: RequestWithSecrets): string[] {
  const out = [...(init.secrets ?? [])];
  const auth = Object.entries(init.headers).find(([k]) => k.toLowerCase() === "authorization")?.[1];
  const basic = auth ? /^Basic\s+(\S+)/i.exec(auth) : null;
  if (basic?.[1]) {
    out.push(basic[1]);
    const decoded = Buffer.from(basic[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon >= 0) out.push(decoded.slice(colon + 1));
  }
  return out.filter((x) => x.length >= 3);
}

/**
 * `text` with every secret replaced by `***`: what is logged of an answer, and a server's own words passed on to
 * the caller (a server or a proxy that echoes the credentials it was sent in its error message).
 */
export function masked(text: string, secrets: readonly string[] | undefined): string {
  let out = text;
  for (const secret of secrets ?? []) if (secret.length >= 3) out = out.split(secret).join("***");
  return out;
}
