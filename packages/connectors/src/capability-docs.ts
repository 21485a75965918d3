import {
  CAPABILITIES,
  type Capability,
  CONNECTOR_PROFILES,
  type RealServerSupport,
  type Text,
} from "./capabilities.ts";
import { CONNECTORS, type Connector, type Family } from "./connectors.ts";

/**
 * Every per-connector statement of the documentation, in English and French, written from the capability table:
 * the last section of the "Features and compatibility" page (the API's table), that page's add-in tables, and the
 * generated blocks of the other pages (`GENERATED_PAGES`: each feature page's demo-only note and "Behaviour by
 * connector" status, the Connect pages' lists, the introduction, the release notes).
 * `packages/connectors/scripts/write-capability-docs.ts` writes them; tests fail when a page and the table differ
 * (packages/connectors/test/capability-docs.test.ts, packages/server/test/docs/generated-blocks.test.ts).
 */

export type DocLocale = "en" | "fr";

const WORDS = {
  en: {
    heading: "## What the API does with each connector",
    intro: [
      "The tables above describe the add-in with each server. The QiBates REST API follows the capability table below, the one `GET /qibates/api/v2/health` returns: an operation marked **No** returns `422` with `QB_ERR_OPERATION_UNSUPPORTED` before any server is called, and the demo server behaves as that kind of server does.",
      "A capability marked **Demo only** is done by the demo server, but not by a real server reached with that connector, because its protocol has no public call for it: the call returns `422` with `QB_ERR_OPERATION_UNSUPPORTED`. **Yes, partly on real servers** means that a real server does part of it; the note says which part.",
    ],
    realHeading: "### Which connectors reach real servers",
    realNone:
      "**None yet.** Today the API returns data from its embedded demo server only (Sample.Basic for the Essbase family, Vision for the planning family), at the demo addresses below, whatever the connector. A real server address, even one on the allow-list (`ALLOWED_HOSTS`), is refused at login with `502 QB_ERR_PROVIDER_ERROR`: QiBates has no client of those servers' protocols yet.",
    realSome: (real: string, demoOnly: string) =>
      `**${real}.** A login with ${real.includes(",") || real.includes(" and ") ? "these connectors" : "this connector"} to an address on the allow-list (\`ALLOWED_HOSTS\`) reaches that server. With ${demoOnly}, the API returns data from its embedded demo server only (Sample.Basic for the Essbase family, Vision for the planning family), at the demo addresses below: a real server address, even one on the allow-list, is refused at login with \`502 QB_ERR_PROVIDER_ERROR\`, because QiBates has no client of those servers' protocols yet.`,
    realAll:
      "**Every connector.** A login to an address on the allow-list (`ALLOWED_HOSTS`) reaches that server; the embedded demo server serves the demo addresses below.",
    realGuides: (links: string) =>
      `For the address, the network settings and what each call does on the server, see ${links}.`,
    /** The page that explains how to reach a real server with each connector that can (a link from this page). */
    guides: {
      essbase: "[Connect QiBates to Essbase 11.x (Provider Services)](../admin/connect-essbase-11.md)",
      "essbase-stndln": "[Connect QiBates to an Essbase 21c server](../admin/connect-essbase-21c.md)",
      ssas: "[Connect QiBates to Microsoft Analysis Services (SSAS)](../admin/connect-ssas.md)",
      planning: "[Connect QiBates to Planning and EPM Cloud](../admin/connect-planning.md)",
    } as Partial<Record<Connector, string>>,
    realHealth:
      "`GET /qibates/api/v2/health` gives the same answer for each connector (`realServers`). The demo addresses answer only when the server runs in demo mode (`QIBATES_DEMO`), with user `demo` and password `demo`.",
    and: "and",
    connector: "Connector",
    server: "Server",
    demoAddress: "Demo address",
    families: { essbase: "### Essbase family", planning: "### Planning family" } as Record<Family, string>,
    capability: "Capability",
    calls: "API calls",
    realServers: "Real servers",
    notYet: "Not yet",
    yes: "Yes",
    no: "No",
    demoOnly: "Demo only",
    partly: "Yes, partly on real servers",
    notes: "Why:",
  },
  fr: {
    heading: "## Ce que fait l'API avec chaque connecteur",
    intro: [
      "Les tableaux ci-dessus décrivent le complément avec chaque serveur. L'API REST de QiBates suit la table des capacités ci-dessous, celle que renvoie `GET /qibates/api/v2/health` : une opération marquée **Non** renvoie `422` avec `QB_ERR_OPERATION_UNSUPPORTED` avant tout appel à un serveur, et le serveur de démonstration se comporte comme ce type de serveur.",
      "Une capacité marquée **Démo seulement** est assurée par le serveur de démonstration, mais pas par un serveur réel joint avec ce connecteur, car son protocole n'a pas d'appel public pour cela : l'appel renvoie `422` avec `QB_ERR_OPERATION_UNSUPPORTED`. Avec **Oui, en partie sur serveur réel**, un serveur réel en fait une partie ; la note dit laquelle.",
    ],
    realHeading: "### Connecteurs qui joignent de vrais serveurs",
    realNone:
      "**Aucun pour l'instant.** Aujourd'hui, l'API répond uniquement depuis son serveur de démonstration intégré (Sample.Basic pour la famille Essbase, Vision pour la famille Planning), aux adresses de démonstration ci-dessous, quel que soit le connecteur. Une adresse de serveur réel, même présente dans la liste des hôtes autorisés (`ALLOWED_HOSTS`), est refusée à la connexion avec `502 QB_ERR_PROVIDER_ERROR` : QiBates n'a pas encore de client pour les protocoles de ces serveurs.",
    realSome: (real: string, demoOnly: string) =>
      `**${real}.** Une connexion avec ${real.includes(",") || real.includes(" et ") ? "ces connecteurs" : "ce connecteur"} à une adresse de la liste des hôtes autorisés (\`ALLOWED_HOSTS\`) joint ce serveur. Avec ${demoOnly}, l'API répond uniquement depuis son serveur de démonstration intégré (Sample.Basic pour la famille Essbase, Vision pour la famille Planning), aux adresses de démonstration ci-dessous : une adresse de serveur réel, même présente dans la liste des hôtes autorisés, est refusée à la connexion avec \`502 QB_ERR_PROVIDER_ERROR\`, car QiBates n'a pas encore de client pour les protocoles de ces serveurs.`,
    realAll:
      "**Tous les connecteurs.** Une connexion à une adresse de la liste des hôtes autorisés (`ALLOWED_HOSTS`) joint ce serveur ; les adresses de démonstration ci-dessous sont servies par le serveur de démonstration intégré.",
    realGuides: (links: string) =>
      `Pour l'adresse, les réglages réseau et ce que fait chaque appel sur le serveur, voir ${links}.`,
    guides: {
      essbase: "[Connecter QiBates à Essbase 11.x (Provider Services)](../admin/connect-essbase-11.md)",
      "essbase-stndln": "[Connecter QiBates à un serveur Essbase 21c](../admin/connect-essbase-21c.md)",
      ssas: "[Connecter QiBates à Microsoft Analysis Services (SSAS)](../admin/connect-ssas.md)",
      planning: "[Connecter QiBates à Planning et EPM Cloud](../admin/connect-planning.md)",
    } as Partial<Record<Connector, string>>,
    realHealth:
      "`GET /qibates/api/v2/health` donne la même réponse pour chaque connecteur (`realServers`). Les adresses de démonstration ne répondent que lorsque le serveur fonctionne en mode démo (`QIBATES_DEMO`), avec l'utilisateur `demo` et le mot de passe `demo`.",
    and: "et",
    connector: "Connecteur",
    server: "Serveur",
    demoAddress: "Adresse de démonstration",
    families: { essbase: "### Famille Essbase", planning: "### Famille Planning" } as Record<Family, string>,
    capability: "Capacité",
    calls: "Appels de l'API",
    realServers: "Serveurs réels",
    notYet: "Pas encore",
    yes: "Oui",
    no: "Non",
    demoOnly: "Démo seulement",
    partly: "Oui, en partie sur serveur réel",
    notes: "Pourquoi :",
  },
};

const SUPERSCRIPT = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"];
const sup = (n: number) => [...String(n)].map((d) => SUPERSCRIPT[Number(d)]).join("");

function familyTable(family: Family, locale: DocLocale): string[] {
  const w = WORDS[locale];
  const connectors = CONNECTORS.filter((c) => CONNECTOR_PROFILES[c].family === family);
  const reasons: Text[] = [];
  const noteOf = (why: Text): number => {
    const i = reasons.findIndex((r) => r.en === why.en);
    if (i >= 0) return i + 1;
    reasons.push(why);
    return reasons.length;
  };
  const lines = [
    w.families[family],
    "",
    `| ${w.capability} | ${w.calls} | ${connectors.map((c) => `\`${c}\``).join(" | ")} |`,
    `|---|---|${connectors.map(() => "---").join("|")}|`,
    `| ${w.realServers} | | ${connectors.map((c) => (CONNECTOR_PROFILES[c].realServers ? w.yes : w.notYet)).join(" | ")} |`,
  ];
  for (const cap of CAPABILITIES.filter((c) => c.family === family)) {
    const cells = connectors.map((c) => {
      const s = CONNECTOR_PROFILES[c].capabilities[cap.id];
      if (s?.status === "no") return `${w.no} ${sup(noteOf(s.why))}`;
      const real = s?.realServers;
      if (real) return `${real.status === "no" ? w.demoOnly : w.partly} ${sup(noteOf(real.why))}`;
      return w.yes;
    });
    const calls = cap.operations.map((o) => `\`${o}\``).join(", ");
    lines.push(`| ${cap.label[locale]} | ${calls} | ${cells.join(" | ")} |`);
  }
  if (reasons.length > 0) {
    lines.push("", w.notes, "");
    reasons.forEach((r, i) => {
      lines.push(`${i + 1}. ${r[locale]}`);
    });
  }
  return lines;
}

/** Host of the embedded demo provider (the server answers it in demo mode only). */
const DEMO_HOST = "demo.qibates.local";

/** The connectors whose `realServers` is true, in the table's order. */
export function realServerConnectors(): Connector[] {
  return CONNECTORS.filter((c) => CONNECTOR_PROFILES[c].realServers);
}

function listOf(connectors: readonly Connector[], locale: DocLocale): string {
  return joined(
    connectors.map((c) => `\`${c}\``),
    locale,
  );
}

function joined(items: readonly string[], locale: DocLocale): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${WORDS[locale].and} ${items.at(-1)}`;
}

/** The connection guides of the connectors that reach real servers (none for a demo-only connector). */
export function realServerGuides(locale: DocLocale): string[] {
  return realServerConnectors().flatMap((c) => WORDS[locale].guides[c] ?? []);
}

/** Which connectors reach real servers, written from `realServers`, with each connector's demo address. */
function realServersPart(locale: DocLocale): string[] {
  const w = WORDS[locale];
  const real = realServerConnectors();
  const demoOnly = CONNECTORS.filter((c) => !real.includes(c));
  const statement =
    real.length === 0
      ? w.realNone
      : demoOnly.length === 0
        ? w.realAll
        : w.realSome(listOf(real, locale), listOf(demoOnly, locale));
  const guides = realServerGuides(locale);
  return [
    w.realHeading,
    "",
    statement,
    "",
    ...(guides.length > 0 ? [w.realGuides(joined(guides, locale)), ""] : []),
    w.realHealth,
    "",
    `| ${w.connector} | ${w.server} | ${w.realServers} | ${w.demoAddress} |`,
    "|---|---|---|---|",
    ...CONNECTORS.map((c) => {
      const p = CONNECTOR_PROFILES[c];
      return `| \`${c}\` | ${p.server[locale]} | ${p.realServers ? w.yes : w.notYet} | \`https://${DEMO_HOST}${p.providerAddressSuffix}\` |`;
    }),
  ];
}

/** The section, from its heading to the end of the page. */
export function capabilitySection(locale: DocLocale): string {
  const w = WORDS[locale];
  const lines = [w.heading, "", ...w.intro.flatMap((p) => [p, ""]), ...realServersPart(locale), ""];
  lines.push(...familyTable("essbase", locale), "", ...familyTable("planning", locale));
  return `${lines.join("\n")}\n`;
}

/** The heading the section starts with, to find it in a page. */
export function capabilityHeading(locale: DocLocale): string {
  return WORDS[locale].heading;
}

// ---------------------------------------------------------------------------------------------------------------
// Generated blocks of the other pages: every per-connector statement the documentation makes is written here,
// from the capability table, and `packages/connectors/scripts/write-capability-docs.ts` writes it between
// markers. A test compares each block with a fresh generation (packages/server/test/docs/generated-blocks.test.ts).

/**
 * How a block starts and ends in a page: an HTML comment in a Markdown page, an MDX comment in an MDX page
 * (MDX has no HTML comments); Docusaurus shows neither.
 */
export const blockStart = (name: string, mdx = false) =>
  comment(
    `generated:${name} from the capability table: run packages/connectors/scripts/write-capability-docs.ts`,
    mdx,
  );
export const blockEnd = (name: string, mdx = false) => comment(`end generated:${name}`, mdx);
const comment = (text: string, mdx: boolean) => (mdx ? `{/* ${text} */}` : `<!-- ${text} -->`);

/**
 * Text made safe for an MDX page: braces and `<` outside inline code are escaped, so that a reason such as
 * "GET …/forms/{form}/data" stays text instead of becoming a JavaScript expression or a tag.
 */
export function escapeMdx(text: string): string {
  return text
    .split(/(`[^`\n]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/([{}<])/g, "\\$1")))
    .join("");
}

/** True when a page is compiled as MDX (its front matter says `format: mdx`). */
export function isMdxPage(source: string): boolean {
  const front = /^---\n([\s\S]*?)\n---\n/.exec(source)?.[1] ?? "";
  return /^\s+format:\s*mdx\s*$/m.test(front);
}

type Verdict = "yes" | "partial" | "demoOnly" | "no";
const RANK: Record<Verdict, number> = { yes: 0, partial: 1, demoOnly: 2, no: 3 };

const VERDICT_WORDS: Record<DocLocale, Record<Verdict, string>> = {
  en: { yes: "Yes", partial: "Partial", demoOnly: "Demo only", no: "No" },
  fr: { yes: "Oui", partial: "Partiel", demoOnly: "Démo seulement", no: "Non" },
};

/** A connector's column title in the add-in tables. */
const COLUMN: Record<Connector, string> = {
  essbase: "Essbase",
  ssas: "SSAS",
  planning: "Planning",
  "essbase-stndln": "Essbase 21c",
  pbcs: "PBCS",
};

/** What the add-in does with one server, before the capability table is applied: its own rule, and why. */
type Base = readonly [Exclude<Verdict, "demoOnly">, Text?];

interface AddinRow {
  label: Text;
  /** Capabilities the whole feature needs: the worst of them decides (No, Demo only, Partial). */
  needs?: readonly Capability[];
  /** Capabilities part of the feature needs: one that is not plain Yes makes the feature Partial. */
  part?: readonly Capability[];
  /** The add-in's own rule per connector (default: Yes). */
  base?: Partial<Record<Connector, Base>>;
}

interface AddinTable {
  heading: Text;
  first: Text;
  rows: readonly AddinRow[];
}

/** The add-in's own notes (what no capability says), in both languages. */
const N = {
  ssasGrid: {
    en: "SSAS has no ad hoc verbs of its own: QiBates lays out each action itself, with Essbase's rules over the cube's outline (read with XMLA `Discover`), then reads the grid's cells with one MDX `SELECT` of tuples, the dimensions that do not change in a `WHERE` slicer; suppression is applied to the answer. MDX level numbers count from the top; QiBates shows Essbase numbering (level 0 = leaves, generation = MDX level ordinal + 1). See [Connect to SSAS](../admin/connect-ssas.md#grids-as-mdx).",
    fr: "SSAS n'a pas d'opérations ad hoc propres : QiBates dispose lui-même chaque action, avec les règles d'Essbase appliquées à l'outline du cube (lue par `Discover` XMLA), puis lit les cellules de la grille par une seule requête MDX `SELECT` de tuples, les dimensions qui ne changent pas dans un filtre `WHERE` ; la suppression est appliquée à la réponse. En MDX, les niveaux se comptent depuis le haut ; QiBates affiche la numérotation Essbase (niveau 0 = feuilles, génération = numéro de niveau MDX + 1). Voir [Se connecter à SSAS](../admin/connect-ssas.md#les-grilles-en-mdx).",
  },
  essbase11Grid: {
    en: "Provider Services' ad hoc messages have no public description: QiBates lays out every ad hoc operation itself, with Essbase's rules over the cube's outline, then reads the cells with one Smart View `Refresh`, so the data always come from Essbase. See [Connect to Essbase 11.x](../admin/connect-essbase-11.md#what-qibates-lays-out-itself).",
    fr: "Les messages ad hoc de Provider Services n'ont pas de description publique : QiBates dispose lui-même chaque opération ad hoc, avec les règles d'Essbase appliquées à l'outline du cube, puis lit les cellules par un seul `Refresh` Smart View : les données viennent toujours d'Essbase. Voir [Se connecter à Essbase 11.x](../admin/connect-essbase-11.md#ce-que-qibates-construit-lui-même).",
  },
  planningAdhoc: {
    en: "On plan types, and on forms enabled for ad hoc by the administrator.",
    fr: "Sur les types de plan, et sur les formulaires que l'administrateur a autorisés en ad hoc.",
  },
  rest21cZoom: {
    en: "The Essbase 21c REST grid has only three native zoom modes (Next, All, Bottom). QiBates lays out Sibling level, Same level and Same generation itself, with Essbase's rules over the cube's outline (read through the REST outline endpoints), then refreshes that grid on the server, so the data always come from Essbase. With the ancestor position Top, the server's own zoom puts ancestors on top only when its `essbase.cfg` sets `SSANCESTORONTOP` to `TRUE` (ask the Essbase administrator). See [Connect to Essbase 21c](../admin/connect-essbase-21c.md).",
    fr: "La grille REST d'Essbase 21c ne propose que trois modes de zoom natifs (suivant, tous, inférieur). QiBates dispose lui-même Niveau des semblables, Même niveau et Même génération, avec les règles d'Essbase appliquées à l'outline du cube (lue par les points d'accès REST de l'outline), puis actualise cette grille sur le serveur : les données viennent toujours d'Essbase. Avec la position des ancêtres En haut, le zoom du serveur ne place les ancêtres en haut que si son `essbase.cfg` règle `SSANCESTORONTOP` sur `TRUE` (demandez-le à l'administrateur d'Essbase). Voir [Se connecter à Essbase 21c](../admin/connect-essbase-21c.md).",
  },
  planningZoom: {
    en: "On a Planning or PBCS form enabled for ad hoc, QiBates zooms through Planning's own ad hoc grid, which has three levels only: Next, All and Bottom (Smart View offers the same three there). QiBates does not emulate the other four on Planning as it does on Essbase 21c, so the pane does not offer them.",
    fr: "Sur un formulaire Planning ou PBCS autorisé en ad hoc, QiBates zoome par la grille ad hoc de Planning, qui n'a que trois niveaux : suivant, tous et inférieur (Smart View y propose les trois mêmes). QiBates n'émule pas les quatre autres sur Planning comme il le fait sur Essbase 21c : le volet ne les propose donc pas.",
  },
  essbaseSubmit: {
    en: "Block storage: stored cells at any level (a value on a stored parent lasts until the next aggregation). Aggregate storage: level 0 only. Dynamic Calc and label-only members are never written.",
    fr: "Stockage par blocs : cellules stockées à tout niveau (une valeur sur un parent stocké dure jusqu'à la prochaine agrégation). Stockage agrégé : niveau 0 uniquement. Les membres en calcul dynamique et en libellé uniquement ne sont jamais écrits.",
  },
  ssasSubmit: {
    en: "Write-back needs a write-enabled partition on the measure group, and measures that aggregate by Sum; calculated members cannot be written. Values go to the writeback table.",
    fr: "L'écriture différée exige une partition activée en écriture sur le groupe de mesures et des mesures agrégées par Somme ; les membres calculés ne peuvent pas être écrits. Les valeurs vont dans la table d'écriture différée.",
  },
  planningSubmit: {
    en: "Only writable cells are saved; read-only and locked cells are never sent. Text cells are limited to 255 characters.",
    fr: "Seules les cellules modifiables sont enregistrées ; les cellules en lecture seule et verrouillées ne sont jamais envoyées. Les cellules texte sont limitées à 255 caractères.",
  },
  noForms: {
    en: "Essbase-family servers have no data forms: the Forms Library lists the grids saved from QiBates.",
    fr: "Les serveurs de la famille Essbase n'ont pas de formulaires : la bibliothèque de formulaires liste les grilles enregistrées depuis QiBates.",
  },
  composite: {
    en: "Composite forms open one sheet per subform. Dashboards, which the cloud favours over composite forms, do not open in QiBates: open their forms one by one.",
    fr: "Les formulaires composites s'ouvrent avec une feuille par sous-formulaire. Les tableaux de bord, que le cloud privilégie par rapport aux formulaires composites, ne s'ouvrent pas dans QiBates : ouvrez leurs formulaires un par un.",
  },
  essbaseRules: {
    en: "Essbase has no business rules: the calculation scripts of the cube (listed by `nav/scripts`) can be run with `action/calculate`, without runtime prompts.",
    fr: "Essbase n'a pas de règles métier : les scripts de calcul du cube (listés par `nav/scripts`) peuvent être lancés avec `action/calculate`, sans invites d'exécution.",
  },
  ssasRules: {
    en: "SSAS has neither business rules nor calculation scripts.",
    fr: "SSAS n'a ni règles métier ni scripts de calcul.",
  },
  planningRules: {
    en: "QiBates runs a form's business rules when you submit the form: the rules set to run on save run after the cells are written, with the runtime prompt values asked at submit (a prompt left empty takes its default value). Opening a form runs no rule, so a rule set to run on load does not run from QiBates; launch it on demand instead ([Run a business rule](features/actions/RunRule.md)). Runtime prompt types: Member, Members, Numeric, String and Dimension. Prompts list only members you may access.",
    fr: "QiBates exécute les règles métier d'un formulaire quand vous le soumettez : les règles paramétrées pour s'exécuter à l'enregistrement s'exécutent après l'écriture des cellules, avec les valeurs des invites d'exécution demandées à la soumission (une invite laissée vide prend sa valeur par défaut). L'ouverture d'un formulaire n'exécute aucune règle : une règle paramétrée pour s'exécuter au chargement ne s'exécute donc pas depuis QiBates ; lancez-la plutôt à la demande ([Lancer une règle métier](features/actions/RunRule.md)). Types d'invite : Membre, Membres, Numérique, Chaîne et Dimension. Les invites ne proposent que les membres auxquels vous avez accès.",
  },
  essbaseFilters: {
    en: "None, Children, Descendants, Level, Generation, UDA; attribute dimensions can be browsed. On Essbase 21c and Essbase 11.x, QiBates applies the filters to the outline it reads from the server (Essbase 11.x's UDA filter is the server's own).",
    fr: "Aucun, Enfants, Descendants, Niveau, Génération, UDA ; les dimensions d'attribut peuvent être parcourues. Sur Essbase 21c et Essbase 11.x, QiBates applique les filtres à l'outline qu'il lit sur le serveur (le filtre UDA d'Essbase 11.x est celui du serveur).",
  },
  ssasFilters: {
    en: "No UDA filter; member captions are shown.",
    fr: "Pas de filtre UDA ; les légendes des membres sont affichées.",
  },
  planningFilters: {
    en: "Hierarchy, Substitution, Descendants, Children, Children Inclusive, Siblings, Siblings Inclusive, Parents, Ancestors Inclusive, Level 0 Descendants; lists show only members you may read.",
    fr: "Hiérarchie, Substitution, Descendants, Enfants, Enfants (incl.), Semblables, Semblables (incl.), Parents, Ancêtres (incl.), Descendants de niveau 0 ; les listes ne montrent que les membres que vous pouvez lire.",
  },
  essbaseAliases: {
    en: "One active alias table per sheet. Up to 32 tables including Default on Essbase 11.x, 56 on Essbase 21c. Sample.Basic has Default and Long Names.",
    fr: "Une seule table d'alias active par feuille. Jusqu'à 32 tables, Default comprise, sur Essbase 11.x, 56 sur Essbase 21c. Sample.Basic possède Default et Long Names.",
  },
  ssasAliases: {
    en: 'SSAS has no alias tables: the `Default` table holds the member captions (XMLA gives one per member), and "name: alias" shows the member name and its caption.',
    fr: "SSAS n'a pas de tables d'alias : la table `Default` contient les légendes des membres (XMLA en donne une par membre), et « nom : alias » affiche le nom du membre et sa légende.",
  },
  rest21cNameAlias: {
    en: 'Essbase 21c\'s REST API gives no grid with member names and aliases together: "name: alias" is refused (`422 QB_ERR_OPERATION_UNSUPPORTED` in the API); name or alias alone work.',
    fr: "L'API REST d'Essbase 21c ne donne pas de grille avec les noms et les alias des membres ensemble : « nom : alias » est refusé (`422 QB_ERR_OPERATION_UNSUPPORTED` dans l'API) ; le nom seul ou l'alias seul fonctionnent.",
  },
  variablesTyped: {
    en: "Typed in the grid with `&` (`&CurrMonth`); global, application or cube scope.",
    fr: "Saisies dans la grille précédées de `&` (`&CurrMonth`) ; portée globale, application ou cube.",
  },
  ssasVariables: {
    en: "SSAS has no substitution variables.",
    fr: "SSAS n'a pas de variables de substitution.",
  },
  variablesFilter: {
    en: "Offered by the Substitution filter of member selection.",
    fr: "Proposées par le filtre Substitution de la sélection de membres.",
  },
  predictions: {
    en: "Predicted values are typed values: nothing reaches the server until you submit them, under the rules of Submit for that server.",
    fr: "Les valeurs prédites sont des valeurs saisies : rien n'atteint le serveur avant leur soumission, selon les règles de soumission propres à ce serveur.",
  },
  targetForm: {
    en: "Through a target form: only its writable cells are loaded; business rules set to run on save run as for Submit.",
    fr: "Par un formulaire cible : seules ses cellules modifiables sont chargées ; les règles métier à exécuter à l'enregistrement s'exécutent comme pour une soumission.",
  },
  rowsOnly: {
    en: "Rows only. The Essbase 21c REST grid ignores column suppression, and Smart View documents column suppression as unsupported for Essbase ad hoc; QiBates therefore suppresses rows only, on every Essbase-family connector. Planning forms keep their own row and column suppression.",
    fr: "Lignes seulement. La grille REST d'Essbase 21c ignore la suppression des colonnes, et Smart View la documente comme non prise en charge en ad hoc Essbase ; QiBates ne supprime donc que des lignes, sur chaque connecteur de la famille Essbase. Les formulaires Planning gardent leur propre suppression des lignes et des colonnes.",
  },
  largeCell: {
    en: "The 255-character limit applies to Planning text cells; Essbase and SSAS data cells are numbers.",
    fr: "La limite de 255 caractères concerne les cellules texte Planning ; les cellules de données Essbase et SSAS sont numériques.",
  },
  colors: {
    en: "Writable, modified and read-only cells on every connector (read-only: Dynamic Calc, label-only and attribute members, cells your security does not let you write; on SSAS, cubes without a write-enabled partition and calculated members). Locked cells (tan) exist only in Planning and PBCS.",
    fr: "Cellules modifiables, modifiées et en lecture seule sur tous les connecteurs (lecture seule : membres en calcul dynamique, en libellé uniquement et d'attribut, cellules que votre sécurité ne vous permet pas d'écrire ; sur SSAS, cubes sans partition activée en écriture et membres calculés). Les cellules verrouillées (beiges) n'existent que dans Planning et PBCS.",
  },
} satisfies Record<string, Text>;

const ESSBASE_FAMILY: readonly Connector[] = ["essbase", "ssas", "essbase-stndln"];
const PLANNING_FAMILY: readonly Connector[] = ["planning", "pbcs"];
const each = (connectors: readonly Connector[], base: Base): Partial<Record<Connector, Base>> =>
  Object.fromEntries(connectors.map((c) => [c, base]));
const link = (label: Text, target: string): Text => ({
  en: `[${label.en}](${target})`,
  fr: `[${label.fr}](${target})`,
});
const ZOOM_NATIVE: Capability[] = ["zoomIn:NEXT_LEVEL", "zoomIn:ALL_LEVELS", "zoomIn:BOTTOM_LEVEL"];
const ZOOM_LAID_OUT: Capability[] = ["zoomIn:SIBLING_LEVEL", "zoomIn:SAME_LEVEL", "zoomIn:SAME_GENERATION"];

/** The add-in tables of "Features and compatibility", row by row. */
const ADDIN_TABLES: readonly AddinTable[] = [
  {
    heading: { en: "## Actions", fr: "## Actions" },
    first: { en: "Feature", fr: "Fonctionnalité" },
    rows: [
      {
        label: link({ en: "Ad hoc grid", fr: "Grille ad hoc" }, "features/actions/AdHoc.md"),
        needs: ["adhoc"],
        base: {
          essbase: ["yes", N.essbase11Grid],
          ssas: ["yes", N.ssasGrid],
          ...each(PLANNING_FAMILY, ["yes", N.planningAdhoc]),
        },
      },
      {
        label: link({ en: "Refresh", fr: "Actualiser" }, "features/actions/Refresh.md"),
        needs: ["adhoc"],
        base: { essbase: ["yes", N.essbase11Grid], ssas: ["yes", N.ssasGrid] },
      },
      {
        label: {
          en: "[Zoom In](features/actions/Zoom.md): Next level, All levels, Bottom level",
          fr: "[Zoom avant](features/actions/Zoom.md) : niveau suivant, tous les niveaux, niveau inférieur",
        },
        needs: ZOOM_NATIVE,
        base: {
          essbase: ["yes", N.essbase11Grid],
          ssas: ["yes", N.ssasGrid],
          ...each(PLANNING_FAMILY, ["yes", N.planningAdhoc]),
        },
      },
      {
        label: {
          en: "Zoom In: Sibling level, Same level, Same generation",
          fr: "Zoom avant : niveau des semblables, même niveau, même génération",
        },
        needs: ZOOM_LAID_OUT,
        base: {
          essbase: ["yes", N.essbase11Grid],
          ssas: ["yes", N.ssasGrid],
          "essbase-stndln": ["yes", N.rest21cZoom],
          ...each(PLANNING_FAMILY, ["no", N.planningZoom]),
        },
      },
      {
        label: { en: "Zoom In: Formulas (`CALC_LEVEL`)", fr: "Zoom avant : formules (`CALC_LEVEL`)" },
        needs: ["zoomIn:CALC_LEVEL"],
        base: each(PLANNING_FAMILY, ["no", N.planningZoom]),
      },
      {
        label: { en: "Zoom Out", fr: "Zoom arrière" },
        needs: ["zoomOut"],
        base: { essbase: ["yes", N.essbase11Grid], ssas: ["yes", N.ssasGrid] },
      },
      {
        label: link(
          { en: "Keep Only / Remove Only", fr: "Conserver uniquement / Enlever uniquement" },
          "features/actions/KeepRemoveOnly.md",
        ),
        needs: ["keepRemoveOnly"],
        base: { essbase: ["yes", N.essbase11Grid], ssas: ["yes", N.ssasGrid] },
      },
      {
        label: link(
          { en: "Pivot / Pivot to POV", fr: "Pivoter / Pivoter vers le PDV" },
          "features/actions/Pivot.md",
        ),
        needs: ["pivot"],
        base: { essbase: ["yes", N.essbase11Grid], ssas: ["yes", N.ssasGrid] },
      },
      {
        label: link({ en: "Submit", fr: "Soumettre" }, "features/actions/Submit.md"),
        needs: ["writeBack", "formSubmit"],
        base: {
          essbase: ["yes", N.essbaseSubmit],
          ssas: ["partial", N.ssasSubmit],
          "essbase-stndln": ["yes", N.essbaseSubmit],
          ...each(PLANNING_FAMILY, ["yes", N.planningSubmit]),
        },
      },
      {
        label: link({ en: "Cascade", fr: "Cascade" }, "features/actions/Cascade.md"),
        needs: ["adhoc"],
        part: ["forms"],
      },
    ],
  },
  {
    heading: { en: "## Planning objects", fr: "## Objets Planning" },
    first: { en: "Feature", fr: "Fonctionnalité" },
    rows: [
      {
        label: link({ en: "Forms", fr: "Formulaires" }, "features/actions/OpenForm.md"),
        needs: ["forms"],
        base: each(ESSBASE_FAMILY, ["no", N.noForms]),
      },
      {
        label: { en: "Composite forms", fr: "Formulaires composites" },
        needs: ["compositeForms"],
        base: { ...each(ESSBASE_FAMILY, ["no", N.noForms]), ...each(PLANNING_FAMILY, ["yes", N.composite]) },
      },
      {
        label: link({ en: "Form links", fr: "Liens de formulaire" }, "features/features/FormLinks.md"),
        needs: ["forms"],
        base: each(ESSBASE_FAMILY, ["no", N.noForms]),
      },
      {
        label: link({ en: "Task lists", fr: "Listes de tâches" }, "features/actions/TaskLists.md"),
        needs: ["taskLists"],
        base: each(ESSBASE_FAMILY, ["no"]),
      },
      {
        label: link(
          { en: "Business rules with runtime prompts", fr: "Règles métier avec invites d'exécution" },
          "features/actions/RunRule.md",
        ),
        needs: ["calcScripts", "businessRules"],
        part: ["runtimePrompts"],
        base: {
          essbase: ["partial", N.essbaseRules],
          ssas: ["no", N.ssasRules],
          "essbase-stndln": ["partial", N.essbaseRules],
          ...each(PLANNING_FAMILY, ["yes", N.planningRules]),
        },
      },
    ],
  },
  {
    heading: { en: "## Navigation and metadata", fr: "## Navigation et métadonnées" },
    first: { en: "Feature", fr: "Fonctionnalité" },
    rows: [
      {
        label: {
          en: "[Member selection](features/features/MemberSelection.md) filters",
          fr: "Filtres de [sélection de membres](features/features/MemberSelection.md)",
        },
        needs: ["memberFilters", "planningMemberFilters"],
        part: ["udaFilter"],
        base: {
          essbase: ["yes", N.essbaseFilters],
          ssas: ["yes", N.ssasFilters],
          "essbase-stndln": ["yes", N.essbaseFilters],
          ...each(PLANNING_FAMILY, ["yes", N.planningFilters]),
        },
      },
      {
        label: { en: "Alias tables", fr: "Tables d'alias" },
        needs: ["aliasTables", "planningAliasTables"],
        base: {
          essbase: ["yes", N.essbaseAliases],
          ssas: ["yes", N.ssasAliases],
          "essbase-stndln": ["yes", N.essbaseAliases],
        },
      },
      {
        label: { en: "Substitution variables", fr: "Variables de substitution" },
        needs: ["variables", "planningMemberFilters"],
        part: ["variablesSet"],
        base: {
          essbase: ["yes", N.variablesTyped],
          ssas: ["no", N.ssasVariables],
          "essbase-stndln": ["yes", N.variablesTyped],
          ...each(PLANNING_FAMILY, ["yes", N.variablesFilter]),
        },
      },
      { label: link({ en: "POV bar", fr: "Barre de PDV" }, "features/features/POV.md") },
    ],
  },
  {
    heading: { en: "## Data tools", fr: "## Outils de données" },
    first: { en: "Feature", fr: "Fonctionnalité" },
    rows: [
      {
        label: link({ en: "Predictions", fr: "Prédictions" }, "features/features/Prediction.md"),
        part: ["writeBack", "formSubmit"],
        base: {
          ...each(ESSBASE_FAMILY, ["yes", N.predictions]),
          ssas: ["partial", N.ssasSubmit],
          ...each(PLANNING_FAMILY, ["yes", N.predictions]),
        },
      },
      {
        label: {
          en: "[Data integration](features/features/DataIntegration.md): import",
          fr: "[Intégration de données](features/features/DataIntegration.md) : import",
        },
        needs: ["writeBack", "formSubmit"],
        base: {
          essbase: ["yes", N.essbaseSubmit],
          ssas: ["partial", N.ssasSubmit],
          "essbase-stndln": ["yes", N.essbaseSubmit],
          ...each(PLANNING_FAMILY, ["yes", N.targetForm]),
        },
      },
      {
        label: { en: "Data integration: export", fr: "Intégration de données : export" },
        needs: ["adhoc"],
        part: ["forms"],
      },
    ],
  },
  {
    heading: { en: "## Settings", fr: "## Paramètres" },
    first: { en: "Setting", fr: "Paramètre" },
    rows: [
      {
        label: {
          en: "[Missing label](features/settings/MissingLabel.md), [Missing as zero](features/settings/MissingZero.md)",
          fr: "[Libellé #Missing](features/settings/MissingLabel.md), [Manquant affiché à zéro](features/settings/MissingZero.md)",
        },
      },
      {
        label: {
          en: "[Missing suppression](features/settings/MissingSuppression.md) (rows)",
          fr: "[Supprimer les lignes manquantes](features/settings/MissingSuppression.md)",
        },
        base: each(ESSBASE_FAMILY, ["yes", N.rowsOnly]),
      },
      {
        label: link(
          { en: "Navigation without data", fr: "Navigation sans données" },
          "features/settings/NavigationWithoutData.md",
        ),
      },
      {
        label: link(
          { en: "Display code and alias", fr: "Afficher le code et l'alias" },
          "features/settings/DisplayCodeAndAlias.md",
        ),
        base: { ssas: ["partial", N.ssasAliases], "essbase-stndln": ["partial", N.rest21cNameAlias] },
      },
      {
        label: link(
          { en: "Submit with large cell", fr: "Soumission des cellules longues" },
          "features/settings/SubmitWithLargeCell.md",
        ),
        needs: ["formSubmit"],
        base: each(ESSBASE_FAMILY, ["no", N.largeCell]),
      },
      {
        label: link({ en: "Color coding", fr: "Code couleur" }, "features/settings/ColorCoding.md"),
        base: each(ESSBASE_FAMILY, ["partial", N.colors]),
      },
      {
        label: {
          en: "Layout settings: [freeze](features/settings/Freeze.md), [merge cells](features/settings/MergeCells.md), [resize columns](features/settings/ResizeColumns.md), [number precision](features/settings/NumberPrecision.md), [indentation](features/settings/WithoutIndentation.md), [default position](features/settings/DefaultPositionNewGrid.md), [conditional formatting](features/settings/KeepConditionnalFormatting.md), [unknown members](features/settings/UnknownMemberIndication.md)",
          fr: "Paramètres de mise en page : [figer les volets](features/settings/Freeze.md), [fusionner les cellules](features/settings/MergeCells.md), [ajustement des colonnes](features/settings/ResizeColumns.md), [précision des nombres](features/settings/NumberPrecision.md), [mise en retrait](features/settings/WithoutIndentation.md), [position par défaut](features/settings/DefaultPositionNewGrid.md), [mise en forme conditionnelle](features/settings/KeepConditionnalFormatting.md), [membres inconnus](features/settings/UnknownMemberIndication.md)",
        },
      },
    ],
  },
];

/** The verdict the capability table gives one connector for one capability, and why (none for plain Yes). */
function capabilityVerdict(connector: Connector, cap: Capability): { v: Verdict; why?: Text } {
  if (CONNECTOR_PROFILES[connector].family !== CAPABILITIES.find((c) => c.id === cap)?.family)
    return { v: "yes" };
  const s = CONNECTOR_PROFILES[connector].capabilities[cap];
  if (!s || s.status === "no") return { v: "no", why: s?.why };
  if (s.realServers)
    return { v: s.realServers.status === "no" ? "demoOnly" : "partial", why: s.realServers.why };
  return { v: "yes" };
}

/** One add-in cell: the add-in's own rule, then what the capability table says of what the feature needs. */
function addinCell(row: AddinRow, connector: Connector): { v: Verdict; notes: Text[] } {
  const [base, baseNote] = row.base?.[connector] ?? ["yes"];
  const notes: Text[] = [];
  if (base === "no") return { v: "no", notes: baseNote ? [baseNote] : [] };
  let v: Verdict = base;
  for (const cap of row.needs ?? []) {
    const c = capabilityVerdict(connector, cap);
    if (RANK[c.v] > RANK[v]) v = c.v;
    if (c.why && !notes.some((n) => n.en === c.why?.en)) notes.push(c.why);
  }
  for (const cap of row.part ?? []) {
    const c = capabilityVerdict(connector, cap);
    if (c.v !== "yes" && RANK.partial > RANK[v]) v = "partial";
    if (c.why && !notes.some((n) => n.en === c.why?.en)) notes.push(c.why);
  }
  if (baseNote) notes.push(baseNote);
  return { v, notes };
}

class Notes {
  readonly list: Text[] = [];
  mark(notes: readonly Text[]): string {
    return notes
      .map((n) => {
        let i = this.list.findIndex((r) => r.en === n.en);
        if (i < 0) i = this.list.push(n) - 1;
        return sup(i + 1);
      })
      .join(" ");
  }
}

const ADDIN_CONNECTORS: readonly Connector[] = ["essbase", "ssas", "planning", "essbase-stndln", "pbcs"];

/** The add-in tables of "Features and compatibility" and their notes. */
export function addinTables(locale: DocLocale): string {
  const notes = new Notes();
  const lines: string[] = [];
  for (const table of ADDIN_TABLES) {
    lines.push(table.heading[locale], "");
    lines.push(`| ${table.first[locale]} | ${ADDIN_CONNECTORS.map((c) => COLUMN[c]).join(" | ")} |`);
    lines.push(`|---|${ADDIN_CONNECTORS.map(() => "---").join("|")}|`);
    for (const row of table.rows) {
      const cells = ADDIN_CONNECTORS.map((c) => {
        const cell = addinCell(row, c);
        const marks = notes.mark(cell.notes);
        return marks ? `${VERDICT_WORDS[locale][cell.v]} ${marks}` : VERDICT_WORDS[locale][cell.v];
      });
      lines.push(`| ${row.label[locale]} | ${cells.join(" | ")} |`);
    }
    lines.push("");
  }
  lines.push(locale === "en" ? "## Notes" : "## Notes", "");
  notes.list.forEach((n, i) => {
    lines.push(`${i + 1}. ${n[locale]}`);
  });
  return lines.join("\n");
}

/** The add-in cell of one feature row for one connector, as the page writes it (for tests). */
export function addinVerdict(labelEn: string, connector: Connector): Verdict | undefined {
  for (const t of ADDIN_TABLES) {
    const row = t.rows.find((r) => r.label.en === labelEn);
    if (row) return addinCell(row, connector).v;
  }
  return undefined;
}

/** The Connect page of each connector, and the section of it that lists what a real server does not do. */
const NOT_AVAILABLE: Text = {
  en: "what-is-not-available-and-why",
  fr: "ce-qui-nest-pas-disponible-et-pourquoi",
};
const CANNOT_DO: Text = {
  en: "what-a-real-server-cannot-do-through-qibates",
  fr: "ce-quun-serveur-réel-ne-peut-pas-faire-par-qibates",
};

const CONNECT_PAGE: Record<Connector, { page: string; anchor: Text; title: Text }> = {
  essbase: {
    page: "../admin/connect-essbase-11.md",
    anchor: NOT_AVAILABLE,
    title: { en: "Connect to Essbase 11.x", fr: "Se connecter à Essbase 11.x" },
  },
  ssas: {
    page: "../admin/connect-ssas.md",
    anchor: NOT_AVAILABLE,
    title: { en: "Connect to SSAS", fr: "Se connecter à SSAS" },
  },
  "essbase-stndln": {
    page: "../admin/connect-essbase-21c.md",
    anchor: NOT_AVAILABLE,
    title: { en: "Connect to Essbase 21c", fr: "Se connecter à Essbase 21c" },
  },
  planning: {
    page: "../admin/connect-planning.md",
    anchor: CANNOT_DO,
    title: { en: "Connect to Planning and EPM Cloud", fr: "Se connecter à Planning et EPM Cloud" },
  },
  pbcs: {
    page: "../admin/connect-planning.md",
    anchor: CANNOT_DO,
    title: { en: "Connect to Planning and EPM Cloud", fr: "Se connecter à Planning et EPM Cloud" },
  },
};

const PAGE_WORDS = {
  en: {
    capability: "Capability",
    calls: "API calls",
    why: "Why:",
    statusIntro: (table: string) =>
      `What each connector does with a real server, from the capability table (the same as in ${table}):`,
    admonitionTitle: "On real servers",
    demoOnly: (what: string, connectors: string) =>
      `**${what}**: demo server only with ${connectors}; a real server returns \`422 QB_ERR_OPERATION_UNSUPPORTED\`.`,
    partly: (what: string, connectors: string) =>
      `**${what}**: only in part on a real server with ${connectors}.`,
    see: (links: string) => `Why, and what a real server does instead: ${links}.`,
  },
  fr: {
    capability: "Capacité",
    calls: "Appels de l'API",
    why: "Pourquoi :",
    statusIntro: (table: string) =>
      `Ce que fait chaque connecteur avec un serveur réel, d'après la table des capacités (la même que dans ${table}) :`,
    admonitionTitle: "Sur un serveur réel",
    demoOnly: (what: string, connectors: string) =>
      `**${what}** : serveur de démonstration seulement avec ${connectors} ; un serveur réel renvoie \`422 QB_ERR_OPERATION_UNSUPPORTED\`.`,
    partly: (what: string, connectors: string) =>
      `**${what}** : en partie seulement sur un serveur réel avec ${connectors}.`,
    see: (links: string) => `Pourquoi, et ce que fait un serveur réel à la place : ${links}.`,
  },
};

const TABLE_LINK: Record<DocLocale, (root: string) => string> = {
  en: (root) =>
    `[What the API does with each connector](${root}features-compatibility.md#what-the-api-does-with-each-connector)`,
  fr: (root) =>
    `[Ce que fait l'API avec chaque connecteur](${root}features-compatibility.md#ce-que-fait-lapi-avec-chaque-connecteur)`,
};

/** The capabilities of `caps` as API-table rows over `connectors`, with their reasons (a table per family). */
function capabilityRows(
  caps: readonly Capability[],
  connectorsOf: (family: Family) => readonly Connector[],
  locale: DocLocale,
): string[] {
  const w = WORDS[locale];
  const lines: string[] = [];
  for (const family of ["essbase", "planning"] as const) {
    const rows = CAPABILITIES.filter((c) => c.family === family && caps.includes(c.id));
    const connectors = connectorsOf(family);
    if (rows.length === 0 || connectors.length === 0) continue;
    const notes = new Notes();
    if (lines.length > 0) lines.push("");
    lines.push(`| ${w.capability} | ${w.calls} | ${connectors.map((c) => `\`${c}\``).join(" | ")} |`);
    lines.push(`|---|---|${connectors.map(() => "---").join("|")}|`);
    for (const cap of rows) {
      const cells = connectors.map((c) => {
        const s = CONNECTOR_PROFILES[c].capabilities[cap.id];
        if (!s || s.status === "no") return s ? `${w.no} ${notes.mark([s.why])}` : w.no;
        if (s.realServers)
          return `${s.realServers.status === "no" ? w.demoOnly : w.partly} ${notes.mark([s.realServers.why])}`;
        return w.yes;
      });
      lines.push(
        `| ${cap.label[locale]} | ${cap.operations.map((o) => `\`${o}\``).join(", ")} | ${cells.join(" | ")} |`,
      );
    }
    if (notes.list.length > 0) {
      lines.push("", w.notes, "");
      notes.list.forEach((n, i) => {
        lines.push(`${i + 1}. ${n[locale]}`);
      });
    }
  }
  return lines;
}

const connectorsOfFamily = (family: Family) =>
  CONNECTORS.filter((c) => CONNECTOR_PROFILES[c].family === family);

/** The "Behaviour by connector" block of a feature page: the capability table's rows for what the page is about. */
export function behaviourBlock(caps: readonly Capability[], locale: DocLocale, root: string): string {
  const p = PAGE_WORDS[locale];
  return [
    p.statusIntro(TABLE_LINK[locale](root)),
    "",
    ...capabilityRows(caps, connectorsOfFamily, locale),
  ].join("\n");
}

/** The note at the top of a feature page when part of it is demo only, or partial, on some real server. */
export function realServerAdmonition(caps: readonly Capability[], locale: DocLocale, root: string): string {
  const p = PAGE_WORDS[locale];
  const bullets: string[] = [];
  const pages = new Set<Connector>();
  for (const cap of CAPABILITIES.filter((c) => caps.includes(c.id))) {
    for (const status of ["no", "partly"] as const) {
      const connectors = CONNECTORS.filter(
        (c) =>
          CONNECTOR_PROFILES[c].capabilities[cap.id]?.status === "yes" &&
          (CONNECTOR_PROFILES[c].capabilities[cap.id] as { realServers?: RealServerSupport }).realServers
            ?.status === status,
      );
      if (connectors.length === 0) continue;
      for (const c of connectors) pages.add(c);
      const list = listOf(connectors, locale);
      bullets.push(
        `- ${status === "no" ? p.demoOnly(cap.label[locale], list) : p.partly(cap.label[locale], list)}`,
      );
    }
  }
  if (bullets.length === 0) return "";
  const links = [...new Map([...pages].map((c) => [CONNECT_PAGE[c].page, CONNECT_PAGE[c]])).values()].map(
    (g) => `[${g.title[locale]}](${root}${g.page}#${g.anchor[locale]})`,
  );
  return [
    `:::caution[${p.admonitionTitle}]`,
    "",
    ...bullets,
    "",
    p.see(joined(links, locale)),
    "",
    ":::",
  ].join("\n");
}

/** The Connect page's list of what a real server reached with `connectors` does not do, or only in part. */
export function connectBlock(connectors: readonly Connector[], locale: DocLocale): string {
  const caps = CAPABILITIES.filter((cap) =>
    connectors.some((c) => {
      const s = CONNECTOR_PROFILES[c].capabilities[cap.id];
      return s !== undefined && (s.status === "no" || s.realServers !== undefined);
    }),
  ).map((c) => c.id);
  const intro =
    locale === "en"
      ? "From the capability table (`GET /health`, and [What the API does with each connector](../QiBates/features-compatibility.md#what-the-api-does-with-each-connector)): **No** and **Demo only** return `422` with `QB_ERR_OPERATION_UNSUPPORTED` on a real server and change nothing (the demo address still does what is marked **Demo only**); the notes say what a real server does of what is marked **Yes, partly on real servers**. Every capability not listed here works on a real server."
      : "D'après la table des capacités (`GET /health`, et [Ce que fait l'API avec chaque connecteur](../QiBates/features-compatibility.md#ce-que-fait-lapi-avec-chaque-connecteur)) : **Non** et **Démo seulement** renvoient `422` avec `QB_ERR_OPERATION_UNSUPPORTED` sur un serveur réel et ne changent rien (l'adresse de démonstration fait toujours ce qui est marqué **Démo seulement**) ; les notes disent ce que fait un serveur réel de ce qui est marqué **Oui, en partie sur serveur réel**. Toute capacité absente de cette liste fonctionne sur un serveur réel.";
  return [
    intro,
    "",
    ...capabilityRows(caps, (f) => connectors.filter((c) => CONNECTOR_PROFILES[c].family === f), locale),
  ].join("\n");
}

/** A documentation page with generated blocks, by its path under the docs folder (the same in both languages). */
export interface GeneratedPage {
  /** The folder the path is under: the docs (default) or the changelog. */
  site?: "docs" | "changelog";
  path: string;
  blocks: (locale: DocLocale) => Record<string, string>;
}

const FEATURE_PAGE_CAPS: Record<string, readonly Capability[]> = {
  "QiBates/features/actions/AdHoc.md": ["adhoc", "variables"],
  "QiBates/features/actions/Refresh.md": ["adhoc"],
  "QiBates/features/actions/Zoom.md": CAPABILITIES.filter(
    (c) => c.id.startsWith("zoomIn:") || c.id === "zoomOut",
  ).map((c) => c.id),
  "QiBates/features/actions/KeepRemoveOnly.md": ["keepRemoveOnly"],
  "QiBates/features/actions/Pivot.md": ["pivot"],
  "QiBates/features/actions/Submit.md": ["writeBack", "formSubmit"],
  "QiBates/features/actions/Cascade.md": ["adhoc", "forms"],
  "QiBates/features/actions/OpenForm.md": ["forms", "compositeForms", "formSubmit"],
  "QiBates/features/actions/TaskLists.md": ["taskLists"],
  "QiBates/features/actions/RunRule.md": ["calcScripts", "businessRules", "runtimePrompts"],
  "QiBates/features/features/MemberSelection.md": [
    "memberFilters",
    "udaFilter",
    "memberSearch",
    "variables",
    "planningMemberFilters",
  ],
  "QiBates/features/features/FormLinks.md": ["forms"],
  "QiBates/features/features/Prediction.md": ["writeBack", "formSubmit"],
  "QiBates/features/features/DataIntegration.md": ["writeBack", "formSubmit"],
  "QiBates/features/settings/DisplayCodeAndAlias.md": ["aliasTables", "planningAliasTables"],
  "QiBates/features/settings/SubmitWithLargeCell.md": ["formSubmit"],
};

/** Pages without a "Behaviour by connector" section where the reader still acts on a capability: the note only. */
const NOTE_ONLY_PAGE_CAPS: Record<string, readonly Capability[]> = {
  "QiBates/understanding-the-app/understanding-planning-pbcs/Applications.md": [
    "forms",
    "compositeForms",
    "taskLists",
  ],
  "QiBates/understanding-the-app/understanding-planning-pbcs/Pov.md": ["forms"],
  "QiBates/understanding-the-app/understanding-essbase-ssas/DataIntegration.md": ["writeBack"],
  "QiBates/understanding-the-app/understanding-essbase-ssas/Predictions.md": ["writeBack"],
};

/** The capabilities a page's demo-only note is about (for tests). */
export function featurePageCapabilities(path: string): readonly Capability[] | undefined {
  return FEATURE_PAGE_CAPS[path] ?? NOTE_ONLY_PAGE_CAPS[path];
}

const CONNECT_PAGES: Record<string, readonly Connector[]> = {
  "admin/connect-essbase-11.md": ["essbase"],
  "admin/connect-ssas.md": ["ssas"],
  "admin/connect-essbase-21c.md": ["essbase-stndln"],
  "admin/connect-planning.md": ["planning", "pbcs"],
};

/** Every page with generated blocks, and what each block holds. */
export const GENERATED_PAGES: readonly GeneratedPage[] = [
  { path: "QiBates/features-compatibility.md", blocks: (locale) => ({ addin: addinTables(locale) }) },
  ...Object.entries(FEATURE_PAGE_CAPS).map(([path, caps]) => {
    const root = "../".repeat(path.split("/").length - 2);
    return {
      path,
      blocks: (locale: DocLocale) => ({
        "real-servers": realServerAdmonition(caps, locale, root),
        behaviour: behaviourBlock(caps, locale, root),
      }),
    };
  }),
  ...Object.entries(NOTE_ONLY_PAGE_CAPS).map(([path, caps]) => {
    const root = "../".repeat(path.split("/").length - 2);
    return {
      path,
      blocks: (locale: DocLocale) => ({ "real-servers": realServerAdmonition(caps, locale, root) }),
    };
  }),
  ...Object.entries(CONNECT_PAGES).map(([path, connectors]) => ({
    path,
    blocks: (locale: DocLocale) => ({ "not-available": connectBlock(connectors, locale) }),
  })),
  {
    path: "intro.md",
    blocks: (locale: DocLocale) => ({
      "real-servers": [
        `:::note[${PAGE_WORDS[locale].admonitionTitle}]`,
        "",
        locale === "en"
          ? "Every connector reaches real servers, at an address on the allow-list of the QiBates server. What a real server does not do yet, or only in part (the demo server does it all), by connector:"
          : "Chaque connecteur joint de vrais serveurs, à une adresse de la liste des hôtes autorisés du serveur QiBates. Ce qu'un serveur réel ne fait pas encore, ou seulement en partie (le serveur de démonstration fait tout), connecteur par connecteur :",
        "",
        releaseRealServers(locale, (page) => page.replace(/^\.\.\//, "")),
        "",
        ":::",
      ].join("\n"),
    }),
  },
  {
    site: "changelog",
    path: "2026-11-23-qibates-2.1.0.md",
    blocks: (locale: DocLocale) => ({ "real-servers": releaseRealServers(locale) }),
  },
];

/** The documentation page of a Connect page, as an absolute link from the changelog. */
const docLink = (page: string) => `/docs/${page.replace(/^\.\.\//, "").replace(/\.md$/, "")}`;

/** Per connector, what a real server does not do yet, or only in part: the release notes' list. */
export function releaseRealServers(locale: DocLocale, linkTo: (page: string) => string = docLink): string {
  const words =
    locale === "en"
      ? { demoOnly: "Demo server only", partly: "In part", all: "Everything the capability table lists." }
      : {
          demoOnly: "Serveur de démonstration seulement",
          partly: "En partie",
          all: "Tout ce que liste la table des capacités.",
        };
  const colon = locale === "fr" ? " : " : ": ";
  const sep = locale === "fr" ? " ; " : "; ";
  return CONNECTORS.flatMap((c) => {
    const p = CONNECTOR_PROFILES[c];
    const of = (status: "no" | "partly") =>
      CAPABILITIES.filter((cap) => {
        const s = p.capabilities[cap.id];
        return s?.status === "yes" && s.realServers?.status === status;
      }).map((cap) => cap.label[locale]);
    const demo = of("no");
    const partly = of("partly");
    const guide = CONNECT_PAGE[c];
    return [
      `- **\`${c}\`**, ${p.server[locale]} ([${guide.title[locale]}](${linkTo(guide.page)}))${colon.trimEnd()}`,
      ...(demo.length ? [`  - ${words.demoOnly}${colon}${demo.join(sep)}.`] : []),
      ...(partly.length ? [`  - ${words.partly}${colon}${partly.join(sep)}.`] : []),
      ...(demo.length + partly.length === 0 ? [`  - ${words.all}`] : []),
    ];
  }).join("\n");
}

const BEHAVIOUR_HEADING: Record<DocLocale, string> = {
  en: "## Behaviour by connector",
  fr: "## Comportement selon le connecteur",
};

/** Where a block goes in a page that does not have it yet: the line after which it is inserted. */
function insertionLine(lines: readonly string[], name: string, locale: DocLocale): number {
  if (name === "behaviour") return lines.indexOf(BEHAVIOUR_HEADING[locale]);
  if (name === "real-servers") {
    const end = lines[0] === "---" ? lines.indexOf("---", 1) : -1;
    return lines.findIndex((l, i) => i > end && l.startsWith("# "));
  }
  return -1;
}

/**
 * The page with each of its generated blocks as a fresh generation writes it: the text between a block's markers
 * replaced, a block the page lacks inserted where it goes, an empty one removed with its markers.
 */
export function withGeneratedBlocks(source: string, page: GeneratedPage, locale: DocLocale): string {
  let text = source;
  const mdx = isMdxPage(source);
  for (const [name, content] of Object.entries(page.blocks(locale))) {
    const start = blockStart(name, mdx);
    const end = blockEnd(name, mdx);
    const a = text.indexOf(start);
    const body = mdx ? escapeMdx(content) : content;
    const block = content === "" ? "" : `${start}\n\n${body}\n\n${end}`;
    if (a >= 0) {
      const b = text.indexOf(end, a);
      if (b < 0) throw new Error(`${page.path} (${locale}): ${name} has no end marker`);
      const after = text.slice(b + end.length);
      text =
        block === ""
          ? text.slice(0, a).replace(/\n+$/, "\n") + after.replace(/^\n+/, "\n")
          : text.slice(0, a) + block + after;
      continue;
    }
    if (block === "") continue;
    const lines = text.split("\n");
    const at = insertionLine(lines, name, locale);
    if (at < 0) throw new Error(`${page.path} (${locale}): no place for the ${name} block (add its markers)`);
    lines.splice(at + 1, 0, "", block);
    text = lines.join("\n");
  }
  return text;
}
