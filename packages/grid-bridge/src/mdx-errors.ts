// The engine's MDX refusals in the product's words, in both languages. Like grid-errors.ts, this module imports
// only the engine's MDX layer and the provider's errors (no package index), so that a page running the engine in
// the browser (the site's live MDX examples) can say the engine's reasons as the API does.
import {
  type MdxError,
  type MdxExpected,
  type MdxExpectedPhrase,
  type MdxFound,
  type MdxNeeded,
  type MdxTexts,
  mdxText,
} from "@qibates/engine/mdx";
import { formatNumber } from "@qibates/provider/error-codes";
import type { ProviderText } from "@qibates/provider/errors";

/** A non-breaking space: French puts one before « : ; ? ! » and inside « ». */
const NB = "\u00a0";

const quoted = (text: string): string => `«${NB}${text}${NB}»`;

const PHRASES_FR: Readonly<Record<MdxExpectedPhrase, string>> = {
  "end of query": "la fin de la requête",
  "MEMBER or SET": "MEMBER ou SET",
  "a cube name": "un nom de cube",
  "a member name": "un nom de membre",
  "a set name": "un nom d'ensemble",
  "a property name": "un nom de propriété",
  "SOLVE_ORDER or FORMAT_STRING": "SOLVE_ORDER ou FORMAT_STRING",
  "a number": "un nombre",
  "a string or a number": "une chaîne ou un nombre",
  "an axis number": "un numéro d'axe",
  "COLUMNS, ROWS, PAGES, CHAPTERS, SECTIONS or AXIS(n)":
    "COLUMNS, ROWS, PAGES, CHAPTERS, SECTIONS ou AXIS(n)",
  "a name or a function after the dot": "un nom ou une fonction après le point",
  ", or )": `${quoted(",")} ou ${quoted(")")}`,
  ", or }": `${quoted(",")} ou ${quoted("}")}`,
  "a member, a set or a value": "un membre, un ensemble ou une valeur",
};

const expectedFr = (e: MdxExpected): string => (typeof e === "string" ? PHRASES_FR[e] : quoted(e.token));

const NEEDED_FR: Readonly<Record<MdxNeeded, string>> = {
  set: "un ensemble",
  member: "un membre",
  value: "une valeur",
  wholeNumber: "un nombre entier",
  string: "une chaîne",
  number: "un nombre",
  levelOrDistance: "un niveau ou une distance",
  levelOrGeneration: "un niveau ou une génération",
};

function foundFr(f: MdxFound): string {
  switch (f.kind) {
    case "number":
      return "un nombre";
    case "string":
      return "une chaîne";
    case "boolean":
      return "une valeur booléenne";
    case "level":
      return "un niveau";
    case "nothing":
      return "rien";
    case "member":
      return "un membre";
    case "tuple":
      return "un tuple";
    case "set":
      return "un ensemble";
    case "emptySet":
      return "un ensemble vide";
    case "keyword":
      return `le mot-clé ${f.name}`;
    case "text":
      return quoted(f.text);
  }
}

/** A list of keywords: `A, B ou C`. */
const either = (words: readonly string[]): string =>
  words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} ou ${words.at(-1)}`;

const plural = (n: number): string => (n > 1 ? "s" : "");

/** A count or a limit as French writes it: « 65 536 ». */
const fr = (n: number): string => formatNumber(n, "fr");

/**
 * Each reason the engine gives for refusing an MDX query, as the French API says it (the registry's template puts
 * it after a colon: it starts in lower case unless it starts with a name). One entry per reason: the type
 * requires it.
 */
export const MDX_TEXTS_FR: MdxTexts = {
  unterminatedComment: () => "commentaire /* non fermé",
  unterminatedName: (r) => `nom entre crochets non fermé ${r.start}`,
  unterminatedString: () => "chaîne non fermée",
  unexpectedCharacter: (r) => `caractère inattendu ${r.character}`,
  textTooLong: (r) => `le texte MDX dépasse ${fr(r.max)}${NB}caractères (${fr(r.length)})`,
  syntax: (r) =>
    `erreur de syntaxe${NB}: il faut ${expectedFr(r.expected)} ici, pas ${r.found === null ? "la fin de la requête" : quoted(r.found)}`,
  expressionTooDeep: (r) => `l'expression imbrique plus de ${r.max}${NB}opérations`,
  nestingTooDeep: (r) => `la requête imbrique des expressions sur plus de ${r.max}${NB}niveaux`,
  evaluationTooDeep: (r) => `la requête imbrique des calculs sur plus de ${r.max}${NB}niveaux`,
  unknownFunction: (r) => `fonction inconnue ${r.method ? "." : ""}${r.name}`,
  unsupportedFunction: (r) =>
    `la fonction ${r.method ? "." : ""}${r.name} n'est pas prise en charge${NB}: elle ${r.needs.fr}`,
  unknownMember: (r) => `membre inconnu ${r.member}`,
  unknownCube: (r) => `cube inconnu ${r.cube}`,
  unknownLevel: (r) => `niveau inconnu ${quoted(r.level)} dans ${r.dimension}`,
  unknownProperty: (r) => `propriété inconnue ${r.property}`,
  calcNeedsParent: (r) => `${r.name} demande une dimension ou un membre avant son nom`,
  calcRefersToItself: (r) => `le membre calculé ${r.member} fait référence à lui-même`,
  calcNotNumber: (r) => `le membre calculé ${r.member} donne une chaîne là où un nombre est attendu`,
  namedSetRefersToItself: (r) => `l'ensemble nommé ${r.name} fait référence à lui-même`,
  whereOneTuple: () => "la clause WHERE demande un seul tuple",
  axisSkipped: (r) =>
    `l'axe ${r.ordinal} est utilisé sans ${r.missing === 0 ? "l'axe COLUMNS" : `l'axe ${r.missing}`}`,
  dimensionOnTwoAxes: (r) =>
    `la dimension ${r.dimension} est sur l'axe ${r.axis} et ${r.other === null ? "dans la clause WHERE" : `sur l'axe ${r.other}`}`,
  tupleTwoMembers: (r) => `le tuple a deux membres de ${r.dimension}`,
  crossJoinTwice: (r) => `CrossJoin reçoit deux fois la dimension ${r.dimension}`,
  mixedTuples: (r) => `un ensemble mêle des tuples de (${r.first.join(", ")}) et de (${r.second.join(", ")})`,
  gridTwoAxes: () => `une grille a deux axes, COLUMNS et ROWS${NB}: pas de place pour cet axe`,
  tooCostly: (r) =>
    `la requête demande plus que les ${fr(r.max)}${NB}unités de travail permises à une requête (ensembles construits, cellules lues, expressions évaluées)${NB}: réduisez ses ensembles`,
  setTooLarge: (r) =>
    `un ensemble de ${fr(r.tuples)}${NB}tuples, plus que les ${fr(r.max)}${NB}cellules qu'une requête peut renvoyer`,
  tooManyCells: (r) => `la requête couvre ${fr(r.cells)}${NB}cellules, plus que les ${fr(r.max)} permises`,
  allocationUnsupported: (r) =>
    `${r.allocation} n'est pas pris en charge${NB}: écrivez une cellule à la fois`,
  updateOneTuple: () => "UPDATE CUBE demande un seul tuple par affectation",
  allocationTooLarge: (r) =>
    `la répartition porte sur ${fr(r.cells)}${NB}cellules de niveau 0, plus que les ${fr(r.max)} permises${NB}: désignez un tuple plus étroit`,
  calcNotWritable: (r) => `le membre calculé ${r.member} ne peut pas être écrit`,
  attributeNotWritable: (r) => `le membre d'attribut ${r.member} ne peut pas être écrit`,
  dimensionTwiceInTuple: (r) => `la dimension ${r.dimension} figure deux fois dans le tuple`,
  drillthroughOneCell: () =>
    `DRILLTHROUGH demande une seule cellule${NB}: chaque axe et la clause WHERE portent au plus un tuple`,
  drillthroughClause: (r) =>
    `DRILLTHROUGH ne lit pas ${r.clause === "subselect" ? "de sous-sélection (FROM (SELECT …))" : r.clause}${NB}: désignez la cellule par ses membres`,
  drillthroughMember: (r) =>
    `DRILLTHROUGH lit les cellules stockées${NB}: le membre ${r.kind === "calculated" ? "calculé" : "d'attribut"} ${r.member} n'en désigne aucune`,
  drillthroughReturn: (r) =>
    `RETURN ne liste que des mesures et des dimensions ([$Market] ou [Market]), pas ${r.column}`,
  drillthroughMaxRows: (r) =>
    `MAXROWS ${fr(r.given)} est hors limites${NB}: une extraction (DRILLTHROUGH) renvoie de 1 à ${fr(r.max)}${NB}lignes`,
  expected: (r) => `il faut ${NEEDED_FR[r.needed]} ici, pas ${foundFr(r.found)}`,
  expectedKeyword: (r) => `il faut ${either(r.allowed)} ici, pas ${quoted(r.found)}`,
  expectedOneOf: (r) => `il faut l'un de ${either(r.allowed)}`,
  argumentCount: (r) => {
    const n = r.min === r.max ? `${r.min}` : r.max === null ? `au moins ${r.min}` : `de ${r.min} à ${r.max}`;
    return `${r.name} prend ${n}${NB}argument${plural(r.max ?? r.min)}, pas ${r.given}`;
  },
  methodArgumentCount: (r) =>
    r.max > r.min
      ? `.${r.name} prend de ${r.min} à ${r.max}${NB}arguments, pas ${r.given}`
      : r.min === 0
        ? `.${r.name} ne prend pas d'argument`
        : `.${r.name} demande ${r.min}${NB}argument${plural(r.min)}`,
  takesHere: (r) => `${r.name} prend ici ${either(r.allowed)}, pas ${quoted(r.found)}`,
  calcNoPlace: (r) => `le membre calculé ${r.member} n'a pas de place dans l'outline`,
  comparesStringWithValue: (r) => `${r.operator} ne peut pas combiner une chaîne et un nombre`,
  notForStrings: (r) => `${r.operator} ne s'applique pas aux chaînes`,
  notSameDimension: (r) => `${r.first} et ${r.second} ne sont pas dans la même dimension`,
  notSameGeneration: (r) => `${r.member} n'est pas à la génération de ${r.of}`,
  levelOfOtherDimension: (r) => `le niveau appartient à ${r.levelDimension}, pas à ${r.dimension}`,
  notAttributeMember: (r) => `${r.member} n'est pas un membre d'une dimension d'attribut`,
  withAttrNeedsAttributeDimension: () => "WithAttr demande une dimension d'attribut",
  withAttrOperator: (r) => `WithAttr prend >, >=, <, <=, ==, <>, != ou IN, pas ${r.operator}`,
  extractDimension: () => "Extract désigne une dimension que l'ensemble n'a pas",
  setHasNoMemberOf: (r) => `l'ensemble n'a pas de membre de ${r.dimension}`,
  notOneTuple: (r) => `${r.text} n'est pas un seul tuple`,
  needsTimeDimension: (r) => `${r.name} demande une dimension Temps, et l'outline n'en a pas`,
  needsOutlineMember: (r) => `${r.name} demande un membre de l'outline`,
  needsMemberOf: (r) => `${r.name} demande un membre de ${r.dimension}`,
  noPosition: (r) => `les tuples n'ont pas de position ${r.position}`,
  tupleRangeDimensions: () => "TupleRange demande deux tuples des mêmes dimensions",
  ordinalNeedsLayer: () => "Ordinal demande un niveau ou une génération",
  ordinalNeedsLevel: () => ".Ordinal demande un niveau",
  methodNeedsDimensionOrLevel: (r) => `.${r.name} demande une dimension ou un niveau`,
  generationsStart: () => "les générations commencent à 1 (la dimension)",
  isAccTypeKeyword: () => "IsAccType prend FIRST, LAST, AVERAGE, EXPENSE ou TWOPASS",
  dtsKeyword: (r) => `DTS prend ${either(r.allowed)}, pas ${quoted(r.found)}`,
  dtsNotEnabled: (r) => `l'outline n'active pas la série chronologique dynamique ${r.period}-T-D`,
  ntileDivision: () => "NTile demande au moins une division",
  notRegex: (r) => `${r.pattern} n'est pas une expression régulière`,
  weekday: () => "le jour de la semaine va de 1 (dimanche) à 7 (samedi)",
};

/** What a syntax error says of a query cut short, where there is no token to quote (`WHERE (` and nothing after). */
export const MDX_QUERY_ENDS: ProviderText = {
  en: "it ends before it is complete",
  fr: "elle s'arrête avant d'être complète",
};

/** An MDX refusal's reason in both languages, without its place (the registry's message says it). */
export function mdxReason(e: MdxError): ProviderText {
  return { en: e.detail, fr: mdxText(MDX_TEXTS_FR, e.reason) };
}
