import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { variables } from "../../src/config.ts";
import { USAGE_LIMITS, USAGE_LIMITS_PAGES, withUsageLimits } from "../../src/usage-limits.ts";

/**
 * The table of limits on use ("limits that compose") is written from the code: the administrator's Limits on
 * callers page holds a fresh generation in both languages, every setting it names is one of the server's, and every
 * refusal or effect it describes is made to happen by a test that exists under the title the row names.
 */
const ROOT = new URL("../../../../", import.meta.url);
const FIX = "run `npx tsx site/scripts/write-usage-limits.ts`";

describe("the limits table", () => {
  it.each(["en", "fr"] as const)("%s: the page holds a fresh generation", (locale) => {
    const page = readFileSync(new URL(USAGE_LIMITS_PAGES[locale], ROOT), "utf8");
    expect(withUsageLimits(page, locale), FIX).toBe(page);
  });

  it("names only settings of the registry, each limit once", () => {
    const settings = USAGE_LIMITS.flatMap((l) => (l.setting ? [l.setting] : []));
    for (const s of settings) expect(Object.keys(variables)).toContain(s);
    expect(new Set(settings).size).toBe(settings.length);
    expect(new Set(USAGE_LIMITS.map((l) => l.id)).size).toBe(USAGE_LIMITS.length);
  });

  it.each(USAGE_LIMITS.map((l) => [l.id, l] as const))("%s: each test it names exists", (_id, limit) => {
    expect(limit.tests.length).toBeGreaterThan(0);
    for (const ref of limit.tests) {
      const [file = "", title = ""] = ref.split(" › ");
      const path = new URL(file, ROOT);
      expect(existsSync(path), file).toBe(true);
      expect(readFileSync(path, "utf8"), ref).toContain(`"${title}"`);
    }
  });
});
