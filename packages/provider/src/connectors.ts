/**
 * The connector values of the API and what each stands for: its server family and the path a provider
 * address must end with (so that a login cannot point one connector at another server's service).
 */

export const CONNECTORS = ["essbase", "ssas", "planning", "essbase-stndln", "pbcs"] as const;
export type Connector = (typeof CONNECTORS)[number];

/** Essbase family: ad hoc grids, calc scripts. Planning family: forms, rules, task lists. */
export type Family = "essbase" | "planning";

export function isConnector(value: string): value is Connector {
  return (CONNECTORS as readonly string[]).includes(value);
}

export function familyOf(connector: Connector): Family {
  return connector === "planning" || connector === "pbcs" ? "planning" : "essbase";
}

/** The path a provider address must end with, per connector. */
export const PROVIDER_SUFFIX: Readonly<Record<Connector, string>> = {
  essbase: "/aps/JAPI",
  ssas: "/aps/JAPI",
  "essbase-stndln": "/essbase/japi",
  planning: "/HyperionPlanning/SmartView",
  pbcs: "/HyperionPlanning/SmartView",
};

/** What a connector is called, one row per connector: every name of it the product shows comes from here. */
export interface ConnectorNames {
  /** As the add-in's Connections view names the server type: what a user chose, said beside the `connector` value. */
  serverType: string;
  /** In short, where the servers stand side by side (the site's feature matrix and tables). */
  short: { en: string; fr: string };
  /** In full: the server, its version and the way QiBates reaches it (the capability table's profile). */
  full: { en: string; fr: string };
}

export const CONNECTOR_NAMES: Readonly<Record<Connector, ConnectorNames>> = {
  essbase: {
    serverType: "Essbase",
    short: { en: "Essbase 11.x", fr: "Essbase 11.x" },
    full: {
      en: "Oracle Essbase 11.x through Provider Services",
      fr: "Oracle Essbase 11.x via Provider Services",
    },
  },
  ssas: {
    serverType: "SSAS",
    short: { en: "SSAS", fr: "SSAS" },
    full: { en: "Microsoft SQL Server Analysis Services", fr: "Microsoft SQL Server Analysis Services" },
  },
  "essbase-stndln": {
    serverType: "Essbase 21c",
    short: { en: "Essbase 21c", fr: "Essbase 21c" },
    full: { en: "Oracle Essbase 21c (standalone)", fr: "Oracle Essbase 21c (autonome)" },
  },
  planning: {
    serverType: "Planning",
    short: { en: "Planning", fr: "Planning" },
    full: { en: "Oracle Hyperion Planning (on premises)", fr: "Oracle Hyperion Planning (sur site)" },
  },
  pbcs: {
    serverType: "PBCS",
    short: { en: "PBCS", fr: "PBCS" },
    full: { en: "Oracle PBCS / EPM Cloud Planning", fr: "Oracle PBCS / EPM Cloud Planning" },
  },
};

/** The server type a connector stands for (`CONNECTOR_NAMES`' `serverType`). */
export const SERVER_TYPE: Readonly<Record<Connector, string>> = Object.fromEntries(
  CONNECTORS.map((c) => [c, CONNECTOR_NAMES[c].serverType]),
) as Record<Connector, string>;
