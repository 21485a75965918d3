import { ATTRIBUTE_DIMENSION } from "./members.ts";
import type { ApiLink } from "./paths.ts";

/**
 * `GET …/v3/applications`: `{type: "HP", items}`, each item as a live-tested client recorded it; `appType` is
 * `EPBCS` (pbj-pbcs-client's recorded value; Oracle's Get Applications lists the field without a value).
 */
export interface ApplicationItem {
  name: string;
  type: "HP";
  appType: "EPBCS";
  dpEnabled: boolean;
  adminMode: boolean;
  unicode: boolean;
  appStorage: "Multidim";
}

export interface ApplicationList {
  type: "HP";
  items: ApplicationItem[];
}

export function applicationList(names: readonly string[]): ApplicationList {
  return {
    type: "HP",
    items: names.map((name) => ({
      name,
      type: "HP",
      appType: "EPBCS",
      dpEnabled: false,
      adminMode: false,
      unicode: true,
      appStorage: "Multidim",
    })),
  };
}

/** The names of an application list; `null` when it has no `items` list. */
export function readApplicationNames(answer: unknown): string[] | null {
  const items = (answer as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return null;
  return items.flatMap((a: { name?: unknown } | null) => (typeof a?.name === "string" ? [a.name] : []));
}

/** `GET …/applications/{app}/plantypes` (Oracle's "Get Plan Types", 26.04). */
export interface PlanTypeItem {
  planTypeName: string;
  planType: number;
  cubeName: string;
  cubeType: number;
}

export interface PlanTypeList {
  items: PlanTypeItem[];
  links: ApiLink[];
}

export function planTypeList(names: readonly string[], links: ApiLink[]): PlanTypeList {
  return {
    items: names.map((name, i) => ({ planTypeName: name, planType: i + 1, cubeName: name, cubeType: 0 })),
    links,
  };
}

/** The plan-type names of a plan-type list; `null` when it has no `items` list. */
export function readPlanTypeNames(answer: unknown): string[] | null {
  const items = (answer as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return null;
  return items.flatMap((p: { planTypeName?: unknown } | null) =>
    typeof p?.planTypeName === "string" ? [p.planTypeName] : [],
  );
}

/**
 * The names of a plan type's dimension list (`GET …/plantypes/{pt}/dimensions`), attribute dimensions left out;
 * `null` when it has no `items` list.
 */
export function readDimensionNames(answer: unknown): string[] | null {
  const items = (answer as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return null;
  return items.flatMap((d: { name?: unknown; dimType?: unknown } | null) =>
    typeof d?.name === "string" && d.dimType !== ATTRIBUTE_DIMENSION ? [d.name] : [],
  );
}

/**
 * Data Management's application (`GET /aif/rest/V1/applications/{app}`): `applicationName`, `plan1Name` …
 * `plan6Name` (unused ones left out), `appDimensions[{dimensionName, validForPlan1…6}]`, 1 where the plan type
 * has the dimension, else 0, all six always written (pbj-pbcs-client unboxes each).
 */
export type DataManagementApplication = {
  applicationName: string;
  appDimensions: Record<string, unknown>[];
} & {
  [plan: `plan${number}Name`]: string;
};

/** At most six plan types in a Data Management application. */
export const DATA_MANAGEMENT_PLANS = 6;

export function dataManagementApplication(
  name: string,
  plans: readonly { name: string; dimensions: readonly string[] }[],
): DataManagementApplication {
  const names: string[] = [];
  for (const p of plans) for (const d of p.dimensions) if (!names.includes(d)) names.push(d);
  const out: Record<string, unknown> = { applicationName: name };
  plans.forEach((p, i) => {
    out[`plan${i + 1}Name`] = p.name;
  });
  out.appDimensions = names.map((dimensionName) => {
    const dim: Record<string, unknown> = { dimensionName };
    for (let i = 0; i < DATA_MANAGEMENT_PLANS; i++) {
      dim[`validForPlan${i + 1}`] = plans[i]?.dimensions.includes(dimensionName) ? 1 : 0;
    }
    return dim;
  });
  return out as DataManagementApplication;
}

const planNumbers = Array.from({ length: DATA_MANAGEMENT_PLANS }, (_, i) => i + 1);

/** The plan types a Data Management application names, in plan order (empty names left out). */
export function readDataManagementPlans(dm: Readonly<Record<string, unknown>>): string[] {
  return planNumbers.flatMap((i) => {
    const name = dm[`plan${i}Name`];
    return typeof name === "string" && name !== "" ? [name] : [];
  });
}

/**
 * The dimensions valid for one plan type (named in any case) of a Data Management application; `null` when
 * none of its plans has that name.
 */
export function readDataManagementDimensions(
  dm: Readonly<Record<string, unknown>>,
  planType: string,
): string[] | null {
  const wanted = planType.toLowerCase();
  const plan = planNumbers.find((i) => {
    const name = dm[`plan${i}Name`];
    return typeof name === "string" && name.toLowerCase() === wanted;
  });
  if (plan === undefined) return null;
  const dims = Array.isArray(dm.appDimensions) ? (dm.appDimensions as Record<string, unknown>[]) : [];
  return dims.flatMap((d) =>
    typeof d.dimensionName === "string" && d[`validForPlan${plan}`] === 1 ? [d.dimensionName] : [],
  );
}

/** Substitution variables: `items[{name, value, planType}]`, `planType` `ALL` at the application level. */
export interface SubstitutionVariable {
  name: string;
  value: string;
  planType: string;
}

/** The query of a plan type's variables with the application's merged in (plan type wins). */
export const DERIVED_VALUES_QUERY = `q=${encodeURIComponent(JSON.stringify({ derivedValues: true }))}`;

/** The plan type's dimensions, all of them (`limit` 0 or -1 = all, Oracle's "Get Dimensions for a Plan Type"). */
export const ALL_DIMENSIONS_QUERY = "limit=-1";
