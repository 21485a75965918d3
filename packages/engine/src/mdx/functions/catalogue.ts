import { XTD } from "./hierarchy-functions.ts";
import { FUNCTIONS, METHOD_TABLE, NAVIGATION_TABLE } from "./library.ts";
import { REFUSED_FUNCTIONS } from "./refused-functions.ts";

/**
 * The MDX function reference as data: Oracle's list (the 145 names of the alphabetical "MDX Function List" of the
 * Essbase 21c Calculation and Query Reference), what the engine does with each (the function or method of its
 * tables that runs it, or the refusal and its reason), the functions of Microsoft's dialect that XMLA clients send,
 * and a note per function where the engine reads it one way among several (in English and French, for the
 * documentation). The coverage report (`bench/mdx-coverage.ts`), its test and the site's MDX page read it.
 */

/** Where Oracle's list is published (the English page), and the stored copy it was read from. */
export const ORACLE_MDX_FUNCTION_LIST_SOURCE = {
  title: "Oracle Essbase 21c, Calculation and Query Reference: MDX Function List (alphabetical)",
  url: "https://docs.oracle.com/en/database/other-databases/essbase/21/esscq/mdx-function-list.html",
  readFrom: "https://docs.oracle.com/cd/F37987_01/esscq/mdx-function-list.html",
} as const;

/** Oracle's list, as Oracle spells the names, alphabetical (145). */
export const ORACLE_MDX_FUNCTIONS: readonly string[] = [
  "Abs",
  "Aggregate",
  "Ancestor",
  "Ancestors",
  "Attribute",
  "AttributeEx",
  "Avg",
  "BottomCount",
  "BottomPercent",
  "BottomSum",
  "Case",
  "CellValue",
  "Children",
  "ClosingPeriod",
  "CoalesceEmpty",
  "Concat",
  "Contains",
  "Count",
  "Cousin",
  "CrossJoin",
  "CrossJoinAttribute",
  "CurrentAxisMember",
  "CurrentMember",
  "CurrentTuple",
  "DateDiff",
  "DatePart",
  "DateRoll",
  "DateToMember",
  "DefaultMember",
  "Descendants",
  "Dimension",
  "Distinct",
  "DrilldownByLayer",
  "DrilldownMember",
  "DrillupByLayer",
  "DrillupMember",
  "DTS",
  "EnumText",
  "EnumValue",
  "Except",
  "Exp",
  "Extract",
  "Factorial",
  "Filter",
  "FirstChild",
  "FirstSibling",
  "FormatDate",
  "Generate",
  "Generation",
  "Generations",
  "GetFirstDate",
  "GetFirstDay",
  "GetLastDate",
  "GetLastDay",
  "GetNextDay",
  "GetRoundDate",
  "Head",
  "Hierarchize",
  "IIF",
  "InStr",
  "InString",
  "Int",
  "Intersect",
  "Is",
  "IsAccType",
  "IsAncestor",
  "IsChild",
  "IsEmpty",
  "IsGeneration",
  "IsLeaf",
  "IsLevel",
  "IsMatch",
  "IsSibling",
  "IsUda",
  "IsValid",
  "Item",
  "JulianDate",
  "Lag",
  "LastChild",
  "LastPeriods",
  "LastSibling",
  "Lead",
  "Leaves",
  "Left",
  "Len",
  "Level",
  "Levels",
  "LinkMember",
  "Ln",
  "Log",
  "Log10",
  "Lower",
  "LTrim",
  "Max",
  "Median",
  "MemberRange",
  "Members",
  "Min",
  "Mod",
  "NextMember",
  "NonEmptyCount",
  "NonEmptySubset",
  "NTile",
  "NumToStr",
  "OpeningPeriod",
  "Order",
  "Ordinal",
  "ParallelPeriod",
  "Parent",
  "Percentile",
  "PeriodsToDate",
  "Power",
  "PrevMember",
  "Rank",
  "RealValue",
  "RelMemberRange",
  "Remainder",
  "Right",
  "Round",
  "RTrim",
  "Siblings",
  "Stddev",
  "Stddevp",
  "StrToMbr",
  "StrToNum",
  "Subset",
  "Substring",
  "Sum",
  "Tail",
  "Todate",
  "TodateEx",
  "Today",
  "TopCount",
  "TopPercent",
  "TopSum",
  "Truncate",
  "TupleRange",
  "Uda",
  "Union",
  "UnixDate",
  "Upper",
  "Value",
  "WithAttr",
  "WithAttrEx",
  "xTD",
];

/**
 * The functions of Microsoft's dialect that XMLA clients generate (the names of Microsoft's MDX
 * reference), each run by the engine's table under the same name.
 */
export const SSAS_CLIENT_FUNCTIONS: readonly string[] = [
  "AddCalculatedMembers",
  "Aggregate",
  "Ancestors",
  "Ascendants",
  "CoalesceEmpty",
  "Cousin",
  "DrilldownLevel",
  "DrilldownMember",
  "DrillupLevel",
  "DrillupMember",
  "Generate",
  "Head",
  "IIf",
  "Item",
  "Lag",
  "Lead",
  "MTD",
  "NonEmpty",
  "Order",
  "ParallelPeriod",
  "PeriodsToDate",
  "Properties",
  "QTD",
  "Rank",
  "StripCalculatedMembers",
  "StrToMember",
  "StrToSet",
  "Subset",
  "Tail",
  "YTD",
];

/** The engine's names for one of Oracle's names when they differ (`xTD` is eight functions, `Case` is syntax). */
const ENGINE_NAMES: Readonly<Record<string, readonly string[]>> = {
  XTD,
  CASE: ["CASE"],
};

/** How the engine reads a function where readings differ: a note in each language. */
export interface FunctionNote {
  en: string;
  fr: string;
}

/** Notes on the engine's reading of a function, by upper-case name (only where there is something to say). */
export const FUNCTION_NOTES: Readonly<Record<string, FunctionNote>> = {
  ANCESTORS: {
    en: "Essbase: the member and its ancestors up to the layer or distance, the top first. Microsoft's dialect: the one ancestor at that level.",
    fr: "Essbase\u00a0: le membre et ses ancêtres jusqu'à la couche ou la distance, le plus haut d'abord. Dialecte de Microsoft\u00a0: le seul ancêtre de ce niveau.",
  },
  LEVELS: {
    en: "Essbase numbers levels from the leaves (`Levels(0)`); Microsoft's from the root (`Levels(0)` is the top), as the SSAS address and its rowsets do.",
    fr: "Essbase numérote les niveaux depuis les feuilles (`Levels(0)`)\u202f; le MDX de Microsoft les numérote depuis la racine (`Levels(0)` est le sommet), comme le font l'adresse SSAS et ses ensembles de lignes.",
  },
  LEVEL: {
    en: "Essbase: the member's level counted from the leaves; Microsoft's dialect: its depth from the root.",
    fr: "Essbase\u00a0: le niveau du membre compté depuis les feuilles\u202f; dialecte de Microsoft\u00a0: sa profondeur depuis la racine.",
  },
  LEVEL_NUMBER: {
    en: "0 for a leaf on Essbase; 0 for the top in Microsoft's dialect.",
    fr: "0 pour une feuille sur Essbase\u202f; 0 pour le sommet dans le dialecte de Microsoft.",
  },
  ISLEVEL: {
    en: "Level numbers from the leaves on Essbase, from the root in Microsoft's dialect.",
    fr: "Numéros de niveau depuis les feuilles sur Essbase, depuis la racine dans le dialecte de Microsoft.",
  },
  ORDINAL: {
    en: "The number of a level or generation; in Microsoft's dialect, a level's depth from the root.",
    fr: "Le numéro d'un niveau ou d'une génération\u202f; dans le dialecte de Microsoft, la profondeur d'un niveau depuis la racine.",
  },
  MEDIAN: {
    en: "The value of the middle tuple (the lower one of two), #Missing left out. Oracle lists it for aggregate storage; the engine runs it on its cubes too.",
    fr: "La valeur du tuple du milieu (le plus bas des deux), #Missing exclus. Oracle la donne pour le stockage agrégé\u202f; le moteur l'exécute aussi sur ses cubes.",
  },
  PERCENTILE: {
    en: "The value of the tuple at the percentile (the smallest value with at least that share of values at or below it), #Missing left out.",
    fr: "La valeur du tuple au centile (la plus petite valeur dont au moins cette part des valeurs est inférieure ou égale), #Missing exclus.",
  },
  NTILE: {
    en: "The division (1 to n) of the tuple, the set sorted by ascending value.",
    fr: "La division (1 à n) du tuple, l'ensemble trié par valeur croissante.",
  },
  OPENINGPERIOD: {
    en: "Without a layer: the member's first child; without a member: the current member of the time dimension (Oracle's reading, Microsoft's too).",
    fr: "Sans couche\u00a0: le premier enfant du membre\u202f; sans membre\u00a0: le membre courant de la dimension Temps (la lecture d'Oracle, celle de Microsoft aussi).",
  },

  CLOSINGPERIOD: {
    en: "Without a layer: the member's last child; without a member: the current member of the time dimension (Oracle's reading, Microsoft's too).",
    fr: "Sans couche\u00a0: le dernier enfant du membre\u202f; sans membre\u00a0: le membre courant de la dimension Temps (la lecture d'Oracle, celle de Microsoft aussi).",
  },

  PERIODSTODATE: {
    en: "Without a layer: from the start of the time dimension on Essbase, of the member's parent in Microsoft's dialect.",
    fr: "Sans couche\u00a0: depuis le début de la dimension Temps sur Essbase, du parent du membre dans le dialecte de Microsoft.",
  },
  XTD: {
    en: "`HTD`, `YTD`, `STD`, `PTD`, `QTD`, `MTD`, `WTD`, `DTD`: periods to date at the generation of the outline's Dynamic Time Series (an empty set when it is not enabled; Sample.Basic enables H-T-D and Q-T-D). In Microsoft's dialect, `YTD`, `QTD` and `MTD` also find a generation by its name, `YTD` the whole time dimension.",
    fr: "`HTD`, `YTD`, `STD`, `PTD`, `QTD`, `MTD`, `WTD`, `DTD`\u00a0: les cumuls à date à la génération de la série chronologique dynamique de l'outline (ensemble vide si elle n'est pas activée\u202f; Sample.Basic active H-T-D et Q-T-D). Dans le dialecte de Microsoft, `YTD`, `QTD` et `MTD` trouvent aussi une génération par son nom, `YTD` toute la dimension Temps.",
  },
  DTS: {
    en: "The Dynamic Time Series value, as the cell `Q-T-D(Apr)` reads it (time balance included).",
    fr: "La valeur de la série chronologique dynamique, comme la lit la cellule `Q-T-D(Apr)` (solde de période compris).",
  },
  TOPPERCENT: {
    en: "Negative and #Missing values are left out, as Oracle describes.",
    fr: "Les valeurs négatives et #Missing sont exclues, comme Oracle le décrit.",
  },
  TOPSUM: {
    en: "Negative and #Missing values are left out.",
    fr: "Les valeurs négatives et #Missing sont exclues.",
  },
  BOTTOMPERCENT: {
    en: "Negative and #Missing values are left out.",
    fr: "Les valeurs négatives et #Missing sont exclues.",
  },
  BOTTOMSUM: {
    en: "Negative and #Missing values are left out.",
    fr: "Les valeurs négatives et #Missing sont exclues.",
  },
  DRILLDOWNMEMBER: {
    en: "A member already followed by one of its children is not drilled again; `RECURSIVE` drills the children found in the second set too.",
    fr: "Un membre déjà suivi d'un de ses enfants n'est pas exploré à nouveau\u202f; `RECURSIVE` explore aussi les enfants présents dans le second ensemble.",
  },
  DRILLUPMEMBER: {
    en: "A member of the first set found in the second replaces the descendants that follow it without a break (Oracle's reading: another member in between stops the drill-up).",
    fr: "Un membre du premier ensemble présent dans le second remplace les descendants qui le suivent sans interruption (la lecture d'Oracle\u00a0: un autre membre entre eux arrête la remontée).",
  },
  DRILLDOWNLEVEL: {
    en: "Microsoft's name; the engine reads it as `DrilldownByLayer`.",
    fr: "Le nom de Microsoft\u202f; le moteur le lit comme `DrilldownByLayer`.",
  },
  DRILLUPLEVEL: {
    en: "Oracle and Microsoft name it as a synonym of `DrillupByLayer`.",
    fr: "Oracle et Microsoft le donnent comme synonyme de `DrillupByLayer`.",
  },
  ORDER: {
    en: "`ASC`/`DESC` keep the hierarchy (each member under its nearest ancestor in the set); `BASC`/`BDESC` sort the whole set.",
    fr: "`ASC`/`DESC` gardent la hiérarchie (chaque membre sous son ancêtre le plus proche dans l'ensemble)\u202f; `BASC`/`BDESC` trient tout l'ensemble.",
  },
  GENERATE: {
    en: "Repeated tuples appear once unless `ALL`.",
    fr: "Les tuples répétés n'apparaissent qu'une fois, sauf avec `ALL`.",
  },
  HEAD: {
    en: "A count below 1 gives an empty set; one past the set's size, the whole set.",
    fr: "Un nombre inférieur à 1\u00a0donne un ensemble vide\u202f; au-delà de la taille de l'ensemble, tout l'ensemble.",
  },
  TAIL: {
    en: "A count below 1 gives an empty set; one past the set's size, the whole set.",
    fr: "Un nombre inférieur à 1\u00a0donne un ensemble vide\u202f; au-delà de la taille de l'ensemble, tout l'ensemble.",
  },
  COUNT: {
    en: "Every tuple, empty or not (`INCLUDEEMPTY`, the default); Microsoft's `EXCLUDEEMPTY` counts those whose cell is not #Missing.",
    fr: "Chaque tuple, vide ou non (`INCLUDEEMPTY`, par défaut)\u202f; `EXCLUDEEMPTY` (Microsoft) compte ceux dont la cellule n'est pas #Missing.",
  },
  NONEMPTYCOUNT: {
    en: "The tuples whose value is not #Missing; with a third argument (`exclude_missing`), #Missing rather than 0 when there is none.",
    fr: "Les tuples dont la valeur n'est pas #Missing\u202f; avec un troisième argument (`exclude_missing`), #Missing plutôt que 0 s'il n'y en a aucun.",
  },
  SUBSET: {
    en: "0-based; a negative start or count gives an empty set.",
    fr: "À partir de 0\u202f; un début ou un nombre négatif donne un ensemble vide.",
  },
  ITEM: {
    en: "0-based; out of range, an empty member or tuple.",
    fr: "À partir de 0\u202f; hors limites, un membre ou un tuple vide.",
  },
  LAG: {
    en: "Along the generation (or `LEVEL`); past either end, an empty member.",
    fr: "Le long de la génération (ou `LEVEL`)\u202f; au-delà des bornes, un membre vide.",
  },
  LEAD: {
    en: "Along the generation (or `LEVEL`); past either end, an empty member.",
    fr: "Le long de la génération (ou `LEVEL`)\u202f; au-delà des bornes, un membre vide.",
  },
  MEMBERRANGE: {
    en: "Members of one generation (or `LEVEL`) between two, in the order given; two members of different generations give an empty set.",
    fr: "Les membres d'une génération (ou `LEVEL`) entre deux, dans l'ordre donné\u202f; deux membres de générations différentes donnent un ensemble vide.",
  },
  TUPLERANGE: {
    en: "Each dimension along its generation, the last dimension fastest (as `@XRANGE`).",
    fr: "Chaque dimension le long de sa génération, la dernière variant le plus vite (comme `@XRANGE`).",
  },
  LEAVES: {
    en: "The level-0 members under the member whose value is not #Missing in the query's context (shared ones left out). Oracle lists it for aggregate storage; the engine runs it on its cubes too.",
    fr: "Les membres de niveau 0\u00a0sous le membre dont la valeur n'est pas #Missing dans le contexte de la requête (membres partagés exclus). Oracle la donne pour le stockage agrégé\u202f; le moteur l'exécute aussi sur ses cubes.",
  },
  LINKMEMBER: {
    en: "The instance of the member (stored or shared) under the given member of its dimension: the engine's outlines have no alternate hierarchies other than shared members.",
    fr: "L'instance du membre (stockée ou partagée) sous le membre donné de sa dimension\u00a0: les outlines du moteur n'ont d'autres hiérarchies alternatives que les membres partagés.",
  },
  CROSSJOINATTRIBUTE: {
    en: "The product of the two sets, keeping only a base member with an attribute member it has.",
    fr: "Le produit des deux ensembles, en ne gardant un membre de base qu'avec un membre d'attribut qu'il porte.",
  },
  CELLVALUE: {
    en: "The current cell's value (the engine has no format strings).",
    fr: "La valeur de la cellule courante (le moteur n'a pas de chaînes de format).",
  },
  REALVALUE: {
    en: "The current cell's value (the engine has no text measures).",
    fr: "La valeur de la cellule courante (le moteur n'a pas de mesures texte).",
  },
  SUBSTRING: {
    en: "Positions from 1, the end position included.",
    fr: "Positions à partir de 1, la position de fin comprise.",
  },
  INSTR: {
    en: "The position (from 1) of the second string in the first, 0 when absent; a leading number is the start.",
    fr: "La position (à partir de 1) de la seconde chaîne dans la première, 0 si absente\u202f; un nombre en premier argument donne la position de départ.",
  },
  TODATE: {
    en: "Dates are numbers: seconds since January 1, 1970 (UTC), as in Essbase.",
    fr: "Les dates sont des nombres\u00a0: des secondes depuis le 1er janvier 1970 (UTC), comme dans Essbase.",
  },
  TODAY: {
    en: "Today at midnight UTC, in seconds since January 1, 1970.",
    fr: "Aujourd'hui à minuit UTC, en secondes depuis le 1er janvier 1970.",
  },
  ISMATCH: {
    en: "A regular expression; `IGNORE_CASE` as third argument. Matched in a time proportional to the pattern's length times the text's, whatever the pattern; back-references (`\\1`) and look-arounds (`(?=…)`, `(?<!…)`) are refused (\"… is not a regular expression\").",
    fr: "Une expression régulière\u202f; `IGNORE_CASE` en troisième argument. Comparée en un temps proportionnel à la longueur du motif multipliée par celle du texte, quel que soit le motif\u202f; les références arrière (`\\1`) et les assertions avant ou arrière (`(?=…)`, `(?<!…)`) sont refusées («\u00a0… n'est pas une expression régulière\u00a0»).",
  },
  PROPERTIES: {
    en: "`MEMBER_NAME`, `MEMBER_UNIQUE_NAME`, `MEMBER_CAPTION`, `PARENT_UNIQUE_NAME`, `LEVEL_NUMBER`, `PARENT_LEVEL`, `GEN_NUMBER`, `CHILDREN_CARDINALITY`, `MEMBER_TYPE`, `MEMBER_ALIAS`, and an attribute dimension's name.",
    fr: "`MEMBER_NAME`, `MEMBER_UNIQUE_NAME`, `MEMBER_CAPTION`, `PARENT_UNIQUE_NAME`, `LEVEL_NUMBER`, `PARENT_LEVEL`, `GEN_NUMBER`, `CHILDREN_CARDINALITY`, `MEMBER_TYPE`, `MEMBER_ALIAS`, et le nom d'une dimension d'attribut.",
  },
  AGGREGATE: {
    en: "The sum of the values, or the account's time balance (first, last, average) over time periods.",
    fr: "La somme des valeurs, ou le solde de période du compte (premier, dernier, moyenne) sur des périodes.",
  },
  RANK: {
    en: "Without a value: the position (from 1) in the set, 0 when absent; with one: ties share a rank (`ORDINALRANK`, `DENSERANK`, `PERCENTRANK` as Oracle names them).",
    fr: "Sans valeur\u00a0: la position (à partir de 1) dans l'ensemble, 0 si absent\u202f; avec une valeur\u00a0: les ex æquo partagent un rang (`ORDINALRANK`, `DENSERANK`, `PERCENTRANK` comme Oracle les nomme).",
  },
  NONEMPTY: {
    en: "Microsoft's: the tuples whose cell (crossed with the second set, if any) is not #Missing.",
    fr: "Celle de Microsoft\u00a0: les tuples dont la cellule (croisée avec le second ensemble, s'il y en a un) n'est pas #Missing.",
  },
  ADDCALCULATEDMEMBERS: {
    en: "Adds the query's calculated members that stand under the parent of a member of the set.",
    fr: "Ajoute les membres calculés de la requête placés sous le parent d'un membre de l'ensemble.",
  },
  CASE: {
    en: "`CASE [value] WHEN … THEN … [ELSE …] END`; without a branch taken nor `ELSE`, #Missing.",
    fr: "`CASE [valeur] WHEN … THEN … [ELSE …] END`\u202f; sans branche retenue ni `ELSE`, #Missing.",
  },
  STDDEV: {
    en: "Sample standard deviation; #Missing left out unless `INCLUDEEMPTY` (then 0).",
    fr: "Écart type d'échantillon\u202f; #Missing exclus sauf avec `INCLUDEEMPTY` (alors 0).",
  },
  STDDEVP: {
    en: "Population standard deviation; #Missing left out unless `INCLUDEEMPTY` (then 0).",
    fr: "Écart type de population\u202f; #Missing exclus sauf avec `INCLUDEEMPTY` (alors 0).",
  },
};

/** What the engine does with one of Oracle's functions. */
export interface OracleFunctionCoverage {
  /** Oracle's spelling. */
  name: string;
  status: "implemented" | "refused";
  /** The engine's functions (`NAME(…)`) and methods (`.NAME`) that run it. */
  functions: string[];
  methods: string[];
  /** Why it is refused. */
  reason?: FunctionNote;
}

/** Oracle's list against the engine's tables: every name implemented by a function or method, or refused. */
export function oracleCoverage(): OracleFunctionCoverage[] {
  return ORACLE_MDX_FUNCTIONS.map((name) => {
    const upper = name.toUpperCase();
    const names = ENGINE_NAMES[upper] ?? [upper];
    const refused = REFUSED_FUNCTIONS[upper];
    if (refused) return { name, status: "refused", functions: [], methods: [], reason: refused };
    const functions = names.filter((n) => FUNCTIONS.has(n) || n === "CASE");
    const methods = names.filter((n) => METHOD_TABLE.has(n) || NAVIGATION_TABLE.has(n));
    return {
      name,
      status: functions.length + methods.length > 0 ? "implemented" : "refused",
      functions,
      methods,
    };
  });
}

/** The note of a function, by its engine name (or `xTD` for the eight to-date functions). */
export function noteOf(name: string): FunctionNote | undefined {
  const upper = name.toUpperCase();
  if (XTD.includes(upper)) return FUNCTION_NOTES.XTD;
  if (upper === "TODATEEX" || upper.startsWith("DATE") || upper.startsWith("GET") || upper === "FORMATDATE")
    return FUNCTION_NOTES.TODATE;
  return FUNCTION_NOTES[upper];
}

/** One row of the documentation's function table. */
export interface FunctionReferenceRow {
  /** The name, upper case as the tables hold it (`CROSSJOIN`). */
  name: string;
  /** Written `NAME(…)`. */
  call: boolean;
  /** Written after a member, a set, a level or a dimension: `.NAME`. */
  method: boolean;
  /** On Oracle's list (the eight xTD functions count as its `xTD`). */
  oracle: boolean;
  /** Sent by XMLA clients in Microsoft's dialect. */
  ssas: boolean;
  note?: FunctionNote;
  /** Why a call is refused (Oracle's functions the engine cannot apply). */
  refused?: FunctionNote;
}

/**
 * Every function and method of the engine's tables, `CASE`, and the refused functions of Oracle's list,
 * alphabetical: what the documentation's MDX page lists.
 */
export function functionReference(): FunctionReferenceRow[] {
  const oracle = new Set(ORACLE_MDX_FUNCTIONS.map((n) => n.toUpperCase()));
  for (const n of XTD) oracle.add(n);
  const ssas = new Set(SSAS_CLIENT_FUNCTIONS.map((n) => n.toUpperCase()));
  const names = new Set<string>([
    ...FUNCTIONS.keys(),
    ...METHOD_TABLE.keys(),
    ...NAVIGATION_TABLE.keys(),
    "CASE",
    ...Object.keys(REFUSED_FUNCTIONS),
  ]);
  return [...names].sort().map((name) => {
    const refused = REFUSED_FUNCTIONS[name];
    const note = refused ? undefined : noteOf(name);
    return {
      name,
      call: FUNCTIONS.has(name) || name === "CASE" || refused !== undefined,
      method: METHOD_TABLE.has(name) || NAVIGATION_TABLE.has(name),
      oracle: oracle.has(name),
      ssas: ssas.has(name),
      ...(note ? { note } : {}),
      ...(refused ? { refused } : {}),
    };
  });
}
