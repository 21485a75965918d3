import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { serverValues } from "../src/product-values.ts";
import {
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
});
