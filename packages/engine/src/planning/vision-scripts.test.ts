import { expect, test } from "vitest";
import { VISION_PLAN2_RULES, VISION_RULES } from "../../demo/planning/vision-rules.ts";
import { parseCalcScript } from "../calc-parser.ts";

test("the calc script each demo rule shows is a valid calc script once its prompts are filled in", () => {
  for (const rule of [...VISION_RULES, ...VISION_PLAN2_RULES]) {
    let text = rule.script;
    for (const p of rule.prompts) {
      const value =
        p.type === "members"
          ? '"410", "420"'
          : p.type === "numeric"
            ? "5"
            : p.type === "dimension"
              ? "Product"
              : `"x"`;
      text = text.replaceAll(`{${p.name}}`, value);
    }
    expect(text, rule.name).not.toMatch(/\{[A-Za-z]+\}/);
    expect(() => parseCalcScript(text), rule.name).not.toThrow();
  }
});
