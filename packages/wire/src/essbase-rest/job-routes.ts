import {
  getLink,
  JOB_ORDER_FIELDS,
  JOB_STATUS,
  type JobRecord,
  type JobStatistics,
  page,
  type RestLink,
} from "@qibates/protocols/essbase-rest";
import type { FastifyInstance } from "fastify";
import type { EssbaseContext } from "./context.ts";
import { badRequest } from "./errors.ts";
import type { FileCatalog } from "./files.ts";
import { jobKinds } from "./job-kinds.ts";
import { JSON_TYPE, linkBase, whole } from "./request.ts";
import type { WireSession } from "./sessions.ts";

function jobBean(job: JobRecord, base: string | null): JobRecord & { links?: RestLink[] } {
  return base === null ? { ...job } : { ...job, links: [getLink("self", `${base}/jobs/${job.job_ID}`)] };
}

/**
 * Jobs: `POST /jobs` starts a calc, data load, clear or data export job (`job-kinds.ts`), `GET /jobs/{id}` reads it, `POST /jobs/{id}` runs it again as a new
 * job, `GET /jobs` lists the caller's, `GET /jobs/statistics/{userId}` counts them. Another user's jobs are not
 * visible, but to an administrator (`ctx.visibleTo`).
 */
export function registerJobRoutes(scope: FastifyInstance, ctx: EssbaseContext, catalog: FileCatalog): void {
  const { jobs } = ctx;
  const JOB_TYPES = jobKinds(ctx, catalog);
  // A job's place in the provider's job queue, taken before it is answered as started: past its owner's or the
  // server's bound, a 429 with Retry-After now (faults.ts), never a job that fails later.
  // Counted against whom the provider says (`ownerOf`): a visitor of the demo user, by their address (an IPv6
  // client's /64 network), is the same owner here as on the API and the other endpoints.
  const admit = (s: WireSession) => {
    const queue = ctx.provider.jobs;
    return queue ? queue.admit(queue.ownerOf(s.provider)) : null;
  };

  scope.get("/jobs", async (request, reply) => {
    const s = ctx.sessionOf(request);
    const q = request.query as Record<string, string | undefined>;
    const orderBy = q.orderBy ?? "job_ID:desc";
    const order = /^([A-Za-z_]+)(?::(asc|desc))?$/i.exec(orderBy);
    const field = order?.[1] as keyof JobRecord | undefined;
    if (!order || !field || !JOB_ORDER_FIELDS.has(field))
      throw badRequest(`orderBy ${orderBy} is not supported.`);
    const app = (q.fullAppName ?? q.application ?? "").toLowerCase();
    const cube = (q.fullDatabaseName ?? q.database ?? "").toLowerCase();
    const keyword = (q.keyword ?? "").toLowerCase();
    // `systemjobs=true` asks for the server's own jobs too: this endpoint runs none.
    const listed = jobs
      .list(ctx.visibleTo(s))
      .filter(
        (j) =>
          (app === "" || j.appName.toLowerCase() === app) &&
          (cube === "" || j.dbName.toLowerCase() === cube) &&
          (keyword === "" ||
            [j.appName, j.dbName, j.jobType, j.jobfileName, j.userName, j.statusMessage].some((t) =>
              t.toLowerCase().includes(keyword),
            )),
      );
    const desc = (order[2] ?? "asc").toLowerCase() === "desc";
    listed.sort((a, b) => {
      const x = a[field] ?? "";
      const y = b[field] ?? "";
      const c = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
      return desc ? -c : c;
    });
    const base = linkBase(request);
    const result = page(listed, whole(q.offset, 0, "offset"), whole(q.limit, 50, "limit"));
    return reply.type(JSON_TYPE).send({ ...result, items: result.items.map((j) => jobBean(j, base)) });
  });

  // `JobStatisticsBean` (the swagger's spelling, `succesCt`), of the caller's own jobs only (an administrator's:
  // of any user's).
  scope.get("/jobs/statistics/:userId", async (request, reply) => {
    const s = ctx.sessionOf(request);
    const userId = (request.params as { userId: string }).userId;
    const admin = ctx.isAdministrator(s);
    if (userId !== s.username && !admin)
      throw badRequest(`The jobs of user ${userId} are not visible to ${s.username}.`);
    const mine = admin ? jobs.list(null).filter((j) => j.userName === userId) : jobs.list(ctx.ownerOf(s));
    const count = (code: number) => mine.filter((j) => j.statusCode === code).length;
    const stats: JobStatistics = {
      errCt: count(JOB_STATUS.failed),
      succesCt: count(JOB_STATUS.completed),
      warningCt: 0,
      runningCt: count(JOB_STATUS.running),
    };
    return reply.type(JSON_TYPE).send(stats);
  });

  scope.post("/jobs/:id", async (request, reply) => {
    const s = ctx.sessionOf(request);
    const id = (request.params as { id: string }).id;
    const job = /^\d+$/.test(id)
      ? jobs.rerun(Number(id), ctx.visibleTo(s), () => admit(s), s.provider.call)
      : null;
    if (!job) throw badRequest(`Job ${id} does not exist.`);
    return reply.type(JSON_TYPE).send(jobBean(job, linkBase(request)));
  });

  scope.post("/jobs", async (request, reply) => {
    const s = ctx.sessionOf(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const field of ["application", "db", "jobtype"]) {
      if (typeof body[field] !== "string" || body[field] === "") throw badRequest(`${field} is required.`);
    }
    const jobtype = body.jobtype as string;
    const kind = JOB_TYPES.get(jobtype.toLowerCase());
    if (!kind) throw badRequest(`Job type ${jobtype} does not exist.`);
    if (typeof kind === "string")
      throw badRequest(`Job type ${jobtype} is not supported by this endpoint: ${kind}`);
    const ref = await ctx.cubeRef(s, { app: body.application, cube: body.db });
    const raw = body.parameters ?? {};
    if (typeof raw !== "object" || raw === null || Array.isArray(raw))
      throw badRequest("parameters must be an object.");
    const parameters = raw as Record<string, unknown>;
    const job = kind.start(ref, parameters, s, request);
    const ticket = admit(s);
    return reply
      .type(JSON_TYPE)
      .send(
        jobBean(
          jobs.start(
            { ...job.record, appName: ref.application, dbName: ref.cube, userName: s.username },
            job.work,
            ctx.ownerOf(s),
            ticket,
            s.provider.call,
          ),
          linkBase(request),
        ),
      );
  });

  scope.get("/jobs/:id", async (request, reply) => {
    const s = ctx.sessionOf(request);
    const id = (request.params as { id: string }).id;
    const job = /^\d+$/.test(id) ? jobs.find(Number(id), ctx.visibleTo(s)) : null;
    if (!job) throw badRequest(`Job ${id} does not exist.`);
    return reply.type(JSON_TYPE).send(jobBean(job, linkBase(request)));
  });
}
