// Writes the capability table into the documentation (en and fr): the "Features and compatibility" pages' last
// section and every generated block of the other pages (`GENERATED_PAGES`). Run
// `npx tsx site/scripts/write-capability-docs.ts` after changing `packages/provider/src/capabilities.ts` or
// `site/tools/capability-docs.ts`.
import { readFileSync, writeFileSync } from "node:fs";
import { CHANGELOG_ROOTS, DOCS_ROOTS, FEATURE_PAGES } from "../test/feature-pages.ts";
import {
  capabilityHeading,
  capabilitySection,
  type DocLocale,
  GENERATED_PAGES,
  withGeneratedBlocks,
} from "../tools/capability-docs.ts";

for (const [locale, url] of Object.entries(FEATURE_PAGES) as [DocLocale, URL][]) {
  const page = readFileSync(url, "utf8");
  const at = page.indexOf(capabilityHeading(locale));
  const before = at >= 0 ? page.slice(0, at) : `${page.trimEnd()}\n\n`;
  writeFileSync(url, before + capabilitySection(locale));
  process.stdout.write(`wrote ${url.pathname}\n`);
}

for (const locale of ["en", "fr"] as const) {
  for (const page of GENERATED_PAGES) {
    const url = new URL(page.path, (page.site === "changelog" ? CHANGELOG_ROOTS : DOCS_ROOTS)[locale]);
    const source = readFileSync(url, "utf8");
    const written = withGeneratedBlocks(source, page, locale);
    if (written !== source) {
      writeFileSync(url, written);
      process.stdout.write(`wrote ${url.pathname}\n`);
    }
  }
}
