/**
 * The methods each path of the API takes, gathered as its routes are added (Fastify's `onRoute`): a request on a
 * path that exists with other methods is answered 405 `QB_ERR_METHOD_NOT_ALLOWED` with `Allow`, not 404.
 */
const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

export class RouteMethods {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];

  /** A route: its URL in Fastify's syntax (`/deletekey/:keyname`; a `*` route is a catch-all, not a path). */
  add(url: string, method: string | readonly string[]): void {
    if (url.includes("*")) return;
    const source = url
      .split("/")
      .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    const pattern = new RegExp(`^${source}/?$`);
    let route = this.routes.find((r) => r.pattern.source === pattern.source);
    if (!route) {
      route = { pattern, methods: new Set() };
      this.routes.push(route);
    }
    for (const m of typeof method === "string" ? [method] : method) route.methods.add(m.toUpperCase());
  }

  /** The methods `path` (without its query) takes, HEAD after GET; null when no route has that path. */
  allowed(path: string): string[] | null {
    const methods = new Set<string>();
    for (const r of this.routes) if (r.pattern.test(path)) for (const m of r.methods) methods.add(m);
    if (methods.size === 0) return null;
    const rank = (m: string) => (ORDER.indexOf(m) + ORDER.length + 1) % (ORDER.length + 1);
    return [...methods].sort((a, b) => rank(a) - rank(b));
  }
}
