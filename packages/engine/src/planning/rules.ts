import type { Cube } from "../cube/cube.ts";
import { englishCount } from "../engine-error.ts";
import type { Dimension, Member, Outline } from "../outline.ts";
import type { PromptInput, RulePromptsResult } from "./calls.ts";
import type { ChangeSet, PromptValue, TextStore } from "./changes.ts";
import type {
  PromptDefinition,
  ResolvedPrompt,
  RuleContext,
  RuleCube,
  RuleDefinition,
} from "./definitions.ts";
import { type LocalText, PlanningError } from "./errors.ts";
import { resolveMember, selectAll, selectMembers } from "./selection.ts";

/** Splits a comma-separated list, ignoring commas inside parentheses; strips quotes. */
function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of text) {
    if (ch === "(") depth++;
    if (ch === ")") depth = Math.max(0, depth - 1);
    if (ch === "," && depth === 0) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out.map((s) => s.trim().replace(/^"|"$/g, "")).filter((s) => s !== "");
}

/** The members a `member`/`members` prompt accepts, or the dimensions a `dimension` prompt accepts. */
export function promptChoices(outline: Outline, prompt: PromptDefinition): Member[] {
  if (prompt.type === "dimension") {
    const names = prompt.allowed ?? outline.baseDimensions.map((d) => d.name);
    return names.map((n) => {
      const d = outline.dimension(n);
      if (!d) throw new Error(`Prompt ${prompt.name}: unknown dimension ${n}`);
      return d.root;
    });
  }
  if (prompt.type !== "member" && prompt.type !== "members") return [];
  const dim = prompt.dimension ? outline.dimension(prompt.dimension) : undefined;
  if (!dim) throw new Error(`Prompt ${prompt.name}: unknown dimension ${prompt.dimension}`);
  const list = prompt.allowed ? selectAll(outline, prompt.allowed, dim) : [...dim.members];
  return list.filter((m) => !m.isShared).sort((a, b) => a.ordinal - b.ordinal);
}

function textOf(v: PromptInput["value"] | undefined): string | null {
  if (v === undefined || v === null) return null;
  if (Array.isArray(v)) return v.join(",");
  return String(v).trim();
}

/** Validates the prompt values of a launch (defaults fill what is not sent). */
export function resolvePrompts(
  outline: Outline,
  rule: RuleDefinition,
  given: readonly PromptInput[],
  fieldPrefix = "prompts",
): Map<string, ResolvedPrompt> {
  const byName = new Map<string, { input: PromptInput; index: number }>();
  given.forEach((input, index) => {
    const def = rule.prompts.find((p) => p.name.toLowerCase() === String(input.name).toLowerCase());
    if (!def) {
      throw new PlanningError(
        "PLANNING_PROMPT_UNKNOWN",
        `Rule ${rule.name} has no runtime prompt "${input.name}"; its prompts are ${rule.prompts.map((p) => p.name).join(", ") || "none"}.`,
        `${fieldPrefix}[${index}].name`,
        { params: { rule: rule.name, prompt: String(input.name) } },
      );
    }
    byName.set(def.name, { input, index });
  });
  const out = new Map<string, ResolvedPrompt>();
  for (const p of rule.prompts) {
    const sent = byName.get(p.name);
    const field = sent ? `${fieldPrefix}[${sent.index}].value` : fieldPrefix;
    const raw = sent ? textOf(sent.input.value) : (p.defaultValue ?? null);
    if (raw === null || raw === "") {
      if (p.required ?? true) {
        throw new PlanningError(
          "PLANNING_PROMPT_MISSING",
          `Runtime prompt ${p.name} of rule ${rule.name} needs a value.`,
          field,
          { params: { rule: rule.name, prompt: p.name } },
        );
      }
      out.set(p.name, { type: "empty" });
      continue;
    }
    out.set(p.name, resolveOne(outline, rule, p, raw, field));
  }
  return out;
}

function invalid(
  rule: RuleDefinition,
  p: PromptDefinition,
  value: string,
  field: string,
  why: string,
): PlanningError {
  return new PlanningError(
    "PLANNING_PROMPT_INVALID",
    `Runtime prompt ${p.name} of rule ${rule.name}: ${why}`,
    field,
    { params: { rule: rule.name, prompt: p.name, value } },
  );
}

function resolveOne(
  outline: Outline,
  rule: RuleDefinition,
  p: PromptDefinition,
  raw: string,
  field: string,
): ResolvedPrompt {
  switch (p.type) {
    case "numeric": {
      const n = Number(raw);
      if (!Number.isFinite(n)) throw invalid(rule, p, raw, field, `"${raw}" is not a number.`);
      if (p.min !== undefined && n < p.min)
        throw invalid(rule, p, raw, field, `${n} is below the minimum ${p.min}.`);
      if (p.max !== undefined && n > p.max)
        throw invalid(rule, p, raw, field, `${n} is above the maximum ${p.max}.`);
      return { type: "numeric", value: n };
    }
    case "string": {
      const max = p.maxLength ?? 255;
      if (raw.length > max)
        throw invalid(rule, p, raw, field, `the text has ${raw.length} characters; at most ${max}.`);
      return { type: "string", value: raw };
    }
    case "dimension": {
      const choices = promptChoices(outline, p);
      const d = choices.find((m) => m.dimension.name.toLowerCase() === raw.toLowerCase());
      if (!d)
        throw invalid(
          rule,
          p,
          raw,
          field,
          `"${raw}" is not one of ${choices.map((c) => c.name).join(", ")}.`,
        );
      return { type: "dimension", dimension: d.dimension };
    }
    default: {
      const choices = new Set(promptChoices(outline, p));
      const names = p.type === "members" ? splitTopLevel(raw) : [raw.replace(/^"|"$/g, "")];
      const dim = outline.dimension(p.dimension ?? "") as Dimension;
      const members: Member[] = [];
      for (const n of names) {
        let found: Member[];
        try {
          // `members` prompts also take selections such as ILvl0Descendants(Sales VP).
          found =
            p.type === "members" ? selectMembers(outline, n, dim) : [resolveMember(outline, n, dim, field)];
        } catch {
          throw invalid(rule, p, raw, field, `"${n}" is not a member of ${dim.name}.`);
        }
        for (const m of found) {
          if (!choices.has(m))
            throw invalid(rule, p, raw, field, `"${m.name}" is not one of the members the prompt allows.`);
          if (!members.includes(m)) members.push(m);
        }
      }
      if (members.length === 0) throw invalid(rule, p, raw, field, "no member given.");
      return p.type === "members"
        ? { type: "members", members }
        : { type: "member", member: members[0] as Member };
    }
  }
}

/** Thrown by {@link RuleContext.fail} and for a launch a rule's check refuses. */
export class RuleFailure extends Error {
  override readonly name = "RuleFailure";
  /** Why, in each language (the same words in every language when given as one text). */
  readonly text: LocalText;
  constructor(why: string | LocalText) {
    const text = typeof why === "string" ? { en: why, fr: why } : why;
    super(text.en);
    this.text = text;
  }
}

export interface RuleStore {
  name: string;
  outline: Outline;
  data: Cube;
  texts: TextStore;
  defaults: ReadonlyMap<Dimension, Member>;
}

/** A {@link RuleCube} whose writes go through `changes`. */
export function ruleCube(store: RuleStore, changes: ChangeSet): RuleCube {
  const { outline } = store;
  const dims = outline.baseDimensions;
  const cube: RuleCube = {
    name: store.name,
    member(name) {
      try {
        return resolveMember(outline, name);
      } catch (e) {
        throw new RuleFailure(e instanceof Error ? e.message : String(e));
      }
    },
    select(...selections) {
      try {
        return selectAll(outline, selections);
      } catch (e) {
        throw new RuleFailure(e instanceof Error ? e.message : String(e));
      }
    },
    tuple(members) {
      const at = new Map<Dimension, Member>();
      for (const [dimName, m] of Object.entries(members)) {
        const d = outline.dimension(dimName);
        if (!d) throw new RuleFailure(`Unknown dimension ${dimName} in cube ${store.name}.`);
        const member = typeof m === "string" ? cube.member(m) : m;
        if (member.dimension !== d) throw new RuleFailure(`${member.name} is not in dimension ${d.name}.`);
        at.set(d, member);
      }
      return dims.map((d) => at.get(d) ?? store.defaults.get(d) ?? d.root);
    },
    read: (tuple) => store.data.read(tuple),
    readText: (tuple) => store.texts.get(tuple),
    writeText(tuple, text) {
      changes.writeText(store, tuple, text);
    },
    forEach(fix, fn) {
      const lists = dims.map((d) => {
        const entry = Object.entries(fix).find(([k]) => k.toLowerCase() === d.name.toLowerCase());
        return entry ? entry[1] : [store.defaults.get(d) ?? d.root];
      });
      const t: Member[] = new Array(dims.length);
      const walk = (i: number): void => {
        if (i === lists.length) {
          fn(t.slice());
          return;
        }
        for (const m of lists[i] as readonly Member[]) {
          t[i] = m;
          walk(i + 1);
        }
      };
      walk(0);
    },
  };
  return cube;
}

export function ruleContext(
  rule: RuleDefinition,
  prompts: Map<string, ResolvedPrompt>,
  cube: RuleCube,
  otherCube: (name: string) => RuleCube,
): RuleContext {
  const get = <T extends ResolvedPrompt["type"]>(
    name: string,
    type: T,
  ): Extract<ResolvedPrompt, { type: T }> => {
    const p = prompts.get(name);
    if (!p || p.type !== type) throw new RuleFailure(`Rule ${rule.name} reads prompt ${name} as ${type}.`);
    return p as Extract<ResolvedPrompt, { type: T }>;
  };
  return {
    cube,
    otherCube,
    member: (n) => get(n, "member").member,
    members: (n) => get(n, "members").members,
    number: (n) => get(n, "numeric").value,
    string: (n) => {
      const p = prompts.get(n);
      return p?.type === "string" ? p.value : "";
    },
    dimension: (n) => get(n, "dimension").dimension,
    fail(message: string): never {
      throw new RuleFailure(message);
    },
  };
}

function quoted(name: string): string {
  return `"${name}"`;
}

/** A prompt value as calc-script text: members quoted, lists comma-separated, numbers as given. */
function scriptText(p: ResolvedPrompt): string {
  switch (p.type) {
    case "member":
      return quoted(p.member.name);
    case "members":
      return p.members.map((m) => quoted(m.name)).join(", ");
    case "numeric":
      return String(p.value);
    case "string":
      return quoted(p.value.replace(/"/g, "'"));
    case "dimension":
      return quoted(p.dimension.name);
    case "empty":
      return "#MISSING";
  }
}

/**
 * A number as French writes it in a sentence: a decimal comma, the thousands of five digits or more grouped with a
 * narrow no-break space (`12 500,5`), as the API's French messages write their numbers.
 */
function frenchNumber(n: number): string {
  const [whole = "", fraction] = String(Math.abs(n)).split(".");
  if (!Number.isFinite(n) || /e/i.test(whole)) return String(n);
  const grouped = whole.length >= 5 ? whole.replace(/\B(?=(\d{3})+$)/g, "\u202F") : whole;
  return `${n < 0 ? "-" : ""}${grouped}${fraction === undefined ? "" : `,${fraction}`}`;
}

/** A prompt value as the user reads it in a message, in `locale` (a number as its language writes it: 50,000; 50 000). */
function displayText(p: ResolvedPrompt, locale: keyof LocalText = "en"): string {
  switch (p.type) {
    case "member":
      return p.member.name;
    case "members":
      return p.members.map((m) => m.name).join(", ");
    case "numeric":
      return locale === "fr" ? frenchNumber(p.value) : englishCount(p.value);
    case "string":
      return p.value;
    case "dimension":
      return p.dimension.name;
    case "empty":
      return "";
  }
}

function promptFor(rule: RuleDefinition, prompts: Map<string, ResolvedPrompt>, name: string) {
  const def = rule.prompts.find((p) => p.name.toLowerCase() === name.toLowerCase());
  return def ? prompts.get(def.name) : undefined;
}

/**
 * The rule's calc script with every `{Prompt}` replaced by its value: as script text outside quotes (members
 * quoted, lists comma-separated), as plain text inside a quoted string (e.g. an @RETURN message). A `{Name}`
 * that is not a prompt of the rule is a fault of the rule's definition.
 */
export function substitutePrompts(rule: RuleDefinition, prompts: Map<string, ResolvedPrompt>): string {
  let out = "";
  let inString = false;
  const text = rule.script;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    const m = ch === "{" ? /^\{([A-Za-z_]\w*)\}/.exec(text.slice(i)) : null;
    if (!m) {
      if (ch === '"') inString = !inString;
      out += ch;
      continue;
    }
    const name = m[1] as string;
    const p = promptFor(rule, prompts, name);
    if (!p) throw new Error(`Rule ${rule.name}: its script names {${name}}, which is not one of its prompts`);
    out += inString ? displayText(p).replace(/"/g, "'") : scriptText(p);
    i += m[0].length - 1;
  }
  return out;
}

/** Words given once (the same in every language) or in each language. */
function inEachLanguage(text: string | LocalText): LocalText {
  return typeof text === "string" ? { en: text, fr: text } : text;
}

/**
 * `template` with each `{Prompt}` (and `{cells}`, `{texts}` when counted) filled in, as `locale` writes them (a
 * number grouped as the API's messages group it: "8,040" in English, « 10 000 » in French). In English, the
 * plural noun right after a count of one loses its s ("1 comment", not "1 comments").
 */
function fillRuleText(
  rule: RuleDefinition,
  prompts: Map<string, ResolvedPrompt>,
  template: string,
  locale: keyof LocalText,
  counts?: { cells: number; texts: number },
): string {
  return template.replace(/\{([A-Za-z_][\w]*)\}( [a-z]+s\b)?/g, (whole, name: string, noun = "") => {
    if (counts && (name === "cells" || name === "texts")) {
      const n = counts[name];
      if (locale === "fr") return `${frenchNumber(n)}${noun}`;
      return `${englishCount(n)}${n === 1 ? noun.slice(0, -1) : noun}`;
    }
    const p = promptFor(rule, prompts, name);
    return p ? `${displayText(p, locale)}${noun}` : whole;
  });
}

/** The rule's message with `{cells}`, `{texts}` and `{Prompt}` filled in, in each language. */
export function ruleMessage(
  rule: RuleDefinition,
  prompts: Map<string, ResolvedPrompt>,
  counts: { cells: number; texts: number },
): LocalText {
  const message = inEachLanguage(rule.message);
  return {
    en: fillRuleText(rule, prompts, message.en, "en", counts),
    fr: fillRuleText(rule, prompts, message.fr, "fr", counts),
  };
}

/**
 * A text the rule's script returned (`@RETURN`, its prompts already substituted), in each language: the French of
 * the rule's {@link RuleDefinition.returnTexts} entry that reads as `text` once filled in, else `text` as written.
 */
export function ruleReturnText(
  rule: RuleDefinition,
  prompts: Map<string, ResolvedPrompt>,
  text: string,
): LocalText {
  for (const t of rule.returnTexts ?? []) {
    // As substitutePrompts writes a value inside a quoted string.
    const en = t.en.replace(/\{([A-Za-z_]\w*)\}/g, (whole, name: string) => {
      const p = promptFor(rule, prompts, name);
      return p ? displayText(p).replace(/"/g, "'") : whole;
    });
    if (en === text) return { en: text, fr: fillRuleText(rule, prompts, t.fr, "fr") };
  }
  return { en: text, fr: text };
}

/** A rule as the planning calls describe it: its name, plan type, type and runtime prompts (in `locale`). */
export function describeRule(r: RuleDefinition, locale: keyof LocalText = "en"): RulePromptsResult {
  return {
    ruleName: r.name,
    cube: r.cube,
    ruleType: r.ruleType,
    prompts: r.prompts.map((p) => ({
      name: p.name,
      type: p.type,
      dimension: p.dimension ?? null,
      defaultValue: p.defaultValue ?? null,
      required: p.required ?? true,
      description: inEachLanguage(p.description)[locale],
    })),
  };
}

/** Resolved prompt values as journaled (names, not members). */
export function promptValues(prompts: ReturnType<typeof resolvePrompts>): PromptValue[] {
  return [...prompts].map(([name, p]) => {
    switch (p.type) {
      case "member":
        return { name, value: p.member.name };
      case "members":
        return { name, value: p.members.map((m) => m.name) };
      case "numeric":
        return { name, value: p.value };
      case "string":
        return { name, value: p.value };
      case "dimension":
        return { name, value: p.dimension.name };
      default:
        return { name, value: null };
    }
  });
}
