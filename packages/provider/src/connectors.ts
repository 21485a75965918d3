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

/**
 * The server type a connector stands for, as the add-in's Connections view names it: what a user chose, said
 * beside the `connector` value a developer sends.
 */
export const SERVER_TYPE: Readonly<Record<Connector, string>> = {
  essbase: "Essbase",
  ssas: "SSAS",
  "essbase-stndln": "Essbase 21c",
  planning: "Planning",
  pbcs: "PBCS",
};
