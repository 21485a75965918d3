// The engine's calc-script refusals in the product's words, in both languages. Like mdx-errors.ts, this module
// imports only the engine's calc reasons (no package index), so that a page running the engine in the browser
// (the site's live rule) says a calculation's failure as the API does.

import type { CalcError, CalcSyntaxError } from "@qibates/engine";
import {
  type CalcExpected,
  type CalcExpectedPhrase,
  type CalcFailure,
  type CalcFound,
  type CalcNotStored,
  type CalcStatementKind,
  type CalcSyntaxTexts,
  type CalcTexts,
  calcSyntaxText,
  calcText,
} from "@qibates/engine/calc-errors";
import type { ProviderText } from "@qibates/provider/errors";

/** A non-breaking space: French puts one before « : ; ? ! » and inside « ». */
const NB = "\u00a0";

const quoted = (text: string): string => `«${NB}${text}${NB}»`;

/** What a syntax error expected, with where (« ici » unless the phrase says it). */
const PHRASES_FR: Readonly<Record<CalcExpectedPhrase, string>> = {
  "a statement": "une instruction ici",
  "ALL, DIM or TWOPASS after CALC": "ALL, DIM ou TWOPASS après CALC",
  "ALL, UPPER, NONINPUT or DYNAMIC": "ALL, UPPER, NONINPUT ou DYNAMIC ici",
  "a member name before '='": `un nom de membre avant ${quoted("=")}`,
  "a dimension name": "un nom de dimension ici",
  "a value, a member name or a function": "une valeur, un nom de membre ou une fonction ici",
  "a member name": "un nom de membre ici",
};

const expectedFr = (e: CalcExpected): string =>
  typeof e === "string" ? PHRASES_FR[e] : "punct" in e ? `${quoted(e.punct)} ici` : `${e.word} ici`;

const foundFr = (f: CalcFound): string => (f.kind === "end" ? "la fin du script" : quoted(f.text));

/** Each reason a calc script does not parse for, in French (it follows a colon: lower case). */
export const CALC_SYNTAX_TEXTS_FR: CalcSyntaxTexts = {
  unterminatedComment: () => "commentaire /* non fermé",
  unterminatedName: () => "nom entre guillemets non fermé",
  unexpectedHash: () => `${quoted("#")} inattendu (il faut #MISSING ou #MI)`,
  unexpectedSign: (r) => `caractère ${quoted(r.character)} inattendu${NB}: un nom doit le suivre`,
  unexpectedCharacter: (r) => `caractère ${quoted(r.character)} inattendu`,
  expected: (r) => `il faut ${expectedFr(r.expected)}, pas ${foundFr(r.found)}`,
};

/** A statement as a French refusal names it. */
const STATEMENTS_FR: Readonly<Record<CalcStatementKind, string>> = {
  set: "l'instruction SET",
  calcAll: "l'instruction CALC ALL",
  calcDim: "l'instruction CALC DIM",
  agg: "l'instruction AGG",
  calcTwoPass: "l'instruction CALC TWOPASS",
  fix: "un bloc FIX ou EXCLUDE",
  assign: "une affectation",
  memberBlock: "un bloc de membre",
  if: "un bloc IF",
  expr: "une expression seule",
  clearData: "l'instruction CLEARDATA",
  clearBlock: "l'instruction CLEARBLOCK",
  dataCopy: "l'instruction DATACOPY",
  var: "l'instruction VAR",
};

const STORAGE_FR: Readonly<Record<CalcNotStored, string>> = {
  "label-only": "libellé uniquement",
  dynamic: "calcul dynamique",
};

const syntaxAtFr = (line: number, column: number, detail: string): string =>
  `erreur de syntaxe à la ligne ${line}, colonne ${column}${NB}: ${detail}`;

/**
 * Each reason the engine gives for stopping a calc script, as the French API says it (the registry's template puts
 * it after a colon: it starts in lower case unless it starts with a name). One entry per reason: the type requires
 * it. A rule author's `@RETURN` text stays as written.
 */
export const CALC_TEXTS_FR: CalcTexts = {
  unknownOperator: (r) => `opérateur inconnu ${r.operator}`,
  formulaSyntax: (r) =>
    `dans la formule de ${quoted(r.member)}, ${syntaxAtFr(r.line, r.column, calcSyntaxText(CALC_SYNTAX_TEXTS_FR, r.syntax))}`,
  notInFormula: (r) => `${STATEMENTS_FR[r.statement]} n'a pas sa place dans une formule de membre`,
  notInMemberBlock: (r) => `${STATEMENTS_FR[r.statement]} n'a pas sa place dans un bloc de membre`,
  unknownSubstitutionVariable: (r) => `variable de substitution inconnue ${r.name}`,
  unknownMember: (r) => `membre inconnu ${quoted(r.member)}`,
  unknownDimension: (r) => `dimension inconnue ${quoted(r.dimension)}`,
  unknownLocation: (r) => `alias d'emplacement inconnu ${r.alias}`,
  unknownLevel: (r) => `aucun niveau ni aucune génération ne s'appelle ${quoted(r.name)}`,
  attributeInReference: (r) =>
    `${quoted(r.member)} est un membre d'attribut${NB}: utilisez @ATTRIBUTE dans un ensemble de membres`,
  notBaseDimension: (r) => `${r.dimension} n'est pas une dimension de base`,
  notAttributeDimension: (r) => `${quoted(r.name)} n'est pas une dimension d'attribut`,
  needsMemberArgument: (r) => `${r.fn} demande un membre en argument`,
  expectsMemberName: (r) => `${r.fn} attend ici un nom de membre`,
  needsArgument: (r) => `${r.fn} demande un argument`,
  expectsName: (r) => `${r.fn} attend ici un nom`,
  missingArgument: (r) => `il manque l'argument ${r.ordinal} de @${r.fn}`,
  needsNumber: (r) => `@${r.fn} demande un nombre`,
  needsTimeDimension: (r) => `@${r.fn} demande une dimension Temps, et l'outline n'en a pas`,
  unsupportedFunction: (r) => `fonction non prise en charge @${r.fn}`,
  notSetFunction: (r) => `@${r.fn} n'est pas une fonction d'ensemble de membres`,
  xwriteArguments: () => "@XWRITE demande une expression et un alias d'emplacement",
  xwriteNoMember: (r) =>
    r.member === null
      ? `@XWRITE${NB}: aucun membre n'est donné pour la dimension ${r.dimension} de ${r.alias}`
      : `@XWRITE${NB}: ${r.alias} n'a pas de membre ${r.member} dans la dimension ${r.dimension}`,
  returnLevel: (r) => `le niveau de gravité de @RETURN doit être ERROR, WARNING ou INFO, pas ${r.level}`,
  returned: (r) => r.text,
  setCrossesDimensions: () => "un ensemble de membres ne peut pas s'étendre sur plusieurs dimensions",
  expectedMemberSet: () => "il faut ici un membre ou une fonction d'ensemble de membres",
  currentMemberNeedsCell: () => "@CURRMBR demande une cellule courante",
  aggDense: (r) => `AGG ne s'applique qu'aux dimensions dispersées (${r.dimension} est dense)`,
  assignmentNeeded: () =>
    "hors d'un bloc de membre, un calcul doit être une affectation (Membre = expression;)",
  assignAttribute: (r) => `impossible d'affecter une valeur au membre d'attribut ${quoted(r.member)}`,
  assignNotStored: (r) =>
    `impossible d'affecter une valeur à ${quoted(r.member)}${NB}: il est en ${STORAGE_FR[r.storage]}`,
  notWritable: (r) => `${quoted(r.member)} ne peut pas être écrit${NB}: il est en ${STORAGE_FR[r.storage]}`,
  dataCopyLists: () => "DATACOPY demande deux listes de membres non vides et de même longueur",
  dataCopyTarget: (r) => `${quoted(r.member)} ne peut pas être la cible d'un DATACOPY (il n'est pas stocké)`,
  dataCopyDimensions: () => "DATACOPY copie à l'intérieur d'une seule dimension",
  tooDeep: () => `le calcul dynamique s'imbrique trop profondément (formule circulaire\u202f?)`,
  // The fault's own words (an engine's message, in English), quoted as they are: support needs them.
  internal: (r) => `erreur interne du moteur de calcul${NB}: ${quoted(r.message)}`,
};

/** A calculation's failure in French, with its place (the English is the engine's message). */
export function calcFailureFr(f: CalcFailure): string {
  if (f.syntax) return syntaxAtFr(f.line, f.column, calcSyntaxText(CALC_SYNTAX_TEXTS_FR, f.reason));
  const text = calcText(CALC_TEXTS_FR, f.reason);
  return f.line === undefined ? text : `${text} (ligne ${f.line}, colonne ${f.column})`;
}

/** A calculation's failure in both languages, with its place: the engine's English message, and its French. */
export function calcReason(e: CalcError | CalcSyntaxError): ProviderText {
  return { en: e.message, fr: calcFailureFr(e.failure) };
}
