import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { serverValues } from "../src/product-values.ts";
import {
  acceptsCell,
  DOCS_FOLDER,
  LOCALES,
  REFERENCE_PAGE,
  SETTING_ENTRIES,
  settingsReferencePage,
} from "../tools/settings-reference.ts";
import { SITE } from "./site-files.ts";

/**
 * The settings reference is the registry (packages/server/src/config.ts) in both languages: one entry per setting,
 * none for a setting that does not exist, each linking to a page that speaks of it, and the pages as written equal
 * a fresh generation.
 */
const RUN = "run npx tsx site/scripts/write-settings-reference.ts";
const registered = () => serverValues().settings.map((s) => s.env);

describe("settings reference", () => {
  it("has an entry for every setting of config.ts", () => {
    const missing = registered().filter((env) => !(env in SETTING_ENTRIES));
    expect(missing, "add each to SETTING_ENTRIES in site/tools/settings-reference.ts, en and fr").toEqual([]);
  });

  it("names no setting config.ts does not have", () => {
    const names = new Set(registered());
    expect(Object.keys(SETTING_ENTRIES).filter((env) => !names.has(env))).toEqual([]);
  });

  it.each(LOCALES)("says in one or two sentences what each setting does (%s)", (locale) => {
    const long = Object.entries(SETTING_ENTRIES).filter(([, e]) => {
      // Code spans hold dots that end no sentence (`*.domain`, `site/build`).
      const prose = e.text[locale].replace(/`[^`]*`/g, "code");
      return (prose.match(/[.!?](?=\s|$)/g) ?? []).length > 2;
    });
    expect(long.map(([env]) => env)).toEqual([]);
  });

  it.each(LOCALES)("links each setting to a page that names it (%s)", (locale) => {
    const wrong = Object.entries(SETTING_ENTRIES).filter(([env, e]) => {
      if (!e.page) return false;
      return !readFileSync(join(SITE, DOCS_FOLDER[locale], e.page), "utf8").includes(env);
    });
    expect(wrong.map(([env, e]) => `${env} → ${e.page}`)).toEqual([]);
  });

  it.each(LOCALES)(`is written as generated (%s; ${RUN})`, (locale) => {
    const written = readFileSync(join(SITE, DOCS_FOLDER[locale], REFERENCE_PAGE), "utf8");
    expect(written).toBe(settingsReferencePage(serverValues().settings, locale, SITE));
  });

  it("lists every setting with the default config.ts gives it, in both languages", () => {
    for (const locale of LOCALES) {
      const page = readFileSync(join(SITE, DOCS_FOLDER[locale], REFERENCE_PAGE), "utf8");
      const rows = new Map([...page.matchAll(/^\| `([A-Z_]+)` \| ([^|]+) \|/gm)].map((m) => [m[1], m[2]]));
      expect([...rows.keys()].sort()).toEqual(registered().sort());
      expect(rows.get("PORT")).toBe("`3000`");
      expect(rows.get("PUBLIC_URL")).toBe(locale === "en" ? "(unset)" : "(non défini)");
      expect(rows.get("ALLOWED_HOSTS")).toBe(locale === "en" ? "(empty)" : "(vide)");
    }
  });

  it("states each setting's allowed values, a number's range with its unit, in both languages", () => {
    const rows = (locale: "en" | "fr") => {
      const page = readFileSync(join(SITE, DOCS_FOLDER[locale], REFERENCE_PAGE), "utf8");
      return new Map([...page.matchAll(/^\| `([A-Z_]+)` \| [^|]+ \| ([^|]+) \|/gm)].map((m) => [m[1], m[2]]));
    };
    const en = rows("en");
    const fr = rows("fr");
    expect(en.get("PORT")).toBe("0 to 65,535");
    expect(fr.get("PORT")).toBe("de 0 à 65\u202f535");
    expect(en.get("CALC_JOB_TIMEOUT_SECONDS")).toBe("1 to 86,400 seconds");
    expect(fr.get("SESSION_IDLE_MINUTES")).toBe("de 1 à 1\u202f440 minutes");
    expect(en.get("JOURNAL_CHECKPOINT_BYTES")).toBe("1 KiB to 16 GiB");
    expect(fr.get("QIBATES_DEMO_VIEWS_MEMORY_MB")).toBe("de 16 Mio à 1\u202f024 Gio");
    expect(en.get("LOG_LEVEL")).toBe("`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`");
    expect(en.get("MAX_GRID_CELLS")).toBe("1 to 10,000,000 cells");
    expect(fr.get("RATE_LIMIT_PER_MINUTE")).toBe("de 1 à 1\u202f000\u202f000 appels par minute");
    expect(en.get("METRICS")).toBe("`true` or `false`");
    expect(en.get("DATABASE_URL")).toBe("an address starting with `postgres:` or `postgresql:`");
    for (const setting of serverValues().settings) {
      expect(en.get(setting.env), setting.env).toBe(acceptsCell(setting, "en"));
      expect(fr.get(setting.env), setting.env).toBe(acceptsCell(setting, "fr"));
    }
  });

  it("says what each number counts: a unit from the name (…_SECONDS, …_BYTES) or the registry's, a port alone without", () => {
    const unitInName = /_(SECONDS|MINUTES|HOURS|BYTES|MB)$/;
    const bare = serverValues().settings.filter(
      (s) => s.accepts.kind === "integer" && s.accepts.unit === undefined && !unitInName.test(s.env),
    );
    expect(bare.map((s) => s.env)).toEqual(["PORT"]);
  });

  it("gives the range and the choices start-up checks: the bounds pass, a step beyond each is refused", () => {
    const settings = serverValues().settings;
    expect(settings.filter((s) => s.accepts.kind === "integer").length).toBeGreaterThan(20);
    for (const s of settings) {
      const a = s.accepts;
      if (a.kind === "integer") {
        expect(s.parse(String(a.min)), s.env).toBe(a.min);
        expect(s.parse(String(a.max)), s.env).toBe(a.max);
        expect(() => s.parse(String(a.min - 1)), s.env).toThrow();
        expect(() => s.parse(String(a.max + 1)), s.env).toThrow();
      } else if (a.kind === "oneOf") {
        for (const v of a.values) expect(s.parse(v), s.env).toBe(v);
        expect(() => s.parse("none-of-these"), s.env).toThrow();
      } else if (a.kind === "boolean") {
        expect([s.parse("true"), s.parse("false")], s.env).toEqual([true, false]);
        expect(() => s.parse("maybe"), s.env).toThrow();
      } else if (a.kind === "url") {
        expect(() => s.parse("ftp://example.com"), s.env).toThrow();
        for (const protocol of a.protocols) expect(s.parse(`${protocol}//example.com`), s.env).toBeTruthy();
      } else if (a.kind === "host") {
        for (const v of ["0.0.0.0", "::1", "localhost", "api.example.com"]) expect(s.parse(v), s.env).toBe(v);
        for (const v of ["https://example.com", "a b", "host:8080"])
          expect(() => s.parse(v), s.env).toThrow();
      } else if (a.kind === "proxies") {
        expect(s.parse("off"), s.env).toBe(false);
        expect(s.parse(String(a.maxHops)), s.env).toBe(a.maxHops);
        expect(() => s.parse(String(a.maxHops + 1)), s.env).toThrow();
        expect(s.parse(["10.0.0.0/8", "::1", ...a.ranges].join(",")), s.env).toHaveLength(
          2 + a.ranges.length,
        );
        expect(() => s.parse("proxy.example.com"), s.env).toThrow();
      } else if (a.kind === "tenant") {
        for (const v of [...a.values, "contoso.onmicrosoft.com"]) expect(s.parse(v), s.env).toBe(v);
        expect(() => s.parse("not a tenant"), s.env).toThrow();
      } else if (a.kind === "upstream") {
        expect(() => s.parse("oracle=https://example.com/aps/JAPI"), s.env).toThrow();
        expect(() => s.parse("https://example.com/aps/JAPI"), s.env).toThrow();
        for (const protocol of a.protocols) {
          expect(s.parse(`essbase=${protocol}//example.com/aps/JAPI`), s.env).toMatchObject({
            connector: "essbase",
          });
        }
        expect(a.connectors.length, s.env).toBeGreaterThan(0);
      } else if (a.kind === "emails") {
        expect(s.parse("Ann@Example.com, bob@example.org"), s.env).toEqual([
          "ann@example.com",
          "bob@example.org",
        ]);
        expect(() => s.parse("ann"), s.env).toThrow();
      }
    }
  });
});
