/** A `Link` of Oracle's description: where a related resource is, and how to ask for it. */
export interface RestLink {
  rel: string;
  href: string;
  method: string;
  type: string;
}

/** A GET link answering JSON. */
export const getLink = (rel: string, href: string): RestLink => ({
  rel,
  href,
  method: "GET",
  type: "application/json",
});

/** `RestCollectionResponse` (and the other `*List` wrappers): one page of a list. */
export interface RestCollection<T> {
  items: T[];
  count: number;
  hasMore: boolean;
  offset: number;
  limit: number;
  totalResults: number;
}

/**
 * `offset`/`limit` of a list, as a collection answers it. A `limit` of 0 sets no limit: appliedolap's client,
 * written against live servers, asks `limit=0` for the dimensions and the children of a member and reads
 * every one from the answer.
 */
export function page<T>(all: readonly T[], offset: number, limit: number): RestCollection<T> {
  const items = limit === 0 ? all.slice(offset) : all.slice(offset, offset + limit);
  return {
    items,
    count: items.length,
    hasMore: offset + items.length < all.length,
    offset,
    limit,
    totalResults: all.length,
  };
}

/** Essbase's storage names, by the storage they stand for (`DYNAMICCALC` is the one a live server was seen to send). */
export const DATA_STORAGE = {
  store: "STOREDATA",
  dynamicCalc: "DYNAMICCALC",
  dynamicCalcAndStore: "DYNAMICCALCANDSTORE",
  labelOnly: "LABELONLY",
  shared: "SHAREDMEMBER",
  neverShare: "NEVERSHARE",
} as const;

/**
 * `MemberBean`. Only `name` is sure to be there: a server leaves defaults out (`consolidation` `+`,
 * `numberOfChildren` on a leaf, the flags when false), and `consolidation` and `formula` are not in Oracle's
 * description at all.
 */
export interface MemberBean {
  name: string;
  uniqueName?: string;
  /** `id__<n>`, as appliedolap recorded from a live server. */
  memberId?: string;
  dimensionName?: string;
  levelNumber?: number;
  generationNumber?: number;
  aliases?: Record<string, string>;
  dataStorageType?: string;
  descendantsCount?: number;
  numberOfChildren?: number;
  parentName?: string;
  previousSiblingsCount?: number;
  uda?: string[];
  consolidation?: string;
  formula?: string;
  activeAliasName?: string;
  dimension?: boolean;
  dimensionType?: string;
  account?: boolean;
  attribute?: boolean;
  links?: RestLink[];
}

/** `DimensionBean` of `…/dimensions`. */
export interface DimensionBean {
  name: string;
  type?: string;
  members?: number;
  storedMembers?: number;
  links?: RestLink[];
}

/** `GenerationLevel` of `…/dimensions/{dim}/generations` and `/levels`. */
export interface GenerationLevel {
  name: string;
  number: number;
  unique: boolean;
  links?: RestLink[];
}

/** `Application` (as the endpoint fills it; a server adds owner and times). */
export interface ApplicationBean {
  name: string;
  status?: string;
  type?: "ASO" | "BSO";
  startTime?: number;
  connectedUsersCount?: number;
  links?: RestLink[];
}

/** `Cube`. */
export interface CubeBean {
  name: string;
  application?: string;
  status?: string;
  type?: "ASO" | "BSO";
  startTime?: number;
  links?: RestLink[];
}

/** `Script` (a calc script, by name). */
export interface ScriptBean {
  name: string;
  links?: RestLink[];
}

/** `GET /applications/actions/tree`: each application with its cubes. */
export interface ApplicationTree {
  items: { name: string; databases: { name: string }[] }[];
  count: number;
  totalResults: number;
}

/** `Variable`: a substitution variable at one of the three levels. */
export interface Variable {
  name: string;
  value: string;
}
