/** The allow-list of provider hosts: which host a connector may reach at all. */

/** `true` when `host` is on the allow-list: exact names, or `*.example.com` for any sub-domain. */
export function hostAllowed(host: string, allowList: readonly string[]): boolean {
  const h = normalHost(host);
  return allowList.some((entry) => {
    const e = entry.toLowerCase().trim();
    if (e.startsWith("*.")) return h.endsWith(e.slice(1)) && h.length > e.length - 1;
    return h === normalHost(e);
  });
}

export function normalHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
}

/** `true` when the allow-list names `host` itself (not through a wildcard): internal addresses are then allowed. */
export function listedExactly(host: string, allowList: readonly string[]): boolean {
  const h = normalHost(host);
  return allowList.some((e) => !e.trim().startsWith("*.") && normalHost(e.trim()) === h);
}
