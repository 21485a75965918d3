/** Whether a request asked for a gzip answer (`accept-encoding`): only then is one decompressed. */
export function gzipAsked(headers: Record<string, string>): boolean {
  return Object.entries(headers).some(
    ([k, v]) => k.toLowerCase() === "accept-encoding" && /\bgzip\b/i.test(v),
  );
}

/** Whether an answer says its body is gzip (`content-encoding: gzip`, alone). */
export function gzipped(headers: Record<string, string | string[] | undefined>): boolean {
  const encoding = headers["content-encoding"];
  return typeof encoding === "string" && /^\s*(x-)?gzip\s*$/i.test(encoding);
}
