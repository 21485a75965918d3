import type { Text } from "./text.ts";

/**
 * The server families: what a family is, as data. A connector's description names its family; the calls a
 * connector accepts (the contract's `x-qibates-connectors`, generated from here by `openapi/tools/
 * connector-lists.ts`), the capabilities of its profile and the reason a call of another family is refused are
 * all derived from these descriptions, so that adding a family is adding its description here.
 */
export interface FamilyDescription {
  /**
   * The calls of the family that no capability gates (each capability of `capability-list.ts` names its own
   * calls): a connector of the family accepts both.
   */
  operations: readonly string[];
  /** Why a server of another family does not do a capability of this family, in a user's words. */
  otherFamily: Text;
}

const DESCRIPTIONS = {
  // Ad hoc grids, outlines, calculation scripts, MDX.
  essbase: {
    operations: ["nav/cubes"],
    otherFamily: {
      en: "On Planning and PBCS, data opens through forms, not in an ad hoc grid.",
      fr: "Sur Planning et PBCS, les données s'ouvrent par des formulaires, pas dans une grille ad hoc.",
    },
  },
  // Forms, task lists, business rules.
  planning: {
    operations: [],
    otherFamily: {
      en: "Essbase and SSAS have no Planning forms, task lists or business rules.",
      fr: "Essbase et SSAS n'ont ni formulaires, ni listes de tâches, ni règles métier Planning.",
    },
  },
} satisfies Record<string, FamilyDescription>;

/** A server family: one of the descriptions' keys. */
export type Family = keyof typeof DESCRIPTIONS;

/** Each family's description, by family. */
export const FAMILY_DESCRIPTIONS: Readonly<Record<Family, FamilyDescription>> = DESCRIPTIONS;

/** The families, in the order of their descriptions. */
export const FAMILIES = Object.keys(DESCRIPTIONS) as readonly Family[];

/** The session's calls, which every connector accepts whatever its family. */
export const SESSION_OPERATIONS: readonly string[] = [
  "action/login",
  "action/logout",
  "nav/servers",
  "nav/applications",
];
