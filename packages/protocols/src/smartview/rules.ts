import { esc } from "../xml/index.ts";
import { leaf, type SvElement, sidXml, svChild, svText } from "./message.ts";

/** A business rule as `res_EnumBusinessRules` lists it: its type, whether it has runtime prompts, its name. */
export interface SvRule {
  type: string;
  prompts: boolean;
  name: string;
}

/** The content of `res_EnumBusinessRules`: the session id, then `rules/rule@{type, rtp}`. */
export function rulesAnswerXml(sid: string, rules: readonly SvRule[]): string {
  const lines = rules.map(
    (r) => `  <rule type="${esc(r.type)}" rtp="${r.prompts ? 1 : 0}">${esc(r.name)}</rule>`,
  );
  return `${sidXml(sid)}\n<rules>\n${lines.join("\n")}\n</rules>`;
}

/** The content of `res_LaunchBusinessRule`: the batch id of the run. */
export function bidXml(bid: number): string {
  return `<bid>${bid}</bid>`;
}

/** A runtime prompt as `res_EnumRunTimePrompts` lists it. */
export interface SvRuntimePrompt {
  name: string;
  description: string;
  dimension: string;
  defaultValue: string;
  cube: string;
  required: boolean;
}

/** The content of `res_EnumRunTimePrompts`. */
export function promptsAnswerXml(prompts: readonly SvRuntimePrompt[]): string {
  const rtps = prompts.map((p) =>
    [
      "  <rtp>",
      `    <name>${esc(p.name)}</name>`,
      `    <description>${esc(p.description)}</description>`,
      `    <member dim="${esc(p.dimension)}" mbrselect="${p.dimension ? 1 : 0}">`,
      `      <default>${esc(p.defaultValue)}</default>`,
      `      <cube>${esc(p.cube)}</cube>`,
      "    </member>",
      `    <allowMissing>${p.required ? 0 : 1}</allowMissing>`,
      "  </rtp>",
    ].join("\n"),
  );
  return `<prompts>\n${rtps.join("\n")}\n</prompts>`;
}

/** The rules of a `res_EnumBusinessRules`, in its order. */
export function readRules(answer: SvElement): SvRule[] {
  return (svChild(answer, "rules")?.children ?? [])
    .filter((r) => r.name === "rule")
    .map((r) => ({ type: r.attrs.type ?? "", prompts: r.attrs.rtp === "1", name: r.text }));
}

/** The body of `req_EnumBusinessRules` (after `sID`): the cube's rules, `runOnSave` 0 or 1. */
export function enumRulesBody(cube: string, runOnSave = false): string {
  return [leaf("cube", cube), leaf("runOnSave", runOnSave ? 1 : 0)].join("\n");
}

/** `<rule type="…">name</rule>`: the rule a request names. */
export function ruleXml(name: string, type: string): string {
  return `<rule type="${esc(type)}">${esc(name)}</rule>`;
}

/** The rule a request names (`rule`, its `type` when given). */
export function readRule(req: SvElement): { name: string; type?: string } {
  const rule = svChild(req, "rule");
  return { name: rule?.text ?? "", ...(rule?.attrs.type ? { type: rule.attrs.type } : {}) };
}

/** The prompt values of `req_LaunchBusinessRule` (`prompts/rtp{name, val}`). */
export function readPromptValues(req: SvElement): { name: string; value: string }[] {
  return (svChild(req, "prompts")?.children ?? [])
    .filter((c) => c.name === "rtp")
    .map((c) => ({ name: svText(c, "name"), value: svText(c, "val") }));
}

/** `prompts/rtp{name, val}`: the prompt values a rule is launched with. */
export function promptValuesXml(values: readonly { name: string; value: string }[]): string {
  if (values.length === 0) return "<prompts/>";
  const rtps = values.map((v) => `  <rtp>${leaf("name", v.name)}${leaf("val", v.value)}</rtp>`);
  return `<prompts>\n${rtps.join("\n")}\n</prompts>`;
}

/** The prompts of a `res_EnumRunTimePrompts`. */
export function readPrompts(answer: SvElement): SvRuntimePrompt[] {
  return (svChild(answer, "prompts")?.children ?? [])
    .filter((c) => c.name === "rtp")
    .map((p) => {
      const member = svChild(p, "member");
      return {
        name: svText(p, "name"),
        description: svText(p, "description"),
        dimension: member?.attrs.dim ?? "",
        defaultValue: svText(member, "default"),
        cube: svText(member, "cube"),
        required: svText(p, "allowMissing") === "0",
      };
    });
}
