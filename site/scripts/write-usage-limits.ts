// Writes the table of limits on use (sessions, calls, jobs, operations, demo copies, files) into the Limits on
// callers page, en and fr, from packages/server/src/usage-limits.ts and the server's registry. Run
// `npx tsx site/scripts/write-usage-limits.ts` after changing a limit; packages/server/test/docs/usage-limits.test.ts
// fails until the pages match.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import createJiti from "jiti";

const root = fileURLToPath(new URL("../../", import.meta.url));
// Read through jiti, as the site reads the server's registry: importing it would make the site's type check
// take in the server's whole program.
const load = createJiti(fileURLToPath(import.meta.url), { interopDefault: true });
const limits = load(join(root, "packages/server/src/usage-limits.ts")) as {
  USAGE_LIMITS_PAGES: Record<"en" | "fr", string>;
  withUsageLimits(page: string, locale: "en" | "fr"): string;
};
for (const locale of ["en", "fr"] as const) {
  const path = join(root, limits.USAGE_LIMITS_PAGES[locale]);
  const source = readFileSync(path, "utf8");
  const written = limits.withUsageLimits(source, locale);
  if (written !== source) {
    writeFileSync(path, written);
    process.stdout.write(`wrote ${path}\n`);
  }
}
