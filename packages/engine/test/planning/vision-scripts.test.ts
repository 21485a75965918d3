import { expect, test } from "vitest";
import { createVisionPlanning } from "../../demo/planning/vision-app.ts";
import { VISION_PLAN2_RULES, VISION_RULES } from "../../demo/planning/vision-rules.ts";
import { parseCalcScript } from "../../src/calc/parser.ts";
import { resolvePrompts, substitutePrompts } from "../../src/planning/rules.ts";

test("each demo rule's calc script, its prompts filled with their defaults, parses and runs to completion", () => {
  for (const rule of [...VISION_RULES, ...VISION_PLAN2_RULES]) {
    const app = createVisionPlanning();
    const prompts = resolvePrompts(app.outline(rule.cube), rule, []);
    const text = substitutePrompts(rule, prompts);
    expect(text, rule.name).not.toMatch(/\{[A-Za-z]+\}/);
    expect(() => parseCalcScript(text), rule.name).not.toThrow();
    const run = app.launchRule({ cube: rule.cube, ruleName: rule.name });
    expect(run.status, rule.name).toBe("completed");
    expect(run.message, rule.name).not.toMatch(/\{/);
  }
});
