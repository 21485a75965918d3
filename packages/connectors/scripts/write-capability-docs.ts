// Writes the capability table into the "Features and compatibility" pages (en and fr): run
// `npx tsx packages/connectors/scripts/write-capability-docs.ts` after changing `src/capabilities.ts`.
import { readFileSync, writeFileSync } from "node:fs";
import { capabilityHeading, capabilitySection, type DocLocale } from "../src/capability-docs.ts";
import { FEATURE_PAGES } from "../test/feature-pages.ts";

for (const [locale, url] of Object.entries(FEATURE_PAGES) as [DocLocale, URL][]) {
  const page = readFileSync(url, "utf8");
  const at = page.indexOf(capabilityHeading(locale));
  const before = at >= 0 ? page.slice(0, at) : `${page.trimEnd()}\n\n`;
  writeFileSync(url, before + capabilitySection(locale));
  process.stdout.write(`wrote ${url.pathname}\n`);
}
