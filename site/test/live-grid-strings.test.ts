import { join } from "node:path";
import { expect, it } from "vitest";
import { readJson, SITE, type TranslationFile } from "./site-files.ts";

const code = readJson<TranslationFile>(join(SITE, "i18n", "fr", "code.json"));

it("the live grid's status names each finished operation with a French phrase of its own (not the button's verb)", () => {
  const actions = Object.keys(code)
    .filter((k) => k.startsWith("liveGrid.action.") && !/\.(submit|reset)$/.test(k))
    .map((k) => k.slice("liveGrid.action.".length));
  expect(actions).toEqual(expect.arrayContaining(["zoomIn", "pivot", "refresh", "keepOnly"]));
  const wrong: string[] = [];
  for (const action of actions) {
    const done = code[`liveGrid.done.${action}`]?.message;
    const label = code[`liveGrid.action.${action}`]?.message ?? "";
    // A button named by an infinitive (Pivoter, Actualiser, Conserver uniquement) cannot start the status:
    // « Pivoter effectué » reads wrong, the status needs a noun (« Pivot effectué »).
    const infinitive = /^\p{L}+(?:er|ir)\b/u.exec(label)?.[0];
    if (!done || (infinitive && done.startsWith(infinitive))) wrong.push(`${action}: ${done ?? "missing"}`);
  }
  expect(wrong).toEqual([]);
  expect(code["liveGrid.done.pivot"]?.message).toBe("Pivot effectué");
  expect(code["liveGrid.done.refresh"]?.message).toBe("Actualisation effectuée");
  expect(code["liveGrid.status.done"]?.message).toMatch(/^\{done\}\u00A0: /);
});
