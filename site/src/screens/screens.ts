// One description per screen of the add-in's pane, in English and French: its title, its fields in the order the
// pane shows them, and an example value each. The labels are the ones the user pages quote (test/screen-pictures
// checks both ways), so the drawn screen (site/scripts/screen-pictures.ts) and the page's text cannot disagree.

export type Locale = "en" | "fr";
/** A text in both languages. */
export type Text = Record<Locale, string>;

/** The same text in both languages (a member name, an address, a number). */
const same = (s: string): Text => ({ en: s, fr: s });

/** What a field is, which decides how it is drawn and how the alt text names it. */
export type FieldKind =
  | "text"
  | "password"
  | "dropdown"
  | "checkbox"
  | "toggle"
  | "list"
  | "tree"
  | "button"
  | "link"
  | "message"
  | "group"
  | "tabs"
  | "readonly"
  | "paragraph";

/** One line of a list, a tree, a menu or tabs. */
export interface Item {
  text: Text;
  /** Depth in a tree (0 at the top). */
  depth?: number;
  /** A tree node that has children shown (▾) or hidden (▸); none for a leaf. */
  expanded?: boolean;
  /** A tree's tick box (Member Selection), or the selected line or tab. */
  checked?: boolean;
  selected?: boolean;
  /** Grayed: not available (a menu entry) or fixed (a POV member). */
  disabled?: boolean;
  /** Buttons on the line (a connection's Log in, Edit, Delete). */
  actions?: Text[];
  /** A second line in smaller type (a connection's server type and address). */
  detail?: Text;
}

export interface Field {
  kind: FieldKind;
  /** The label the pane shows, as the pages quote it. A group's label is its heading; a message's or a
   *  paragraph's (a page of the server), its text. */
  label: Text;
  /** The example value (a text box's text, a drop-down's choice, a toggle's state: "On"/"Off"). */
  value?: Text;
  /** A drop-down's other choices, as the pages name them (the alt text lists them). */
  options?: Text[];
  /** A list's, tree's or tabs' lines. */
  items?: Item[];
  /** A button that stands out (the screen's main action). */
  primary?: boolean;
  /** A message's colour, as the notifications use them. */
  tone?: "success" | "warning" | "error";
  /** A message's value is a description of what it says (counts), drawn in italics, not its wording. */
  described?: boolean;
  /** Buttons or links drawn on the same line as the field before. */
  inline?: boolean;
  /** The field a page is about, drawn on a tinted band (a setting's page shows its section of the screen). */
  highlighted?: boolean;
}

/** A user page that shows a screen: its path under docs/QiBates (and the French twin's), without `.md`. */
export type ScreenPage = string;

export interface ScreenDescription {
  id: string;
  /** The pane's title bar; for a page the server shows in the browser, the page's title. */
  title: Text;
  /** A page the server shows in the browser (not the pane): its address, drawn in an address bar under its title. */
  address?: Text;
  /** What the top bar shows under the title: the connection logged in to, or what the screen acts on. */
  context?: Text;
  /** What the context names (the alt text says so): a connection (the default), a sheet, a form or a cube. */
  contextKind?: "connection" | "sheet" | "form" | "cube";
  /** What the picture shows, for its caption (a sentence, no full stop). */
  caption: Text;
  fields: Field[];
  /** The user pages that show it, where they first describe it. */
  pages: ScreenPage[];
}

const ESSBASE = "understanding-the-app/understanding-essbase-ssas";
const PLANNING = "understanding-the-app/understanding-planning-pbcs";

const LOG_IN: Text = { en: "Log in", fr: "Se connecter" };
const CANCEL: Text = { en: "Cancel", fr: "Annuler" };
const EDIT: Text = { en: "Edit", fr: "Modifier" };
const DELETE: Text = { en: "Delete", fr: "Supprimer" };
const SEARCH: Text = { en: "Search", fr: "Rechercher" };
const DETAILS: Text = { en: "Details", fr: "Détails" };
const ON: Text = { en: "On", fr: "Activé" };
const OFF: Text = { en: "Off", fr: "Désactivé" };
const SAMPLE_ESSBASE = same("Sample Essbase");
/** The Task Lists button that opens the dialog for a rule typed by name, the only one a company's server offers. */
const RUN_RULE_BY_NAME: Text = { en: "Run a rule by name", fr: "Lancer une règle par son nom" };
/** The name of the key in the First launch page's example, in each language. */
const KEY_NAME: Text = { en: "jdoe-laptop", fr: "jdupont-portable" };
const KEY_PAGE = "https://qibates.example.com/qibates/api/v2/generatekey/";
const VISION_TEST = same("Vision TEST");
/** The EPM Cloud address of the Planning Connections page's example (its step 5), typed for server type PBCS. */
const EPM_CLOUD_ADDRESS =
  "https://acmetest-acme.epm.us-ashburn-1.ocs.oraclecloud.com/HyperionPlanning/SmartView";

const setting = (en: string, fr: string, value: Text, kind: FieldKind = "toggle"): Field => ({
  kind,
  label: { en, fr },
  value,
});

const login = (id: string, connection: Text, user: Text, caption: Text, page: string): ScreenDescription => ({
  id,
  title: LOG_IN,
  caption,
  fields: [
    { kind: "readonly", label: { en: "Connection", fr: "Connexion" }, value: connection },
    { kind: "text", label: { en: "User name", fr: "Nom d'utilisateur" }, value: user },
    { kind: "password", label: { en: "Password", fr: "Mot de passe" }, value: same("") },
    { kind: "button", label: LOG_IN, primary: true },
    { kind: "button", label: CANCEL, inline: true },
  ],
  pages: [page],
});

/** The connection form filled in for one server (`name`, its type, its provider address, a user name). */
const connectionForm = (
  id: string,
  caption: Text,
  server: { name: Text; type: string; address: string; user: string },
  pages: string[],
): ScreenDescription => ({
  id,
  title: { en: "Add connection", fr: "Ajouter une connexion" },
  caption,
  fields: [
    { kind: "text", label: { en: "Name", fr: "Nom" }, value: server.name },
    { kind: "dropdown", label: { en: "Server type", fr: "Type de serveur" }, value: same(server.type) },
    {
      kind: "text",
      label: { en: "Provider address", fr: "Adresse du fournisseur" },
      value: same(server.address),
    },
    { kind: "text", label: { en: "User name", fr: "Nom d'utilisateur" }, value: same(server.user) },
    { kind: "button", label: { en: "Save", fr: "Enregistrer" }, primary: true },
  ],
  pages,
});

const menu = (entries: [string, string, boolean?][]): Field => ({
  kind: "list",
  label: { en: "Menu", fr: "Menu" },
  items: entries.map(([en, fr, disabled]) => ({ text: { en, fr }, ...(disabled ? { disabled } : {}) })),
});

const SETTINGS: Text = { en: "Settings", fr: "Paramètres" };
/** The sheet the Settings screen acts on, as Excel names a workbook's first sheet in each language. */
const SHEET: Text = { en: "Sheet1", fr: "Feuil1" };

/** The settings of a sheet, by section of the Settings screen, each at its default. */
const SHEET_SETTINGS: readonly { label: Text; settings: Field[] }[] = [
  {
    label: { en: "Data", fr: "Données" },
    settings: [
      setting("Missing label", "Libellé #Missing", same("#Missing"), "text"),
      setting("Missing suppression", "Supprimer les lignes manquantes", OFF),
      setting("Missing as zero", "Manquant affiché à zéro", OFF),
      setting("Navigation without data", "Navigation sans données", OFF),
      setting("Submit with large cell", "Soumission des cellules longues", OFF),
    ],
  },
  {
    label: { en: "Members", fr: "Membres" },
    settings: [
      {
        ...setting(
          "Display code and alias",
          "Afficher le code et l'alias",
          { en: "Member name only", fr: "Nom de membre seul" },
          "dropdown",
        ),
        options: [
          { en: "Alias only", fr: "Alias seul" },
          { en: "Both", fr: "Les deux" },
        ],
      },
      setting("Without indentation", "Sans mise en retrait", OFF),
      setting("Unknown member indication", "Signalement des membres inconnus", ON),
    ],
  },
  {
    label: same("Zoom"),
    settings: [
      setting(
        "Zoom in level",
        "Niveau de zoom avant",
        { en: "Next level", fr: "Niveau suivant" },
        "dropdown",
      ),
      setting("Include Selection", "Inclure la sélection", ON),
      setting("Within Selected Group", "Dans le groupe sélectionné", OFF),
      setting("Remove Unselected Groups", "Enlever les groupes non sélectionnés", OFF),
      setting("Ancestor position", "Position des ancêtres", { en: "Bottom", fr: "En bas" }, "dropdown"),
    ],
  },
  {
    label: { en: "Layout and format", fr: "Disposition et format" },
    settings: [
      setting("Color coding", "Code couleur", ON),
      {
        ...setting(
          "Default position of a new grid",
          "Position par défaut d'une nouvelle grille",
          same("A1"),
          "dropdown",
        ),
        options: [{ en: "Active cell", fr: "Cellule active" }],
      },
      setting("Freeze", "Figer les volets", OFF),
      setting("Keep conditional formatting", "Conserver la mise en forme conditionnelle", ON),
      setting("Merge cells", "Fusionner les cellules", OFF),
      {
        ...setting(
          "Number precision",
          "Précision des nombres",
          { en: "As the server", fr: "Comme le serveur" },
          "dropdown",
        ),
        options: [{ en: "0 to 10", fr: "0 à 10" }],
      },
      setting("Resize columns", "Ajuster les colonnes", ON),
    ],
  },
];

/** The pages of the sheet's settings (features/settings/…), by the English label of the setting each documents. */
const SETTING_PAGES: readonly [string, string][] = [
  ["Color coding", "ColorCoding"],
  ["Default position of a new grid", "DefaultPositionNewGrid"],
  ["Display code and alias", "DisplayCodeAndAlias"],
  ["Freeze", "Freeze"],
  ["Keep conditional formatting", "KeepConditionalFormatting"],
  ["Merge cells", "MergeCells"],
  ["Missing label", "MissingLabel"],
  ["Missing suppression", "MissingSuppression"],
  ["Missing as zero", "MissingZero"],
  ["Navigation without data", "NavigationWithoutData"],
  ["Number precision", "NumberPrecision"],
  ["Resize columns", "ResizeColumns"],
  ["Submit with large cell", "SubmitWithLargeCell"],
  ["Unknown member indication", "UnknownMemberIndication"],
  ["Without indentation", "WithoutIndentation"],
];

/**
 * A setting's page shows the section of the Settings screen that holds it, that setting highlighted: drawn from
 * the sections above, so the page's picture and the whole screen's cannot differ. Its id is `setting-` and the
 * page's file name in lower case with hyphens (`setting-color-coding`).
 */
function settingView(label: string, page: string): ScreenDescription {
  const section = SHEET_SETTINGS.find((g) => g.settings.some((f) => f.label.en === label));
  const target = section?.settings.find((f) => f.label.en === label);
  if (!section || !target) throw new Error(`No setting "${label}" on the Settings screen`);
  return {
    id: `setting-${page.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase()}`,
    title: SETTINGS,
    context: SHEET,
    contextKind: "sheet",
    caption: {
      en: `The ${section.label.en} section of the Settings screen: ${target.label.en} at its default (${target.value?.en})`,
      fr: `La section ${section.label.fr} de l'écran Paramètres : ${target.label.fr} à sa valeur par défaut (${target.value?.fr})`,
    },
    fields: [
      { kind: "group", label: section.label },
      ...section.settings.map((f) => (f === target ? { ...f, highlighted: true } : f)),
    ],
    pages: [`features/settings/${page}`],
  };
}

export const SCREENS: readonly ScreenDescription[] = [
  {
    // The key page of the QiBates server (packages/server/src/oauth/chooser.ts), in the language the browser
    // prefers, with Google and Microsoft sign-in configured; the page then repeats itself in the other language.
    id: "key-page",
    title: { en: "QiBates — new API key", fr: "QiBates — nouvelle clé d'API" },
    address: { en: `${KEY_PAGE}${KEY_NAME.en}`, fr: `${KEY_PAGE}${KEY_NAME.fr}` },
    caption: {
      en: `The key page opened for a key named ${KEY_NAME.en}: sign in to get the key (the page then says it again in French)`,
      fr: `La page de clé ouverte pour une clé nommée ${KEY_NAME.fr} : identifiez-vous pour obtenir la clé (la page le redit ensuite en anglais)`,
    },
    fields: [
      {
        kind: "group",
        label: { en: `New API key “${KEY_NAME.en}”`, fr: `Nouvelle clé d'API « ${KEY_NAME.fr} »` },
      },
      {
        kind: "paragraph",
        label: {
          en: "Sign in to choose the account the key belongs to. The key is shown once, right after sign-in: copy it then.",
          fr: "Identifiez-vous pour choisir le compte auquel la clé appartient. La clé n'est affichée qu'une fois, juste après l'identification : copiez-la à ce moment-là.",
        },
      },
      { kind: "button", label: { en: "Sign in with Google", fr: "S'identifier avec Google" } },
      { kind: "button", label: { en: "Sign in with Microsoft", fr: "S'identifier avec Microsoft" } },
    ],
    pages: ["activation/First-launch"],
  },
  {
    id: "activation",
    title: same("QiBates"),
    caption: {
      en: "The pane at its first launch, asking for your QiBates server and your API key",
      fr: "Le volet à son premier lancement, qui demande votre serveur QiBates et votre clé d'API",
    },
    fields: [
      {
        kind: "text",
        label: { en: "QiBates server", fr: "Serveur QiBates" },
        value: same("https://qibates.example.com"),
      },
      { kind: "password", label: { en: "API key", fr: "Clé d'API" }, value: same("qb_••••••••••••") },
      { kind: "button", label: { en: "Activate", fr: "Activer" }, primary: true },
    ],
    pages: ["activation/First-launch"],
  },
  {
    id: "connections",
    title: { en: "Connections", fr: "Connexions" },
    caption: {
      en: "The Connections view with two saved connections",
      fr: "La vue Connexions avec deux connexions enregistrées",
    },
    fields: [
      { kind: "button", label: { en: "Add connection", fr: "Ajouter une connexion" }, primary: true },
      {
        kind: "list",
        label: { en: "Connections", fr: "Connexions" },
        items: [
          {
            text: SAMPLE_ESSBASE,
            detail: same("Essbase · https://demo.qibates.local/aps/JAPI"),
            actions: [LOG_IN, EDIT, DELETE],
          },
          {
            text: VISION_TEST,
            detail: same(`PBCS · ${EPM_CLOUD_ADDRESS}`),
            actions: [LOG_IN, EDIT, DELETE],
          },
        ],
      },
    ],
    pages: [`${ESSBASE}/Connections`, `${PLANNING}/Connections`, "features/features/ConnectionsView"],
  },
  connectionForm(
    "connection-form",
    {
      en: "The connection form, filled in for the demo server",
      fr: "Le formulaire de connexion, rempli pour le serveur de démonstration",
    },
    { name: SAMPLE_ESSBASE, type: "Essbase", address: "https://demo.qibates.local/aps/JAPI", user: "demo" },
    [`${ESSBASE}/Connections`, "features/features/ConnectionsView"],
  ),
  connectionForm(
    "connection-form-pbcs",
    {
      en: "The connection form, filled in for a PBCS server in EPM Cloud",
      fr: "Le formulaire de connexion, rempli pour un serveur PBCS dans EPM Cloud",
    },
    { name: VISION_TEST, type: "PBCS", address: EPM_CLOUD_ADDRESS, user: "jane.doe@acme.com" },
    [`${PLANNING}/Connections`],
  ),
  login(
    "login-essbase",
    same("Sample Essbase · https://demo.qibates.local/aps/JAPI"),
    same("demo"),
    {
      en: "The login screen of an Essbase connection: only the password is left to type",
      fr: "L'écran d'ouverture de session d'une connexion Essbase : il ne reste que le mot de passe à saisir",
    },
    `${ESSBASE}/Login`,
  ),
  login(
    "login-planning",
    same(`Vision TEST · PBCS · ${EPM_CLOUD_ADDRESS}`),
    same("jane.doe@acme.com"),
    {
      en: "The login screen of a PBCS connection: only the password is left to type",
      fr: "L'écran d'ouverture de session d'une connexion PBCS : il ne reste que le mot de passe à saisir",
    },
    `${PLANNING}/Login`,
  ),
  {
    id: "applications-essbase",
    title: same("Applications"),
    context: SAMPLE_ESSBASE,
    caption: {
      en: "The Applications view of the demo server, Sample.Basic selected",
      fr: "La vue Applications du serveur de démonstration, Sample.Basic sélectionné",
    },
    fields: [
      { kind: "text", label: SEARCH, value: same("") },
      {
        kind: "tree",
        label: same("Applications"),
        items: [
          { text: same("EssbaseCluster-1"), depth: 0, expanded: true },
          { text: same("Sample"), depth: 1, expanded: true },
          { text: same("Sample.Basic"), depth: 2, selected: true },
        ],
      },
      { kind: "button", label: { en: "Open grid", fr: "Ouvrir une grille" }, primary: true },
      { kind: "button", label: { en: "Refresh", fr: "Actualiser" }, inline: true },
    ],
    pages: [`${ESSBASE}/Applications`],
  },
  {
    id: "applications-planning",
    title: same("Applications"),
    context: VISION_TEST,
    caption: {
      en: "The Applications view of a Planning server, Vision selected",
      fr: "La vue Applications d'un serveur Planning, Vision sélectionnée",
    },
    fields: [
      { kind: "text", label: SEARCH, value: same("") },
      {
        kind: "tree",
        label: same("Applications"),
        items: [
          { text: same("Planning"), depth: 0, expanded: true },
          { text: same("Vision"), depth: 1, selected: true },
        ],
      },
    ],
    pages: [`${PLANNING}/Applications`],
  },
  {
    id: "menu-essbase",
    title: same("☰"),
    context: SAMPLE_ESSBASE,
    caption: {
      en: "The main menu (☰) with an Essbase connection, logged in and a grid in the sheet",
      fr: "Le menu principal (☰) avec une connexion Essbase, session ouverte et une grille dans la feuille",
    },
    fields: [
      menu([
        ["Connections", "Connexions"],
        ["Applications", "Applications"],
        ["Member Selection", "Sélection de membres"],
        ["Forms Library", "Bibliothèque de formulaires"],
        ["Data Integration", "Intégration de données"],
        ["Predictions", "Prédictions"],
        ["Settings", "Paramètres"],
        ["Help", "Aide"],
        ["Log out", "Se déconnecter"],
      ]),
    ],
    pages: [`${ESSBASE}/BurgerMenu`],
  },
  {
    id: "menu-planning",
    title: same("☰"),
    context: VISION_TEST,
    caption: {
      en: "The main menu (☰) with a Planning connection, before a form is opened: the form's entries are grayed",
      fr: "Le menu principal (☰) avec une connexion Planning, avant l'ouverture d'un formulaire : les entrées du formulaire sont grisées",
    },
    fields: [
      menu([
        ["Connections", "Connexions"],
        ["Applications", "Applications"],
        ["Member Selection", "Sélection de membres", true],
        ["Forms Library", "Bibliothèque de formulaires"],
        ["Task Lists", "Listes de tâches"],
        ["Data Integration", "Intégration de données", true],
        ["Predictions", "Prédictions", true],
        ["Settings", "Paramètres"],
        ["Help", "Aide"],
        ["Log out", "Se déconnecter"],
      ]),
    ],
    pages: [`${PLANNING}/BurgerMenu`],
  },
  {
    id: "member-selection",
    title: { en: "Member Selection", fr: "Sélection de membres" },
    context: SAMPLE_ESSBASE,
    caption: {
      en: "Member Selection on the Market dimension of Sample.Basic: East's children and East ticked, East last",
      fr: "La sélection de membres sur la dimension Market de Sample.Basic : les enfants d'East et East cochés, East en dernier",
    },
    fields: [
      { kind: "dropdown", label: same("Dimension"), value: same("Market") },
      {
        kind: "dropdown",
        label: { en: "Alias table", fr: "Table d'alias" },
        value: same("Default"),
        options: [same("Long Names"), { en: "None", fr: "Aucune" }],
      },
      { kind: "text", label: { en: "Search", fr: "Recherche" }, value: same("") },
      {
        kind: "dropdown",
        label: { en: "Filter", fr: "Filtre" },
        value: { en: "Children", fr: "Enfants" },
        options: [
          { en: "None", fr: "Aucun" },
          same("Descendants"),
          { en: "Level", fr: "Niveau" },
          { en: "Generation", fr: "Génération" },
          same("UDA"),
        ],
      },
      {
        kind: "tree",
        label: same("Market"),
        items: [
          { text: same("Market"), depth: 0, expanded: true, checked: false },
          { text: same("East"), depth: 1, expanded: true, checked: true, selected: true },
          { text: same("New York"), depth: 2, checked: true },
          { text: same("Massachusetts"), depth: 2, checked: true },
          { text: same("Florida"), depth: 2, checked: true },
          { text: same("Connecticut"), depth: 2, checked: true },
          { text: same("New Hampshire"), depth: 2, checked: true },
          { text: same("West"), depth: 1, expanded: false, checked: false },
          { text: same("South"), depth: 1, expanded: false, checked: false },
          { text: same("Central"), depth: 1, expanded: false, checked: false },
        ],
      },
      {
        kind: "list",
        label: { en: "Selection", fr: "Sélection" },
        items: [
          { text: same("New York"), actions: [same("↑"), same("↓"), same("✕")] },
          { text: same("Massachusetts"), actions: [same("↑"), same("↓"), same("✕")] },
          { text: same("Florida"), actions: [same("↑"), same("↓"), same("✕")] },
          { text: same("Connecticut"), actions: [same("↑"), same("↓"), same("✕")] },
          { text: same("New Hampshire"), actions: [same("↑"), same("↓"), same("✕")] },
          { text: same("East"), actions: [same("↑"), same("↓"), same("✕")] },
        ],
      },
      {
        kind: "dropdown",
        label: { en: "Place in", fr: "Placer dans" },
        value: { en: "Rows", fr: "Lignes" },
        options: [
          { en: "Columns", fr: "Colonnes" },
          { en: "POV", fr: "PDV" },
        ],
      },
      { kind: "button", label: same("OK"), primary: true },
      { kind: "button", label: CANCEL, inline: true },
    ],
    pages: [`${ESSBASE}/MemberSelection`, "features/features/MemberSelection"],
  },
  {
    id: "settings-essbase",
    title: SETTINGS,
    context: SHEET,
    contextKind: "sheet",
    caption: {
      en: "The Settings screen of a sheet, every setting at its default",
      fr: "L'écran Paramètres d'une feuille, chaque paramètre à sa valeur par défaut",
    },
    fields: [
      ...SHEET_SETTINGS.flatMap((g) => [{ kind: "group", label: g.label } as Field, ...g.settings]),
      { kind: "dropdown", label: { en: "Language", fr: "Langue" }, value: { en: "English", fr: "Français" } },
      { kind: "button", label: { en: "Reset to defaults", fr: "Rétablir les valeurs par défaut" } },
    ],
    pages: [`${ESSBASE}/Settings`],
  },
  ...SETTING_PAGES.map(([label, page]) => settingView(label, page)),
  {
    id: "settings-planning",
    title: { en: "Settings", fr: "Paramètres" },
    context: same("Revenue Plan"),
    contextKind: "form",
    caption: {
      en: "The Planning preferences of the Settings screen, at their defaults",
      fr: "Les préférences Planning de l'écran Paramètres, à leurs valeurs par défaut",
    },
    fields: [
      { kind: "group", label: { en: "Planning preferences", fr: "Préférences Planning" } },
      setting("Suppress missing rows", "Supprimer les lignes manquantes du formulaire", OFF),
      setting("Suppress missing columns", "Supprimer les colonnes manquantes du formulaire", OFF),
      setting("Missing label", "Libellé #Missing", same("#Missing"), "text"),
      setting("Alias table", "Table d'alias", same("Default"), "dropdown"),
      { kind: "dropdown", label: { en: "Language", fr: "Langue" }, value: { en: "English", fr: "Français" } },
    ],
    pages: [`${PLANNING}/Settings`],
  },
  {
    id: "notifications-essbase",
    title: same("QiBates"),
    context: SAMPLE_ESSBASE,
    caption: {
      en: "An amber and a red notification, each with its Details link",
      fr: "Une notification orange et une rouge, chacune avec son lien Détails",
    },
    fields: [
      {
        kind: "message",
        tone: "warning",
        described: true,
        label: {
          en: "The number of unknown members, with their names (Colaa)",
          fr: "Le nombre de membres inconnus, avec leurs noms (Colaa)",
        },
      },
      { kind: "link", label: DETAILS, inline: true },
      {
        kind: "message",
        tone: "error",
        label: {
          en: 'The calculation script "CalcAll" failed: still running after …',
          fr: "Le script de calcul « CalcAll » a échoué : toujours en cours après …",
        },
      },
      { kind: "link", label: DETAILS, inline: true },
    ],
    pages: [`${ESSBASE}/ToastFlow`],
  },
  {
    id: "notifications-planning",
    title: same("QiBates"),
    context: same("Revenue Plan"),
    contextKind: "form",
    caption: {
      en: "A red notification after Submit on a form, then the green one after the second Submit",
      fr: "Une notification rouge après Soumettre sur un formulaire, puis la verte après la seconde soumission",
    },
    fields: [
      {
        kind: "message",
        tone: "error",
        label: {
          en: 'The business rule "SeedForecast" failed: …',
          fr: "La règle métier « SeedForecast » a échoué : …",
        },
      },
      { kind: "link", label: DETAILS, inline: true },
      {
        kind: "message",
        tone: "success",
        described: true,
        label: {
          en: "The number of cells submitted and the on-save rule completed",
          fr: "Le nombre de cellules soumises et la règle à l'enregistrement terminée",
        },
      },
    ],
    pages: [`${PLANNING}/ToastFlow`],
  },
  {
    id: "forms-library",
    title: { en: "Forms Library", fr: "Bibliothèque de formulaires" },
    context: SAMPLE_ESSBASE,
    caption: {
      en: "The Forms Library of Sample.Basic on the demo server: one saved grid and the four calculation scripts",
      fr: "La bibliothèque de formulaires de Sample.Basic sur le serveur de démonstration : une grille enregistrée et les quatre scripts de calcul",
    },
    fields: [
      { kind: "group", label: { en: "Saved grids", fr: "Grilles enregistrées" } },
      {
        kind: "button",
        label: { en: "Save current grid", fr: "Enregistrer la grille active" },
        primary: true,
      },
      {
        kind: "list",
        label: { en: "Saved grids", fr: "Grilles enregistrées" },
        items: [{ text: same("Cola East Q1"), detail: same("Sample.Basic") }],
      },
      { kind: "group", label: { en: "Calculation scripts", fr: "Scripts de calcul" } },
      {
        kind: "list",
        label: { en: "Calculation scripts", fr: "Scripts de calcul" },
        items: ["BudSeed", "CalcAll", "ClearBud", "MktCut"].map((name) => ({
          text: same(name),
          actions: [{ en: "Run", fr: "Exécuter" }],
        })),
      },
    ],
    pages: [`${ESSBASE}/FormsLibrary`],
  },
  {
    id: "forms-library-planning",
    title: { en: "Forms Library", fr: "Bibliothèque de formulaires" },
    context: VISION_TEST,
    caption: {
      en: "The Forms Library of Vision on the demo server: the form folders, Revenue Plan selected, and the Form name box",
      fr: "La bibliothèque de formulaires de Vision sur le serveur de démonstration : les dossiers de formulaires, Revenue Plan sélectionné, et la zone Nom du formulaire",
    },
    fields: [
      {
        kind: "tree",
        label: { en: "Forms", fr: "Formulaires" },
        items: [
          { text: same("Forms"), depth: 0, expanded: true },
          { text: same("Revenue"), depth: 1, expanded: true },
          { text: same("Revenue Plan"), depth: 2, selected: true },
          { text: same("Revenue by Product"), depth: 2 },
          { text: same("Revenue Review"), depth: 2 },
          { text: same("Drivers"), depth: 1, expanded: false },
          { text: same("Summary"), depth: 1, expanded: false },
        ],
      },
      { kind: "text", label: { en: "Form name", fr: "Nom du formulaire" }, value: same("") },
      { kind: "button", label: { en: "Open", fr: "Ouvrir" }, primary: true },
    ],
    pages: ["features/actions/OpenForm"],
  },
  {
    id: "pov",
    title: same("Revenue Plan"),
    context: VISION_TEST,
    caption: {
      en: "The POV bar of the form Revenue Plan: fixed members grayed, page members as drop-downs",
      fr: "La barre de PDV du formulaire Revenue Plan : membres fixes grisés, membres de page en listes déroulantes",
    },
    fields: [
      { kind: "group", label: { en: "POV bar", fr: "Barre de PDV" } },
      { kind: "readonly", label: same("HSP_View"), value: same("BaseData") },
      { kind: "readonly", label: same("Scenario"), value: same("Plan") },
      { kind: "readonly", label: same("Version"), value: same("Working") },
      { kind: "readonly", label: same("Currency"), value: same("USD") },
      { kind: "dropdown", label: same("Year"), value: same("FY15") },
      { kind: "dropdown", label: same("Entity"), value: same("410") },
      { kind: "dropdown", label: same("Product"), value: same("P_160") },
      { kind: "button", label: { en: "Refresh", fr: "Actualiser" } },
      { kind: "button", label: { en: "Submit", fr: "Soumettre" }, inline: true },
    ],
    pages: [`${PLANNING}/Pov`],
  },
  {
    id: "predictions",
    title: { en: "Predictions", fr: "Prédictions" },
    context: SAMPLE_ESSBASE,
    caption: {
      en: "Predictions for Cola's actual sales in New Hampshire, Jan to Mar, into the Budget row",
      fr: "Prédictions à partir des ventes réelles de Cola dans le New Hampshire, de Jan à Mar, vers la ligne Budget",
    },
    fields: [
      {
        kind: "readonly",
        label: { en: "History", fr: "Historique" },
        value: same("Cola › New Hampshire › Sales › Actual, Jan–Mar"),
      },
      {
        kind: "dropdown",
        label: { en: "Method", fr: "Méthode" },
        value: { en: "Linear trend", fr: "Tendance linéaire" },
        options: [{ en: "Seasonal naive", fr: "Naïve saisonnière" }],
      },
      { kind: "text", label: { en: "Season length", fr: "Longueur de saison" }, value: same("12") },
      { kind: "text", label: same("Horizon"), value: same("3") },
      { kind: "dropdown", label: { en: "Target", fr: "Cible" }, value: same("Budget") },
      { kind: "button", label: { en: "Predict", fr: "Prédire" }, primary: true },
    ],
    pages: [`${ESSBASE}/Predictions`],
  },
  {
    id: "data-integration",
    title: { en: "Data Integration", fr: "Intégration de données" },
    context: same("Sample.Basic"),
    contextKind: "cube",
    caption: {
      en: "The Import tab of Data Integration: the six columns of an exported table map by themselves",
      fr: "L'onglet Importer de l'intégration de données : les six colonnes d'une table exportée s'associent d'elles-mêmes",
    },
    fields: [
      {
        kind: "tabs",
        label: same(""),
        items: [
          { text: { en: "Import", fr: "Importer" }, selected: true },
          { text: { en: "Export", fr: "Exporter" } },
        ],
      },
      { kind: "text", label: { en: "Source range", fr: "Plage source" }, value: same("Import!A1:F41") },
      {
        kind: "list",
        label: { en: "Column mapping", fr: "Association des colonnes" },
        items: ["Year", "Measures", "Product", "Market", "Scenario", "Value"].map((column) => ({
          text: same(`${column} → ${column}`),
        })),
      },
      { kind: "readonly", label: { en: "Fixed members", fr: "Membres fixes" }, value: same("—") },
      { kind: "button", label: { en: "Check", fr: "Vérifier" } },
      { kind: "button", label: { en: "Submit", fr: "Soumettre" }, primary: true, inline: true },
    ],
    pages: [`${ESSBASE}/DataIntegration`],
  },
  {
    id: "zoom-in-levels",
    title: same("Zoom"),
    context: SHEET,
    contextKind: "sheet",
    caption: {
      en: "The arrow next to Zoom In opened: the level for this zoom only, Next level being the one in Settings",
      fr: "La flèche à côté de Zoom avant ouverte : le niveau de ce seul zoom, Niveau suivant étant celui des Paramètres",
    },
    fields: [
      { kind: "button", label: { en: "Zoom In", fr: "Zoom avant" }, primary: true },
      { kind: "button", label: { en: "Zoom Out", fr: "Zoom arrière" }, inline: true },
      {
        kind: "list",
        label: { en: "Level", fr: "Niveau" },
        items: [
          { text: { en: "Next level", fr: "Niveau suivant" }, selected: true },
          { text: { en: "All levels", fr: "Tous les niveaux" } },
          { text: { en: "Bottom level", fr: "Niveau inférieur" } },
          { text: { en: "Sibling level", fr: "Niveau des semblables" } },
          { text: { en: "Same level", fr: "Même niveau" } },
          { text: { en: "Same generation", fr: "Même génération" } },
          { text: { en: "Formulas", fr: "Formules" } },
        ],
      },
    ],
    pages: ["features/actions/Zoom"],
  },
  {
    id: "cascade",
    title: same("Cascade"),
    context: SAMPLE_ESSBASE,
    caption: {
      en: "Cascade of the Market dimension over the children of East, into this workbook",
      fr: "Cascade de la dimension Market sur les enfants d'East, dans ce classeur",
    },
    fields: [
      { kind: "dropdown", label: same("Dimension"), value: same("Market") },
      {
        kind: "readonly",
        label: { en: "Members", fr: "Membres" },
        value: same("New York, Massachusetts, Florida, Connecticut, New Hampshire"),
      },
      {
        kind: "dropdown",
        label: same("Destination"),
        value: { en: "This workbook", fr: "Ce classeur" },
        options: [{ en: "New workbook", fr: "Nouveau classeur" }],
      },
      { kind: "button", label: { en: "Run", fr: "Exécuter" }, primary: true },
    ],
    pages: ["features/actions/Cascade"],
  },
  {
    id: "pov-adhoc",
    title: same("Sample.Basic"),
    context: SAMPLE_ESSBASE,
    caption: {
      en: "The POV bar of an ad hoc grid on Sample.Basic: Sales, 100-10 and East, West being picked in the Market drop-down",
      fr: "La barre de PDV d'une grille ad hoc sur Sample.Basic : Sales, 100-10 et East, West en train d'être choisi dans la liste de Market",
    },
    fields: [
      { kind: "group", label: { en: "POV bar", fr: "Barre de PDV" } },
      { kind: "dropdown", label: same("Measures"), value: same("Sales") },
      { kind: "dropdown", label: same("Product"), value: same("100-10") },
      { kind: "dropdown", label: same("Market"), value: same("East") },
      {
        kind: "list",
        label: same("Market"),
        items: [
          { text: same("East") },
          { text: same("West"), selected: true },
          { text: same("South") },
          { text: same("Central") },
          { text: { en: "Member Selection…", fr: "Sélection de membres…" } },
        ],
      },
      { kind: "button", label: { en: "Refresh", fr: "Actualiser" }, primary: true },
    ],
    pages: ["features/features/POV"],
  },
  {
    id: "submit-form-details",
    title: same("Revenue Plan"),
    context: VISION_TEST,
    caption: {
      en: "After Submit on the form Revenue Plan: the amber notification, and its Details naming the cell refused and why",
      fr: "Après Soumettre sur le formulaire Revenue Plan : la notification orange, et ses détails qui citent la cellule refusée et le motif",
    },
    fields: [
      {
        kind: "message",
        tone: "warning",
        label: { en: "1 cell saved, 1 refused", fr: "1 cellule enregistrée, 1 refusée" },
      },
      { kind: "link", label: DETAILS, inline: true },
      {
        kind: "list",
        label: DETAILS,
        items: [
          {
            text: same("Q1 · Hardware Sales"),
            detail: { en: "Read-only", fr: "En lecture seule" },
          },
        ],
      },
    ],
    pages: ["features/actions/SubmitForm"],
  },
  {
    id: "task-lists-company",
    title: { en: "Task Lists", fr: "Listes de tâches" },
    context: VISION_TEST,
    caption: {
      en: "Task Lists on your company's Planning or PBCS server: no task list, only Run a rule by name",
      fr: "Listes de tâches sur le serveur Planning ou PBCS de votre entreprise : aucune liste de tâches, seulement Lancer une règle par son nom",
    },
    fields: [{ kind: "button", label: RUN_RULE_BY_NAME, primary: true }],
    pages: ["features/actions/TaskLists"],
  },
  {
    id: "task-lists",
    title: { en: "Task Lists", fr: "Listes de tâches" },
    context: VISION_TEST,
    caption: {
      en: "Task Lists on the demo server: Budget Preparation expanded, its tasks in order with their due dates, the first selected",
      fr: "Listes de tâches sur le serveur de démonstration : Budget Preparation développée, ses tâches dans l'ordre avec leur échéance, la première sélectionnée",
    },
    fields: [
      {
        kind: "tree",
        label: { en: "Task lists", fr: "Listes de tâches" },
        items: [
          { text: same("Budget Preparation"), depth: 0, expanded: true },
          { text: same("Enter the revenue plan · 2026-12-15"), depth: 1, selected: true },
          { text: same("Copy Working to What If · 2026-12-18"), depth: 1 },
          { text: same("Review revenue"), depth: 1 },
          { text: same("Forecast Update"), depth: 0, expanded: false },
        ],
      },
      { kind: "checkbox", label: { en: "Complete", fr: "Terminée" }, value: OFF },
      { kind: "button", label: { en: "Open task", fr: "Ouvrir la tâche" }, primary: true },
      { kind: "button", label: RUN_RULE_BY_NAME },
    ],
    pages: ["features/actions/TaskLists"],
  },
  {
    id: "run-rule-by-name",
    title: RUN_RULE_BY_NAME,
    context: VISION_TEST,
    caption: {
      en: "Run a rule by name on your company's server: SeedForecast on plan type Plan1, its prompt Entity set to 410, the rule type left empty",
      fr: "Lancer une règle par son nom sur le serveur de votre entreprise : SeedForecast sur le type de plan Plan1, son invite Entity à 410, le type de règle laissé vide",
    },
    fields: [
      { kind: "text", label: { en: "Rule name", fr: "Nom de la règle" }, value: same("SeedForecast") },
      {
        kind: "dropdown",
        label: { en: "Plan type", fr: "Type de plan" },
        value: same("Plan1"),
        options: [same("Plan2")],
      },
      { kind: "group", label: { en: "Runtime prompts", fr: "Invites d'exécution" } },
      { kind: "text", label: { en: "Prompt name", fr: "Nom de l'invite" }, value: same("Entity") },
      { kind: "text", label: { en: "Value", fr: "Valeur" }, value: same("410") },
      { kind: "link", label: { en: "Add a prompt", fr: "Ajouter une invite" } },
      { kind: "text", label: { en: "Rule type", fr: "Type de règle" }, value: same("") },
      { kind: "button", label: { en: "Run", fr: "Lancer" }, primary: true },
    ],
    pages: ["features/actions/RunRule"],
  },
];

/** The pages that document a screen of the add-in: every page under understanding-the-app, and these. */
export const SCREEN_PAGES_OUTSIDE_UNDERSTANDING: readonly string[] = [
  "features/actions/Cascade",
  "features/actions/Zoom",
  "activation/First-launch",
  "features/features/ConnectionsView",
  "features/features/MemberSelection",
  "features/actions/OpenForm",
  "features/features/POV",
  "features/actions/SubmitForm",
  "features/actions/TaskLists",
  "features/actions/RunRule",
  ...SETTING_PAGES.map(([, page]) => `features/settings/${page}`),
];
