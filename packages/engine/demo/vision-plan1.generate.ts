/** Regenerates vision-plan1.generated.ts from the corpus YAML (run: npx tsx packages/engine/demo/vision-plan1.generate.ts). */
import { readFileSync, writeFileSync } from "node:fs";
import { parse } from "yaml";
import { outlineSpecFromDocument } from "../src/outline-yaml.ts";

const doc = parse(
  readFileSync(new URL("../test/fixtures/essbase-oracle/vision-plan1.yaml", import.meta.url), "utf8"),
);
const spec = outlineSpecFromDocument(doc, "Plan1");
const header = `// Generated from test/fixtures/essbase-oracle/vision-plan1.yaml (the Vision.Plan1 outline captured from a live
// server; see that folder's NOTICE) by outlineSpecFromDocument. Regenerate with demo/vision-plan1.generate.ts; do not edit.
import type { OutlineSpec } from "../src/outline.ts";

export const visionPlan1Spec: OutlineSpec = `;
writeFileSync(new URL("./vision-plan1.generated.ts", import.meta.url), `${header}${JSON.stringify(spec)};\n`);
