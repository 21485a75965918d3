import { esc } from "../xml/index.ts";
import { sidXml } from "./message.ts";

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
