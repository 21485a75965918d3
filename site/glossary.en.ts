/**
 * The English wording rules of the site, the counterpart of glossary.fr.ts: the term to use, the variants that
 * must not appear in English prose (docs, versioned docs, changelog) and why. Checked by
 * site/test/glossary.test.ts; code, URLs and link targets are not prose.
 */
import type { GlossaryRule } from "./glossary.fr";

export const englishGlossary: GlossaryRule[] = [
  {
    preferred: "returns (what an API call gives back)",
    // The noun stays: a prompt's answers, "requests and answers".
    forbidden: [
      /(?<!\b(?:valid|your|the|and|its|prompt|of|with) )\banswer(?:s|ed)\b(?! (?:a|the) question)/iu,
    ],
    reason: 'An API call returns a result; "answers" reads as if the server replied to a question.',
  },
  {
    preferred: "main menu (the ☰ menu of the QiBates pane)",
    forbidden: [/\bburger menus?\b/iu, /\bhamburger menus?\b/iu],
    reason: 'A finance user calls it the main menu; "burger" is a designer\'s word.',
  },
  {
    preferred: "notification (the message the pane shows after an action)",
    forbidden: [/\btoasts?\b/iu],
    reason: '"Toast" is a developer\'s word for a notification.',
  },
  {
    preferred: "the Planning web interface",
    forbidden: [/\bPlanning web\b(?! interface)/u],
    reason:
      "Oracle's own documentation speaks of the Planning web interface (or the Planning application in a browser).",
  },
  {
    preferred: "the QiBates pane (in Excel and in Google Sheets alike)",
    // Google's own permission text, quoted as the consent screen shows it, keeps its word.
    forbidden: [
      /(?<!prompts and |calls it a )\bsidebars?\b/iu,
      /(?<!Excel's )\btask panes?\b/iu,
      /\bpanels?\b/iu,
    ],
    reason:
      "One name for the add-in's panel on every spreadsheet: the pane, as Microsoft calls an add-in's task pane.",
  },
  {
    preferred: "10,000 (a comma between thousands in English)",
    forbidden: [/\b\d{1,3}(?:[ \u00a0\u202f]\d{3})+\b(?!,\d)/u],
    reason: "English groups thousands with a comma; a space is the French style (quoted as such: 1 234,5).",
  },
  {
    preferred: "Member Selection (the add-in's screen and command, as its menu names it)",
    forbidden: [/\bMember selection\b/u],
    reason: "The add-in's label is Member Selection, as in Smart View; one spelling on every page.",
  },
  {
    preferred:
      "Missing suppression (the setting); a Planning form's own options: Suppress missing rows / columns",
    forbidden: [/\bzero suppression\b/iu, /\bmissing and zero suppression\b/iu, /\bSuppress missing rows\]/u],
    reason:
      "QiBates has one setting, Missing suppression (missing as zero displays, it suppresses nothing); Suppress missing rows and columns are the options of a Planning form, not the setting's name.",
  },
  {
    preferred: "refused (a server or QiBates refuses a cell, a value or a call)",
    // The registry's message quotes the provider's own verb.
    forbidden: [/(?<!provider )\breject(?:s|ed|ing|ion|ions)?\b/iu],
    reason:
      "One verb for what the server does not accept: refused, as the add-in's messages and the French « refusé » say.",
  },
  {
    preferred: "Works, Partly, Demo only, No (the verdicts of the compatibility matrix)",
    forbidden: [/\*\*(?:Partial|Partially|Yes|Demo-only|Demo|Not supported)\*\*/u],
    reason: "The matrix and every page that quotes it use the same four words.",
  },
  {
    preferred: "snapshot (what qibates-snapshot takes and QIBATES_SNAPSHOTS serves)",
    // The one sentence that says what a snapshot is, at the top of its page, keeps the word "copy".
    forbidden: [
      /(?<!snapshot is an )\boffline cop(?:y|ies)\b/iu,
      /(?<!snapshot is an offline )\bcop(?:y|ies) of (?:a|your) cubes?\b/iu,
    ],
    reason: "One name for the thing, as in the command, the settings and the files.",
  },
];

/**
 * The add-in's own labels (its settings and screens), in English and in French, each with the page that
 * documents it: the page's title, its sidebar label, the feature matrix and every page use these words.
 * site/test/glossary-coverage.test.ts holds them to the pages.
 */
export const addinLabels: readonly { en: string; fr: string; page: string }[] = [
  { en: "Member Selection", fr: "Sélection de membres", page: "features/features/MemberSelection.md" },
  { en: "Color coding", fr: "Code couleur", page: "features/settings/ColorCoding.md" },
  {
    en: "Default position of a new grid",
    fr: "Position par défaut d'une nouvelle grille",
    page: "features/settings/DefaultPositionNewGrid.md",
  },
  {
    en: "Display code and alias",
    fr: "Afficher le code et l'alias",
    page: "features/settings/DisplayCodeAndAlias.md",
  },
  { en: "Freeze", fr: "Figer les volets", page: "features/settings/Freeze.md" },
  {
    en: "Keep conditional formatting",
    fr: "Conserver la mise en forme conditionnelle",
    page: "features/settings/KeepConditionalFormatting.md",
  },
  { en: "Merge cells", fr: "Fusionner les cellules", page: "features/settings/MergeCells.md" },
  { en: "Missing label", fr: "Libellé #Missing", page: "features/settings/MissingLabel.md" },
  {
    en: "Missing suppression",
    fr: "Supprimer les lignes manquantes",
    page: "features/settings/MissingSuppression.md",
  },
  { en: "Missing as zero", fr: "Manquant affiché à zéro", page: "features/settings/MissingZero.md" },
  {
    en: "Navigation without data",
    fr: "Navigation sans données",
    page: "features/settings/NavigationWithoutData.md",
  },
  { en: "Number precision", fr: "Précision des nombres", page: "features/settings/NumberPrecision.md" },
  { en: "Resize columns", fr: "Ajuster les colonnes", page: "features/settings/ResizeColumns.md" },
  {
    en: "Submit with large cell",
    fr: "Soumission des cellules longues",
    page: "features/settings/SubmitWithLargeCell.md",
  },
  {
    en: "Unknown member indication",
    fr: "Signalement des membres inconnus",
    page: "features/settings/UnknownMemberIndication.md",
  },
  { en: "Without indentation", fr: "Sans mise en retrait", page: "features/settings/WithoutIndentation.md" },
];
