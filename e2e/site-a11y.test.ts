import { createRequire } from "node:module";
import { expect, inject, it } from "vitest";
import {
  asSavingData,
  FOR_AXE,
  hydrated,
  screenshot,
  sitePageForFile,
  startApiConsole,
} from "./support/site-page.ts";

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

const baseUrl = inject("baseUrl");
const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
/**
 * Each test loads its page in the file's one page, storage cleared (`sitePageForFile`); the tests load pages by
 * their address only (`asSavingData`).
 */
const { visit } = sitePageForFile(baseUrl, asSavingData);

it.each([
  ["home-en", "/"],
  ["home-fr", "/fr/"],
  ["doc-en", "/docs/QiBates/features/actions/Zoom"],
  ["doc-fr", "/fr/docs/QiBates/features/actions/Zoom"],
  ["api-en", "/api/qibates"],
  ["api-fr", "/fr/api/qibates"],
])("axe-core finds no serious or critical violation on %s", async (name, path) => {
  const { page } = await visit(path, FOR_AXE);
  if (path.endsWith("/api/qibates")) await startApiConsole(page);
  else await hydrated(page);
  await page.waitForLoadState("networkidle");
  await screenshot(page, `axe-${name}`, true);
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  const blocking = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")})`,
    );
  expect(blocking).toEqual([]);
});
