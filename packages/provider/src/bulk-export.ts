import { ProviderError } from "./errors.ts";
import type { CubeRef, ProviderSession } from "./session.ts";

/**
 * The bulk export port: an optional extension of a provider (`Provider.bulkExport`) whose server writes a cube's
 * stored level-0 data to a file of its own and lets it be downloaded (Essbase 21c: the `exportData` job and the
 * Files API). `qibates-snapshot` copies a cube through it at the speed the server writes its export, instead of
 * reading it query by query; a provider without it (Essbase 11.x through Smart View, SSAS through XMLA: neither
 * protocol has a public call that exports a cube's data) is copied through grid reads.
 */
export interface BulkExportPort {
  /**
   * Runs the server's export of the level-0 blocks of `ref` into the file `name` of the cube's folder, in
   * Essbase's text export format (not in columns), and waits for it to end. Answers the file's path in the
   * server's catalog. Throws {@link ExportNotUsable} when the job ran and the export cannot be used: the job
   * still runs after the wait (a new job would run beside it), the job ended in failure (the server's message
   * given), or the server split the export into several files.
   */
  exportLevel0(
    session: ProviderSession,
    ref: CubeRef,
    name: string,
    job?: ExportJobOptions,
  ): Promise<{ file: string }>;
  /** Whether the file `file` (a path `exportLevel0` answered) is still on the server. */
  exists(session: ProviderSession, file: string): Promise<boolean>;
  /**
   * The bytes of `file`, as they arrive: never the whole file in memory (a few chunks at most wait to be read).
   * Ending the iteration early (`break`, an error) drops the download.
   */
  download(session: ProviderSession, file: string): AsyncIterable<Buffer>;
  /** Deletes `file` from the server (done with it). */
  remove(session: ProviderSession, file: string): Promise<void>;
}

/** How `BulkExportPort.exportLevel0` runs its job, for a caller that can stop and resume. */
export interface ExportJobOptions {
  /** Told the job's id as soon as the server gives it, before the wait (to be kept for a resume). */
  started?(id: number): void;
  /** A job an earlier run started for the same file: waited for again instead of starting another. */
  resume?: number;
  /**
   * Checked between two reads of the job's status: true ends the wait at once with {@link ExportWaitStopped},
   * the job left running on the server (a resume waits for it again).
   */
  stop?(): boolean;
}

/** The wait for an export job, ended by the caller's `stop` (`ExportJobOptions`): the job goes on. */
export class ExportWaitStopped extends Error {
  constructor(readonly job: number) {
    super(`stopped waiting for export job ${job}`);
  }
}

/**
 * An export job that ran and gave nothing to read (`BulkExportPort.exportLevel0`): it is still running on the
 * server after the wait (`still-running`), it ended in failure with the server's message (`failed`: nothing is
 * left running), or the server wrote the export as several files (`split`: Essbase splits one over 2 GB into
 * `name_1.txt`, `name_2.txt`…). The caller stops, or copies through grid reads instead.
 */
export class ExportNotUsable extends ProviderError {
  constructor(
    message: string,
    readonly why: "still-running" | "failed" | "split",
  ) {
    super("PROVIDER_FAILED", message, { reason: message });
  }
}
