import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanHtmlPath, REDIRECTS_FILE, SCRIPT_HASHES_FILE } from "../src/site.ts";
import { buildTestApp } from "./support/app.ts";
import { testConfig } from "./support/config.ts";

let dir: string;
let app: FastifyInstance;

// Two locales' manifests as the site build writes them (site/src/plugins/script-hashes.ts).
const THEME = "sha256-r0MT4rOIkhs/e3XRBCNF/GqKzLQ+n0qOgQ/uXBRpXVo=";
const BANNER_EN = "sha256-ByKaI/rimPHWCJW+jCvFlORyuIF5lU2Zigu9+639SD0=";
const BANNER_FR = "sha256-PXiSTQBEMrkjhV/HVXbfle0jibV5yXEA1lVUePcKOfw=";
const manifest = (scripts: Record<string, number>): string => JSON.stringify({ locale: "x", scripts });

function page(path: string, body: string, root = dir): void {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, body);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "qibates-site-"));
  page("index.html", "<html lang=en>home</html>");
  page("fr/index.html", "<html lang=fr>accueil</html>");
  page("docs/intro/index.html", "<html lang=en>intro</html>");
  page("fr/docs/intro/index.html", "<html lang=fr>introduction</html>");
  page("404.html", "<title>Page Not Found</title>");
  page("fr/404.html", "<title>Page introuvable</title>");
  page("assets/js/main.abc123.js", `console.log(${JSON.stringify("x".repeat(4000))});`);
  page(SCRIPT_HASHES_FILE, manifest({ [THEME]: 3, [BANNER_EN]: 1, "sha256-not a hash'; script-src *": 1 }));
  page(`fr/${SCRIPT_HASHES_FILE}`, manifest({ [THEME]: 3, [BANNER_FR]: 1 }));
  // The old addresses of moved pages, as the site build writes them (site/src/plugins/redirects.ts).
  page("docs/develop/api-guide/index.html", "<html lang=en>API guide</html>");
  page("fr/docs/develop/api-guide/index.html", "<html lang=fr>Guide de l'API</html>");
  // Pages whose addresses have capitals, and two whose addresses differ only by case.
  page("docs/QiBates/features/actions/Zoom/index.html", "<html lang=en>Zoom</html>");
  page("fr/docs/QiBates/features/actions/Zoom/index.html", "<html lang=fr>Zoom</html>");
  page("docs/Twin/index.html", "<html lang=en>Twin</html>");
  page("docs/twin/index.html", "<html lang=en>twin</html>");
  page(
    REDIRECTS_FILE,
    JSON.stringify({
      redirects: {
        "/docs/QiBates/api-guide": "/docs/develop/api-guide",
        "/docs/evil": "//evil.example.com/x",
      },
    }),
  );
  page(
    `fr/${REDIRECTS_FILE}`,
    JSON.stringify({ redirects: { "/fr/docs/QiBates/api-guide": "/fr/docs/develop/api-guide" } }),
  );
  app = await buildTestApp({ config: testConfig({ SITE_DIR: dir }), logger: false });
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("documentation site serving", () => {
  it("answers the old address of a moved page with a permanent redirect, in each locale, keeping the query", async () => {
    for (const [from, to] of [
      ["/docs/QiBates/api-guide", "/docs/develop/api-guide"],
      ["/docs/QiBates/api-guide/", "/docs/develop/api-guide"],
      ["/fr/docs/QiBates/api-guide", "/fr/docs/develop/api-guide"],
    ] as const) {
      const res = await app.inject(from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
      const followed = await app.inject(String(res.headers.location));
      expect(followed.statusCode, to).toBe(200);
    }
    const query = await app.inject("/docs/QiBates/api-guide?x=1");
    expect(query.headers.location).toBe("/docs/develop/api-guide?x=1");
    // An address no build lists stays not found, and a redirect never leads to another site.
    expect((await app.inject("/fr/docs/QiBates/no-such-page")).statusCode).toBe(404);
    expect((await app.inject("/docs/evil")).statusCode).toBe(404);
  });

  it("serves the English and French home pages", async () => {
    const en = await app.inject("/");
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain("home");
    const fr = await app.inject("/fr/");
    expect(fr.statusCode).toBe(200);
    expect(fr.body).toContain("accueil");
  });

  it("serves clean URLs from folder index pages", async () => {
    const res = await app.inject("/fr/docs/intro");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("introduction");
  });

  it("redirects .html and index.html paths to the clean path, keeping the query", async () => {
    const a = await app.inject("/docs/intro.html?x=1");
    expect(a.statusCode).toBe(301);
    expect(a.headers.location).toBe("/docs/intro?x=1");
    const b = await app.inject("/fr/docs/intro/index.html");
    expect(b.headers.location).toBe("/fr/docs/intro");
    const c = await app.inject("/fr/index.html");
    expect(c.headers.location).toBe("/fr/");
    const d = await app.inject("/index.html");
    expect(d.headers.location).toBe("/");
  });

  it("never redirects to another site, however the path starts (open redirect)", async () => {
    for (const [url, location] of [
      ["//evil.example.html", "/evil.example"],
      ["/%2F%2Fevil.example/x.html", "/evil.example/x"],
      ["/%5Cevil.example.html", "/evil.example"],
      ["/%5C%2Fevil.example/index.html", "/evil.example"],
      ["///evil.example/a.html?next=1", "/evil.example/a?next=1"],
    ] as const) {
      const res = await app.inject(url);
      expect([url, res.statusCode, res.headers.location]).toEqual([url, 301, location]);
      // A browser resolves the answer against this site, never another host.
      expect(new URL(String(res.headers.location), "https://qibates.example/").host).toBe("qibates.example");
    }
  });

  it("answers unknown paths with the not-found page of their locale and status 404", async () => {
    const fr = await app.inject("/fr/nope");
    expect(fr.statusCode).toBe(404);
    expect(fr.body).toContain("Page introuvable");
    const en = await app.inject("/nope/deeper");
    expect(en.statusCode).toBe(404);
    expect(en.body).toContain("Page Not Found");
  });

  it("leads an address typed in another case to its page (301, query kept), in each locale", async () => {
    const en = await app.inject("/docs/qibates/features/actions/zoom?from=mail");
    expect(en.statusCode).toBe(301);
    expect(en.headers.location).toBe("/docs/QiBates/features/actions/Zoom?from=mail");
    const fr = await app.inject("/FR/docs/QIBATES/features/actions/ZOOM/");
    expect(fr.statusCode).toBe(301);
    expect(fr.headers.location).toBe("/fr/docs/QiBates/features/actions/Zoom");
    expect((await app.inject("/fr/docs/QiBates/features/actions/Zoom")).statusCode).toBe(200);
    // Two pages that differ only by case: neither is guessed; an address that is no page stays a 404.
    expect((await app.inject("/docs/TWIN")).statusCode).toBe(404);
    expect((await app.inject("/docs/qibates/features/actions/zoomx")).statusCode).toBe(404);
  });

  it("never serves files outside the site folder", async () => {
    const res = await app.inject("/../../etc/passwd");
    expect(res.statusCode).toBe(404);
    const encoded = await app.inject("/%2e%2e/%2e%2e/etc/passwd");
    expect(encoded.statusCode).toBe(404);
  });

  it("compresses and caches hashed assets for a year", async () => {
    const res = await app.inject({
      url: "/assets/js/main.abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("keeps API paths out of the site: unknown API calls answer JSON 404", async () => {
    const res = await app.inject("/qibates/api/v2/nope");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "QB_ERR_NOT_FOUND" });
    expect(res.headers["x-request-id"]).toBeTruthy();
  });
});

describe("content security policy of the site", () => {
  const policy = (res: { headers: Record<string, unknown> }) =>
    String(res.headers["content-security-policy"]);

  it("lets the HTML pages run only this origin's scripts and the inline scripts the build hashed", async () => {
    for (const url of ["/", "/fr/", "/docs/intro", "/fr/docs/intro", "/nope", "/fr/nope"]) {
      const res = await app.inject(url);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect([url, policy(res)]).toEqual([
        url,
        `script-src 'self' '${BANNER_EN}' '${BANNER_FR}' '${THEME}'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'`,
      ]);
    }
  });

  it("leaves the other answers (assets, the API) with the policy every answer carries", async () => {
    expect(policy(await app.inject("/assets/js/main.abc123.js"))).toBe("frame-ancestors 'self'");
    expect(policy(await app.inject("/qibates/api/v2/nope"))).toBe("frame-ancestors 'self'");
    expect(policy(await app.inject("/qibates/api/v2/health"))).toBe("frame-ancestors 'self'");
  });

  it("without a manifest, allows no inline script, warns at start, and follows a new build", async () => {
    const bare = mkdtempSync(join(tmpdir(), "qibates-site-"));
    page("index.html", "<html lang=en>home</html>", bare);
    const warnings: string[] = [];
    const stream = { write: (line: string) => warnings.push(line) };
    const other = await buildTestApp({
      config: testConfig({ SITE_DIR: bare }),
      logger: { level: "warn", stream },
    });
    try {
      expect(policy(await other.inject("/"))).toBe(
        "script-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'",
      );
      expect(warnings.join("")).toContain(SCRIPT_HASHES_FILE);
      // A build written while the server runs is picked up (checked at most once a second).
      page(SCRIPT_HASHES_FILE, manifest({ [THEME]: 1 }), bare);
      const later = new Date(Date.now() + 5_000);
      utimesSync(join(bare, SCRIPT_HASHES_FILE), later, later);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(policy(await other.inject("/"))).toContain(`script-src 'self' '${THEME}';`);
    } finally {
      await other.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

describe("cleanHtmlPath", () => {
  it.each([
    ["/docs/intro.html", "/docs/intro"],
    ["/docs/intro/index.html", "/docs/intro"],
    ["/index.html", "/"],
    ["/fr/index.html", "/fr/"],
    ["/docs/intro", null],
  ])("%s → %s", (input, expected) => {
    expect(cleanHtmlPath(input)).toBe(expected);
  });
});
