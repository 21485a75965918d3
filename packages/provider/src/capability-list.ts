import type { components } from "@qibates/client/schema";
import { ZOOM_MODES } from "@qibates/grid-rules";
import type { Family } from "./families.ts";
import type { Text } from "./text.ts";

/**
 * The capabilities of the capability table: what each covers and which calls need it, and the shapes in which a
 * connector's description says how it stands for each (`connectors.ts`). Nothing here knows a connector: the
 * profiles the server reads are derived from the descriptions (`capabilities.ts`).
 */

export type { Family } from "./families.ts";
export type { Text } from "./text.ts";

/** The contract's zoom-in modes (`settings.zoomInMode`). */
export type ZoomInMode = components["schemas"]["ZoomInMode"];

export type Capability =
  | "metadata"
  | "memberFilters"
  | "udaFilter"
  | "memberSearch"
  | "variables"
  | "variablesSet"
  | "aliasTables"
  | "calcScripts"
  | "adhoc"
  | `zoomIn:${ZoomInMode}`
  | "zoomOut"
  | "keepRemoveOnly"
  | "pivot"
  | "writeBack"
  | "mdx"
  | "forms"
  | "compositeForms"
  | "formSubmit"
  | "taskLists"
  | "businessRules"
  | "runtimePrompts"
  | "planningAliasTables"
  | "planningMemberFilters";

export interface CapabilityInfo {
  id: Capability;
  family: Family;
  /** What the capability covers, for `/health` and the documentation. */
  label: Text;
  /** The API calls that need it. */
  operations: readonly string[];
}

const zoom = (mode: ZoomInMode): CapabilityInfo => ({
  id: `zoomIn:${mode}`,
  family: "essbase",
  label: { en: `Zoom In, ${mode}`, fr: `Zoom avant, ${mode}` },
  operations: ["action/zoomin"],
});

/** Every capability, in the order the table lists them. */
export const CAPABILITIES: readonly CapabilityInfo[] = [
  {
    id: "metadata",
    family: "essbase",
    label: { en: "Dimensions and dimension trees", fr: "Dimensions et arbres de dimension" },
    operations: ["nav/dimensions", "nav/dimtree"],
  },
  {
    id: "memberFilters",
    family: "essbase",
    label: {
      en: "Member filters: children, descendants, level, generation",
      fr: "Filtres de membres\u00a0: enfants, descendants, niveau, génération",
    },
    operations: ["nav/filter"],
  },
  {
    id: "udaFilter",
    family: "essbase",
    label: { en: "Member filter by UDA", fr: "Filtre de membres par UDA" },
    operations: ["nav/filter"],
  },
  {
    id: "memberSearch",
    family: "essbase",
    label: {
      en: "Member search by name or alias (whole word or wildcard)",
      fr: "Recherche de membres par nom ou alias (mot entier ou caractère générique)",
    },
    operations: ["nav/search"],
  },
  {
    id: "variables",
    family: "essbase",
    label: {
      en: "Substitution variables: list (server, application, cube)",
      fr: "Variables de substitution\u00a0: lister (serveur, application, cube)",
    },
    operations: ["nav/variables"],
  },
  {
    id: "variablesSet",
    family: "essbase",
    label: { en: "Substitution variables: set", fr: "Variables de substitution\u00a0: définir" },
    operations: ["action/setvariable"],
  },
  {
    id: "aliasTables",
    family: "essbase",
    label: { en: "Alias tables", fr: "Tables d'alias" },
    operations: ["nav/aliastables"],
  },
  {
    id: "calcScripts",
    family: "essbase",
    label: { en: "Calculation scripts", fr: "Scripts de calcul" },
    operations: ["nav/scripts", "action/calculate"],
  },
  {
    id: "adhoc",
    family: "essbase",
    label: { en: "Ad hoc grid and Refresh", fr: "Grille ad hoc et Actualiser" },
    operations: ["action/initgrid", "action/refresh"],
  },
  ...ZOOM_MODES.map(zoom),
  {
    id: "zoomOut",
    family: "essbase",
    label: { en: "Zoom Out", fr: "Zoom arrière" },
    operations: ["action/zoomout"],
  },
  {
    id: "keepRemoveOnly",
    family: "essbase",
    label: { en: "Keep Only and Remove Only", fr: "Conserver uniquement et Enlever uniquement" },
    operations: ["action/keeponly", "action/removeonly"],
  },
  {
    id: "pivot",
    family: "essbase",
    label: { en: "Pivot and Pivot to POV", fr: "Pivoter et Pivoter vers le PDV" },
    operations: ["action/pivot", "action/pivotToPOV"],
  },
  {
    id: "writeBack",
    family: "essbase",
    label: { en: "Submit data (write-back)", fr: "Soumettre les données (écriture différée)" },
    operations: ["action/save"],
  },
  {
    id: "mdx",
    family: "essbase",
    label: { en: "MDX queries laid out as a grid", fr: "Requêtes MDX présentées en grille" },
    operations: ["action/mdx"],
  },
  {
    id: "forms",
    family: "planning",
    label: { en: "Forms: list and open", fr: "Formulaires\u00a0: lister et ouvrir" },
    operations: ["nav/listforms", "nav/openform"],
  },
  {
    id: "compositeForms",
    family: "planning",
    label: { en: "Composite forms", fr: "Formulaires composites" },
    operations: ["nav/openform"],
  },
  {
    id: "formSubmit",
    family: "planning",
    label: { en: "Submit forms", fr: "Soumettre des formulaires" },
    operations: ["action/submitform"],
  },
  {
    id: "taskLists",
    family: "planning",
    label: { en: "Task lists", fr: "Listes de tâches" },
    operations: ["nav/listtasks", "action/taskstatus"],
  },
  {
    id: "businessRules",
    family: "planning",
    label: {
      en: "Business rules: on save and on demand",
      fr: "Règles métier\u00a0: à l'enregistrement et à la demande",
    },
    operations: ["nav/listonsaverules", "action/launchrule"],
  },
  {
    id: "runtimePrompts",
    family: "planning",
    label: {
      en: "Runtime prompts: list them and their allowed members",
      fr: "Invites d'exécution\u00a0: les lister avec leurs membres autorisés",
    },
    operations: ["nav/enumprompt", "nav/enummembersrule"],
  },
  {
    id: "planningAliasTables",
    family: "planning",
    label: { en: "Alias tables", fr: "Tables d'alias" },
    operations: ["nav/listalias", "action/setalias"],
  },
  {
    id: "planningMemberFilters",
    family: "planning",
    label: { en: "Member Selection filters", fr: "Filtres de sélection de membres" },
    operations: ["nav/enumfilters", "nav/enummembers"],
  },
];

/** How a real server reached with a connector stands for a capability the demo has: not at all, or in part. */
export interface RealServerSupport {
  status: "no" | "partly";
  /** Why, in a developer's words: the API's refusal and the developer's pages give it. */
  why: Text;
  /** Why, in the words of the add-in's user: the feature matrix and the user pages give it. */
  reader?: Text;
}

/**
 * How a connector stands for one capability. `yes` with `realServers`: the demo server does it, but a real
 * server reached with this connector does not (or only in part), because that server's protocol has no documented
 * call for it; the connector then answers `UNSUPPORTED` itself (QB_ERR_OPERATION_UNSUPPORTED).
 */
export type Support =
  | { status: "yes"; realServers?: RealServerSupport }
  | { status: "no"; why: Text /** Why, in the add-in's user's words. */; reader?: Text };

/**
 * A reason a connector gives when it refuses one case of a capability: in both languages, or in English alone
 * where it carries a server's own words or the names it sent (as the servers' messages are). A `{name}` in it is
 * filled in when the connector refuses (`refusalReason`).
 */
export type Reason = Text | string;

/** How a connector stands for the capabilities of its family, as its description says it. */
export interface ConnectorCapabilities {
  /**
   * Whether QiBates can reach a real server of this kind. `false`: only the embedded demo provider answers;
   * a real address is refused at login (`QB_ERR_PROVIDER_ERROR`), because no client of that server's
   * protocol exists yet.
   */
  realServers: boolean;
  /** What it never does, with why in a developer's words (the rest of its family it does). */
  refused?: Partial<Record<Capability, Text>>;
  /** What the demo does but a real server reached with it does not, or only in part, and why. */
  onRealServers?: Partial<Record<Capability, RealServerSupport>>;
  /** Why, in the add-in's user's words, for a capability it lacks (on a real server, or in part). */
  reader?: Partial<Record<Capability, Text>>;
  /**
   * The reasons it gives on a real server for refusing one case of a capability, where the capability's own
   * reason does not say that case alone, by capability and case (`refusalReason`).
   */
  refusals?: Readonly<Partial<Record<Capability, Readonly<Record<string, Reason>>>>>;
  /**
   * The same cases in the add-in's user's words, where the developer's reason names a call, an API or a server
   * condition: the refusal's message says these, the developer's reason going to the error's detail.
   */
  readerRefusals?: Readonly<Partial<Record<Capability, Readonly<Record<string, Text>>>>>;
}
