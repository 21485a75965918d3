import { isStringList } from "./data-slices.ts";

/**
 * Planning REST's form calls: Export Form Data (`GET …/forms/{idorname}/data`, 26.04) and the form definition
 * (`GET …/formdefinitions/{idorname}`, 26.11). Oracle's response tables for both are not visible: the Export
 * Form Data answer is the shape third-party clients reconstructed, the definition's grid is **inferred**
 * (sources in the wire endpoint's `NOTES.md`).
 */

/** Export Form Data's `displayMemberAs` values (third-party clients' enum). */
export const DISPLAY_MEMBER_AS = ["MEMBER_NAME", "MEMBER_NAME_THEN_ALIAS", "ALIAS_THEN_MEMBER_NAME"] as const;
export type DisplayMemberAs = (typeof DISPLAY_MEMBER_AS)[number];

/** Export Form Data's `fields`: what the answer holds (all by default). */
export const FORM_DATA_FIELDS = ["gridInfo", "pov", "columns", "rows"] as const;

export interface FormGridInfo {
  pageDimNames: string[];
  allowedPageMembersByDim: Record<string, string[]>;
  rowDimNames: string[];
  columnDimNames: string[];
}

/**
 * Export Form Data's answer: `gridInfo`, `pov` keyed by dimension, `columns`, `rows[{headers, data}]`; cells as
 * JSON numbers, `null` when missing, text as text. Only the `fields` asked are present.
 */
export interface FormDataAnswer {
  gridInfo?: FormGridInfo;
  pov?: Record<string, string>;
  columns?: string[][];
  rows?: { headers: string[]; data: (number | string | null)[] }[];
}

/** Export Form Data's answer as received: each field checked where it is used. */
export interface FormDataAsReceived {
  gridInfo?: { [K in keyof FormGridInfo]?: unknown };
  pov?: unknown;
  columns?: unknown;
  rows?: unknown;
}

/** Export Form Data's query: the fields asked (all when none), how members show, the page members chosen. */
export function formDataQuery(o: {
  fields?: readonly (typeof FORM_DATA_FIELDS)[number][];
  displayMemberAs: DisplayMemberAs;
  pageMembers?: readonly string[];
}): string {
  const parts: string[] = [];
  if (o.fields && o.fields.length > 0) parts.push(`fields=${o.fields.join(",")}`);
  parts.push(`displayMemberAs=${o.displayMemberAs}`);
  if (o.pageMembers && o.pageMembers.length > 0) {
    parts.push(`pageMbrList=${encodeURIComponent(o.pageMembers.join(","))}`);
  }
  return parts.join("&");
}

/** A segment of a form definition's grid: the data-slice grammar with every dimension named. */
export interface NamedSegment {
  dimensions: string[];
  members: string[][];
}

/**
 * The form definition (**inferred**): saved metadata (`name`, `id`, `description`, `instructions`, `hidden`,
 * the rules run on save in `businessRules`, `smartPushes`, `customMenus`) and the resolved grid in the
 * data-slice grammar, one segment per laid-out row and column, the page dimensions' allowed members in `page`.
 * Only the top-level names come from Oracle's Replace/Update pages' prose.
 */
export interface FormDefinition {
  name: string;
  id: string;
  folder: string;
  description: string;
  instructions: string;
  hidden: boolean;
  businessRules: string[];
  smartPushes: string[];
  customMenus: string[];
  gridDefinition: {
    pov: NamedSegment;
    page: NamedSegment;
    columns: NamedSegment[];
    rows: NamedSegment[];
  };
}

/** A segment with its dimensions named and one member list per dimension, else `null`. */
export function readNamedSegment(v: unknown): NamedSegment | null {
  const s = v as { dimensions?: unknown; members?: unknown } | null;
  if (!s || !isStringList(s.dimensions) || !Array.isArray(s.members) || !s.members.every(isStringList))
    return null;
  return s.members.length === s.dimensions.length ? { dimensions: s.dimensions, members: s.members } : null;
}

/** The rules a definition runs on save: names, or objects with a `name`. */
export function readBusinessRules(definition: unknown): string[] {
  const rules = (definition as { businessRules?: unknown } | null)?.businessRules;
  return (Array.isArray(rules) ? rules : []).flatMap((r) =>
    typeof r === "string" ? [r] : typeof r?.name === "string" ? [r.name as string] : [],
  );
}
