// Why the engine refuses a calc script or a member formula, typed: every CalcError and CalcSyntaxError carries one
// of these reasons, so that a caller can say it in another language (`@qibates/grid-bridge` has the French of
// each). This module imports nothing at run time, so that a page running the engine in the browser can use it.
import type { Stmt } from "./ast.ts";

/** What a syntax error expected, when it is a phrase rather than a token of the script. */
export type CalcExpectedPhrase =
  | "a statement"
  | "ALL, DIM or TWOPASS after CALC"
  | "ALL, UPPER, NONINPUT or DYNAMIC"
  | "a member name before '='"
  | "a dimension name"
  | "a value, a member name or a function"
  | "a member name";

/**
 * What a syntax error expected: a phrase, a punctuation mark (the English quotes it: `';'`) or a keyword (`ENDFIX`,
 * `TO`), written the same in every language.
 */
export type CalcExpected = CalcExpectedPhrase | { punct: string } | { word: string };

/** What a syntax error found: the end of the script, a quoted name, or a token as written (`@` or `&` included). */
export type CalcFound = { kind: "end" } | { kind: "string"; text: string } | { kind: "token"; text: string };

/** Why a calc script (or a member formula) does not parse. */
export type CalcSyntaxReason =
  | { id: "unterminatedComment" }
  | { id: "unterminatedName" }
  | { id: "unexpectedHash" }
  /** `@` or `&` not followed by a name. */
  | { id: "unexpectedSign"; character: string }
  | { id: "unexpectedCharacter"; character: string }
  | { id: "expected"; expected: CalcExpected; found: CalcFound };

/** A statement kind, as a refusal names it. */
export type CalcStatementKind = Stmt["kind"];

/** How a member is not stored, as a refusal to write it says. */
export type CalcNotStored = "label-only" | "dynamic";

/**
 * Why the engine stopped a calc script (or a member formula): every {@link CalcError} carries one. Names (members,
 * dimensions, functions with their `@`, location aliases) are as the script or the outline writes them.
 */
export type CalcReason =
  | { id: "unknownOperator"; operator: string }
  /** A member's formula does not parse: the syntax error's place is in the formula. */
  | { id: "formulaSyntax"; member: string; line: number; column: number; syntax: CalcSyntaxReason }
  | { id: "notInFormula"; statement: CalcStatementKind }
  | { id: "notInMemberBlock"; statement: CalcStatementKind }
  | { id: "unknownSubstitutionVariable"; name: string }
  | { id: "unknownMember"; member: string }
  | { id: "unknownDimension"; dimension: string }
  | { id: "unknownLocation"; alias: string }
  | { id: "unknownLevel"; name: string }
  | { id: "attributeInReference"; member: string }
  | { id: "notBaseDimension"; dimension: string }
  | { id: "notAttributeDimension"; name: string }
  /** `fn`: the function with its `@`. */
  | { id: "needsMemberArgument"; fn: string }
  | { id: "expectsMemberName"; fn: string }
  | { id: "needsArgument"; fn: string }
  | { id: "expectsName"; fn: string }
  /** `fn` without its `@`; `ordinal` from 1. */
  | { id: "missingArgument"; fn: string; ordinal: number }
  | { id: "needsNumber"; fn: string }
  | { id: "needsTimeDimension"; fn: string }
  | { id: "unsupportedFunction"; fn: string }
  | { id: "notSetFunction"; fn: string }
  | { id: "xwriteArguments" }
  /** `member`: null when neither the script nor the source cube names one for `dimension`. */
  | { id: "xwriteNoMember"; alias: string; member: string | null; dimension: string }
  | { id: "returnLevel"; level: string }
  /** `@RETURN("text", ERROR)`: the rule author's own words, said as written in every language. */
  | { id: "returned"; text: string }
  | { id: "setCrossesDimensions" }
  | { id: "expectedMemberSet" }
  | { id: "currentMemberNeedsCell" }
  | { id: "aggDense"; dimension: string }
  | { id: "assignmentNeeded" }
  | { id: "assignAttribute"; member: string }
  | { id: "assignNotStored"; member: string; storage: CalcNotStored }
  /** A cell the script writes (by @XWRITE) in a member that is not stored. */
  | { id: "notWritable"; member: string; storage: CalcNotStored }
  | { id: "dataCopyLists" }
  | { id: "dataCopyTarget"; member: string }
  | { id: "dataCopyDimensions" }
  /** A dynamic calculation nested without end (a circular formula). */
  | { id: "tooDeep" }
  /** Any other failure of the engine during the run (a fault, not a refusal): its own English message. */
  | { id: "internal"; message: string };

export type CalcMessageId = CalcReason["id"];
export type CalcSyntaxMessageId = CalcSyntaxReason["id"];

/** Renders each reason of one kind: a table with one entry per {@link CalcMessageId}. */
export type CalcTexts = { readonly [K in CalcMessageId]: (r: Extract<CalcReason, { id: K }>) => string };
/** Renders each syntax reason: one entry per {@link CalcSyntaxMessageId}. */
export type CalcSyntaxTexts = {
  readonly [K in CalcSyntaxMessageId]: (r: Extract<CalcSyntaxReason, { id: K }>) => string;
};

function foundEn(f: CalcFound): string {
  return f.kind === "end" ? "end of script" : f.kind === "string" ? `"${f.text}"` : `'${f.text}'`;
}

function expectedEn(e: CalcExpected): string {
  return typeof e === "string" ? e : "punct" in e ? `'${e.punct}'` : e.word;
}

/** The engine's syntax messages, in English (the detail after `Syntax error at line L, column C: `). */
export const CALC_SYNTAX_TEXTS: CalcSyntaxTexts = {
  unterminatedComment: () => "unterminated comment",
  unterminatedName: () => "unterminated quoted name",
  unexpectedHash: () => "unexpected '#' (expected #MISSING or #MI)",
  unexpectedSign: (r) => `unexpected '${r.character}'`,
  unexpectedCharacter: (r) => `unexpected character '${r.character}'`,
  expected: (r) => `expected ${expectedEn(r.expected)}, found ${foundEn(r.found)}`,
};

/** A syntax reason's text from a table of texts (the engine's English, or another language's). */
export function calcSyntaxText(texts: CalcSyntaxTexts, reason: CalcSyntaxReason): string {
  return (texts[reason.id] as (r: CalcSyntaxReason) => string)(reason);
}

/** A syntax error as the engine's English message says it, with its place. */
export function calcSyntaxMessageEn(line: number, column: number, detail: string): string {
  return `Syntax error at line ${line}, column ${column}: ${detail}`;
}

const notStoredEn = (s: CalcNotStored): string => (s === "label-only" ? "label only" : "Dynamic Calc");

/** The engine's messages, in English: every reason a calc script may stop for (without the place). */
export const CALC_TEXTS: CalcTexts = {
  unknownOperator: (r) => `Unknown operator ${r.operator}`,
  formulaSyntax: (r) =>
    `Formula of "${r.member}": ${calcSyntaxMessageEn(r.line, r.column, calcSyntaxText(CALC_SYNTAX_TEXTS, r.syntax))}`,
  notInFormula: (r) => `"${r.statement}" is not allowed in a member formula`,
  notInMemberBlock: (r) => `"${r.statement}" is not allowed inside a member block`,
  unknownSubstitutionVariable: (r) => `Unknown substitution variable ${r.name}`,
  unknownMember: (r) => `Unknown member "${r.member}"`,
  unknownDimension: (r) => `Unknown dimension "${r.dimension}"`,
  unknownLocation: (r) => `Unknown location alias ${r.alias}`,
  unknownLevel: (r) => `Unknown level or generation "${r.name}"`,
  attributeInReference: (r) => `"${r.member}" is an attribute member; use @ATTRIBUTE in a member set`,
  notBaseDimension: (r) => `${r.dimension} is not a base dimension`,
  notAttributeDimension: (r) => `"${r.name}" is not an attribute dimension`,
  needsMemberArgument: (r) => `${r.fn} needs a member argument`,
  expectsMemberName: (r) => `${r.fn} expects a member name`,
  needsArgument: (r) => `${r.fn} needs an argument`,
  expectsName: (r) => `${r.fn} expects a name`,
  missingArgument: (r) => `@${r.fn} needs argument ${r.ordinal}`,
  needsNumber: (r) => `@${r.fn} needs a number`,
  needsTimeDimension: (r) => `@${r.fn} needs a time dimension`,
  unsupportedFunction: (r) => `Unsupported function @${r.fn}`,
  notSetFunction: (r) => `@${r.fn} is not a member-set function`,
  xwriteArguments: () => "@XWRITE needs an expression and a location alias",
  xwriteNoMember: (r) =>
    `@XWRITE: ${r.alias} has no member ${r.member ?? "given"} in dimension ${r.dimension}`,
  returnLevel: (r) => `@RETURN level must be ERROR, WARNING or INFO, not ${r.level}`,
  returned: (r) => r.text,
  setCrossesDimensions: () => "A member set cannot cross dimensions",
  expectedMemberSet: () => "Expected a member or member-set function",
  currentMemberNeedsCell: () => "@CURRMBR needs a current cell",
  aggDense: (r) => `AGG works on sparse dimensions only (${r.dimension} is dense)`,
  assignmentNeeded: () => "A calculation outside a member block needs an assignment (Member = expression;)",
  assignAttribute: (r) => `Cannot assign to attribute member "${r.member}"`,
  assignNotStored: (r) => `Cannot assign to "${r.member}": it is ${notStoredEn(r.storage)}`,
  notWritable: (r) => `"${r.member}" is ${notStoredEn(r.storage)}`,
  dataCopyLists: () => "DATACOPY needs matching member lists",
  dataCopyTarget: (r) => `"${r.member}" cannot be a DATACOPY target (not stored)`,
  dataCopyDimensions: () => "DATACOPY copies within one dimension",
  tooDeep: () => "Dynamic calculation is too deep (circular formula?)",
  internal: (r) => r.message,
};

/** A reason's text from a table of texts (the engine's English, or another language's). */
export function calcText(texts: CalcTexts, reason: CalcReason): string {
  return (texts[reason.id] as (r: CalcReason) => string)(reason);
}

/**
 * A calculation's failure as data, for a caller that says it in its own words: a syntax error with its place, or
 * a reason the run stopped for, with its place when known (the `failure` of a CalcError or a CalcSyntaxError).
 */
export type CalcFailure =
  | { syntax: true; reason: CalcSyntaxReason; line: number; column: number }
  | { syntax: false; reason: CalcReason; line?: number; column?: number };
