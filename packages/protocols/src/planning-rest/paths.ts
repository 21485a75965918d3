/** Planning REST's root on a server, the API version served under it, and Data Management's REST API beside it. */
export const PLANNING_REST_ROOT = "/HyperionPlanning/rest";
export const PLANNING_REST_VERSION = "v3";
/** Data Management's (Data Integration's) REST API on the same server, where older clients read plan types. */
export const DATA_MANAGEMENT_REST_ROOT = "/aif/rest";
export const DATA_MANAGEMENT_REST_VERSION = "V1";

/**
 * The resources under `…/rest/v3`, parameters written `:name`: the endpoint registers them as routes, the
 * client fills them with {@link planningPath}.
 */
export const PLANNING_PATHS = {
  applications: "/applications",
  planTypes: "/applications/:app/plantypes",
  jobDefinitions: "/applications/:app/jobdefinitions",
  jobs: "/applications/:app/jobs",
  job: "/applications/:app/jobs/:id",
  variables: "/applications/:app/substitutionvariables",
  variable: "/applications/:app/substitutionvariables/:name",
  planTypeVariables: "/applications/:app/plantypes/:pt/substitutionvariables",
  planTypeVariable: "/applications/:app/plantypes/:pt/substitutionvariables/:name",
  exportDataSlice: "/applications/:app/plantypes/:pt/exportdataslice",
  importDataSlice: "/applications/:app/plantypes/:pt/importdataslice",
  formData: "/applications/:app/forms/:form/data",
  formDefinition: "/applications/:app/formdefinitions/:form",
  planTypeDimensions: "/applications/:app/plantypes/:pt/dimensions",
  dimension: "/applications/:app/plantypes/:pt/dimensions/:dim",
  member: "/applications/:app/dimensions/:dim/members/:member",
} as const;

/** Data Management's resources under `…/aif/rest/V1`. */
export const DATA_MANAGEMENT_PATHS = {
  application: "/applications/:app",
} as const;

/** A resource's path with its parameters filled in (each URI-encoded), and the query when one is given. */
export function planningPath(
  route: string,
  params: Readonly<Record<string, string | number>>,
  query?: string,
): string {
  const path = route.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`planningPath: ${route} needs :${name}`);
    return encodeURIComponent(String(value));
  });
  return query === undefined || query === "" ? path : `${path}?${query}`;
}

/** `https://h:p/HyperionPlanning/SmartView` → `https://h:p/HyperionPlanning/rest`. */
export function planningRestRoot(address: string | URL): string {
  const url = new URL(String(address));
  const path = url.pathname.replace(/\/+$/, "").replace(/\/SmartView$/i, "/rest");
  return `${url.origin}${path}`;
}

/** The one link shape of Planning REST's answers. */
export interface ApiLink {
  rel: string;
  href: string;
  action: string;
}
