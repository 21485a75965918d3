import { existsSync, statSync } from "node:fs";
import { join, normalize, resolve, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** Locales of the site other than the default (English at `/`); each has its own 404 page. */
const LOCALE_PREFIXES = ["fr"] as const;

export interface SiteOptions {
  /** Folder of the built Docusaurus site. */
  root: string;
  /** Path prefixes that belong to the API and are never served from the site. */
  apiPrefix: string;
}

/**
 * Serves the built documentation site: clean URLs (`/docs/intro` → `docs/intro/index.html`), `.html` and
 * `index.html` paths redirected to the clean path (spec §2), and the not-found page of the path's locale with
 * status 404 (`/fr/...` → `fr/404.html`).
 */
export async function registerSite(app: FastifyInstance, options: SiteOptions): Promise<void> {
  const root = resolve(options.root);
  await app.register(fastifyStatic, {
    root,
    serve: false,
    // Hashed bundles never change; pages must be revalidated so a new build shows at once.
    cacheControl: false,
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const [rawPath = "/", query] = splitQuery(request.url);
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      return notFound(reply, root, "/");
    }
    const clean = cleanHtmlPath(path);
    if (clean !== null) {
      return reply.redirect(encodeURI(clean) + (query ? `?${query}` : ""), 301);
    }
    const file = resolveFile(root, path);
    if (!file) return notFound(reply, root, path);
    const relative = file.slice(root.length + 1);
    setCacheHeaders(reply, relative);
    return reply.sendFile(relative, root);
  };

  // Pages of the site are not API calls: no rate limit.
  const config = { rateLimit: false as const };
  app.route({ method: ["GET", "HEAD"], url: "/*", handler, config });
  app.route({ method: ["GET", "HEAD"], url: "/", handler, config });
}

function splitQuery(url: string): [string, string | undefined] {
  const i = url.indexOf("?");
  return i < 0 ? [url, undefined] : [url.slice(0, i), url.slice(i + 1)];
}

/**
 * The clean path for a `.html` path, or null when the path is already clean. Always a path of this site: leading
 * slashes and backslashes collapse to one, since a `Location` of `//host` or `/\host` would send the browser to
 * another site (open redirect).
 */
export function cleanHtmlPath(path: string): string | null {
  const clean = cleanPath(path);
  return clean === null ? null : clean.replace(/^[/\\]+/, "/");
}

function cleanPath(path: string): string | null {
  if (path.endsWith("/index.html")) {
    const dir = path.slice(0, -"index.html".length);
    return isLocaleRoot(dir) ? dir : dir.replace(/\/+$/, "") || "/";
  }
  if (path.endsWith(".html") && !path.endsWith("/.html")) {
    const stripped = path.slice(0, -".html".length);
    return stripped === "" ? "/" : stripped;
  }
  return null;
}

function isLocaleRoot(dir: string): boolean {
  return dir === "/" || LOCALE_PREFIXES.some((l) => dir === `/${l}/`);
}

/** The file inside `root` that answers `path`, or null. Never leaves `root`. */
export function resolveFile(root: string, path: string): string | null {
  const target = normalize(join(root, path));
  if (target !== root && !target.startsWith(root + sep)) return null;
  const candidates = [target, join(target, "index.html"), `${target.replace(/[/\\]+$/, "")}.html`];
  for (const c of candidates) {
    try {
      if (statSync(c).isFile()) return c;
    } catch {
      // not this one
    }
  }
  return null;
}

function setCacheHeaders(reply: FastifyReply, relative: string): void {
  if (relative.startsWith(`assets${sep}`) || relative.startsWith("assets/")) {
    reply.header("cache-control", "public, max-age=31536000, immutable");
  } else {
    reply.header("cache-control", "public, max-age=0, must-revalidate");
  }
}

function notFound(reply: FastifyReply, root: string, path: string): FastifyReply {
  const locale = LOCALE_PREFIXES.find((l) => path === `/${l}` || path.startsWith(`/${l}/`));
  const page = locale ? `${locale}/404.html` : "404.html";
  reply.code(404).header("cache-control", "no-cache");
  if (existsSync(join(root, page))) return reply.type("text/html; charset=utf-8").sendFile(page, root);
  return reply.type("text/plain; charset=utf-8").send("Not found");
}
