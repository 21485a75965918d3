/** Where Essbase answers: everything of the server sits under `/essbase`. */
export const ESSBASE_ROOT = "/essbase";
/** Essbase 21c's REST base path. */
export const ESSBASE_REST_BASE = "/essbase/rest/v1";
/** The Java API's address, the one Smart View and the provider contract name a server by. */
export const ESSBASE_JAPI = "/essbase/japi";
/** The session cookie, as Essbase (WebLogic) names it, and its path. */
export const SESSION_COOKIE = "JSESSIONID";
export const COOKIE_PATH = "/essbase";
/** The query parameter that leaves out the links Essbase adds to every bean. */
export const LINKS_NONE = "links=none";

const enc = encodeURIComponent;

/** Route templates under the REST base, with the parameter names the endpoint reads. */
export const ROUTES = {
  application: "/applications/:applicationName",
  database: "/applications/:applicationName/databases/:databaseName",
  outline: "/outline/:app/:cube",
  variables: [
    "/variables",
    "/applications/:applicationName/variables",
    "/applications/:applicationName/databases/:databaseName/variables",
  ],
} as const;

/** `/applications/{app}/databases/{cube}`, the names escaped. */
export function cubePath(application: string, cube: string): string {
  return `/applications/${enc(application)}/databases/${enc(cube)}`;
}

/** `/outline/{app}/{cube}`, the names escaped. */
export function outlinePath(application: string, cube: string): string {
  return `/outline/${enc(application)}/${enc(cube)}`;
}

/** `/applications/{app}/variables`, the name escaped. */
export function applicationVariablesPath(application: string): string {
  return `/applications/${enc(application)}/variables`;
}
