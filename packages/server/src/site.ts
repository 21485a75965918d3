import { type Dirent, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, normalize, resolve, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** Locales of the site other than the default (English at `/`); each has its own 404 page. */
const LOCALE_PREFIXES = ["fr"] as const;

export interface SiteOptions {
  /** Folder of the built Docusaurus site. */
  root: string;
  /** Path prefixes that belong to the API and are never served from the site. */
  apiPrefix: string;
  /** Directives every answer's policy carries (`frame-ancestors …`), kept in the pages' policy. */
  basePolicy: string;
}

/**
 * Written by the site build into each locale's folder (site/src/plugins/script-hashes.ts): the CSP hashes of
 * the inline scripts of that locale's pages.
 */
export const SCRIPT_HASHES_FILE = "script-hashes.json";
const SCRIPT_HASH = /^sha256-[A-Za-z0-9+/]{43}=$/;

/**
 * The Content-Security-Policy of the site's HTML pages: scripts only from this origin or inline with one of
 * the build's hashes (no `'unsafe-inline'`, no `eval`), no plugins (`<object>`, `<embed>`), no `<base>` to
 * another origin. Styles, images, fonts and fetches are left open: Docusaurus and the API reference (Scalar)
 * set inline styles, and nothing the site loads comes from elsewhere.
 */
export function sitePolicy(scriptHashes: readonly string[], basePolicy: string): string {
  const scripts = ["'self'", ...scriptHashes.map((h) => `'${h}'`)].join(" ");
  return `script-src ${scripts}; object-src 'none'; base-uri 'self'; ${basePolicy}`;
}

/** The hashes one manifest lists, or why it cannot be used. */
function readScriptHashes(file: string): { hashes: string[] } | { problem: string } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return { problem: "missing" };
  }
  try {
    const scripts = (JSON.parse(text) as { scripts?: unknown }).scripts;
    if (typeof scripts !== "object" || scripts === null) return { problem: "no `scripts` object" };
    return { hashes: Object.keys(scripts).filter((h) => SCRIPT_HASH.test(h)) };
  } catch {
    return { problem: "not JSON" };
  }
}

/** When the files last changed (a missing one counts as its own state): a change means read them again. */
function filesStamp(files: readonly string[]): string {
  return files
    .map((f) => {
      try {
        return String(statSync(f).mtimeMs);
      } catch {
        return "-";
      }
    })
    .join(",");
}

/** What `load` reads from `files`, read again when one changes (checked at most once a second). */
function reloadedOnChange<T>(files: readonly string[], load: () => T): () => T {
  let seen = filesStamp(files);
  let value = load();
  let checked = Date.now();
  return () => {
    const now = Date.now();
    if (now - checked >= 1000) {
      checked = now;
      const current = filesStamp(files);
      if (current !== seen) {
        seen = current;
        value = load();
      }
    }
    return value;
  };
}

/**
 * The pages' policy from the manifests of every locale built (`script-hashes.json`, `fr/script-hashes.json`),
 * read again when one changes (a new build while the server runs; checked at most once a second). Without a
 * manifest, the policy still holds: scripts from this origin only (the inline ones are then refused).
 */
function pagePolicy(root: string, basePolicy: string, log: FastifyBaseLogger): () => string {
  const folders = [root, ...LOCALE_PREFIXES.map((l) => join(root, l))];
  const files = folders.map((folder) => join(folder, SCRIPT_HASHES_FILE));
  return reloadedOnChange(files, () => {
    const hashes = new Set<string>();
    for (const [i, file] of files.entries()) {
      const read = readScriptHashes(file);
      if ("hashes" in read) for (const h of read.hashes) hashes.add(h);
      // A locale not built has no pages to vouch for.
      else if (existsSync(folders[i] ?? root)) {
        log.warn(
          { file, problem: read.problem },
          "site script hashes unusable: its pages' inline scripts are refused (script-src 'self'); rebuild the site",
        );
      }
    }
    return sitePolicy([...hashes].sort(), basePolicy);
  });
}

/**
 * Written by the site build into each locale's folder (site/src/plugins/redirects.ts): the old addresses of moved
 * pages, each with its new address, both with the locale's prefix.
 */
export const REDIRECTS_FILE = "redirects.json";

/**
 * Whether the server serves a documentation site: `SITE_DIR` names a folder that holds a built site, its home page
 * `index.html` (empty: none). A folder without it (the build not run yet, or emptied by a build under way) is served
 * as none: the API alone, and the banner without the site's addresses.
 */
export function siteServed(siteDir: string): boolean {
  return siteDir !== "" && existsSync(join(siteDir, "index.html"));
}

/**
 * Written beside the site's folder (`site/build.building` for `site/build`) by the process that builds the site
 * while the server already runs (`npm start` on a first start): the id of that process. While that process lives,
 * the site is being built.
 */
export function siteBuildMarker(siteDir: string): string {
  return `${resolve(siteDir).replace(/[/\\]+$/, "")}.building`;
}

/** Whether the site of `siteDir` is being built now: its marker names a process that is still running. */
export function siteBuilding(siteDir: string): boolean {
  if (siteDir === "") return false;
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(siteBuildMarker(siteDir), "utf8").trim(), 10);
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // The process exists but belongs to another user: it still runs.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Seconds a browser waits before it asks again for a page of a site being built. */
export const SITE_BUILDING_RETRY_SECONDS = 10;

const BUILDING_TEXT = {
  en: {
    title: "The documentation is being built",
    body: `QiBates has just started and is building its documentation site, in English and in French. This page reloads itself every ${SITE_BUILDING_RETRY_SECONDS} seconds until the site is ready. The REST API already answers.`,
  },
  fr: {
    title: "La documentation est en cours de construction",
    body: `QiBates vient de démarrer et construit son site de documentation, en anglais et en français. Cette page se recharge toute seule toutes les ${SITE_BUILDING_RETRY_SECONDS}\u00a0secondes jusqu’à ce que le site soit prêt. L’API REST répond déjà.`,
  },
} as const;

/**
 * The page a site address answers while the site is being built: both languages, the path's own first (`/fr/…`
 * in French), reloaded by the browser every `SITE_BUILDING_RETRY_SECONDS` seconds (no script).
 */
export function siteBuildingPage(path: string): string {
  const french = LOCALE_PREFIXES.some((l) => path === `/${l}` || path.startsWith(`/${l}/`));
  const [first, second] = french ? (["fr", "en"] as const) : (["en", "fr"] as const);
  const section = (l: "en" | "fr"): string =>
    `<section lang="${l}"><h1>${BUILDING_TEXT[l].title}</h1><p>${BUILDING_TEXT[l].body}</p></section>`;
  return [
    "<!doctype html>",
    `<html lang="${first}"><head><meta charset="utf-8">`,
    `<meta http-equiv="refresh" content="${SITE_BUILDING_RETRY_SECONDS}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${BUILDING_TEXT[first].title} · QiBates</title></head>`,
    `<body>${section(first)}${section(second)}</body></html>`,
  ].join("\n");
}

/**
 * The redirects of every locale built (`redirects.json`, `fr/redirects.json`): old path → new path. Read again
 * when a file changes (a new build while the server runs; checked at most once a second). Only paths of this
 * site are kept, so that a redirect never leads to another site.
 */
function siteRedirects(root: string, log: FastifyBaseLogger): () => ReadonlyMap<string, string> {
  const files = [root, ...LOCALE_PREFIXES.map((l) => join(root, l))].map((f) => join(f, REDIRECTS_FILE));
  return reloadedOnChange(files, (): ReadonlyMap<string, string> => {
    const map = new Map<string, string>();
    for (const file of files) {
      if (!existsSync(file)) continue;
      try {
        const redirects = (JSON.parse(readFileSync(file, "utf8")) as { redirects?: unknown }).redirects;
        if (typeof redirects !== "object" || redirects === null) throw new Error("no `redirects` object");
        for (const [from, to] of Object.entries(redirects)) {
          if (typeof to === "string" && /^\/(?![/\\])/.test(to) && from.startsWith("/")) map.set(from, to);
        }
      } catch (e) {
        log.warn({ file, problem: e instanceof Error ? e.message : String(e) }, "site redirects unusable");
      }
    }
    return map;
  });
}

/**
 * The site's pages by their address written without regard to case (`/docs/qibates/…/zoom` → the page's own
 * `/docs/QiBates/…/Zoom`), read from the build's HTML files and again after a new build (its home pages change;
 * checked at most once a second). An address two pages share without regard to case is left out.
 */
function sitePagesByLowerCase(root: string): () => ReadonlyMap<string, string> {
  const homes = [root, ...LOCALE_PREFIXES.map((l) => join(root, l))].map((f) => join(f, "index.html"));
  return reloadedOnChange(homes, (): ReadonlyMap<string, string> => {
    const pages = new Map<string, string | null>();
    const walk = (folder: string, path: string): void => {
      let entries: Dirent[];
      try {
        entries = readdirSync(folder, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (e.isDirectory()) {
          if (path === "" && e.name === "assets") continue;
          walk(join(folder, e.name), `${path}/${e.name}`);
        } else if (e.isFile() && e.name.endsWith(".html")) {
          const page = e.name === "index.html" ? path || "/" : `${path}/${e.name.slice(0, -".html".length)}`;
          const key = page.toLowerCase();
          pages.set(key, pages.has(key) && pages.get(key) !== page ? null : page);
        }
      }
    };
    walk(root, "");
    const out = new Map<string, string>();
    for (const [key, page] of pages) if (page !== null) out.set(key, page);
    return out;
  });
}

/**
 * Serves the built documentation site: clean URLs (`/docs/intro` → `docs/intro/index.html`), the old addresses of
 * moved pages redirected to their new ones (`redirects.json`), `.html` and
 * `index.html` paths redirected to the clean path (one address per page, the one links and search engines use), and the not-found page of the path's locale with
 * status 404 (`/fr/...` → `fr/404.html`).
 */
export async function registerSite(app: FastifyInstance, options: SiteOptions): Promise<void> {
  const root = resolve(options.root);
  const policy = pagePolicy(root, options.basePolicy, app.log);
  const redirects = siteRedirects(root, app.log);
  const pagesByLowerCase = sitePagesByLowerCase(root);
  // Whether a build is under way, looked at again at most once a second.
  let buildingSeen = siteBuilding(options.root);
  let buildingChecked = Date.now();
  const building = (): boolean => {
    if (Date.now() - buildingChecked >= 1000) {
      buildingChecked = Date.now();
      buildingSeen = siteBuilding(options.root);
    }
    return buildingSeen;
  };
  await app.register(fastifyStatic, {
    root,
    serve: false,
    // Hashed bundles never change; pages must be revalidated so a new build shows at once.
    cacheControl: false,
    // The folder of a site being built may not exist yet: it is served as its pages land.
    suppressWarning: true,
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const [rawPath = "/", query] = splitQuery(request.url);
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      return notFound(reply, root, "/", policy());
    }
    const clean = cleanHtmlPath(path);
    if (clean !== null) {
      return reply.redirect(encodeURI(clean) + (query ? `?${query}` : ""), 301);
    }
    // A page that moved answers its old address with a permanent redirect (site/src/redirects.ts).
    const moved = redirects().get(path.replace(/\/+$/, ""));
    if (moved) return reply.redirect(encodeURI(moved) + (query ? `?${query}` : ""), 301);
    const file = resolveFile(root, path);
    // While the site is being built, a page not written yet is coming, not missing.
    if (!file && building()) {
      return reply
        .code(503)
        .header("retry-after", String(SITE_BUILDING_RETRY_SECONDS))
        .header("cache-control", "no-store")
        .header("content-security-policy", policy())
        .type("text/html; charset=utf-8")
        .send(siteBuildingPage(path));
    }
    if (!file) {
      // An address typed in another case (`…/actions/zoom`) leads to its page: served as a 404, the browser's
      // router would then render the page over the not-found one.
      const cased = pagesByLowerCase().get(path.replace(/\/+$/, "").toLowerCase() || "/");
      if (cased !== undefined && cased !== path) {
        // Never a path another site could start with (`//host`, `/\host`), whatever a folder is named.
        const to = cased.replace(/^[/\\]+/, "/");
        return reply.redirect(encodeURI(to) + (query ? `?${query}` : ""), 301);
      }
      return notFound(reply, root, path, policy());
    }
    const relative = file.slice(root.length + 1);
    setCacheHeaders(reply, relative);
    if (relative.endsWith(".html")) reply.header("content-security-policy", policy());
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

function notFound(reply: FastifyReply, root: string, path: string, policy: string): FastifyReply {
  const locale = LOCALE_PREFIXES.find((l) => path === `/${l}` || path.startsWith(`/${l}/`));
  const page = locale ? `${locale}/404.html` : "404.html";
  reply.code(404).header("cache-control", "no-cache");
  if (existsSync(join(root, page))) {
    return reply
      .type("text/html; charset=utf-8")
      .header("content-security-policy", policy)
      .sendFile(page, root);
  }
  return reply.type("text/plain; charset=utf-8").send("Not found");
}
