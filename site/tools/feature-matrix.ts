import type { Connector } from "@qibates/provider";
import {
  CAPABILITIES,
  type Capability,
  CONNECTOR_NAMES,
  CONNECTOR_PROFILES,
  OTHER_FAMILY,
  type Text,
} from "@qibates/provider";

/**
 * The features of the add-in, server by server, for the people who use it: every cell derived from the capability
 * table (`capabilities.ts`), with one short reason in a finance user's words (the table's `reader` for a
 * capability, this file's for what a feature adds to it). The "Features and compatibility"
 * page's matrix, the notes at the top of the user pages and the binding markers of hand-written prose
 * (`<!-- cap: KEY connector=verdict -->`, checked by site/test/capability-binding.test.ts) all read it.
 */

/** Works, Partly, Demo only (the demo server does it, a real server does not), No. */
export type Verdict = "works" | "partly" | "demo" | "no";
const RANK: Record<Verdict, number> = { works: 0, partly: 1, demo: 2, no: 3 };

export const VERDICTS: readonly Verdict[] = ["works", "partly", "demo", "no"];

/** The servers of the matrix, in its column order. */
export const MATRIX_CONNECTORS: readonly Connector[] = [
  "essbase",
  "essbase-stndln",
  "ssas",
  "planning",
  "pbcs",
];

/** Each server's short name (`CONNECTOR_NAMES` of `@qibates/provider`). */
export const SERVER_NAME: Record<Connector, Text> = Object.fromEntries(
  Object.entries(CONNECTOR_NAMES).map(([connector, names]) => [connector, names.short]),
) as Record<Connector, Text>;

/** How the capability table stands for one connector and one capability, with the reader's reason. */
export function capabilityVerdict(connector: Connector, cap: Capability): { v: Verdict; why?: Text } {
  const info = CAPABILITIES.find((c) => c.id === cap);
  const profile = CONNECTOR_PROFILES[connector];
  if (!info) throw new Error(`unknown capability ${cap}`);
  if (info.family !== profile.family) return { v: "no", why: OTHER_FAMILY[info.family] };
  const s = profile.capabilities[cap];
  const reader = !s ? undefined : s.status === "no" ? s.reader : s.realServers?.reader;
  if (!s || s.status === "no") return { v: "no", ...(reader ? { why: reader } : {}) };
  if (s.realServers)
    return { v: s.realServers.status === "no" ? "demo" : "partly", ...(reader ? { why: reader } : {}) };
  return { v: "works" };
}

/** What the add-in's own rule says of a server, before the capability table (default: works). */
type Base = readonly [Exclude<Verdict, "demo">, Text?];

export interface FeatureRow {
  /** The key binding markers name (`<!-- cap: KEY … -->`). */
  id: string;
  label: Text;
  /** The page the label links to, from the Features and compatibility page. */
  page?: string;
  /** Capabilities the whole feature needs (those of the server's family): the worst decides. */
  needs?: readonly Capability[];
  /** Capabilities part of the feature needs: one that is not plain works makes the feature partly. */
  part?: readonly Capability[];
  /** What a `partly` of a needed capability means for this feature (the list of forms is the refused part). */
  partlyMeans?: Verdict;
  /**
   * The reason a reader is given, per server, when a capability (needed, or part of the feature) is done in part,
   * where the capability's own reason would not say what this feature lacks of it.
   */
  partWhy?: Partial<Record<Connector, Text>>;
  /**
   * A server's reason as the matrix of Features and compatibility says it, where the row's reasons side by side
   * would make a cell over 600 characters: shorter, and free to lean on the reason before it ("as on Planning").
   * A page's own server table keeps the full reason.
   */
  matrixWhy?: Partial<Record<Connector, Text>>;
  base?: Partial<Record<Connector, Base>>;
  /**
   * The row in a user page's "Works on" line, in a reader's words where the table's would read as a capability:
   * `label` names it among the page's other rows ("the list of forms", not "Forms Library (list forms)"), and
   * `partly` says what a server that does it in part does ("by the form's name"), in place of "partly"; `instead`
   * is a whole phrase said in place of "label — verdict" where the row's verdict differs from the page's feature
   * ("you type the rule's prompts: only the demo server lists them"), its part in square brackets linked to the
   * reasons as the verdict would be.
   */
  worksOn?: { label?: Text; partly?: Text; instead?: Text };
}

export interface FeatureGroup {
  heading: Text;
  rows: readonly FeatureRow[];
}

const ESSBASE_FAMILY: readonly Connector[] = ["essbase", "ssas", "essbase-stndln"];
const PLANNING_FAMILY: readonly Connector[] = ["planning", "pbcs"];
/** The same value (a base verdict, a reason) for each of `connectors`. */
const each = <T>(connectors: readonly Connector[], value: T): Partial<Record<Connector, T>> =>
  Object.fromEntries(connectors.map((c) => [c, value]));

/** The table's reason, in the user's words, for what `connector` lacks of `cap` (for a feature's own rule). */
function readerOf(connector: Connector, cap: Capability): Text {
  const s = CONNECTOR_PROFILES[connector].capabilities[cap];
  const reader = s?.status === "no" ? s.reader : s?.realServers?.reader;
  if (!reader) throw new Error(`the capability table gives no reader's reason for ${connector} ${cap}`);
  return reader;
}

const R = {
  ssasWrite: readerOf("ssas", "writeBack"),
  noForms: {
    en: "Essbase and SSAS have no Planning forms; there, the Forms Library holds your saved grids.",
    fr: "Essbase et SSAS n'ont pas de formulaires Planning\u00a0; la bibliothèque de formulaires y contient vos grilles enregistrées.",
  },
  scripts: {
    en: "You run the cube's calculation scripts from the Forms Library; QiBates runs each with its default values and does not ask for runtime substitution variables.",
    fr: "Vous lancez les scripts de calcul du cube depuis la bibliothèque de formulaires ; QiBates exécute chacun avec ses valeurs par défaut, sans demander de variables de substitution d'exécution.",
  },
  scriptPrompts: {
    en: "QiBates neither asks for nor sends a calculation script's runtime substitution variables, so the script runs with its default values.",
    fr: "QiBates ne demande ni n'envoie les variables de substitution d'exécution d'un script de calcul, qui s'exécute donc avec ses valeurs par défaut.",
  },
  ssasRules: {
    en: "SSAS has no business rules or calculation scripts.",
    fr: "SSAS n'a ni règles métier ni scripts de calcul.",
  },
  nameAlias21c: {
    en: "Name and alias together are not available; either alone works.",
    fr: "Le nom et l'alias ensemble ne sont pas disponibles ; l'un ou l'autre seul fonctionne.",
  },
  planningSearch: {
    en: "Search is not available; browse the tree or use a filter.",
    fr: "La recherche n'est pas disponible ; parcourez l'arborescence ou appliquez un filtre.",
  },
  ssasCaption: {
    en: "The alias is the member's caption.",
    fr: "L'alias est la légende du membre.",
  },
  largeCell: {
    en: "Only Planning text cells have the 255-character limit.",
    fr: "Seules les cellules texte Planning ont la limite de 255 caractères.",
  },
  colorsEssbase11: {
    en: "Every data cell looks writable, because the server does not mark read-only cells, yet QiBates cannot submit any of them to a real Essbase 11.x server.",
    fr: "Toutes les cellules de données paraissent modifiables, car le serveur ne signale pas les cellules en lecture seule, mais QiBates ne peut en soumettre aucune vers un serveur Essbase 11.x réel.",
  },
  colorsSsas: {
    en: "Only calculated members' cells are read-only; the cells of a cube not enabled for writing look writable, and the server refuses them when you submit.",
    fr: "Seules les cellules des membres calculés sont en lecture seule ; celles d'un cube non activé en écriture paraissent modifiables, et le serveur les refuse à la soumission.",
  },
  lockedAtSubmit: {
    en: "Cells under an approval lock and cells of a read-only part of a form look writable; the server refuses them when you submit.",
    fr: "Les cellules sous un verrou d'approbation et celles d'une partie de formulaire en lecture seule paraissent modifiables ; le serveur les refuse à la soumission.",
  },

  noTaskLists: {
    en: "Essbase and SSAS have no Planning task lists.",
    fr: "Essbase et SSAS n'ont pas de listes de tâches Planning.",
  },
  ssasVariables: readerOf("ssas", "variables"),
  planningVariables: {
    en: "In Member Selection, whose **Substitution** filter lists the plan type's variables as `&Name`.",
    fr: "Dans la Sélection de membres, dont le filtre **Substitution** liste les variables du type de plan sous la forme `&Nom`.",
  },
} satisfies Record<string, Text>;

/** The matrix, group by group. */
export const FEATURE_GROUPS: readonly FeatureGroup[] = [
  {
    heading: { en: "Grids", fr: "Grilles" },
    rows: [
      {
        id: "adhoc",
        label: { en: "Ad hoc grid", fr: "Grille ad hoc" },
        page: "features/actions/AdHoc.md",
        needs: ["adhoc"],
      },
      {
        // Typed in an ad hoc grid (`&CurrMonth`): Essbase's variables, so not Planning's or PBCS's, which have no
        // ad hoc grid and choose theirs with Member Selection's filter (the row "substitution-variables").
        id: "grid-variables",
        label: { en: "Substitution variables in a grid", fr: "Variables de substitution dans une grille" },
        needs: ["adhoc", "variables"],
        part: ["variablesSet"],
        base: { ssas: ["no", R.ssasVariables] },
      },
      {
        id: "refresh",
        label: { en: "Refresh", fr: "Actualiser" },
        page: "features/actions/Refresh.md",
        // On Planning and PBCS, Refresh reads the open form again: what a form needs to open, not its list.
        needs: ["adhoc", "forms"],
        partlyMeans: "works",
      },
      {
        id: "zoom-in",
        label: {
          en: "Zoom In: next level, all levels, bottom level",
          fr: "Zoom avant : niveau suivant, tous les niveaux, niveau inférieur",
        },
        page: "features/actions/Zoom.md",
        needs: ["zoomIn:NEXT_LEVEL", "zoomIn:ALL_LEVELS", "zoomIn:BOTTOM_LEVEL"],
      },
      {
        id: "zoom-in-more",
        label: {
          en: "Zoom In: sibling level, same level, same generation",
          fr: "Zoom avant : niveau des semblables, même niveau, même génération",
        },
        needs: ["zoomIn:SIBLING_LEVEL", "zoomIn:SAME_LEVEL", "zoomIn:SAME_GENERATION"],
      },
      {
        id: "zoom-formulas",
        label: { en: "Zoom In: formulas", fr: "Zoom avant : formules" },
        needs: ["zoomIn:CALC_LEVEL"],
      },
      { id: "zoom-out", label: { en: "Zoom Out", fr: "Zoom arrière" }, needs: ["zoomOut"] },
      {
        id: "keep-remove-only",
        label: { en: "Keep Only, Remove Only", fr: "Conserver uniquement, Enlever uniquement" },
        page: "features/actions/KeepRemoveOnly.md",
        needs: ["keepRemoveOnly"],
      },
      {
        id: "pivot",
        label: { en: "Pivot, Pivot to POV", fr: "Pivoter, Pivoter vers le PDV" },
        page: "features/actions/Pivot.md",
        needs: ["pivot"],
      },
      {
        id: "submit",
        label: { en: "Submit data", fr: "Soumettre les données" },
        page: "features/actions/Submit.md",
        needs: ["writeBack", "formSubmit"],
        base: { ssas: ["partly", R.ssasWrite] },
      },
      {
        id: "cascade",
        label: { en: "Cascade", fr: "Cascade" },
        page: "features/actions/Cascade.md",
        needs: ["adhoc", "forms"],
        partWhy: each(PLANNING_FAMILY, {
          en: "Only a form you open by its name can be cascaded, over one of its page dimensions; the list of forms is not available.",
          fr: "Seul un formulaire ouvert par son nom peut être décliné en cascade, selon une de ses dimensions de page\u00a0; la liste des formulaires n'est pas disponible.",
        }),
      },
    ],
  },
  {
    heading: { en: "Planning", fr: "Planning" },
    rows: [
      {
        id: "forms-library",
        label: { en: "Forms Library (list forms)", fr: "Bibliothèque de formulaires (lister)" },
        worksOn: { label: { en: "the list of forms", fr: "la liste des formulaires" } },
        needs: ["forms"],
        partlyMeans: "demo",
        // Planning REST, which both reach a real server by, has no call that lists forms.
        partWhy: each(PLANNING_FAMILY, {
          en: "QiBates cannot list the forms of Planning or EPM Cloud; open a form by its name.",
          fr: "QiBates ne peut pas lister les formulaires de Planning ou d'EPM Cloud\u202f; ouvrez un formulaire par son nom.",
        }),
        base: each(ESSBASE_FAMILY, ["no", R.noForms]),
      },
      {
        id: "open-form",
        label: { en: "Open a form", fr: "Ouvrir un formulaire" },
        worksOn: { partly: { en: "by the form's name", fr: "par le nom du formulaire" } },
        page: "features/actions/OpenForm.md",
        needs: ["forms"],
        base: each(ESSBASE_FAMILY, ["no", R.noForms]),
      },
      {
        id: "composite-forms",
        label: { en: "Composite forms", fr: "Formulaires composites" },
        worksOn: { label: { en: "composite forms", fr: "les formulaires composites" } },
        needs: ["compositeForms"],
        base: each(ESSBASE_FAMILY, ["no", R.noForms]),
      },
      {
        id: "form-links",
        label: { en: "Form links", fr: "Liens entre formulaires" },
        page: "features/features/FormLinks.md",
        needs: ["forms"],
        base: {
          ...each(ESSBASE_FAMILY, ["no", R.noForms]),
          ...each(
            ["planning", "pbcs"],
            [
              "no",
              {
                en: "QiBates does not read a form's menus yet, so open the related form by its name.",
                fr: "QiBates ne lit pas encore les menus d'un formulaire\u00a0; ouvrez le formulaire associé par son nom.",
              },
            ],
          ),
        },
      },
      {
        id: "task-lists",
        label: { en: "Task lists", fr: "Listes de tâches" },
        page: "features/actions/TaskLists.md",
        needs: ["taskLists"],
        base: each(ESSBASE_FAMILY, ["no", R.noTaskLists]),
      },
      {
        id: "business-rules",
        label: { en: "Run a business rule", fr: "Lancer une règle métier" },
        page: "features/actions/RunRule.md",
        needs: ["calcScripts", "businessRules"],
        base: {
          essbase: ["partly", R.scripts],
          "essbase-stndln": ["partly", R.scripts],
          ssas: ["no", R.ssasRules],
        },
      },
      {
        id: "runtime-prompts",
        label: { en: "Runtime prompts listed", fr: "Invites d'exécution listées" },
        needs: ["runtimePrompts"],
        worksOn: {
          instead: {
            en: "you type the rule's prompts: [only the demo server lists them]",
            fr: "vous saisissez les invites de la règle\u00a0: [seul le serveur de démonstration les liste]",
          },
        },
        matrixWhy: {
          planning: {
            en: "A rule without prompts is shown as such; for a rule with prompts, type each prompt's name and value under **Run a rule by name** (**☰ › Task Lists**).",
            fr: "Une règle sans invite est signalée comme telle ; pour une règle qui en a, saisissez le nom et la valeur de chaque invite sous **Lancer une règle par son nom** (**☰ › Listes de tâches**).",
          },
          pbcs: {
            en: "Prompts are never listed: type them as on Planning.",
            fr: "Les invites ne sont jamais listées : saisissez-les comme sur Planning.",
          },
        },
        base: {
          essbase: ["no", R.scriptPrompts],
          "essbase-stndln": ["no", R.scriptPrompts],
          ssas: ["no", R.ssasRules],
        },
      },
    ],
  },
  {
    heading: { en: "Members and metadata", fr: "Membres et métadonnées" },
    rows: [
      {
        id: "member-selection",
        label: { en: "Member Selection", fr: "Sélection de membres" },
        page: "features/features/MemberSelection.md",
        needs: ["memberFilters", "planningMemberFilters"],
        part: ["udaFilter", "memberSearch"],
        // Search (memberSearch) is an Essbase-family capability: Planning and PBCS offer the tree and filters only.
        base: each(PLANNING_FAMILY, ["partly", R.planningSearch]),
      },
      {
        id: "alias-tables",
        label: { en: "Alias tables", fr: "Tables d'alias" },
        needs: ["aliasTables", "planningAliasTables"],
      },
      {
        id: "substitution-variables",
        label: { en: "Substitution variables", fr: "Variables de substitution" },
        needs: ["variables", "planningMemberFilters"],
        part: ["variablesSet"],
        // Where a Planning user meets them, since "Substitution variables in a grid" says No there (R9 D9).
        base: { ssas: ["no", R.ssasVariables], ...each(PLANNING_FAMILY, ["works", R.planningVariables]) },
      },
      {
        id: "pov",
        label: { en: "POV bar", fr: "Barre de PDV" },
        page: "features/features/POV.md",
      },
    ],
  },
  {
    heading: { en: "Data tools", fr: "Outils de données" },
    rows: [
      {
        id: "predictions",
        label: { en: "Predictions", fr: "Prédictions" },
        page: "features/features/Prediction.md",
        part: ["writeBack", "formSubmit"],
        partWhy: {
          planning: {
            en: "Forecasts are computed and submitted like any input to the form; see Submit data for which cells are saved and when the form's rules on save run.",
            fr: "Les prévisions sont calculées et se soumettent comme toute saisie dans le formulaire\u202f; voir Soumettre les données pour les cellules enregistrées et les cas où les règles à l'enregistrement du formulaire s'exécutent.",
          },
          pbcs: {
            en: "Forecasts are computed and submitted like any input to the form; see Submit data for which cells are saved and when the form's rules on save run.",
            fr: "Les prévisions sont calculées et se soumettent comme toute saisie dans le formulaire\u202f; voir Soumettre les données pour les cellules enregistrées et les cas où les règles à l'enregistrement du formulaire s'exécutent.",
          },
          essbase: {
            en: "Forecasts are computed; submitting them to a real Essbase 11.x server is not available.",
            fr: "Les prévisions sont calculées ; leur soumission vers un serveur Essbase 11.x réel n'est pas disponible.",
          },
          ssas: {
            en: "Forecasts are computed; submitting them works only on cubes your administrator enabled for writing.",
            fr: "Les prévisions sont calculées\u00a0; leur soumission ne fonctionne que sur les cubes que votre administrateur a activés en écriture.",
          },
        },
      },
      {
        id: "data-import",
        label: { en: "Data integration (import)", fr: "Intégration de données (import)" },
        page: "features/features/DataIntegration.md",
        needs: ["writeBack", "formSubmit"],
        base: { ssas: ["partly", R.ssasWrite] },
        partWhy: each(PLANNING_FAMILY, {
          en: "Imports into a form you open by its name; the rows are submitted as Submit does on that form.",
          fr: "Importe dans un formulaire ouvert par son nom\u202f; les lignes sont soumises comme le fait Soumettre sur ce formulaire.",
        }),
      },
      {
        id: "data-export",
        label: { en: "Data integration (export)", fr: "Intégration de données (export)" },
        needs: ["adhoc", "forms"],
        partWhy: each(PLANNING_FAMILY, {
          en: "Exports a form you open by its name; the list of forms is not available.",
          fr: "Exporte un formulaire ouvert par son nom\u00a0; la liste des formulaires n'est pas disponible.",
        }),
      },
    ],
  },
  {
    heading: { en: "Settings", fr: "Paramètres" },
    rows: [
      {
        id: "missing-label",
        label: { en: "Missing label, missing as zero", fr: "Libellé #Missing, manquant affiché à zéro" },
        page: "features/settings/MissingLabel.md",
      },
      {
        id: "missing-suppression",
        label: { en: "Missing suppression", fr: "Supprimer les lignes manquantes" },
        page: "features/settings/MissingSuppression.md",
      },
      {
        id: "navigation-without-data",
        label: { en: "Navigation without data", fr: "Navigation sans données" },
        page: "features/settings/NavigationWithoutData.md",
        needs: ["adhoc"],
      },
      {
        id: "code-and-alias",
        label: { en: "Display code and alias", fr: "Afficher le code et l'alias" },
        page: "features/settings/DisplayCodeAndAlias.md",
        base: { ssas: ["partly", R.ssasCaption], "essbase-stndln": ["partly", R.nameAlias21c] },
      },
      {
        id: "large-cell",
        label: { en: "Submit with large cell", fr: "Soumission des cellules longues" },
        page: "features/settings/SubmitWithLargeCell.md",
        needs: ["formSubmit"],
        // The setting itself works on a real server (texts are cut to 255 characters there too): what is partly
        // in a form submit is not this setting's.
        partlyMeans: "works",
        base: each(ESSBASE_FAMILY, ["no", R.largeCell]),
      },
      {
        id: "color-coding",
        label: { en: "Color coding", fr: "Code couleur" },
        page: "features/settings/ColorCoding.md",
        base: {
          essbase: ["partly", R.colorsEssbase11],
          ssas: ["partly", R.colorsSsas],
          ...each(PLANNING_FAMILY, ["partly", R.lockedAtSubmit]),
        },
      },
      {
        // Indentation lays out the row members of an ad hoc grid: a form shows its members as the form defines them.
        id: "indentation",
        label: { en: "Without indentation", fr: "Sans mise en retrait" },
        page: "features/settings/WithoutIndentation.md",
        needs: ["adhoc"],
      },
      {
        id: "layout-settings",
        label: {
          en: "Layout: freeze, merge, column width, precision",
          fr: "Mise en page : figer, fusionner, largeur, précision",
        },
      },
    ],
  },
];

export const FEATURE_ROWS: readonly FeatureRow[] = FEATURE_GROUPS.flatMap((g) => g.rows);

const familyOf = (connector: Connector) => CONNECTOR_PROFILES[connector].family;
const capFamily = (cap: Capability) => CAPABILITIES.find((c) => c.id === cap)?.family;

/** One cell of the matrix: the add-in's own rule, then what the table says of the capabilities of that family. */
export function featureVerdict(
  row: FeatureRow,
  connector: Connector,
): { v: Verdict; why?: Text; from?: "base" | "family" | "table" } {
  const [base, baseWhy] = row.base?.[connector] ?? ["works"];
  if (base === "no") return { v: "no", from: "base", ...(baseWhy ? { why: baseWhy } : {}) };
  const family = familyOf(connector);
  const needs = (row.needs ?? []).filter((c) => capFamily(c) === family);
  const part = (row.part ?? []).filter((c) => capFamily(c) === family);
  // A feature made of the other family's capabilities only is not this server's.
  if ((row.needs ?? []).length > 0 && needs.length === 0) {
    const other = capFamily((row.needs ?? [])[0] as Capability) ?? "essbase";
    return { v: "no", why: OTHER_FAMILY[other], from: "family" };
  }
  let v: Verdict = base;
  let why: Text | undefined = baseWhy;
  let from: "base" | "table" = "base";
  for (const cap of needs) {
    const c = capabilityVerdict(connector, cap);
    const cv = c.v === "partly" && row.partlyMeans ? row.partlyMeans : c.v;
    if (RANK[cv] > RANK[v]) {
      v = cv;
      // A capability done in part: the row's own reason says what of it this feature lacks, whatever the verdict
      // `partlyMeans` makes of it (the list of forms is the part of forms that only the demo server does).
      why = (c.v === "partly" ? row.partWhy?.[connector] : undefined) ?? c.why ?? why;
      from = "table";
    }
  }
  for (const cap of part) {
    const c = capabilityVerdict(connector, cap);
    if (c.v !== "works" && RANK.partly > RANK[v]) {
      v = "partly";
      why = row.partWhy?.[connector] ?? c.why ?? why;
      from = "table";
    }
  }
  return { v, from, ...(why ? { why } : {}) };
}

/**
 * The verdict a binding marker's KEY stands for: a feature row of the matrix, else a capability of the table;
 * undefined when the key is neither.
 */
export function keyVerdict(key: string, connector: Connector): Verdict | undefined {
  const row = FEATURE_ROWS.find((r) => r.id === key);
  if (row) return featureVerdict(row, connector).v;
  if (CAPABILITIES.some((c) => c.id === key)) return capabilityVerdict(connector, key as Capability).v;
  return undefined;
}

export const VERDICT_WORDS: Record<"en" | "fr", Record<Verdict, string>> = {
  en: { works: "Works", partly: "Partly", demo: "Demo only", no: "No" },
  fr: { works: "Oui", partly: "En partie", demo: "Démo seulement", no: "Non" },
};

/** One matrix cell as the page writes it: the verdict, then its reason. */
export function matrixCell(row: FeatureRow, connector: Connector, locale: "en" | "fr"): string {
  const { v, why } = featureVerdict(row, connector);
  const word = VERDICT_WORDS[locale][v];
  if (!why) return `**${word}**`;
  return locale === "fr" ? `**${word}**\u00a0: ${afterColonFr(why.fr)}` : `**${word}**: ${why.en}`;
}

/** Names that keep their capital after a colon (products, servers, the table named Default). */
const PROPER_START =
  /^(Oracle|Essbase|SSAS|Planning|PBCS|QiBates|Smart View|Default|EPM|XMLA|Calculation Manager)\b/;

/** A French reason as it continues a sentence after a colon: its first letter in lower case, unless a name. */
export function afterColonFr(text: string): string {
  if (PROPER_START.test(text)) return text;
  return text.charAt(0).toLocaleLowerCase("fr") + text.slice(1);
}

/** A verdict alone, as a cell of a table whose reasons are listed under it. */
function verdictCell(row: FeatureRow, connector: Connector, locale: "en" | "fr"): string {
  return `**${VERDICT_WORDS[locale][featureVerdict(row, connector).v]}**`;
}

const WHY_HEADING = { en: "Why", fr: "Pourquoi" } as const;

/**
 * The reasons of one row, in its last cell: each distinct reason once, after the servers it holds for
 * ("**Planning, PBCS**: reason."), so that the reader finds the reason beside the verdict rather than in a list of
 * footnotes under the table. Each server's reason starts a line of its own: run together, a row's reasons made
 * cells of 600 to 700 characters in French.
 */
export function rowReasons(
  row: FeatureRow,
  connectors: readonly Connector[],
  locale: "en" | "fr",
  inMatrix = false,
  notes?: ReadonlyMap<string, string>,
): string {
  return reasonParts(row, connectors, locale, inMatrix)
    .map(({ names, why }) => {
      const note = notes?.get(why);
      const text = note ?? why;
      return locale === "fr"
        ? `**${names}**\u00a0: ${note === undefined ? afterColonFr(text) : text}`
        : `**${names}**: ${text}`;
    })
    .join("<br/>");
}

/** A row's distinct reasons, each with the servers it holds for ("Planning, PBCS"). */
function reasonParts(
  row: FeatureRow,
  connectors: readonly Connector[],
  locale: "en" | "fr",
  inMatrix: boolean,
): { names: string; why: string }[] {
  const byReason = new Map<string, Connector[]>();
  for (const c of connectors) {
    const why = ((inMatrix ? row.matrixWhy?.[c] : undefined) ?? featureVerdict(row, c).why)?.[locale];
    if (why) byReason.set(why, [...(byReason.get(why) ?? []), c]);
  }
  return [...byReason].map(([why, servers]) => ({
    names: servers.map((c) => SERVER_NAME[c][locale]).join(", "),
    why,
  }));
}

/** A reason several rows of one table share is told once, in a note under the table; the cells point to it. */
const NOTE_REF = {
  en: (n: number) => `see note ${n} below.`,
  fr: (n: number) => `voir la note ${n} ci-dessous.`,
} as const;
const NOTE_ELSEWHERE = {
  en: (n: number, table: string, anchor: string) => `see note ${n} under [${table}](#${anchor}).`,
  fr: (n: number, table: string, anchor: string) => `voir la note ${n} sous [${table}](#${anchor}).`,
} as const;
const NOTES_HEADING = { en: "Notes:", fr: "Notes :" } as const;

/** A table of `rows` over `connectors`: verdicts in the cells, a row's reasons in its last cell. */
function verdictTable(
  rows: readonly FeatureRow[],
  connectors: readonly Connector[],
  locale: "en" | "fr",
  label: (row: FeatureRow) => string,
  inMatrix = false,
  notes?: ReadonlyMap<string, string>,
): string[] {
  const first = locale === "en" ? "Feature" : "Fonctionnalité";
  const reasons = (row: FeatureRow) => rowReasons(row, connectors, locale, inMatrix, notes);
  const why = rows.some((row) => reasons(row) !== "");
  // Rows with the same verdicts and the same reasons are one line, their labels side by side, so that no reason is
  // told twice in one table (Submit data and Data integration on Essbase 11.x). The matrix keeps a line per
  // feature: its shared reasons are numbered notes.
  const lines = new Map<string, { labels: FeatureRow[]; cells: string; reason: string }>();
  for (const row of rows) {
    const cells = connectors.map((c) => verdictCell(row, c, locale)).join(" | ");
    const reason = why ? reasons(row) : "";
    const key = inMatrix || reason === "" ? `${lines.size}` : `${cells}\n${reason}`;
    const line = lines.get(key);
    if (line) line.labels.push(row);
    else lines.set(key, { labels: [row], cells, reason });
  }
  return [
    `| ${first} | ${connectors.map((c) => SERVER_NAME[c][locale]).join(" | ")} |${why ? ` ${WHY_HEADING[locale]} |` : ""}`,
    `|---|${connectors.map(() => "---").join("|")}|${why ? "---|" : ""}`,
    ...[...lines.values()].map(
      ({ labels, cells, reason }) =>
        `| ${sharedLabel(labels, locale)
          .map(label)
          .join(locale === "en" ? "; " : "\u202f; ")} | ${cells} |${why ? ` ${reason} |` : ""}`,
    ),
  ];
}

/**
 * The rows a line of a table stands for, less those another of them covers: a label that another's begins with is
 * that one's case ("Substitution variables in a grid" is one of "Substitution variables"), so the shorter stands
 * for both.
 */
function sharedLabel(rows: readonly FeatureRow[], locale: "en" | "fr"): FeatureRow[] {
  return rows.filter((r) => !rows.some((o) => o !== r && r.label[locale].startsWith(`${o.label[locale]} `)));
}

/** The matrix as Markdown tables (one per group), feature × server, links relative to `root`. */
export function featureMatrix(locale: "en" | "fr", root = ""): string {
  const lines: string[] = [];
  // A reason two rows or more of the page give is told once, in a note numbered for the whole page, under the
  // first table that gives it; a later table's cells point to it there.
  const rowsOf = new Map<string, number>();
  const firstGroup = new Map<string, number>();
  FEATURE_GROUPS.forEach((group, g) => {
    for (const row of group.rows) {
      for (const { why } of reasonParts(row, MATRIX_CONNECTORS, locale, true)) {
        rowsOf.set(why, (rowsOf.get(why) ?? 0) + 1);
        if (!firstGroup.has(why)) firstGroup.set(why, g);
      }
    }
  });
  const notes = new Map([...rowsOf].filter(([, n]) => n >= 2).map(([why], i) => [why, i + 1]));
  FEATURE_GROUPS.forEach((group, g) => {
    lines.push(`### ${group.heading[locale]}`, "");
    const refs = new Map(
      [...notes].map(([why, n]): [string, string] => {
        const first = FEATURE_GROUPS[firstGroup.get(why) ?? g];
        return [
          why,
          first === undefined || first === group
            ? NOTE_REF[locale](n)
            : NOTE_ELSEWHERE[locale](n, first.heading[locale], slug(first.heading[locale])),
        ];
      }),
    );
    lines.push(
      ...verdictTable(
        group.rows,
        MATRIX_CONNECTORS,
        locale,
        (row) => (row.page ? `[${row.label[locale]}](${root}${row.page})` : row.label[locale]),
        true,
        refs,
      ),
    );
    lines.push("");
    const here = [...notes].filter(([why]) => firstGroup.get(why) === g);
    if (here.length > 0) {
      lines.push(NOTES_HEADING[locale], "");
      for (const [why, n] of here) lines.push(`${n}. ${why}`);
      lines.push("");
    }
  });
  return lines.join("\n").trimEnd();
}

/** A heading's anchor as the site writes it (lower case, words joined by hyphens, accents kept). */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s+/g, "-");
}

/** The rows a user page is about, as a short table over the servers (the page's "what each server allows"). */
export function featureRowsTable(
  ids: readonly string[],
  locale: "en" | "fr",
  connectors: readonly Connector[] = MATRIX_CONNECTORS,
): string {
  const rows = ids.map((id) => {
    const row = FEATURE_ROWS.find((r) => r.id === id);
    if (!row) throw new Error(`unknown feature row ${id}`);
    return row;
  });
  return verdictTable(rows, connectors, locale, (row) => row.label[locale]).join("\n");
}
