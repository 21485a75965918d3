import type { JobRecord } from "@qibates/protocols/essbase-rest";
import {
  type BulkExportPort,
  type CubeRef,
  type ExportJobOptions,
  ExportNotUsable,
  ExportWaitStopped,
  jobStillRunning,
  oneLine,
  ProviderError,
  type ProviderSession,
} from "@qibates/provider";
import { CONNECTOR_REASONS, UNREADABLE } from "../net/unreadable.ts";
import { retryWhileBusy } from "../net/upstream.ts";
import type { EssbaseRestClient } from "./client.ts";

const enc = encodeURIComponent;
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** What the export needs of the provider: the session's client, the cube's real names, the job timeout. */
export interface ExportHost {
  upstream(session: ProviderSession): { client: EssbaseRestClient };
  cubeNames(session: ProviderSession, ref: CubeRef): Promise<{ app: string; cubes: string[] }>;
  readonly jobTimeoutMs: number;
}

/** A catalog path (`/applications/App/Cube/file.txt`) as the Files API's URL path, each segment encoded. */
const filesPath = (file: string) =>
  `/files${file
    .split("/")
    .filter((p) => p !== "")
    .map((p) => `/${enc(p)}`)
    .join("")}`;

/** At most this many parts of a split export are looked for and deleted. */
const SPLIT_PARTS_MAX = 1024;

/** The path of part `i` of a split export: `dir/name.txt`, then `dir/name_1.txt`, `dir/name_2.txt`… */
function splitParts(file: string): (i: number) => string {
  const dot = file.lastIndexOf(".");
  const slash = file.lastIndexOf("/");
  const [stem, ext] = dot > slash ? [file.slice(0, dot), file.slice(dot)] : [file, ""];
  return (i) => (i === 0 ? file : `${stem}_${i}${ext}`);
}

/**
 * The bulk export of Essbase 21c's REST API (`Provider.bulkExport`): `POST /jobs` with `jobtype: exportData`
 * (`parameters`: `dataLevel` `LEVEL_ZERO_BLOCKS`, `columnFormat` and `compress` `false`, `file`), polled with
 * `GET /jobs/{id}` until it ends; the file is then in the cube's folder of the file catalog
 * (`applications/<app>/<cube>`, where Oracle says export files are written), downloaded with
 * `GET /files/{path}` and `Accept: application/octet-stream` as a stream, and deleted with `DELETE /files/{path}`.
 * Sources and doubts: `packages/wire/src/essbase-rest/NOTES.md` (#19–#23 and the table after them).
 */
export class EssbaseRestExport implements BulkExportPort {
  constructor(private readonly host: ExportHost) {}

  async exportLevel0(
    session: ProviderSession,
    ref: CubeRef,
    name: string,
    options: ExportJobOptions = {},
  ): Promise<{ file: string }> {
    if (name.includes("/") || name.includes("\\")) throw new Error(`not a file name: ${name}`);
    // The server refusing for now (429) is waited out, within the job's wait: the names looked up and the launch
    // it refused started nothing, and a status it will not give yet is no end of the job (a snapshot would stop
    // for it).
    const deadline = Date.now() + this.host.jobTimeoutMs;
    const { app, cubes } = await retryWhileBusy(
      deadline,
      () => this.host.cubeNames(session, ref),
      (refusal) => refusal,
    );
    const cube = cubes.find((c) => same(c, ref.cube)) ?? ref.cube;
    const { client } = this.host.upstream(session);
    // A job an earlier run started (and stopped waiting for) is waited for again: a second one would export the
    // same file beside it. Only a job the server no longer knows (404: it restarted, or dropped old jobs) is
    // started anew.
    const resumed = options.resume;
    const earlier =
      resumed !== undefined
        ? await retryWhileBusy(
            deadline,
            () => client.getIfFound<JobRecord>(`/jobs/${resumed}`),
            (refusal) => refusal,
          )
        : null;
    let job =
      earlier ??
      (await retryWhileBusy(
        deadline,
        () =>
          client.post<JobRecord>("/jobs", {
            application: app,
            db: cube,
            jobtype: "exportData",
            parameters: {
              dataLevel: "LEVEL_ZERO_BLOCKS",
              columnFormat: "false",
              compress: "false",
              file: name,
            },
          }),
        (refusal) => refusal,
      ));
    if (earlier === null && typeof job.job_ID === "number") options.started?.(job.job_ID);
    let wait = 25;
    while (job.statusCode === 100 || job.statusCode === undefined) {
      if (typeof job.job_ID !== "number") throw client.malformed(UNREADABLE.jobWithoutId());
      if (options.stop?.()) throw new ExportWaitStopped(job.job_ID);
      if (Date.now() > deadline) {
        const reason = jobStillRunning(Math.round(this.host.jobTimeoutMs / 1000), job.job_ID);
        throw new ExportNotUsable(`The export of ${app}.${cube} was ${reason.en}.`, "still-running");
      }
      await new Promise((r) => setTimeout(r, wait));
      wait = Math.min(wait * 2, 1000);
      const id = job.job_ID;
      job = await retryWhileBusy(
        deadline,
        () => client.get<JobRecord>(`/jobs/${id}`),
        () => {
          const reason = jobStillRunning(Math.round(this.host.jobTimeoutMs / 1000), id);
          return new ExportNotUsable(`The export of ${app}.${cube} was ${reason.en}.`, "still-running");
        },
      );
    }
    if (job.statusCode !== 200 && job.statusCode !== 300) {
      const reason = oneLine(job.statusMessage ?? "") || `job status ${job.statusCode}`;
      throw new ExportNotUsable(`The export of ${app}.${cube} failed: ${reason}`, "failed");
    }
    const file = `/applications/${app}/${cube}/${name}`;
    // Essbase splits an export over 2 GB into `name.txt`, `name_1.txt`, `name_2.txt`… (Oracle's MaxL `export
    // data` and EssExport pages): one file would be part of the cube. The parts are deleted and the copy stops.
    const parts = splitParts(file);
    if (await this.exists(session, parts(1))) {
      let n = 0;
      for (let i = 0; i < SPLIT_PARTS_MAX && (i === 0 || (await this.exists(session, parts(i)))); i++, n++)
        await this.remove(session, parts(i)).catch(() => undefined);
      throw new ExportNotUsable(
        `The server wrote the export of ${app}.${cube} as ${n} files (an export over 2 GB is split): they were deleted.`,
        "split",
      );
    }
    return { file };
  }

  /** Lists the file's folder (`GET /files/{folder}`, `filter` = the file's name) and looks for it there. */
  async exists(session: ProviderSession, file: string): Promise<boolean> {
    const parts = file.split("/").filter((p) => p !== "");
    const name = parts.pop() as string;
    const list = await this.host
      .upstream(session)
      .client.get<{ items?: { name?: string; type?: string }[] }>(
        `${filesPath(parts.join("/"))}?filter=${enc(name)}&limit=0`,
      );
    return (list.items ?? []).some((i) => i.name === name && i.type !== "folder");
  }

  async *download(session: ProviderSession, file: string): AsyncIterable<Buffer> {
    const body = await this.host.upstream(session).client.download(filesPath(file));
    if (body === null)
      throw new ProviderError("PROVIDER_FAILED", `The server has no file ${file}.`, {
        reason: CONNECTOR_REASONS.noSuchFile(),
      });
    try {
      for await (const chunk of body) yield chunk as Buffer;
    } finally {
      if (!body.destroyed) body.destroy();
    }
  }

  async remove(session: ProviderSession, file: string): Promise<void> {
    await this.host.upstream(session).client.delete(filesPath(file));
  }
}
