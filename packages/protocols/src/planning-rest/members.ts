/** How a member stores its data, in the provider's words. */
export type MemberStorage =
  | "store"
  | "dynamic-calc"
  | "dynamic-calc-and-store"
  | "label-only"
  | "shared"
  | "never-share";

/**
 * `dataStorage` as a member read gives it: the spellings pbj-pbcs-client (live-tested) maps (its
 * `PbcsMemberProperties.DataStorage`: "Store Data", "Dynamic Calc", …). Oracle's Add Member page shows one value
 * written `STOREDATA`; the other values in that form are shown nowhere.
 */
export const DATA_STORAGE: Readonly<Record<MemberStorage, string>> = {
  store: "Store Data",
  "dynamic-calc": "Dynamic Calc",
  "dynamic-calc-and-store": "Dynamic Calc and Store",
  "label-only": "Label Only",
  shared: "Shared",
  "never-share": "Never Share",
};

const STORAGES: Readonly<Record<string, MemberStorage>> = {
  storedata: "store",
  dynamiccalc: "dynamic-calc",
  dynamiccalcandstore: "dynamic-calc-and-store",
  labelonly: "label-only",
  shared: "shared",
  nevershare: "never-share",
};

/**
 * A member's `dataStorage` read in pbj's spellings ("Store Data") and Oracle's (`STOREDATA`), without case,
 * spaces or underscores; stored when unknown or absent.
 */
export function readDataStorage(v: unknown): MemberStorage {
  return (typeof v === "string" && STORAGES[v.toLowerCase().replace(/[\s_]/g, "")]) || "store";
}

/**
 * A member as `GET …/dimensions/{dim}/members/{member}` answers it, its descendants nested in `children`; a
 * dimension root without `parentName`. `description`, `dataType`, `objectType` are not written (see NOTES).
 */
export interface MemberAnswer {
  name: string;
  alias: string | null;
  parentName?: string;
  dimName: string;
  generation: number;
  dataStorage?: string;
  twoPass?: boolean;
  children: MemberAnswer[];
}

/**
 * A member (of the member read, or a node of Get Dimension Details) as received: each field checked where it
 * is used.
 */
export interface MemberAsReceived {
  name?: unknown;
  alias?: unknown;
  children?: unknown;
  dataStorage?: unknown;
  twoPass?: unknown;
}

/**
 * Planning's words for a member the application lacks (recorded from a live server by pbj-pbcs-client, whose
 * `getMember` turns a 400 whose message starts with "The member" into its no-such-member error).
 */
export function unknownMemberMessage(name: string): string {
  return `The member ${name} does not exist for the specified cube or you do not have access to it.`;
}

/** The alias table a dimension read uses when none is named. */
export const DEFAULT_ALIAS_TABLE = "Default";

/** Get Dimension Details' fields when the query names none. */
export const DIMENSION_DETAILS_FIELDS = "id,name,alias,path,children";

/**
 * Get Dimension Details (26.04): the whole hierarchy, `children` nested and left out on leaves, only the
 * `fields` asked; `path` the names from the root joined by `/`.
 */
export interface DimensionNode {
  id?: string;
  name?: string;
  alias?: string;
  path?: string;
  children?: DimensionNode[];
}

/** The query of Get Dimension Details: the fields as a comma list, the alias table. */
export function dimensionDetailsQuery(fields: string, aliasTableName: string): string {
  return `fields=${fields}&aliasTableName=${encodeURIComponent(aliasTableName)}`;
}

/** A plan type's dimension list item; attribute dimensions are of type {@link ATTRIBUTE_DIMENSION}. */
export const ATTRIBUTE_DIMENSION = "Attribute Dimension";
