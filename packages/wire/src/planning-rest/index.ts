import {
  type ApplicationRef,
  type Connector,
  type MemberProperties,
  type PlanningOperations,
  type Provider,
  ProviderError,
  type ProviderSession,
} from "@qibates/connectors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { basicCredentials } from "../basic-auth.ts";
import { refusalStatus } from "../error-answers.ts";
import { CallerSessions, registerLiveSessions } from "../live-sessions.ts";
import { LoginThrottle } from "../login-throttle.ts";
import { exportSliceInput, SliceRequestError, sliceGrid } from "./data-slices.ts";
import { DISPLAY_MEMBER_AS, type DisplayMemberAs, formData, formDefinition, formId } from "./forms.ts";
import { type MemberNode, memberTree, subtree } from "./members.ts";

/**
 * The Planning REST API of EPM Cloud (`/HyperionPlanning/rest/v3/…`) answered by a provider: a Fastify plugin
 * for what a client needs to find the API version, list applications, plan types and business rules, launch
 * a rule with its runtime prompts as a job and poll it, read dimension members and substitution variables. Every call authenticates
 * with HTTP Basic, the user name alone or `identitydomain.user`. Replies have the JSON shapes of Oracle's REST
 * pages and of a live-tested client (sources in `packages/connectors/NOTES-planning-rest.md`); errors answer
 * the JSON fields Oracle's pages list for them (`status`, `detail`, `message`, `localizedMessage`).
 */

export const PLANNING_REST_ROOT = "/HyperionPlanning/rest";
export const PLANNING_REST_VERSION = "v3";
/** Data Management's (Data Integration's) REST API on the same server, where older clients read plan types. */
export const DATA_MANAGEMENT_REST_ROOT = "/aif/rest";
export const DATA_MANAGEMENT_REST_VERSION = "V1";

export interface PlanningRestOptions {
  /** Every call goes to this provider (the server passes the embedded one: the demo's users and data). */
  provider: Provider;
  /** The connector value of the provider sessions (default `pbcs`). */
  connector?: Connector;
  /** Who rule runs are journaled under, from the user name (default `planning-rest:<user>`). */
  owner?: (username: string) => string;
  /** At most this many job records are kept, newest first (default 1000). */
  maxJobs?: number;
  /** Largest data slice answered, in cells (default 100,000); beyond it, Planning's "threshold" error. */
  maxSliceCells?: number;
  /** A caller's provider session (the demo's own view of its writes) ends this long after its last call (default 30 minutes). */
  idleMinutes?: number;
  /**
   * Whether Export Form Data is served (default true). False answers it as a deployment without AI Studio
   * would refuse it (Oracle: the call "requires an Oracle Fusion Cloud deployment with AI Studio"), so that a
   * client's fallback can be tried.
   */
  exportFormData?: boolean;
  /** Failed logins counted per address and user (`login-throttle.ts`); share one across endpoints. */
  loginThrottle?: LoginThrottle;
}

/** Job status codes of `GET …/jobs/{id}` (Oracle's "Retrieve Job Status" page). */
export const JOB_STATUS = {
  inProgress: -1,
  completed: 0,
  error: 1,
  invalidParameter: 4,
} as const;

const DESCRIPTIVE: Record<number, string> = {
  [JOB_STATUS.inProgress]: "In Progress",
  [JOB_STATUS.completed]: "Completed",
  [JOB_STATUS.error]: "Error",
  [JOB_STATUS.invalidParameter]: "Invalid Parameter",
};

interface Job {
  jobId: number;
  jobName: string;
  application: string;
  username: string;
  status: number;
  details: string | null;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Caller {
  username: string;
  session: ProviderSession;
}

declare module "fastify" {
  interface FastifyRequest {
    planningCaller: Caller | null;
  }
}

/** `RULES` / `Rules`: both spellings are accepted (Oracle's "Rules" page). */
const isRules = (jobType: unknown) => typeof jobType === "string" && jobType.toUpperCase() === "RULES";

export async function planningRestEndpoint(
  app: FastifyInstance,
  options: PlanningRestOptions,
): Promise<void> {
  const provider = options.provider;
  const throttle = options.loginThrottle ?? new LoginThrottle();
  // Basic on every call, no session: one provider session per user at one address (the demo's own views).
  const callers = new CallerSessions("planning-rest", (options.idleMinutes ?? 30) * 60_000);
  const unregister = registerLiveSessions((id) => callers.alive(id));
  app.addHook("onClose", async () => unregister());
  const planning = provider.planning;
  if (!planning) throw new Error("the Planning REST endpoint needs a provider of the planning family");
  const connector = options.connector ?? "pbcs";
  const owner = options.owner ?? ((u: string) => `planning-rest:${u}`);
  const maxJobs = options.maxJobs ?? 1000;
  const maxSliceCells = options.maxSliceCells ?? 100_000;
  const jobs = new Map<number, Job>();
  let nextJob = 1;

  /**
   * One REST API of the server under its prefix: HTTP Basic on every call, errors (unknown paths included) in
   * that API's JSON error body.
   */
  const api = (
    prefix: string,
    sendError: (reply: FastifyReply, status: number, message: string) => FastifyReply,
    routes: (scope: FastifyInstance) => void,
  ) =>
    app.register(
      async (scope) => {
        scope.decorateRequest("planningCaller", null);

        scope.setErrorHandler((error, request, reply) => {
          if (error instanceof HttpError) return sendError(reply, error.status, error.message);
          if (error instanceof SliceRequestError) return sendError(reply, 400, error.message);
          if (error instanceof ProviderError) {
            return sendError(reply, error.code === "LOGIN_FAILED" ? 401 : 400, error.message);
          }
          // Fastify's refusals, the host's and the wire's (refusalStatus).
          const status = refusalStatus(error);
          if (status !== null) return sendError(reply, status, (error as Error).message ?? "Bad request");
          request.log.error({ err: error }, "planning-rest: internal error");
          return sendError(reply, 500, "Internal server error");
        });
        const notServed = (request: FastifyRequest, reply: FastifyReply) =>
          sendError(reply, 404, `No resource at ${request.method} ${request.url.split("?")[0] ?? ""}.`);
        scope.setNotFoundHandler(notServed);

        scope.addHook("onRequest", async (request, reply) => {
          const basic = basicCredentials(request.headers.authorization);
          // Failed logins limited per address and user name (login-throttle.ts): a 429 past them.
          const refused = Symbol("refused");
          const caller = basic
            ? await throttle
                .attempt(
                  request.ip,
                  basic.username,
                  async () => (await authenticate(request, basic)) ?? Promise.reject(refused),
                  (e) => e === refused,
                )
                .catch((e: unknown) => {
                  if (e === refused) return null;
                  throw e;
                })
            : null;
          if (!caller) {
            reply.header("www-authenticate", 'Basic realm="EPM"');
            return sendError(
              reply,
              401,
              basic ? "Invalid user name or password." : "Authentication required.",
            );
          }
          request.planningCaller = caller;
        });

        routes(scope);
        // Every other path under the prefix, as a route: with the documentation site served, its catch-all
        // route would otherwise answer its HTML page before any not-found handler runs.
        scope.all("/*", notServed);
        // Data Management serves nothing at its root (Planning lists its versions there).
        if (prefix === DATA_MANAGEMENT_REST_ROOT) scope.all("/", notServed);
      },
      { prefix },
    );

  await api(PLANNING_REST_ROOT, sendError, registerRoutes);
  await api(DATA_MANAGEMENT_REST_ROOT, sendDataManagementError, registerDataManagementRoutes);

  /** Checks the credentials with the provider: the user name as sent, else what follows `identitydomain.`. */
  async function authenticate(
    request: FastifyRequest,
    basic: { username: string; password: string },
  ): Promise<Caller | null> {
    const providerAddress = `${request.protocol}://${request.headers.host ?? "localhost"}/HyperionPlanning/SmartView`;
    const dot = basic.username.indexOf(".");
    const names = dot > 0 ? [basic.username, basic.username.slice(dot + 1)] : [basic.username];
    for (const name of names) {
      try {
        const { username } = await provider.login({
          connector,
          username: name,
          password: basic.password,
          address: new URL(providerAddress),
        });
        return {
          username,
          session: {
            id: callers.id(username, request.ip),
            ownerId: owner(username),
            connector,
            username,
            providerAddress,
            aliasTable: null,
          },
        };
      } catch (e) {
        if (!(e instanceof ProviderError && e.code === "LOGIN_FAILED")) throw e;
      }
    }
    return null;
  }

  function sendError(reply: FastifyReply, status: number, message: string) {
    return reply.code(status).type("application/json").send({
      status,
      detail: message,
      message,
      localizedMessage: message,
    });
  }

  /**
   * Data Management's error: its answers carry `status` (its job codes: 1 = error) and `details` (Oracle's Data
   * Integration "Retrieve Job Status" page); the HTTP status says what went wrong.
   */
  function sendDataManagementError(reply: FastifyReply, status: number, message: string) {
    return reply.code(status).type("application/json").send({ status: 1, details: message });
  }

  function callerOf(request: FastifyRequest): Caller {
    const c = request.planningCaller;
    if (!c) throw new HttpError(401, "Authentication required.");
    return c;
  }

  let serverName: Promise<string> | null = null;
  async function server(session: ProviderSession): Promise<string> {
    serverName ??= provider.servers(session).then((list) => {
      const first = list.servers[0]?.name;
      if (!first) throw new HttpError(500, "The provider has no server.");
      return first;
    });
    return serverName.catch((e) => {
      serverName = null;
      throw e;
    });
  }

  /** The application a path names, as the provider spells it. */
  async function appRef(session: ProviderSession, name: string): Promise<ApplicationRef> {
    const srv = await server(session);
    const list = await provider.applications(session, srv, false);
    const found = list.applications.find((a) => a.name.toLowerCase() === name.toLowerCase());
    if (!found) throw new HttpError(400, `Application ${name} does not exist.`);
    return { server: srv, application: found.name };
  }

  const link = (request: FastifyRequest, path: string, rel: string, action = "GET") => ({
    rel,
    href: `${request.protocol}://${request.headers.host ?? "localhost"}${PLANNING_REST_ROOT}${path}`,
    action,
  });

  function jobReply(request: FastifyRequest, job: Job) {
    const self = `/${PLANNING_REST_VERSION}/applications/${encodeURIComponent(job.application)}/jobs/${job.jobId}`;
    return {
      status: job.status,
      details: job.details,
      jobId: job.jobId,
      jobName: job.jobName,
      descriptiveStatus: DESCRIPTIVE[job.status] ?? "Unknown",
      links: [link(request, self, "self"), link(request, `${self}/details`, "job-details")],
    };
  }

  /** The one version served, as `GET …/rest/` lists it and `GET …/rest/v3` describes it. */
  const versionInfo = (request: FastifyRequest, extra: ReturnType<typeof link>[] = []) => ({
    version: PLANNING_REST_VERSION,
    lifecycle: "active",
    isLatest: true,
    links: [link(request, `/${PLANNING_REST_VERSION}`, "canonical"), ...extra],
  });

  function registerRoutes(scope: FastifyInstance) {
    // Version discovery: `GET /HyperionPlanning/rest/` lists the versions (the trailing slash is required, a
    // live-tested client's note); `GET /HyperionPlanning/rest/v3` describes one (Oracle's "Get Information
    // about a Specific REST API Version"), which pbj-pbcs-client reads as `…/v3/`.
    scope.get("/", async (request) => ({
      items: [versionInfo(request, [link(request, `/${PLANNING_REST_VERSION}`, "current")])],
      links: [link(request, "/", "self")],
    }));

    const v = `/${PLANNING_REST_VERSION}`;
    scope.get(v, async (request) => versionInfo(request));
    scope.get(`${v}/`, async (request) => versionInfo(request));

    scope.get(`${v}/applications`, async (request) => {
      const { session } = callerOf(request);
      const list = await provider.applications(session, await server(session), false);
      return {
        type: "HP",
        items: list.applications.map((a) => ({
          name: a.name,
          type: "HP",
          appType: "EPBCS",
          dpEnabled: false,
          adminMode: false,
          unicode: true,
          appStorage: "Multidim",
        })),
      };
    });

    scope.get<{ Params: { app: string } }>(`${v}/applications/:app/plantypes`, async (request) => {
      const { session } = callerOf(request);
      const ref = await appRef(session, request.params.app);
      const cubes = await provider.cubes(session, ref);
      return {
        items: cubes.cubes.map((c, i) => ({
          planTypeName: c.name,
          planType: i + 1,
          cubeName: c.name,
          cubeType: 0,
        })),
        links: [link(request, `${v}/applications/${encodeURIComponent(ref.application)}/plantypes`, "self")],
      };
    });

    scope.get<{ Params: { app: string }; Querystring: { q?: string } }>(
      `${v}/applications/:app/jobdefinitions`,
      async (request) => {
        const { session } = callerOf(request);
        const ref = await appRef(session, request.params.app);
        const wanted = jobTypeFilter(request.query.q);
        const { rules } = await (planning as PlanningOperations).listRules(session, ref);
        const items =
          wanted === null || wanted === "RULES"
            ? // Oracle's example items are {jobType, jobName, links}; a rule also names the plan type it is
              // deployed to (pbj's JobDefinition.planTypeName, which its PbcsPlanType.getJobs filters on).
              rules.map((r) => ({ jobType: "RULES", jobName: r.ruleName, planTypeName: r.cube, links: null }))
            : [];
        return { items };
      },
    );

    scope.post<{ Params: { app: string }; Body: unknown }>(
      `${v}/applications/:app/jobs`,
      async (request, reply) => {
        const caller = callerOf(request);
        requireJson(request);
        const ref = await appRef(caller.session, request.params.app);
        const body = (request.body ?? {}) as { jobType?: unknown; jobName?: unknown; parameters?: unknown };
        if (typeof body.jobType === "string" && body.jobType.toUpperCase() === "RULESET") {
          // Oracle's "Ruleset" job type: the demo application has no rulesets.
          throw new HttpError(400, `Ruleset ${String(body.jobName)} does not exist.`);
        }
        if (!isRules(body.jobType)) {
          throw new HttpError(400, `Job type ${String(body.jobType)} is not supported by this server.`);
        }
        if (typeof body.jobName !== "string" || body.jobName === "") {
          throw new HttpError(400, "jobName is required.");
        }
        const parameters = stringParameters(body.parameters);
        const { rules } = await (planning as PlanningOperations).listRules(caller.session, ref);
        const planType = parameters.planType;
        const named = rules.filter(
          (r) => r.ruleName.toLowerCase() === (body.jobName as string).toLowerCase(),
        );
        const rule =
          named.find((r) => planType !== undefined && r.cube.toLowerCase() === planType.toLowerCase()) ??
          named[0];
        if (!rule) throw new HttpError(400, `Business rule ${body.jobName} does not exist.`);
        const job: Job = {
          jobId: nextJob++,
          jobName: rule.ruleName,
          application: ref.application,
          username: caller.username,
          status: JOB_STATUS.inProgress,
          details: null,
        };
        jobs.set(job.jobId, job);
        for (const id of jobs.keys()) {
          if (jobs.size <= maxJobs) break;
          jobs.delete(id);
        }
        const prompts = await promptsOf(caller.session, ref, rule.cube, rule.ruleName, parameters);
        // The rule runs after the answer is sent: the client polls GET …/jobs/{id}.
        setTimeout(() => {
          (planning as PlanningOperations)
            .launchRule(caller.session, ref, { cube: rule.cube, ruleName: rule.ruleName, prompts })
            .then(
              (run) => {
                job.status = JOB_STATUS.completed;
                job.details = run.message;
              },
              (e: unknown) => {
                const invalid =
                  e instanceof ProviderError &&
                  (e.code === "PROMPT_INVALID" || e.code === "PROMPT_MISSING" || e.code === "PROMPT_UNKNOWN");
                job.status = invalid ? JOB_STATUS.invalidParameter : JOB_STATUS.error;
                job.details = e instanceof Error ? e.message : String(e);
              },
            );
        }, 0);
        return reply.send(jobReply(request, job));
      },
    );

    scope.get<{ Params: { app: string; id: string } }>(`${v}/applications/:app/jobs/:id`, async (request) => {
      const caller = callerOf(request);
      const job = jobs.get(Number(request.params.id));
      if (
        !job ||
        job.username !== caller.username ||
        job.application.toLowerCase() !== request.params.app.toLowerCase()
      ) {
        throw new HttpError(404, `Job ${request.params.id} does not exist.`);
      }
      return jobReply(request, job);
    });

    // Substitution variables (Oracle's "Get All Substitution Variables Defined for the Application": every
    // plan type's, each with its planType, `ALL` for the application level, which the demo does not use); a
    // plan type's (with or without q={"derivedValues":true}) are its own.
    const planTypeVariables = async (session: ProviderSession, ref: ApplicationRef, cube: string) =>
      (await (planning as PlanningOperations).planTypeVariables(session, ref, cube)).map((x) => ({
        name: x.name,
        value: x.value,
        planType: cube,
      }));
    const applicationVariables = async (session: ProviderSession, ref: ApplicationRef) => {
      const cubes = (await provider.cubes(session, ref)).cubes.map((c) => c.name);
      return (await Promise.all(cubes.map((c) => planTypeVariables(session, ref, c)))).flat();
    };
    const variableReply = (request: FastifyRequest, path: string, variable: object) => ({
      ...variable,
      links: [link(request, path, "self")],
    });

    scope.get<{ Params: { app: string } }>(
      `${v}/applications/:app/substitutionvariables`,
      async (request) => {
        const { session } = callerOf(request);
        const ref = await appRef(session, request.params.app);
        return { items: await applicationVariables(session, ref) };
      },
    );

    scope.get<{ Params: { app: string; name: string } }>(
      `${v}/applications/:app/substitutionvariables/:name`,
      async (request) => {
        const { session } = callerOf(request);
        const ref = await appRef(session, request.params.app);
        // The application level holds `ALL` variables only; the demo defines none there.
        const found = (await applicationVariables(session, ref)).find(
          (x) => x.planType === "ALL" && x.name.toLowerCase() === request.params.name.toLowerCase(),
        );
        if (!found) throw new HttpError(400, `Substitution variable ${request.params.name} does not exist.`);
        return variableReply(
          request,
          `${v}/applications/${encodeURIComponent(ref.application)}/substitutionvariables/${encodeURIComponent(found.name)}`,
          found,
        );
      },
    );

    scope.get<{ Params: { app: string; pt: string } }>(
      `${v}/applications/:app/plantypes/:pt/substitutionvariables`,
      async (request) => {
        const { session } = callerOf(request);
        const ref = await appRef(session, request.params.app);
        const cube = await planTypeOf(session, ref, request.params.pt);
        return { items: await planTypeVariables(session, ref, cube) };
      },
    );

    scope.get<{ Params: { app: string; pt: string; name: string } }>(
      `${v}/applications/:app/plantypes/:pt/substitutionvariables/:name`,
      async (request) => {
        const { session } = callerOf(request);
        const ref = await appRef(session, request.params.app);
        const cube = await planTypeOf(session, ref, request.params.pt);
        const found = (await planTypeVariables(session, ref, cube)).find(
          (x) => x.name.toLowerCase() === request.params.name.toLowerCase(),
        );
        if (!found) throw new HttpError(400, `Substitution variable ${request.params.name} does not exist.`);
        return variableReply(
          request,
          `${v}/applications/${encodeURIComponent(ref.application)}/plantypes/${encodeURIComponent(cube)}/substitutionvariables/${encodeURIComponent(found.name)}`,
          found,
        );
      },
    );

    scope.post<{ Params: { app: string; pt: string }; Body: unknown }>(
      `${v}/applications/:app/plantypes/:pt/exportdataslice`,
      async (request) => {
        const { session } = callerOf(request);
        requireJson(request);
        const ref = await appRef(session, request.params.app);
        const cube = await planTypeOf(session, ref, request.params.pt);
        const input = exportSliceInput(request.body, cube, maxSliceCells);
        const slice = await (planning as PlanningOperations).exportDataSlice(session, ref, input);
        return sliceGrid(slice);
      },
    );

    scope.post<{ Params: { app: string; pt: string }; Body: unknown }>(
      `${v}/applications/:app/plantypes/:pt/importdataslice`,
      async (request) => {
        const { session } = callerOf(request);
        requireJson(request);
        const ref = await appRef(session, request.params.app);
        const cube = await planTypeOf(session, ref, request.params.pt);
        const ops = planning as PlanningOperations;
        if (!ops.importDataSlice) throw new HttpError(400, "This server cannot import data slices.");
        const input = importSliceInput(request.body, cube);
        const r = await ops.importDataSlice(session, ref, input.grid);
        // Oracle's documented spelling `numUpdateCells` (25.06) and a live pod's `numUpdatedCells` (pbj's
        // tests): both sent. Rejected cells as bracketed strings; with details when asked (first 100 of each).
        const out: Record<string, unknown> = {
          numAcceptedCells: r.numAcceptedCells,
          numUpdateCells: r.numUpdateCells,
          numUpdatedCells: r.numUpdateCells,
          numRejectedCells: r.numRejectedCells,
        };
        if (input.includeRejectedCells) {
          out.rejectedCells = r.rejectedCells.slice(0, 100).map((c) => `[${c.memberNames.join(", ")}]`);
        }
        if (input.includeDetails) out.rejectedCellsWithDetails = r.rejectedCells.slice(0, 100);
        return out;
      },
    );

    // Export Form Data (`GET …/forms/{idorname}/data`) and the form definition (`GET …/formdefinitions/{idorname}`).
    scope.get<{ Params: { app: string; form: string }; Querystring: Record<string, string | string[]> }>(
      `${v}/applications/:app/forms/:form/data`,
      async (request) => {
        const { session } = callerOf(request);
        const ref = await appRef(session, request.params.app);
        if (options.exportFormData === false) {
          throw new HttpError(
            400,
            "Export Form Data requires an Oracle Fusion Cloud deployment with AI Studio.",
          );
        }
        const found = await findForm(session, ref, request.params.form);
        if (found.type === "composite") {
          throw new HttpError(
            400,
            `Form ${found.formName} is a composite form: export the data of its simple forms.`,
          );
        }
        const q = request.query;
        const one = (k: string) => (Array.isArray(q[k]) ? q[k][0] : q[k]);
        const as = (one("displayMemberAs") ?? "MEMBER_NAME").toUpperCase();
        if (!DISPLAY_MEMBER_AS.includes(as as DisplayMemberAs)) {
          throw new HttpError(400, `displayMemberAs must be one of ${DISPLAY_MEMBER_AS.join(", ")}.`);
        }
        const fieldsParam = one("fields");
        const fields =
          fieldsParam === undefined || fieldsParam === ""
            ? null
            : new Set(fieldsParam.split(",").map((f) => f.trim()));
        // Page members: `pageMbrList` (Oracle's table; comma-separated here) or repeated `page` (its example URL).
        const pages = [q.pageMbrList, q.page]
          .flatMap((x) => (x === undefined ? [] : Array.isArray(x) ? x : [x]))
          .flatMap((x) => x.split(","))
          .map((x) => x.trim())
          .filter((x) => x !== "");
        const first = await openSimple(session, ref, found, {});
        const pageDims = pageDimensions(first);
        const pov: Record<string, string> = {};
        for (const name of pages) {
          const dim = pageDims.find((d) =>
            (first.povChoices[d] ?? []).some((m) => m.toLowerCase() === name.toLowerCase()),
          );
          if (!dim) {
            throw new HttpError(400, `${name} is not a page member of form ${found.formName}.`);
          }
          pov[dim] = name;
        }
        const form = pages.length > 0 ? await openSimple(session, ref, found, pov) : first;
        const dimensionOf = await dimensionIndex(session, ref, form.cube);
        return formData(form, {
          displayMemberAs: as as DisplayMemberAs,
          delimiter: one("memberAliasDelimiter") ?? ":",
          fields,
          dimensionOf,
          pageDims,
        });
      },
    );

    scope.get<{ Params: { app: string; form: string } }>(
      `${v}/applications/:app/formdefinitions/:form`,
      async (request) => {
        const { session } = callerOf(request);
        const ref = await appRef(session, request.params.app);
        const found = await findForm(session, ref, request.params.form);
        if (found.type === "composite") {
          throw new HttpError(
            400,
            `Form ${found.formName} is a composite form: only simple forms have a definition here.`,
          );
        }
        const form = await openSimple(session, ref, found, {});
        const rules = await (planning as PlanningOperations).listOnSaveRules(session, ref, {
          folder: found.folder,
          formName: found.formName,
        });
        return formDefinition(
          form,
          found,
          rules.rules.map((r) => r.ruleName),
          { dimensionOf: await dimensionIndex(session, ref, form.cube), pageDims: pageDimensions(form) },
        );
      },
    );

    // Get Dimension Details (26.04): the whole hierarchy, `children` nested (leaves without), the alias of
    // the table asked (`aliasTableName`, default Default), the fields asked (default all).
    scope.get<{
      Params: { app: string; pt: string; dim: string };
      Querystring: { fields?: string; aliasTableName?: string };
    }>(`${v}/applications/:app/plantypes/:pt/dimensions/:dim`, async (request) => {
      const { session } = callerOf(request);
      const ref = await appRef(session, request.params.app);
      const cube = await planTypeOf(session, ref, request.params.pt);
      const dims = await (planning as PlanningOperations).planTypeDimensions(session, ref, cube);
      const dim = dims.find((d) => d.toLowerCase() === request.params.dim.toLowerCase());
      if (!dim)
        throw new HttpError(400, `Dimension ${request.params.dim} does not exist in plan type ${cube}.`);
      const table = request.query.aliasTableName ?? "Default";
      const list = await (planning as PlanningOperations)
        .members(session, ref, { cube, dim, filter: "Hierarchy", arg: null, aliasTable: table })
        .catch((e: unknown) => {
          if (e instanceof ProviderError && /alias/i.test(e.code)) {
            throw new HttpError(400, `Alias table ${table} does not exist.`);
          }
          throw e;
        });
      const tree = memberTree(list.members);
      const fields = new Set(
        (request.query.fields ?? "id,name,alias,path,children").split(",").map((f) => f.trim()),
      );
      const node = (n: MemberNode, path: string): Record<string, unknown> => {
        const here = path === "" ? n.name : `${path}/${n.name}`;
        const out: Record<string, unknown> = {};
        if (fields.has("name")) out.name = n.name;
        if (fields.has("path")) out.path = here;
        if (fields.has("id")) out.id = formId(dim, n.name);
        if (fields.has("alias") && n.alias !== null) out.alias = n.alias;
        if (fields.has("children") && n.children.length > 0)
          out.children = n.children.map((c) => node(c, here));
        return out;
      };
      return node(tree, "");
    });

    scope.get<{ Params: { app: string; dim: string; member: string } }>(
      `${v}/applications/:app/dimensions/:dim/members/:member`,
      async (request) => {
        const { session } = callerOf(request);
        const ref = await appRef(session, request.params.app);
        const tree = await dimensionTree(session, ref, request.params.dim);
        const node = subtree(tree, request.params.member);
        if (!node) {
          // Planning's words for an unknown member (recorded from a live server by pbj-pbcs-client, whose
          // getMember turns a 400 whose message starts with "The member" into its no-such-member error).
          throw new HttpError(400, unknownMemberMessage(request.params.member));
        }
        const properties = await (planning as PlanningOperations).memberProperties(session, ref, {
          dim: tree.name,
        });
        return memberReply(node, tree.name, properties);
      },
    );
  }

  interface FoundForm {
    formName: string;
    folder: string;
    type: string;
    cube: string;
    description: string;
  }

  /** A form by name (any folder, any case) or by its id, walking the form folders from `/Forms`. */
  async function findForm(
    session: ProviderSession,
    ref: ApplicationRef,
    idOrName: string,
  ): Promise<FoundForm> {
    const ops = planning as PlanningOperations;
    const wanted = idOrName.toLowerCase();
    const queue = ["/Forms"];
    const seen = new Set<string>();
    for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
      if (seen.has(folder) || seen.size > 500) continue;
      seen.add(folder);
      const list = await ops.listForms(session, ref, folder);
      const hit = list.forms.find(
        (f) => f.formName.toLowerCase() === wanted || formId(f.folder, f.formName) === wanted,
      );
      if (hit) return { ...hit, description: hit.description ?? "" } as FoundForm;
      queue.push(...list.folders);
    }
    throw new HttpError(404, `Form ${idOrName} does not exist.`);
  }

  async function openSimple(
    session: ProviderSession,
    ref: ApplicationRef,
    found: FoundForm,
    pov: Record<string, string>,
  ) {
    return (planning as PlanningOperations).openForm(session, ref, {
      folder: found.folder,
      formName: found.formName,
      type: "regular",
      preferences: { missingRowSuppression: false, missingColSuppression: false, missingLabel: "" },
      pov,
    });
  }

  /** Page dimensions: POV dimensions the form lets the user choose among several members. */
  function pageDimensions(form: { povChoices: Record<string, string[]> }): string[] {
    return Object.entries(form.povChoices)
      .filter(([, members]) => members.length > 1)
      .map(([d]) => d);
  }

  /** Member name (any case) → its dimension, over the plan type's dimensions (read once per plan type). */
  const dimensionIndexes = new Map<string, Promise<Map<string, string>>>();
  async function dimensionIndex(session: ProviderSession, ref: ApplicationRef, cube: string) {
    const key = `${ref.application}\n${cube}`.toLowerCase();
    let index = dimensionIndexes.get(key);
    if (!index) {
      const ops = planning as PlanningOperations;
      index = (async () => {
        const map = new Map<string, string>();
        for (const dim of await ops.planTypeDimensions(session, ref, cube)) {
          const list = await ops.members(session, ref, { cube, dim, filter: "Hierarchy", arg: null });
          for (const m of list.members)
            if (!map.has(m.name.toLowerCase())) map.set(m.name.toLowerCase(), dim);
        }
        return map;
      })();
      dimensionIndexes.set(key, index);
      index.catch(() => dimensionIndexes.delete(key));
    }
    const map = await index;
    return (member: string) => map.get(member.toLowerCase()) ?? null;
  }

  /** The plan type a path names, as the provider spells it, or a 400. */
  async function planTypeOf(session: ProviderSession, ref: ApplicationRef, name: string): Promise<string> {
    const cubes = await provider.cubes(session, ref);
    const found = cubes.cubes.find((c) => c.name.toLowerCase() === name.toLowerCase());
    if (!found) throw new HttpError(400, `Plan type ${name} does not exist.`);
    return found.name;
  }

  /**
   * Data Management's REST API (`/aif/rest/V1`): the version, and an application with its plan types and
   * dimensions (`plan1Name` … `plan6Name`, `appDimensions[{dimensionName, validForPlan1…6}]`), the shape
   * pbj-pbcs-client reads plan types from. Nothing else of Data Management is served.
   */
  function registerDataManagementRoutes(scope: FastifyInstance) {
    const v = `/${DATA_MANAGEMENT_REST_VERSION}`;
    const version = (request: FastifyRequest) => ({
      version: DATA_MANAGEMENT_REST_VERSION,
      lifecycle: "active",
      isLatest: true,
      links: [
        {
          rel: "canonical",
          href: `${request.protocol}://${request.headers.host ?? "localhost"}${DATA_MANAGEMENT_REST_ROOT}${v}`,
          action: "GET",
        },
      ],
    });
    scope.get(v, async (request) => version(request));
    scope.get(`${v}/`, async (request) => version(request));

    scope.get<{ Params: { app: string } }>(`${v}/applications/:app`, async (request) => {
      const { session } = callerOf(request);
      const ref = await appRef(session, request.params.app);
      const plans = (await provider.cubes(session, ref)).cubes.map((c) => c.name).slice(0, 6);
      const perPlan = await Promise.all(
        plans.map((cube) => (planning as PlanningOperations).planTypeDimensions(session, ref, cube)),
      );
      const names: string[] = [];
      for (const dims of perPlan) for (const d of dims) if (!names.includes(d)) names.push(d);
      const out: Record<string, unknown> = { applicationName: ref.application };
      plans.forEach((p, i) => {
        out[`plan${i + 1}Name`] = p;
      });
      out.appDimensions = names.map((dimensionName) => {
        const dim: Record<string, unknown> = { dimensionName };
        for (let i = 0; i < 6; i++) dim[`validForPlan${i + 1}`] = perPlan[i]?.includes(dimensionName) ? 1 : 0;
        return dim;
      });
      return out;
    });
  }

  async function dimensionTree(
    session: ProviderSession,
    ref: ApplicationRef,
    dim: string,
  ): Promise<MemberNode> {
    const list = await (planning as PlanningOperations).members(session, ref, {
      dim,
      filter: "Hierarchy",
      arg: null,
      aliasTable: "Default",
    });
    return memberTree(list.members);
  }

  /** The runtime prompts of the rule, valued from the job's parameters (names matched without case). */
  async function promptsOf(
    session: ProviderSession,
    ref: ApplicationRef,
    cube: string,
    ruleName: string,
    parameters: Record<string, string>,
  ) {
    const info = await (planning as PlanningOperations).rulePrompts(session, ref, { cube, ruleName });
    const byName = new Map(Object.entries(parameters).map(([k, val]) => [k.toLowerCase(), val]));
    return info.prompts.flatMap((p) => {
      const value = byName.get(p.name.toLowerCase());
      return value === undefined ? [] : [{ name: p.name, value }];
    });
  }
}

/** The member as `GET …/members/{member}` answers it, its descendants nested in `children`. */
function memberReply(
  node: MemberNode,
  dimName: string,
  properties: Record<string, MemberProperties>,
): Record<string, unknown> {
  const p = properties[node.name];
  return {
    name: node.name,
    alias: node.alias,
    ...(node.parent ? { parentName: node.parent.name } : {}),
    dimName,
    generation: node.generation,
    ...(p ? { dataStorage: DATA_STORAGE[p.storage], twoPass: p.twoPass } : {}),
    children: node.children.map((c) => memberReply(c, dimName, properties)),
  };
}

/**
 * `dataStorage` as a member read gives it: the spellings pbj-pbcs-client (live-tested) maps (its
 * `PbcsMemberProperties.DataStorage`: "Store Data", "Dynamic Calc", …). Oracle's Add Member page shows one value
 * written `STOREDATA`; the other values in that form are shown nowhere.
 */
const DATA_STORAGE: Record<MemberProperties["storage"], string> = {
  store: "Store Data",
  "dynamic-calc": "Dynamic Calc",
  "dynamic-calc-and-store": "Dynamic Calc and Store",
  "label-only": "Label Only",
  shared: "Shared",
  "never-share": "Never Share",
};

/**
 * Planning's words for a member the application lacks: "The member X does not exist for the specified cube or
 * you do not have access to it." (recorded from a live server, pbj-pbcs-client `PbcsApplicationImplIT`).
 */
function unknownMemberMessage(name: string): string {
  return `The member ${name} does not exist for the specified cube or you do not have access to it.`;
}

/** A body must be sent as `application/json` (else 415, a live-tested client's note on the jobs resource). */
function requireJson(request: FastifyRequest): void {
  const type = String(request.headers["content-type"] ?? "");
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, "Unsupported Media Type: the body must be application/json.");
  }
}

/**
 * The `importdataslice` body: `dataGrid{pov[], columns[[…]], rows[{headers[], data[]}]}`,
 * `aggregateEssbaseData`, `customParams{IncludeRejectedCells, IncludeRejectedCellsWithDetails}` (Oracle's
 * "Import Data Slices"; pbj's recorded requests send numbers as strings).
 */
function importSliceInput(body: unknown, cube: string) {
  const isObject = (x: unknown): x is Record<string, unknown> =>
    typeof x === "object" && x !== null && !Array.isArray(x);
  const strings = (x: unknown): x is string[] => Array.isArray(x) && x.every((y) => typeof y === "string");
  if (!isObject(body) || !isObject(body.dataGrid)) throw new HttpError(400, "dataGrid is required.");
  const g = body.dataGrid;
  const pov = g.pov ?? [];
  if (!strings(pov)) throw new HttpError(400, "dataGrid.pov must be a list of member names.");
  if (!Array.isArray(g.columns) || !g.columns.every(strings) || g.columns.length === 0) {
    throw new HttpError(400, "dataGrid.columns must be a list of member lists.");
  }
  if (!Array.isArray(g.rows)) throw new HttpError(400, "dataGrid.rows must be a list.");
  const rows = g.rows.map((r: unknown, i: number) => {
    if (!isObject(r) || !strings(r.headers) || !Array.isArray(r.data)) {
      throw new HttpError(400, `dataGrid.rows[${i}] needs headers and data.`);
    }
    const data = r.data.map((d: unknown) => {
      if (d === null || typeof d === "string" || typeof d === "number") return d;
      throw new HttpError(400, `dataGrid.rows[${i}].data holds a value that is not a string or a number.`);
    });
    return { headers: r.headers, data };
  });
  if (body.aggregateEssbaseData !== undefined && typeof body.aggregateEssbaseData !== "boolean") {
    throw new HttpError(400, "aggregateEssbaseData must be true or false.");
  }
  const custom = isObject(body.customParams) ? body.customParams : {};
  const yes = (x: unknown) => x === true || (typeof x === "string" && x.toLowerCase() === "true");
  return {
    grid: {
      cube,
      pov,
      columns: g.columns as string[][],
      rows,
      aggregateEssbaseData: body.aggregateEssbaseData === true,
    },
    // Oracle: the answer lists the first 100 rejected cells; details when asked.
    includeRejectedCells: custom.IncludeRejectedCells === undefined ? true : yes(custom.IncludeRejectedCells),
    includeDetails: yes(custom.IncludeRejectedCellsWithDetails),
  };
}

/** `q={"jobType":"RULES"}` → `RULES`; no `q` → `null`. */
function jobTypeFilter(q: string | undefined): string | null {
  if (q === undefined || q === "") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(q);
  } catch {
    throw new HttpError(400, "q must be a JSON object.");
  }
  const jobType = (parsed as { jobType?: unknown } | null)?.jobType;
  return typeof jobType === "string" ? jobType.toUpperCase() : null;
}

/** The job's `parameters`: names to string values (numbers written as sent). */
function stringParameters(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== "object" || Array.isArray(raw))
    throw new HttpError(400, "parameters must be an object.");
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof val === "string") out[k] = val;
    else if (typeof val === "number" || typeof val === "boolean") out[k] = String(val);
    else throw new HttpError(400, `Parameter ${k} must be a string.`);
  }
  return out;
}
