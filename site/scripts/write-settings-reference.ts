// Writes the settings reference (admin/settings-reference.md, en and fr) from the server's registry
// (packages/server/src/config.ts) and the sentences of site/tools/settings-reference.ts. Run
// `npx tsx site/scripts/write-settings-reference.ts` after adding, renaming or removing a setting, or changing
// its default or its entry; site/test/settings-reference.test.ts fails until the pages match.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { serverValues } from "../src/product-values.ts";
import { DOCS_FOLDER, LOCALES, REFERENCE_PAGE, settingsReferencePage } from "../tools/settings-reference.ts";

const site = fileURLToPath(new URL("../", import.meta.url));
for (const locale of LOCALES) {
  const path = join(site, DOCS_FOLDER[locale], REFERENCE_PAGE);
  writeFileSync(path, settingsReferencePage(serverValues().settings, locale, site));
  process.stdout.write(`wrote ${path}\n`);
}
