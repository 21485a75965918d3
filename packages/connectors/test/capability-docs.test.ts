import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONNECTOR_PROFILES } from "../src/capabilities.ts";
import { capabilityHeading, capabilitySection, type DocLocale } from "../src/capability-docs.ts";
import { FEATURE_PAGES } from "./feature-pages.ts";

/** The documentation says what the capability table says, in both languages. */
describe("the Features and compatibility page", () => {
  it.each(Object.entries(FEATURE_PAGES) as [DocLocale, URL][])(
    "ends with the capability table (%s) — run packages/connectors/scripts/write-capability-docs.ts after changing it",
    (locale, url) => {
      const page = readFileSync(url, "utf8");
      const at = page.indexOf(capabilityHeading(locale));
      expect(at, "section heading missing").toBeGreaterThan(0);
      expect(page.slice(at)).toBe(capabilitySection(locale));
    },
  );

  it("marks what SSAS lacks, with the reason, in both languages", () => {
    for (const locale of ["en", "fr"] as const) {
      const section = capabilitySection(locale);
      const zoom = section.split("\n").find((l) => l.includes("CALC_LEVEL"));
      // Columns: capability, calls, essbase, ssas, essbase-stndln.
      const cells = zoom?.split("|").map((c) => c.trim());
      expect(cells?.[4]).toMatch(/^(No|Non) [¹²³⁴⁵⁶⁷⁸⁹]$/);
      expect(cells?.[3]).toMatch(/^(Yes|Oui)$/);
      const why = CONNECTOR_PROFILES.ssas.capabilities["zoomIn:CALC_LEVEL"];
      if (why?.status !== "no") throw new Error("SSAS should lack CALC_LEVEL");
      expect(section).toContain(why.why[locale]);
    }
  });
});
