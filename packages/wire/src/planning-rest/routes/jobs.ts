import {
  isJobType,
  JOB_STATUS,
  JOB_TYPE,
  type JobDefinition,
  type JobRequestAsReceived,
  jobStatusAnswer,
  PLANNING_PATHS,
  PLANNING_REST_VERSION,
  planningPath,
  readJobParameters,
  readJobTypeQuery,
} from "@qibates/protocols/planning-rest";
import {
  type ApplicationRef,
  type PlanningOperations,
  ProviderError,
  type ProviderSession,
} from "@qibates/provider";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { jobStep } from "../../request-call.ts";
import { callerOf, HttpError, link, type PlanningContext, requireJson } from "../context.ts";

const v = `/${PLANNING_REST_VERSION}`;

interface Job {
  jobId: number;
  jobName: string;
  application: string;
  username: string;
  /** The caller that launched it: its user at its client address (the demo's shared user is everyone's). */
  owner: string;
  status: number;
  details: string | null;
}

function jobReply(request: FastifyRequest, job: Job) {
  const self = `${v}${planningPath(PLANNING_PATHS.job, { app: job.application, id: job.jobId })}`;
  return jobStatusAnswer(job, [link(request, self, "self"), link(request, `${self}/details`, "job-details")]);
}

/**
 * Business rules as jobs: the job definitions (rules only), a `RULES` job launched with its runtime prompts and
 * run after the answer is sent, its status polled (by its caller, or an administrator). At most `maxJobs` job
 * records are kept, newest first.
 */
export function jobRoutes(
  scope: FastifyInstance,
  ctx: PlanningContext,
  o: {
    maxJobs: number;
    administrator?: (username: string) => boolean;
  },
): void {
  const jobs = new Map<number, Job>();
  let nextJob = 1;

  scope.get<{ Params: { app: string }; Querystring: { q?: string } }>(
    `${v}${PLANNING_PATHS.jobDefinitions}`,
    async (request) => {
      const { session } = callerOf(request);
      const ref = await ctx.appRef(session, request.params.app);
      const wanted = readJobTypeQuery(request.query.q);
      const { rules } = await ctx.planning.listRules(session, ref);
      const items: JobDefinition[] =
        wanted === null || wanted === JOB_TYPE.rules
          ? rules.map((r) => ({
              jobType: JOB_TYPE.rules,
              jobName: r.ruleName,
              planTypeName: r.cube,
              links: null,
            }))
          : [];
      return { items };
    },
  );

  scope.post<{ Params: { app: string }; Body: unknown }>(
    `${v}${PLANNING_PATHS.jobs}`,
    async (request, reply) => {
      const caller = callerOf(request);
      requireJson(request);
      const ref = await ctx.appRef(caller.session, request.params.app);
      const body = (request.body ?? {}) as JobRequestAsReceived;
      if (isJobType(body.jobType, JOB_TYPE.ruleset)) {
        // Oracle's "Ruleset" job type: the demo application has no rulesets.
        throw new HttpError(400, `Ruleset ${String(body.jobName)} does not exist.`);
      }
      if (!isJobType(body.jobType, JOB_TYPE.rules)) {
        throw new HttpError(400, `Job type ${String(body.jobType)} is not supported by this server.`);
      }
      if (typeof body.jobName !== "string" || body.jobName === "") {
        throw new HttpError(400, "jobName is required.");
      }
      const jobName = body.jobName;
      const parameters = readJobParameters(body.parameters);
      const { rules } = await ctx.planning.listRules(caller.session, ref);
      const planType = parameters.planType;
      const named = rules.filter((r) => r.ruleName.toLowerCase() === jobName.toLowerCase());
      const rule =
        named.find((r) => planType !== undefined && r.cube.toLowerCase() === planType.toLowerCase()) ??
        named[0];
      if (!rule) throw new HttpError(400, `Business rule ${jobName} does not exist.`);
      // A place in the provider's job queue before the job is answered as started: past the caller's or the
      // server's bound, a 429 with Retry-After now (the error handler), never a job that fails later.
      // Counted against whom the provider says (`ownerOf`): a visitor of the demo user, by their address (an
      // IPv6 client's /64 network), is the same owner here as on the API and the other endpoints.
      const queue = ctx.provider.jobs;
      const ticket = queue ? queue.admit(queue.ownerOf(caller.session)) : null;
      const job: Job = {
        jobId: nextJob++,
        jobName: rule.ruleName,
        application: ref.application,
        username: caller.username,
        owner: caller.session.id,
        status: JOB_STATUS.inProgress,
        details: null,
      };
      jobs.set(job.jobId, job);
      for (const id of jobs.keys()) {
        if (jobs.size <= o.maxJobs) break;
        jobs.delete(id);
      }
      let prompts: Awaited<ReturnType<typeof promptsOf>>;
      try {
        prompts = await promptsOf(ctx.planning, caller.session, ref, rule.cube, rule.ruleName, parameters);
      } catch (e) {
        // The place is given back: the job never started.
        ticket?.cancel();
        jobs.delete(job.jobId);
        throw e;
      }
      // The rule runs after the answer is sent, in its turn in the queue: the client polls GET …/jobs/{id}.
      setTimeout(() => {
        const launch = (job: object | null) =>
          ctx.planning.launchRule(jobStep(caller.session, job), ref, {
            cube: rule.cube,
            ruleName: rule.ruleName,
            prompts,
          });
        (ticket ? ticket.run(launch) : launch(null)).then(
          (run) => {
            job.status = JOB_STATUS.completed;
            job.details = run.message;
          },
          (e: unknown) => {
            const invalid =
              e instanceof ProviderError &&
              (e.code === "PROMPT_INVALID" || e.code === "PROMPT_MISSING" || e.code === "PROMPT_UNKNOWN");
            job.status = invalid ? JOB_STATUS.invalidParameter : JOB_STATUS.error;
            job.details = jobDetails(e);
          },
        );
      }, 0);
      return reply.send(jobReply(request, job));
    },
  );

  scope.get<{ Params: { app: string; id: string } }>(`${v}${PLANNING_PATHS.job}`, async (request) => {
    const caller = callerOf(request);
    const job = jobs.get(Number(request.params.id));
    // A job is polled by the caller that launched it, or by an administrator.
    if (
      !job ||
      (job.owner !== caller.session.id && !(o.administrator?.(caller.username) ?? false)) ||
      job.application.toLowerCase() !== request.params.app.toLowerCase()
    ) {
      throw new HttpError(404, `Job ${request.params.id} does not exist.`);
    }
    return jobReply(request, job);
  });
}

/**
 * A failed job's `details`: the server's reason alone, as a Planning job's details give it. A failed rule's
 * reason is its `reason` parameter (the rule's own words), without the engine's "Business rule X failed:" in
 * front, which a client (the `pbcs` and `planning` connectors among them) says itself: the API's message said it
 * twice. The engine's closing "No data was changed." is left out too: it is the demo's promise (its rules run as a
 * whole or not at all), which a Planning server does not make (Oracle's job status gives `details` as the job's
 * own words, PREST:retrieve_job_status.html; an Essbase calculation that stops keeps what it wrote), and which was
 * false where a client had written cells before launching the rule (a form's rules on save).
 */
function jobDetails(e: unknown): string {
  if (e instanceof ProviderError && e.code === "RULE_FAILED") {
    const reason = e.params?.reason;
    const words = typeof reason === "string" ? reason : typeof reason === "object" ? reason.en : undefined;
    if (words !== undefined) return words.replace(/\s*No data was changed\.$/, "");
  }
  return e instanceof Error ? e.message : String(e);
}

/** The runtime prompts of the rule, valued from the job's parameters (names matched without case). */
async function promptsOf(
  planning: PlanningOperations,
  session: ProviderSession,
  ref: ApplicationRef,
  cube: string,
  ruleName: string,
  parameters: Record<string, string>,
) {
  const info = await planning.rulePrompts(session, ref, { cube, ruleName });
  const byName = new Map(Object.entries(parameters).map(([k, val]) => [k.toLowerCase(), val]));
  return info.prompts.flatMap((p) => {
    const value = byName.get(p.name.toLowerCase());
    return value === undefined ? [] : [{ name: p.name, value }];
  });
}
