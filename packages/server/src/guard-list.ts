/**
 * Every route that takes a client's work, with what bounds that work and the heaviest input the hostile bench
 * (bench/hostile-wire.ts) sends to it. Each wave of features added a surface (What-If writes, MDX downloads)
 * without the guard older ones had: a route registered without an entry here fails
 * test/guard-list.test.ts, and the bench reports, per entry, the longest `/health` wait while its heaviest input
 * runs, against a baseline of the same run.
 */

import { GRID_CALL_ROUTES } from "@qibates/grid-rules";

/** What bounds a client's work on a route. */
export type Guard =
  /** Fastify's body limit (BODY_LIMIT_BYTES for grid calls, 64 KiB otherwise) or the wire endpoint's own. */
  | "body limit"
  /** The XML reader's bounds (depth, attributes, namespace declarations, entity-free) of the wire endpoints. */
  | "XML limits"
  /** MAX_GRID_CELLS, on the request's grid and on the answer, whatever its format. */
  | "cell cap"
  /** The engine's MDX work budget, counted before the work is done (MDX_TOO_COSTLY / MDX_TOO_LARGE). */
  | "work budget"
  /** The job queue: QIBATES_JOBS_PER_USER per visitor (an address for the demo key and demo users), QIBATES_JOBS_TOTAL. */
  | "job queue"
  /** The work runs in a worker thread (grid workers, the MDX report thread), not on the event loop. */
  | "worker"
  /** RATE_LIMIT_PER_MINUTE per key, or per client address. */
  | "rate limit"
  /** WIRE_LOGIN_FAILURES_PER_MINUTE, and the sessions per network (DEMO_SESSIONS_PER_NETWORK, WIRE_SESSIONS_PER_NETWORK). */
  | "login limit"
  /** The Files API's room per visitor (16 MiB), counted as a chunked upload arrives. */
  | "file quota"
  /** OPERATIONS_PER_KEY: the operations a key holds until they expire. */
  | "operation cap"
  /** The body is read and let go unparsed (a path no route takes). */
  | "body drained";

export interface GuardEntry {
  /** What the entry covers, as the bench reports it. */
  readonly name: string;
  /**
   * Its routes, `METHOD /path` as Fastify registers them (`:param` and a wildcard `*` included); `*` as the method
   * for every method, a path ending in `**` for every path it begins.
   */
  readonly routes: readonly string[];
  readonly guards: readonly Guard[];
  /** The name of its heaviest input in bench/hostile-wire.ts. */
  readonly heaviest: string;
}

const API = "/qibates/api/v2";
const ESSBASE_REST = "/essbase/rest/v1";
const PLANNING_REST = "/HyperionPlanning/rest";
/** The API's grid calls, as the grid's rules list them. */
const GRID_CALLS = Object.values(GRID_CALL_ROUTES);
const XMLA_PATHS = ["/olap/msmdpump.dll", "/aps/XMLA", "/essbase/xmla"];

export const GUARD_LIST: readonly GuardEntry[] = [
  {
    name: "API grid calls (ad hoc, save, form opening)",
    routes: [
      ...GRID_CALLS.map((route) => `POST ${API}/${route}`),
      `POST ${API}/action/save`,
      `POST ${API}/nav/openform`,
    ],
    guards: ["body limit", "cell cap", "worker", "rate limit"],
    heaviest: "API `action/refresh` of a 480,000-cell sheet",
  },
  {
    name: "API body limit (any call with a body)",
    routes: [`POST ${API}/action/refresh`],
    guards: ["body limit", "rate limit"],
    heaviest: "API 7.5 MB JSON body",
  },
  {
    name: "API MDX (`action/mdx`)",
    routes: [`POST ${API}/action/mdx`],
    guards: ["body limit", "work budget", "cell cap", "worker", "rate limit"],
    heaviest: "API `action/mdx` of about 383,000 cells",
  },
  {
    name: "API long calls (calculation, business rule, form submit)",
    routes: [
      `POST ${API}/action/calculate`,
      `POST ${API}/action/launchrule`,
      `POST ${API}/action/submitform`,
    ],
    guards: ["body limit", "cell cap", "job queue", "worker", "rate limit"],
    heaviest: "API `action/launchrule` with the demo key (CopyVersion, Plan1)",
  },
  {
    name: "API async operations (`Prefer: respond-async`, `GET /operations/{id}`)",
    routes: [`POST ${API}/action/launchrule`, `GET ${API}/operations/:operationId`],
    guards: ["operation cap", "job queue", "rate limit"],
    heaviest: "API `Prefer: respond-async`: 64 `action/launchrule` at once, then each operation read",
  },
  {
    name: "API sessions and navigation",
    routes: [
      `POST ${API}/action/login`,
      `POST ${API}/action/loginpbcs`,
      `POST ${API}/action/logout`,
      `POST ${API}/action/setalias`,
      `POST ${API}/action/setvariable`,
      `POST ${API}/action/taskstatus`,
      `POST ${API}/nav/**`,
    ],
    guards: ["body limit", "login limit", "rate limit"],
    heaviest: "API `action/login` then `nav/enummembers` (the whole Account hierarchy), 32 at once",
  },
  {
    name: "API keys (sign-in, list, delete)",
    routes: [
      `GET ${API}/generatekey/:keyname`,
      `GET ${API}/generatekey/callback`,
      `GET ${API}/listkeys`,
      `DELETE ${API}/deletekey/:keyname`,
      // The administrators' calls: anyone else is refused before the parameters are read.
      `GET ${API}/admin/listkeys`,
      `DELETE ${API}/admin/revokekey/:keyid`,
      `GET ${API}/admin/keyevents`,
    ],
    guards: ["body limit", "rate limit"],
    heaviest: "API keys: `GET /generatekey/callback` with a forged state, 32 at once",
  },
  {
    name: "API paths no route takes (405, 404)",
    routes: ["* /qibates/*"],
    guards: ["body drained", "rate limit"],
    heaviest: "10 MiB body to an API path no route takes",
  },
  {
    name: "XMLA Execute: MDX",
    routes: XMLA_PATHS.map((p) => `POST ${p}`),
    guards: ["body limit", "XML limits", "work budget", "cell cap", "login limit", "rate limit"],
    heaviest: "XMLA MDX of 46,000 rows (Year × Product × Market descendants)",
  },
  {
    name: "XMLA Execute: What-If (`UPDATE CUBE … USE_EQUAL_ALLOCATION`)",
    routes: XMLA_PATHS.map((p) => `POST ${p}`),
    guards: ["body limit", "work budget", "job queue", "worker", "login limit", "rate limit"],
    heaviest: "XMLA `UPDATE CUBE` of 100 tuples `USE_EQUAL_ALLOCATION`, 8 at once from one address",
  },
  {
    name: "XMLA Execute: DRILLTHROUGH",
    routes: XMLA_PATHS.map((p) => `POST ${p}`),
    // The rows read in a grid worker, the rowset written in slices.
    guards: ["body limit", "work budget", "worker", "login limit", "rate limit"],
    heaviest: "XMLA `DRILLTHROUGH` of Sample.Basic's top cell (every level-0 cell under it)",
  },
  {
    name: "XMLA bodies (the XML itself)",
    routes: [...XMLA_PATHS.map((p) => `* ${p}`), "* /olap", "* /olap/*"],
    guards: ["body limit", "XML limits", "rate limit"],
    // Of the XML inputs, the 2 MiB body waits longest: it is read whole before its MDX text is refused; a deep
    // nesting is refused at 128 levels.
    heaviest: "2 MiB MDX, XMLA Execute",
  },
  {
    name: "Smart View (Essbase and Planning): MDX, grids, forms",
    routes: [
      "POST /aps/SmartView",
      "POST /essbase/smartview",
      "POST /HyperionPlanning/SmartView",
      "POST /workspace/SmartViewProviders",
    ],
    guards: ["body limit", "XML limits", "work budget", "cell cap", "login limit", "rate limit"],
    heaviest: "2 MiB MDX, Smart View ExecuteQuery",
  },
  {
    name: "Smart View before login (the XML itself)",
    routes: ["* /aps", "* /aps/*", "* /essbase", "* /essbase/*"],
    guards: ["body limit", "XML limits", "rate limit"],
    heaviest: "64 KiB Smart View, no login: declarations × elements",
  },
  {
    name: "Essbase REST MDX reports in every format (`…/mdx` JSON, CSV, HTML, XLSX)",
    routes: [`POST ${ESSBASE_REST}/applications/:applicationName/databases/:databaseName/mdx`],
    guards: ["body limit", "work budget", "cell cap", "worker", "login limit", "rate limit"],
    heaviest: "Essbase REST `…/mdx?format=XLSX` of 383,000 cells, 2 at once",
  },
  {
    name: "Essbase REST MDX text (the request's size)",
    routes: [`POST ${ESSBASE_REST}/applications/:applicationName/databases/:databaseName/mdx`],
    guards: ["body limit", "rate limit"],
    // The longest text taken (the 10 MiB body is refused before it is read: 89 ms; this one 516 ms).
    heaviest: "64 KiB MDX (the limit), Essbase REST `…/mdx`",
  },
  {
    name: "Essbase REST grids (`…/grid` and its operations, `…/grid/mdx`)",
    routes: [
      `GET ${ESSBASE_REST}/applications/:applicationName/databases/:databaseName/grid`,
      `POST ${ESSBASE_REST}/applications/:applicationName/databases/:databaseName/grid`,
      `POST ${ESSBASE_REST}/applications/:applicationName/databases/:databaseName/grid/mdx`,
    ],
    // `…/grid/mdx` runs its query in a grid worker and lays out its Grid in the MDX report thread (f33b1718).
    guards: ["body limit", "work budget", "cell cap", "worker", "login limit", "rate limit"],
    heaviest: "Essbase REST `…/grid/mdx` of 383,000 cells",
  },
  {
    name: "Essbase REST jobs (calculation, data load, clear, export)",
    routes: [`POST ${ESSBASE_REST}/jobs`, `POST ${ESSBASE_REST}/jobs/:id`, `GET ${ESSBASE_REST}/jobs**`],
    guards: ["body limit", "job queue", "login limit", "rate limit"],
    heaviest: "Essbase REST `dataload` job of a 15 MB file (280,000 lines)",
  },
  {
    name: "Essbase REST Files (uploads, downloads)",
    routes: [`* ${ESSBASE_REST}/files**`],
    guards: ["body limit", "file quota", "login limit", "rate limit"],
    heaviest: "Essbase REST Files: a 15 MB upload",
  },
  {
    name: "Essbase REST sessions, outline, variables, aliases, preferences, and paths no route takes",
    routes: [`* ${ESSBASE_REST}**`],
    guards: ["body limit", "login limit", "rate limit"],
    heaviest: "Essbase REST `GET /outline/Sample/Basic`, 32 at once",
  },
  {
    name: "Planning REST jobs (business rules)",
    routes: [
      `POST ${PLANNING_REST}/v3/applications/:app/jobs`,
      `GET ${PLANNING_REST}/v3/applications/:app/jobs/:id`,
    ],
    guards: ["body limit", "job queue", "worker", "login limit", "rate limit"],
    heaviest: "Planning REST rule job (CopyVersion), 16 at once from one address",
  },
  {
    name: "Planning REST data slices and forms",
    routes: [
      `POST ${PLANNING_REST}/v3/applications/:app/plantypes/:pt/exportdataslice`,
      `POST ${PLANNING_REST}/v3/applications/:app/plantypes/:pt/importdataslice`,
      `GET ${PLANNING_REST}/v3/applications/:app/forms/:form/data`,
    ],
    guards: ["body limit", "cell cap", "login limit", "rate limit"],
    heaviest: "Planning REST `exportdataslice` of every account × every period",
  },
  {
    name: "Planning REST and Data Management metadata, and paths no route takes",
    routes: [`* ${PLANNING_REST}**`, "* /aif/rest**"],
    guards: ["body limit", "login limit", "rate limit"],
    heaviest: "Planning REST `GET …/dimensions/Account/members/Account`, 32 at once",
  },
];

/**
 * Routes that take no client work (no body, no query read): the probes `/health`, `/readyz` and `/metrics`, which
 * the bench polls or a monitor reads, and the documentation site's files (read from site/build by their path). A
 * route here must be a `GET`.
 */
export const NO_CLIENT_WORK: readonly string[] = [
  `GET ${API}/health`,
  "GET /readyz",
  "GET /metrics",
  "GET /",
  "GET /*",
];

/** Whether `pattern` (`METHOD /path`, see {@link GuardEntry.routes}) names the registered route `route`. */
export function routeMatches(pattern: string, route: string): boolean {
  const [pm = "", pp = ""] = pattern.split(" ");
  const [rm = "", rp = ""] = route.split(" ");
  if (pm !== "*" && pm !== rm) return false;
  return pp.endsWith("**") ? rp.startsWith(pp.slice(0, -2)) : pp === rp;
}

/** The entries of {@link GUARD_LIST} that name `route` (`METHOD /path` as registered). */
export function guardsOf(route: string): GuardEntry[] {
  return GUARD_LIST.filter((entry) => entry.routes.some((pattern) => routeMatches(pattern, route)));
}

/**
 * The registered routes (`METHOD /path`, as `app.qibatesRoutes` lists them) that neither {@link GUARD_LIST} nor
 * {@link NO_CLIENT_WORK} names; `HEAD` routes are the `GET` routes' own.
 */
export function unguardedRoutes(routes: readonly string[]): string[] {
  return routes.filter(
    (route) => !route.startsWith("HEAD ") && !NO_CLIENT_WORK.includes(route) && guardsOf(route).length === 0,
  );
}
