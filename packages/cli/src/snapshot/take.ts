import { randomUUID } from "node:crypto";
import {
  appendFileSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzip, gzipSync } from "node:zlib";
import {
  CUBE_SNAPSHOT_FORMAT,
  CUBE_SNAPSHOT_VERSION,
  MANIFEST_FILE,
  type SnapshotCubeEntry,
  type SnapshotManifest,
  sha256OfFile,
  writeCubeImage,
} from "@qibates/embedded";
import type { BulkExportPort, Connector, CubeRef, Provider, ProviderSession } from "@qibates/provider";
import {
  answerValue,
  CallContext,
  ExportNotUsable,
  ExportWaitStopped,
  ProviderError,
} from "@qibates/provider";
import {
  chunkCells,
  chunkQuery,
  type OutlineRead,
  planData,
  readOutline,
  type ServerCall,
} from "./read-cube.ts";
import { ExportReader, type ExportReaderState, skipLines } from "./read-export.ts";
import { planSlices, readPlanTypeOutline, readSlice } from "./read-planning.ts";
import { count } from "./words.ts";

/** What a snapshot run needs, once the command line is read and the provider opened. */
export interface TakeOptions {
  provider: Provider;
  connector: Connector;
  address: string;
  user: string;
  password: string;
  server: string;
  application: string;
  /** Omitted: every cube of the application. */
  cube?: string;
  /** The folder the snapshot's own folder (named after the application served) is written in. */
  out: string;
  /** The application name to serve the snapshot under (default: the source's). */
  name?: string;
  force: boolean;
  /** Cells per query (default 20,000). */
  chunkCells?: number;
  /** Attempts per query, or per call of the outline's read, before giving up (default 4). */
  attempts?: number;
  /** Waits `ms` between two attempts at a query or an outline call (default: a timer; tests pass their own). */
  sleep?: (ms: number) => Promise<void>;
  progress: Progress;
  /** Checked between chunks: true stops the run, its progress kept for a resume. */
  interrupted?: () => boolean;
  /**
   * How the data is read: `auto` (the default) through the server's own export where the provider offers one
   * (`Provider.bulkExport`) and the copy keeps level-0 values, else through queries; `grid`, queries only;
   * `export`, the export or an error.
   */
  read?: "auto" | "grid" | "export";
  /** Bytes of the export file read between two saves of the progress (default 4 MiB). */
  exportBatchBytes?: number;
}

/** How a run tells what it does: one line per step, and the data read as it goes. */
export interface Progress {
  step(line: string): void;
  /**
   * The data read so far: `chunk` queries of `chunks` (or lines of the export file, `chunks` 0) and `cells`
   * cells, of which `chunksBefore` and `cellsBefore` were read before `startedAt` (by an earlier run that this one
   * resumes, or by the export before its computed members' queries): a rate counts this run's reads only.
   */
  data(state: {
    cube: string;
    chunk: number;
    chunks: number;
    cells: number;
    startedAt: number;
    chunksBefore: number;
    cellsBefore: number;
  }): void;
  warn(line: string): void;
  /** The run waited `ms` between two tries of a query (a retry, or the wait a server asked for): no reading. */
  paused?(ms: number): void;
}

export interface TakeResult {
  folder: string;
  manifest: SnapshotManifest;
  /** True when the run stopped on an interruption (run the same command again to resume). */
  interrupted: boolean;
  /**
   * True when it stopped before anything it could resume from was written (Ctrl+C while the first cube's outline
   * was read): the folder it made is removed, as after a failure there, and the next run starts over.
   */
  nothingKept?: boolean;
}

/** Ctrl+C while a cube's outline is read: the run stops before its next call to the server. */
class OutlineReadStopped extends Error {}

export class SnapshotRunError extends Error {
  override readonly name = "SnapshotRunError";
  /** `resumable`: what was read is kept, and the same command resumes the run (a query that kept failing). */
  constructor(
    message: string,
    readonly resumable = false,
  ) {
    super(message);
  }
}

const PROGRESS_FILE = ".progress.json";

/**
 * Whether a connector's protocol gives members' consolidation operators and storage (capability table,
 * `metadata`): Essbase REST does; the Smart View messages with public evidence and XMLA do not.
 */
export const GIVES_CONSOLIDATION: Record<Connector, boolean> = {
  "essbase-stndln": true,
  essbase: false,
  ssas: false,
  planning: false,
  pbcs: false,
};

interface ProgressState {
  plan: string;
  cube: string;
  chunksDone: number;
  bytes: number;
  cells: number;
  /** Export path: the export file on the server, once its job ended. */
  exportFile?: string;
  /** Export path: the export job started and not yet ended (the run stopped waiting), and the file it writes. */
  exportJob?: { id: number; name: string };
  /** Export path: bytes of the data file's header alone (a resume whose export is gone starts there again). */
  headBytes?: number;
  /** Export path: where the reading of the export file stands; `done` once it is read whole. */
  exportRead?: ExportReaderState | "done";
}

/** Bytes of the export file read between two saves of the progress (one gzip member each). */
const EXPORT_BATCH_BYTES = 4 * 1024 * 1024;
const gzipAsync = promisify(gzip);
/**
 * The export path's gzip level: 1, the fastest (the data file is a few per cent larger than at the default
 * level the grid path writes; a reader cannot tell them apart).
 */
const EXPORT_GZIP = { level: 1 };

const FILE_SAFE = /[^A-Za-z0-9._ -]/g;
const fileName = (cube: string, kind: "outline.json" | "data.tsv.gz") =>
  `${cube.replace(FILE_SAFE, "_")}.${kind}`;

/** Writes `text` to `path` through a temporary file, synced, so that a crash leaves the old file or the new. */
function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, text);
  const fd = openSync(tmp, "r");
  fsyncSync(fd);
  closeSync(fd);
  renameSync(tmp, path);
}

/**
 * Whether a run of these options left what it read for the same command to resume (a `.progress.json` in
 * `FOLDER/NAME`, or in `FOLDER/.NAME.new` for a replacement).
 */
export function runKept(o: Pick<TakeOptions, "out" | "name" | "application">): boolean {
  const base = (o.name ?? o.application).replace(FILE_SAFE, "_");
  return [base, `.${base}.new`].some((f) => existsSync(join(o.out, f, PROGRESS_FILE)));
}

/** Takes a snapshot (see `snapshot-files.ts` for the format); resumes a run that stopped before its end. */
export async function takeSnapshot(o: TakeOptions): Promise<TakeResult> {
  const served = o.name ?? o.application;
  const base = served.replace(FILE_SAFE, "_");
  const target = join(o.out, base);
  const finished = existsSync(join(target, MANIFEST_FILE));
  if (finished && !o.force) {
    throw new SnapshotRunError(`${target} already holds a snapshot: add --force to replace it`);
  }
  // --read export without an export the copy can use: refused before anything is written (`exportPort` says why).
  if ((o.read ?? "auto") === "export" && !exportUsable(o)) throw noExport(o);
  // A finished snapshot replaced (--force) stays whole until its replacement is: the new one is taken in a
  // hidden folder beside it (which the server passes over, and a new run with --force resumes), then swapped.
  const replacing = finished && o.force;
  const folder = replacing ? join(o.out, `.${base}.new`) : target;
  if (replacing && existsSync(join(folder, MANIFEST_FILE))) rmSync(folder, { recursive: true, force: true });
  // --force over an unfinished run: it starts over
  if (o.force && !replacing && existsSync(folder)) rmSync(folder, { recursive: true, force: true });
  const progressPath = join(folder, PROGRESS_FILE);
  const created = !existsSync(folder);
  mkdirSync(folder, { recursive: true });
  // A folder this run made that holds nothing to resume from (the run stopped before the data: a refused login,
  // an unknown cube, an outline it cannot copy, Ctrl+C while the first outline is read) is removed: the server
  // would refuse to start on it.
  const removeIfNothingKept = () => {
    const nothing = created && !existsSync(progressPath) && !existsSync(join(folder, MANIFEST_FILE));
    if (nothing) rmSync(folder, { recursive: true, force: true });
    return nothing;
  };
  try {
    const result = await takeInto(o, { served, base, target, folder, replacing, progressPath });
    return result.interrupted && removeIfNothingKept() ? { ...result, nothingKept: true } : result;
  } catch (e) {
    removeIfNothingKept();
    throw e;
  }
}

async function takeInto(
  o: TakeOptions,
  at: {
    served: string;
    base: string;
    target: string;
    folder: string;
    replacing: boolean;
    progressPath: string;
  },
): Promise<TakeResult> {
  const { served, base, target, folder, replacing, progressPath } = at;
  const previous: ProgressState | null = existsSync(progressPath)
    ? (JSON.parse(readFileSync(progressPath, "utf8")) as ProgressState)
    : null;

  o.progress.step(`logging in to ${o.address} as ${o.user} (${o.connector})`);
  const login = await o.provider.login({
    connector: o.connector,
    username: o.user,
    password: o.password,
    address: new URL(o.address),
    // A snapshot runs outside any API call: each request has only its own timeouts.
    call: CallContext.unbounded(),
  });
  const session: ProviderSession = {
    id: randomUUID(),
    ownerId: "qibates-snapshot",
    connector: o.connector,
    username: login.username,
    providerAddress: o.address,
    aliasTable: null,
    handle: login.handle ?? null,
    call: CallContext.unbounded(),
  };
  try {
    const cubes = (
      await withRetries(o, o.application, { what: "reading its cubes", resumable: false }, () =>
        o.provider.cubes(session, { server: o.server, application: o.application }),
      )
    ).cubes.map((c) => c.name);
    const wanted = o.cube ? cubes.filter((c) => c.toLowerCase() === o.cube?.toLowerCase()) : cubes;
    if (wanted.length === 0) {
      throw new SnapshotRunError(
        `no cube ${o.cube} in ${o.application} (its cubes: ${cubes.join(", ") || "none"})`,
      );
    }
    const entries: SnapshotCubeEntry[] = [];
    const notCarried = new Set<string>();
    for (const cubeName of wanted) {
      const ref: CubeRef = { server: o.server, application: o.application, cube: cubeName };
      const step = (what: string) => o.progress.step(`${cubeName}: reading ${what}`);
      // The outline's calls are tried again as the data's queries are (a 429's wait among them); a call that
      // still fails stops the run, which has nothing to resume from yet. Ctrl+C stops it between two of them,
      // before any export job is launched: the next run reads the outline again.
      const call: ServerCall = async (what, fn) => {
        if (o.interrupted?.()) throw new OutlineReadStopped();
        return withRetries(o, cubeName, { what: `reading ${what}`, resumable: false }, fn);
      };
      const planning = o.provider.planning;
      let outline: OutlineRead;
      try {
        // A Planning application: each plan type is read through the planning calls (Planning REST).
        outline = planning
          ? await readPlanTypeOutline(planning, session, ref, cubeName, step, call)
          : await readOutline(o.provider, session, ref, GIVES_CONSOLIDATION[o.connector], step, call);
      } catch (e) {
        if (e instanceof OutlineReadStopped)
          return { folder, manifest: manifestOf(o, served, entries, notCarried, ""), interrupted: true };
        throw e;
      }
      // Ctrl+C during the outline's last call: seen before any export job is launched.
      if (o.interrupted?.())
        return { folder, manifest: manifestOf(o, served, entries, notCarried, ""), interrupted: true };
      for (const n of outline.notCarried) notCarried.add(n);
      const outlineFile = fileName(cubeName, "outline.json");
      writeAtomic(join(folder, outlineFile), `${JSON.stringify(outline.document, null, 1)}\n`);
      const dims = outline.dimensions.map((d) => d.name);
      for (const d of outline.dimensions) {
        if (d.leaves.some((m) => /[\t\r\n]/.test(m))) {
          throw new SnapshotRunError(`dimension ${d.name} has a member name with a tab or line break`);
        }
      }
      const exporter = exportPort(o, outline);
      // Export path: the server's export holds the stored level-0 cells; the computed members' values (which
      // no export holds) are read by queries after it.
      const reader = planning
        ? planningReader(o, session, ref, outline)
        : essbaseReader(o, session, ref, outline, exporter !== null);
      const path = exporter ? "export" : "grid";
      const planKey = JSON.stringify({
        connector: o.connector,
        address: o.address,
        application: o.application,
        cube: cubeName,
        dims: outline.dimensions,
        chunks: reader.chunks,
        path,
      });
      const dataFile = fileName(cubeName, "data.tsv.gz");
      const dataPath = join(folder, dataFile);
      const partial = `${dataPath}.partial`;
      let state: ProgressState;
      if (existsSync(dataPath) && previous?.cube !== cubeName) {
        // Finished by an earlier run that stopped on a later cube.
        state = { plan: planKey, cube: cubeName, chunksDone: reader.chunks, bytes: 0, cells: -1 };
      } else if (previous && previous.cube === cubeName && previous.plan === planKey && existsSync(partial)) {
        state = previous;
        truncateSync(partial, state.bytes);
        // The export path tells where it resumes itself (`readExport`), until the export file is read.
        if (!exporter || state.exportRead === "done")
          o.progress.step(`${cubeName}: resuming at query ${state.chunksDone + 1} of ${reader.chunks}`);
      } else {
        state = { plan: planKey, cube: cubeName, chunksDone: 0, bytes: 0, cells: 0 };
        const head = gzipSync(`${[...dims, "value"].join("\t")}\n`);
        writeFileSync(partial, head);
        state.bytes = head.length;
        state.headBytes = head.length;
        writeAtomic(progressPath, JSON.stringify(state));
      }
      if (state.cells >= 0 && exporter && state.exportRead !== "done") {
        const done = await readExport(o, exporter, session, ref, outline, state, partial, progressPath);
        if (!done)
          return { folder, manifest: manifestOf(o, served, entries, notCarried, ""), interrupted: true };
      }
      if (state.cells >= 0) {
        o.progress.step(
          `${cubeName}: reading data, ${exporter ? `the computed members' values, ` : ""}${reader.describe}`,
        );
        const startedAt = Date.now();
        const chunksBefore = state.chunksDone;
        const cellsBefore = state.cells;
        for (let i = state.chunksDone; i < reader.chunks; i++) {
          if (o.interrupted?.()) {
            return { folder, manifest: manifestOf(o, served, entries, notCarried, ""), interrupted: true };
          }
          const cells = await withRetries(
            o,
            cubeName,
            { what: `query ${i + 1} of ${reader.chunks}`, resumable: true },
            () => reader.read(i),
          );
          if (cells.length > 0) {
            const text = cells.map((c) => `${c.names.join("\t")}\t${c.value}\n`).join("");
            const gz = gzipSync(text);
            appendFileSync(partial, gz);
            state.bytes += gz.length;
            state.cells += cells.length;
          }
          state.chunksDone = i + 1;
          writeAtomic(progressPath, JSON.stringify(state));
          o.progress.data({
            cube: cubeName,
            chunk: i + 1,
            chunks: reader.chunks,
            cells: state.cells,
            startedAt,
            chunksBefore,
            cellsBefore,
          });
        }
        renameSync(partial, dataPath);
        if (reader.skipped() > 0) {
          o.progress.warn(
            `${cubeName}: ${count(reader.skipped(), "text or Smart List cell")} left out (a snapshot holds numbers only)`,
          );
        }
      }
      const cellsDone = state.cells >= 0 ? state.cells : countCellsOf(previousEntry(folder, cubeName));
      const entry: SnapshotCubeEntry = {
        name: cubeName,
        outline: await fileEntry(folder, outlineFile),
        data: await fileEntry(folder, dataFile),
        members: outline.members,
        cells: cellsDone,
        computedMembers: outline.computedMembers,
        values: outline.values,
        read: path,
      };
      // The cube as the server serves it (every level aggregated), so that a start reads it whole instead of
      // reading the cells one by one and aggregating them.
      o.progress.step(`${cubeName}: writing the cube's image (read, checked and aggregated once, here)`);
      entry.image = await writeCubeImage(folder, manifestOf(o, served, [entry], notCarried, ""), entry);
      entries.push(entry);
      // A cube done: its entry is kept in the progress file for a resume that starts on the next cube.
      writeAtomic(join(folder, `.${dataFile}.entry.json`), JSON.stringify(entries[entries.length - 1]));
    }
    const manifest = manifestOf(o, served, entries, notCarried, new Date().toISOString());
    writeAtomic(join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    rmSync(progressPath, { force: true });
    for (const e of entries) rmSync(join(folder, `.${e.data.file}.entry.json`), { force: true });
    if (replacing) {
      const old = join(o.out, `.${base}.old`);
      rmSync(old, { recursive: true, force: true });
      renameSync(target, old);
      renameSync(folder, target);
      rmSync(old, { recursive: true, force: true });
    }
    return { folder: target, manifest, interrupted: false };
  } finally {
    await o.provider.logout(session).catch(() => undefined);
  }
}

/** How the data of one cube is read: its number of chunks, and one chunk's cells. */
interface DataReader {
  chunks: number;
  /** The plan in words, for the progress line. */
  describe: string;
  read(chunk: number): Promise<{ names: string[]; value: number }[]>;
  /** Cells read that a snapshot cannot hold (texts, Smart List labels). */
  skipped(): number;
}

/**
 * The server's export, when it is to be used: the provider offers one, the copy keeps level-0 values (a
 * protocol without consolidation has the server's values at every level, which no level-0 export holds), and
 * the run does not ask for queries only.
 */
function exportPort(o: TakeOptions, outline: OutlineRead): BulkExportPort | null {
  const read = o.read ?? "auto";
  const port = o.provider.planning ? undefined : o.provider.bulkExport;
  if (read === "grid") return null;
  if (port && outline.values === "level-0") return port;
  if (read === "export") throw noExport(o);
  return null;
}

/**
 * Whether the connector has an export a snapshot can use, known before the outline is read: a provider's export
 * of an Essbase-family cube whose protocol gives consolidation (the copy keeps level-0 values, `readOutline`).
 */
function exportUsable(o: TakeOptions): boolean {
  return !o.provider.planning && o.provider.bulkExport !== undefined && GIVES_CONSOLIDATION[o.connector];
}

const noExport = (o: TakeOptions) =>
  new SnapshotRunError(
    `connector ${o.connector} offers no data export that a snapshot can use: run without --read export to read the data by queries`,
  );

/**
 * The cells of the computed members (dynamic level-0 members: an export holds stored cells only), as plans of
 * queries: for each dimension with computed members, those members crossed with every other dimension's leaves,
 * but the computed members of the dimensions before it (so that no cell is read twice).
 */
function computedPlans(outline: OutlineRead, maxCells: number): ReturnType<typeof planData>[] {
  const computed = new Set(outline.computedMembers);
  const plans: ReturnType<typeof planData>[] = [];
  outline.dimensions.forEach((d, k) => {
    const mine = d.leaves.filter((m) => computed.has(m));
    if (mine.length === 0) return;
    const dims = outline.dimensions.map((e, j) => ({
      ...e,
      leaves: j === k ? mine : j < k ? e.leaves.filter((m) => !computed.has(m)) : e.leaves,
    }));
    plans.push(planData(dims, maxCells));
  });
  return plans;
}

/**
 * Reads the server's level-0 export into the data file (`partial`): the export job run (or, on a resume, its
 * file found again on the server), its file downloaded as a stream and written a few megabytes at a time, each
 * batch one gzip member with the progress saved after it; a resume skips the lines already written. The file is
 * deleted from the server once read. False: interrupted (the file is left on the server for the resume).
 */
async function readExport(
  o: TakeOptions,
  port: BulkExportPort,
  session: ProviderSession,
  ref: CubeRef,
  outline: OutlineRead,
  state: ProgressState,
  partial: string,
  progressPath: string,
): Promise<boolean> {
  const cube = ref.cube;
  const restart = () => {
    truncateSync(partial, state.headBytes ?? state.bytes);
    state.bytes = state.headBytes ?? state.bytes;
    state.cells = 0;
    delete state.exportRead;
    delete state.exportFile;
    delete state.exportJob;
  };
  if (state.exportFile && !(await port.exists(session, state.exportFile))) {
    o.progress.warn(
      `${cube}: the export file ${state.exportFile} is no longer on the server: exporting again`,
    );
    restart();
  }
  if (!state.exportFile) {
    if (state.exportRead) restart();
    // A job this command started and stopped waiting for (Ctrl+C) is waited for again, not started twice.
    const earlier = state.exportJob;
    if (earlier)
      o.progress.step(`${cube}: waiting again for the server's export job ${earlier.id} (exportData)`);
    else o.progress.step(`${cube}: the server exports the cube's level-0 data (exportData job)`);
    const name =
      earlier?.name ?? `qibates-snapshot-${cube.replace(FILE_SAFE, "_")}-${randomUUID().slice(0, 8)}.txt`;
    // Never tried again: a new job would run beside one that may still be running on the server (a job still
    // running after the wait, or one whose status could not be read), and a split export stays split.
    let file: string;
    try {
      ({ file } = await port.exportLevel0(session, ref, name, {
        ...(earlier ? { resume: earlier.id } : {}),
        // Kept before the wait, so that a run stopped while the job runs finds it again.
        started: (id) => {
          state.exportJob = { id, name };
          writeAtomic(progressPath, JSON.stringify(state));
        },
        stop: () => o.interrupted?.() ?? false,
      }));
    } catch (e) {
      if (e instanceof ExportWaitStopped) return false;
      const message = sentence(e instanceof Error ? e.message : String(e));
      const why = e instanceof ExportNotUsable ? e.why : null;
      // A job still running, or one whose status could not be read (a network failure), is waited for again by the
      // next run; one that ended in failure or split is forgotten (one the server no longer knows, the port
      // replaces with a new job).
      if (why === "failed" || why === "split") {
        delete state.exportJob;
        writeAtomic(progressPath, JSON.stringify(state));
      }
      throw new SnapshotRunError(
        why === "split"
          ? `${cube} export failed: ${message} Take this cube's snapshot through queries with --read grid`
          : why === "still-running"
            ? `${cube} export failed: ${message} Run the command again once it has ended, or take the snapshot through queries with --read grid`
            : why === "failed"
              ? `${cube} export failed: ${message} The job has ended: run the command again once the cause is fixed, or take the snapshot through queries with --read grid`
              : // The job may have started (its status could not be read): it may still be running.
                `${cube} export failed: ${message} If the export job started, it may still be running on the server: run the command again once it has ended, or take the snapshot through queries with --read grid`,
      );
    }
    state.exportFile = file;
    delete state.exportJob;
    writeAtomic(progressPath, JSON.stringify(state));
  }
  const file = state.exportFile as string;
  const reader = new ExportReader(outline);
  const from = typeof state.exportRead === "object" ? state.exportRead : null;
  if (from) {
    reader.restore(from);
    o.progress.step(`${cube}: resuming the export file at line ${from.lines + 1}`);
  }
  o.progress.step(`${cube}: reading the export file ${file}`);
  const startedAt = Date.now();
  let toSkip = from?.lines ?? 0;
  // Batches end at fixed offsets of the export file (multiples of the batch size), whatever the pieces the
  // network brings and wherever a resume starts: a resumed copy is the same file, gzip member for member.
  const batch = o.exportBatchBytes ?? EXPORT_BATCH_BYTES;
  let pos = 0;
  let next = batch;
  // The data file's lines of the batch, as bytes (outside the heap, which a small --max-old-space-size caps).
  let parts: Buffer[] = [];
  const add = (text: string) => {
    if (text !== "") parts.push(Buffer.from(text, "utf8"));
  };
  let cellsBefore = reader.cells;
  // The cells an earlier run read from the export (a resume): not counted in this run's rate.
  const cellsResumed = state.cells;
  let writing: Promise<void> = Promise.resolve();
  // One batch compressed (zlib's threads) while the next is read; the progress names the lines of the batch.
  const save = async () => {
    await writing;
    const batch = parts;
    const cells = reader.cells - cellsBefore;
    const at = reader.state();
    parts = [];
    cellsBefore = reader.cells;
    writing = (async () => {
      if (batch.length > 0) {
        const gz = await gzipAsync(Buffer.concat(batch), EXPORT_GZIP);
        appendFileSync(partial, gz);
        state.bytes += gz.length;
        state.cells += cells;
      }
      state.exportRead = at;
      writeAtomic(progressPath, JSON.stringify(state));
      o.progress.data({
        cube,
        chunk: at.lines,
        chunks: 0,
        cells: state.cells,
        startedAt,
        chunksBefore: from?.lines ?? 0,
        cellsBefore: cellsResumed,
      });
    })();
  };
  for await (const raw of port.download(session, file)) {
    let chunk: Buffer = raw;
    if (toSkip > 0) {
      const { rest, skipped } = skipLines(raw, toSkip);
      toSkip -= skipped;
      pos += raw.length - (rest?.length ?? 0);
      if (rest === null || rest.length === 0) continue;
      chunk = rest;
      while (next <= pos) next += batch;
    }
    let at = 0;
    while (at < chunk.length) {
      const take = Math.min(chunk.length - at, next - pos);
      add(reader.push(chunk.subarray(at, at + take)));
      at += take;
      pos += take;
      if (pos < next) continue;
      next += batch;
      await save();
      if (o.interrupted?.()) {
        await writing;
        return false;
      }
    }
  }
  add(reader.end());
  await save();
  await writing;
  state.exportRead = "done";
  writeAtomic(progressPath, JSON.stringify(state));
  await port.remove(session, file).catch((e: unknown) => {
    o.progress.warn(`${cube}: the export file ${file} could not be deleted from the server (${String(e)})`);
  });
  return true;
}

/**
 * An Essbase-family cube: MDX queries of at most `chunkCells` cells, empty rows left out. `computedOnly`: the
 * computed members' cells only (the export path read the stored ones).
 */
function essbaseReader(
  o: TakeOptions,
  session: ProviderSession,
  ref: CubeRef,
  outline: OutlineRead,
  computedOnly = false,
): DataReader {
  const dims = outline.dimensions.map((d) => d.name);
  const max = o.chunkCells ?? 20_000;
  const plans = computedOnly ? computedPlans(outline, max) : [planData(outline.dimensions, max)];
  const chunks = plans.flatMap((plan) => plan.chunks.map((chunk) => ({ plan, chunk })));
  return {
    chunks: chunks.length,
    describe: `${count(chunks.length, "query", "queries")} of at most ${count(max, "cell")}`,
    skipped: () => 0,
    async read(i) {
      const { plan, chunk } = chunks[i] as (typeof chunks)[number];
      const { query, rowDimensions } = chunkQuery(ref, dims, plan, chunk);
      const answer = await o.provider.essbase?.mdx(session, ref, {
        query,
        settings: {
          aliasTable: null,
          memberDisplay: "NAME",
          indentation: "NONE",
          repeatMemberLabels: true,
          missingSuppression: true,
          missingLabel: "#Missing",
        },
      });
      if (!answer) throw new SnapshotRunError("the provider has no MDX call");
      return chunkCells(answerValue(answer), dims, plan, rowDimensions);
    },
  };
}

/**
 * A plan type: `exportdataslice` one member of its largest dimension at a time (the server finds the rows with
 * data from its blocks); a slice the server finds too large is read in smaller ones.
 */
function planningReader(
  o: TakeOptions,
  session: ProviderSession,
  ref: CubeRef,
  outline: OutlineRead,
): DataReader {
  const planning = o.provider.planning as NonNullable<Provider["planning"]>;
  const plan = planSlices(outline.dimensions, o.chunkCells ?? 20_000);
  const texts = { count: 0 };
  const by = plan.chunkDimension >= 0 ? outline.dimensions[plan.chunkDimension]?.name : null;
  const app = { server: ref.server, application: ref.application };
  return {
    chunks: plan.chunks,
    describe: by
      ? `${count(plan.chunks, "data slice")} (exportdataslice), one per level-0 member of ${by}`
      : `${count(plan.chunks, "data slice")} (exportdataslice)`,
    skipped: () => texts.count,
    read: (i) => readSlice(planning, session, app, ref.cube, outline.dimensions, plan, i, texts),
  };
}

function previousEntry(folder: string, cube: string): SnapshotCubeEntry | null {
  const path = join(folder, `.${fileName(cube, "data.tsv.gz")}.entry.json`);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as SnapshotCubeEntry) : null;
}

function countCellsOf(entry: SnapshotCubeEntry | null): number {
  if (!entry) throw new SnapshotRunError("a finished cube's record is missing: run again with --force");
  return entry.cells;
}

/** The manifest of a run (`takenAt` empty while the run is not finished). */
function manifestOf(
  o: TakeOptions,
  served: string,
  cubes: SnapshotCubeEntry[],
  notCarried: Set<string>,
  takenAt: string,
): SnapshotManifest {
  return {
    format: CUBE_SNAPSHOT_FORMAT,
    version: CUBE_SNAPSHOT_VERSION,
    application: served,
    source: {
      connector: o.connector,
      address: o.address,
      server: o.server,
      application: o.application,
      takenAt,
    },
    cubes,
    notCarried: [...notCarried],
  };
}

async function fileEntry(folder: string, file: string) {
  const path = join(folder, file);
  return { file, sha256: await sha256OfFile(path), bytes: statSync(path).size };
}

/** The longest wait between two attempts at a query (or an outline call) that the command grants a server asking for more. */
export const LONGEST_SERVER_WAIT_S = 60;

/**
 * Whether a failed query may pass when tried again: a network failure or a timeout, a refusal for now (429, as
 * `BUSY`), a request timeout (408) or a server error (5xx). A refusal the same query would meet again (another
 * 4xx, an unknown member or cube, a refused login, a lost session, the server's own error message without a 5xx
 * status) is not tried again.
 */
function mayPass(e: unknown): boolean {
  if (!(e instanceof ProviderError)) return false;
  if (refusedForNow(e)) return true;
  const status = e.upstreamStatus;
  const passing = status !== undefined && (status === 408 || status >= 500);
  if (e.code === "UPSTREAM_UNREACHABLE") return status === undefined || passing;
  return e.code === "PROVIDER_FAILED" && passing;
}

/** A refusal for now: the server's 429 (too many requests), whatever error it came back as. */
const refusedForNow = (e: ProviderError) => e.code === "BUSY" || e.upstreamStatus === 429;

/** `text` ending with a full stop (or the mark it ends with), so that a sentence can follow it. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * A call to the server (`what`: `query 3 of 11`, a data query; `reading dimension Year`, a call of the outline's
 * read) for `cube`, tried `attempts` times (4) when it fails in a way that may pass: 1, 4 and 16 seconds apart,
 * or after the wait the server asks for (a 429's `Retry-After` or "retry in N seconds"), at most
 * {@link LONGEST_SERVER_WAIT_S}. The one rule of every call a run retries. `resumable`: what was read is kept
 * when the call still fails (a data query: the run's error says so, and a refusal names the query); an outline
 * call's refusal (an unknown cube, a lost session…) is thrown as it came.
 */
async function withRetries<T>(
  o: TakeOptions,
  cube: string,
  call: { what: string; resumable: boolean },
  fn: () => Promise<T>,
): Promise<T> {
  const attempts = o.attempts ?? 4;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const what = `${cube}: ${call.what}`;
  for (let a = 1; ; a++) {
    try {
      return await fn();
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (e instanceof SnapshotRunError) throw e;
      if (!mayPass(e)) {
        if (!call.resumable) throw e;
        throw new SnapshotRunError(`${what} failed: ${message}`);
      }
      if (a >= attempts) {
        throw new SnapshotRunError(`${what} failed after ${count(a, "attempt")}: ${message}`, call.resumable);
      }
      const asked = e instanceof ProviderError && refusedForNow(e) ? Number(e.params?.seconds) : Number.NaN;
      if (Number.isFinite(asked) && asked > 0) {
        const wait = Math.min(asked, LONGEST_SERVER_WAIT_S);
        o.progress.warn(
          `${cube}: the server asks to wait ${asked} s (too many requests); ${call.what} resumes ${
            wait < asked ? `in ${wait} s, the longest the command waits` : "then"
          }`,
        );
        await sleep(wait * 1000);
        o.progress.paused?.(wait * 1000);
        continue;
      }
      const wait = 4 ** (a - 1);
      o.progress.warn(`${what} failed (${message}); trying again in ${wait} s`);
      await sleep(wait * 1000);
      o.progress.paused?.(wait * 1000);
    }
  }
}
