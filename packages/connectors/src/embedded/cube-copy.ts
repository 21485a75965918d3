import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { access, constants, readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import { Cube, type MemberSpec, Outline, outlineSpecFromDocument } from "@qibates/engine";
import { aggregationWorkers } from "./aggregation-workers.ts";

/** From this many level-0 cells on, a snapshot's cube is aggregated on the aggregation workers. */
const PARALLEL_LOAD_CELLS = 200_000;

/**
 * Cube snapshots ("your own cube, offline"): a copy of a cube read from a server through a connector
 * (`qibates-snapshot`), written as files anyone can read, and served by the embedded engine
 * (`QIBATES_SNAPSHOTS`). The format, version 1, one folder per application:
 *
 * - `manifest.json`: {@link SnapshotManifest} — format name and version, the application name it is served
 *   under, where it was read from, and per cube its two files with their SHA-256 and sizes;
 * - `<cube>.outline.json`: the outline, in the outline document format the engine reads
 *   (`outlineSpecFromDocument`: `dimensions` of `{name, type, density, members}`, members with `aliases`,
 *   `consolidation`, `storage`, `udas`, `children`), with `substitutionVariables` at the root;
 * - `<cube>.data.tsv.gz`: the stored level-0 cells, gzip-compressed tab-separated text: a header line naming
 *   the base dimensions in outline order then `value`, one line per cell (one member name per dimension, the
 *   value as a decimal number). Several gzip members may follow one another (a resumed run appends).
 *
 * Nothing is served from a snapshot that fails a check: every file and checksum is verified and every cell read
 * before the cube is built.
 */
export const CUBE_SNAPSHOT_FORMAT = "qibates-cube-snapshot";
export const CUBE_SNAPSHOT_VERSION = 1;
export const MANIFEST_FILE = "manifest.json";

export interface SnapshotFile {
  file: string;
  sha256: string;
  bytes: number;
}

export interface SnapshotCubeEntry {
  name: string;
  outline: SnapshotFile;
  data: SnapshotFile;
  /** Members in the outline (every dimension, attribute dimensions included). */
  members: number;
  /** Cells in the data file. */
  cells: number;
  /**
   * Members whose values the server computed (dynamic members and members whose formula the protocol does not
   * give): kept as stored values in the copy, so they no longer follow changes of the cells they came from.
   */
  computedMembers: string[];
  /**
   * `level-0` (the default): stored level-0 cells, consolidated by the engine at load. `every-level`: the
   * values the server computed at every level (its protocol gives no storage or consolidation), served as they
   * are, without aggregating.
   */
  values?: "level-0" | "every-level";
}

export interface SnapshotManifest {
  format: typeof CUBE_SNAPSHOT_FORMAT;
  version: number;
  /** The application name the snapshot is served under. */
  application: string;
  source: {
    connector: string;
    /** The provider address it was read from (never with credentials). */
    address: string;
    server: string;
    application: string;
    /** ISO 8601 time the read finished. */
    takenAt: string;
  };
  cubes: SnapshotCubeEntry[];
  /** What the source's protocol could not carry, in words, for the reader of the manifest. */
  notCarried: string[];
}

/** A snapshot that cannot be served: the message names the folder or file and what is wrong with it. */
export class CubeSnapshotError extends Error {
  override readonly name = "CubeSnapshotError";
}

/** A snapshot read and checked: its cubes built and loaded, ready to be served. */
export interface LoadedSnapshot {
  folder: string;
  manifest: SnapshotManifest;
  cubes: { name: string; cube: Cube; dataSha256: string }[];
}

/** The SHA-256 of a file, read as a stream. */
export async function sha256OfFile(path: string): Promise<string> {
  const h = createHash("sha256");
  for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
  return h.digest("hex");
}

const NAME = /^[^\t\r\n]+$/;

/** Checks a manifest document; throws with the field that is wrong. */
export function checkManifest(doc: unknown, where: string): SnapshotManifest {
  const fail = (what: string): never => {
    throw new CubeSnapshotError(`${where}: ${what}`);
  };
  if (!doc || typeof doc !== "object" || Array.isArray(doc))
    fail("not a snapshot manifest (expected an object)");
  const m = doc as Record<string, unknown>;
  if (m.format !== CUBE_SNAPSHOT_FORMAT)
    fail(`not a QiBates cube snapshot (format is not "${CUBE_SNAPSHOT_FORMAT}")`);
  if (typeof m.version !== "number" || !Number.isInteger(m.version) || m.version < 1)
    fail("version is missing");
  if ((m.version as number) > CUBE_SNAPSHOT_VERSION) {
    fail(
      `written in format version ${m.version}, newer than this QiBates reads (${CUBE_SNAPSHOT_VERSION}): upgrade QiBates or take the snapshot again with this version`,
    );
  }
  if (typeof m.application !== "string" || !NAME.test(m.application)) fail("application name is missing");
  const source = m.source as Record<string, unknown> | undefined;
  if (!source || typeof source !== "object") fail("source is missing");
  if (!Array.isArray(m.cubes) || m.cubes.length === 0) fail("lists no cube");
  for (const [i, c] of (m.cubes as unknown[]).entries()) {
    const cube = c as Record<string, unknown>;
    if (!cube || typeof cube.name !== "string" || !NAME.test(cube.name)) fail(`cubes[${i}].name is missing`);
    for (const key of ["outline", "data"] as const) {
      const f = cube[key] as Record<string, unknown> | undefined;
      if (
        !f ||
        typeof f.file !== "string" ||
        !/^[A-Za-z0-9][A-Za-z0-9._ -]*$/.test(f.file) ||
        typeof f.sha256 !== "string" ||
        typeof f.bytes !== "number"
      )
        fail(`cubes[${i}].${key} must name a file of the folder with its sha256 and bytes`);
    }
    if (typeof cube.cells !== "number") fail(`cubes[${i}].cells is missing`);
    if (!Array.isArray(cube.computedMembers)) cube.computedMembers = [];
    if (cube.values !== undefined && cube.values !== "level-0" && cube.values !== "every-level")
      fail(`cubes[${i}].values must be level-0 or every-level`);
  }
  if (!Array.isArray(m.notCarried)) m.notCarried = [];
  return m as unknown as SnapshotManifest;
}

async function checkedFile(folder: string, f: SnapshotFile): Promise<string> {
  const path = join(folder, f.file);
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (e) {
    throw new CubeSnapshotError(`${path}: missing or unreadable (${codeOf(e)})`);
  }
  if (size !== f.bytes) {
    throw new CubeSnapshotError(
      `${path}: ${size} bytes where the manifest says ${f.bytes} (truncated or changed since the snapshot was taken)`,
    );
  }
  const sum = await sha256OfFile(path);
  if (sum !== f.sha256) {
    throw new CubeSnapshotError(
      `${path}: checksum does not match the manifest (the file is corrupted or was changed)`,
    );
  }
  return path;
}

const codeOf = (e: unknown) =>
  (e as NodeJS.ErrnoException)?.code ?? (e instanceof Error ? e.message : String(e));

/** Reads the stored cells of a data file, line by line: `each(names, value)` per cell; answers the count. */
export async function readDataFile(
  path: string,
  dimensions: readonly string[],
  each: (names: string[], value: number) => void,
): Promise<number> {
  const input = createReadStream(path).pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let n = 0;
  let header = true;
  try {
    for await (const line of lines) {
      if (header) {
        const want = [...dimensions, "value"].join("\t");
        if (line !== want)
          throw new CubeSnapshotError(`${path}: header "${line}" does not match the outline ("${want}")`);
        header = false;
        continue;
      }
      if (line === "") continue;
      const parts = line.split("\t");
      const value = Number(parts.pop());
      if (parts.length !== dimensions.length || !Number.isFinite(value)) {
        throw new CubeSnapshotError(
          `${path}: line ${n + 2} is not a cell (${dimensions.length} members and a number)`,
        );
      }
      each(parts, value);
      n++;
    }
  } catch (e) {
    if (e instanceof CubeSnapshotError) throw e;
    throw new CubeSnapshotError(`${path}: cannot be read (${codeOf(e)}): truncated or not gzip`);
  }
  if (header) throw new CubeSnapshotError(`${path}: empty (no header line)`);
  return n;
}

/** Reads one snapshot folder, checks it whole, and builds its cubes. */
export async function loadCubeSnapshot(folder: string): Promise<LoadedSnapshot> {
  const manifestPath = join(folder, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(manifestPath, "utf8");
  } catch (e) {
    const unfinished = await access(join(folder, ".progress.json")).then(
      () => true,
      () => false,
    );
    throw new CubeSnapshotError(
      unfinished
        ? `${folder}: an unfinished snapshot (no manifest.json yet): run the same qibates-snapshot command again to finish it, or remove the folder`
        : `${manifestPath}: missing or unreadable (${codeOf(e)})`,
    );
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new CubeSnapshotError(`${manifestPath}: not valid JSON (the file is corrupted)`);
  }
  const manifest = checkManifest(doc, manifestPath);
  const cubes: LoadedSnapshot["cubes"] = [];
  for (const entry of manifest.cubes) {
    const outlinePath = await checkedFile(folder, entry.outline);
    const dataPath = await checkedFile(folder, entry.data);
    let outline: Outline;
    try {
      const spec = outlineSpecFromDocument(
        JSON.parse(await readFile(outlinePath, "utf8")),
        `${manifest.application}.${entry.name}`,
      );
      // Values the server computed at every level, with no operator known: no member adds up into its parent
      // (`~`), so that totals keep the server's values after a submit instead of being added up again.
      if (entry.values === "every-level") for (const d of spec.dimensions) d.members.forEach(unconsolidated);
      outline = new Outline(spec);
    } catch (e) {
      throw new CubeSnapshotError(
        `${outlinePath}: not a valid outline (${e instanceof Error ? e.message : String(e)})`,
      );
    }
    // A large cube aggregates on the aggregation workers (and keeps them for its later calculations).
    const threads =
      entry.values !== "every-level" && entry.cells >= PARALLEL_LOAD_CELLS ? aggregationWorkers() : null;
    if (threads) await threads.ready().catch(() => {});
    const cube = new Cube(outline, threads ? { threads } : {});
    const dims = cube.dims.map((d) => d.name);
    let refused = 0;
    const cells = await readDataFile(dataPath, dims, (names, value) => {
      try {
        cube.loadByNames(names, value);
      } catch {
        refused++;
        if (refused === 1)
          throw new CubeSnapshotError(
            `${dataPath}: cell ${names.join(", ")} is not a stored cell of the outline`,
          );
      }
    });
    if (cells !== entry.cells) {
      throw new CubeSnapshotError(`${dataPath}: ${cells} cells where the manifest says ${entry.cells}`);
    }
    if (entry.values !== "every-level") cube.calcAll();
    cubes.push({ name: entry.name, cube, dataSha256: entry.data.sha256 });
  }
  return { folder, manifest, cubes };
}

/** A member and its descendants, none consolidated into its parent (`~`). */
function unconsolidated(m: MemberSpec): void {
  m.consolidation = "~";
  m.children?.forEach(unconsolidated);
}

/**
 * Every snapshot of a folder (`QIBATES_SNAPSHOTS`): each sub-folder holding a manifest, in name order (those
 * whose name starts with a dot left out). Throws
 * at the first folder that cannot be read or served, and when two snapshots, or a snapshot and `taken` (the
 * application names already served), share an application name.
 */
export async function loadCubeSnapshots(root: string, taken: readonly string[]): Promise<LoadedSnapshot[]> {
  try {
    await access(root, constants.R_OK | constants.X_OK);
  } catch (e) {
    throw new CubeSnapshotError(`QIBATES_SNAPSHOTS: the folder ${root} cannot be read (${codeOf(e)})`);
  }
  // a folder whose name starts with a dot is passed over (qibates-snapshot's replacement in progress)
  const entries = (await readdir(root, { withFileTypes: true })).filter(
    (e) => e.isDirectory() && !e.name.startsWith("."),
  );
  const names = new Map(taken.map((t) => [t.toLowerCase(), `the application ${t} already served`]));
  const out: LoadedSnapshot[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const folder = join(root, e.name);
    try {
      await access(folder, constants.R_OK | constants.X_OK);
    } catch (err) {
      throw new CubeSnapshotError(`${folder}: cannot be read (${codeOf(err)})`);
    }
    const snapshot = await loadCubeSnapshot(folder);
    const key = snapshot.manifest.application.toLowerCase();
    const clash = names.get(key);
    if (clash) {
      throw new CubeSnapshotError(
        `${folder}: application ${snapshot.manifest.application} clashes with ${clash}; take the snapshot again with --name to serve it under another name`,
      );
    }
    names.set(key, `the snapshot in ${folder}`);
    out.push(snapshot);
  }
  return out;
}
