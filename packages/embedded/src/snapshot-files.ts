import { createHash } from "node:crypto";
import { constants as fsConstants } from "node:fs";
import { access, constants, type FileHandle, lstat, open, readdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { StringDecoder } from "node:string_decoder";
import { createGunzip } from "node:zlib";
import {
  CUBE_IMAGE_HEADER_BYTES,
  Cube,
  CubeError,
  cubeImageBytes,
  cubeImageParts,
  cubeImageTarget,
  type MemberSpec,
  Outline,
  outlineSpecFromDocument,
  readCubeImageHeader,
} from "@qibates/engine";
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
 * - `<cube>.image.bin` (optional, listed as the cube's `image`): the cube as the engine serves it, every
 *   level aggregated (`@qibates/engine`'s cube image: its stored blocks as bytes), made from the two files
 *   above, whose checksums it records. A cube with an image is served from it: no cell read one by one, no
 *   aggregation at start. A copy without one (taken before images existed, or whose data was
 *   replaced since) is served from its data file, as before; an image made by an engine that lays cells out
 *   otherwise is passed over the same way.
 *
 * Nothing is served from a snapshot that fails a check: every file and checksum is verified, and every cell
 * read (or the image read whole) before the cube is served.
 */
export const CUBE_SNAPSHOT_FORMAT = "qibates-cube-snapshot";
export const CUBE_SNAPSHOT_VERSION = 1;
export const MANIFEST_FILE = "manifest.json";

export interface SnapshotFile {
  file: string;
  sha256: string;
  bytes: number;
}

/** A cube's image file, with the checksums of the outline and data files it was made from. */
export interface SnapshotImageFile extends SnapshotFile {
  outlineSha256: string;
  dataSha256: string;
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
  /** The cube's image (see above), when the copy has one. */
  image?: SnapshotImageFile;
  /**
   * `level-0` (the default): stored level-0 cells, consolidated by the engine at load. `every-level`: the
   * values the server computed at every level (its protocol gives no storage or consolidation), served as they
   * are, without aggregating.
   */
  values?: "level-0" | "every-level";
  /**
   * How `qibates-snapshot` read the data: `export`, the server's own level-0 export downloaded as a file (its
   * computed members, which an export does not hold, read by queries); `grid`, queries only. Absent in
   * snapshots taken before it was recorded.
   */
  read?: "export" | "grid";
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
  /** The system's error code when a file could not be opened (`ENOENT`: it is not there), else null. */
  readonly fileCode: string | null;
  constructor(message: string, fileCode: string | null = null) {
    super(message);
    this.fileCode = fileCode;
  }
}

/** A snapshot read and checked: its cubes built and loaded, ready to be served. */
export interface LoadedSnapshot {
  folder: string;
  manifest: SnapshotManifest;
  cubes: {
    name: string;
    cube: Cube;
    dataSha256: string;
    /** What the cube was built from: its image, or its data file read cell by cell and aggregated. */
    servedFrom: "image" | "data";
  }[];
}

/**
 * Opens a file of a snapshot for reading, refusing what is not a regular file of its own: a link (followed, it
 * could read any file of the machine and print its first bytes), a device (`/dev/zero` never ends) or a named
 * pipe (whose reading waits for a writer: the start hung). The link is refused by the open itself (`O_NOFOLLOW`),
 * a pipe opens without waiting (`O_NONBLOCK`) and is refused by what the open file is.
 */
export async function openSnapshotFile(path: string): Promise<FileHandle> {
  const nofollow = fsConstants.O_NOFOLLOW ?? 0;
  let handle: FileHandle;
  try {
    if (nofollow === 0 && (await lstat(path)).isSymbolicLink())
      throw Object.assign(new Error(), { code: "ELOOP" });
    handle = await open(path, fsConstants.O_RDONLY | nofollow | (fsConstants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = codeOf(e);
    throw new CubeSnapshotError(
      code === "ELOOP"
        ? `${path}: a link; a snapshot's files are read from its folder, never through a link (copy the file there)`
        : `${path}: missing or unreadable (${code})`,
      code,
    );
  }
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    throw new CubeSnapshotError(
      `${path}: not a regular file (a device, a pipe or a folder), which a snapshot never holds`,
    );
  }
  return handle;
}

/** The SHA-256 of a file of a snapshot, read as a stream (a regular file of its own only). */
export async function sha256OfFile(path: string): Promise<string> {
  const handle = await openSnapshotFile(path);
  try {
    return await sha256OfHandle(handle, path);
  } finally {
    await handle.close();
  }
}

/** The SHA-256 of an open file, read as a stream from its start (the handle left open). */
async function sha256OfHandle(handle: FileHandle, path: string): Promise<string> {
  const h = createHash("sha256");
  try {
    for await (const chunk of handle.createReadStream({ autoClose: false, start: 0 }))
      h.update(chunk as Buffer);
  } catch (e) {
    throw new CubeSnapshotError(`${path}: cannot be read (${codeOf(e)})`);
  }
  return h.digest("hex");
}

/** The text of a file of a snapshot of at most `max` bytes (a regular file of its own only). */
async function readSnapshotText(path: string, max: number): Promise<string> {
  const handle = await openSnapshotFile(path);
  try {
    const { size } = await handle.stat();
    if (size > max) {
      throw new CubeSnapshotError(
        `${path}: ${size} bytes, more than a snapshot's ${max} bytes for this file`,
      );
    }
    return await handle.readFile("utf8");
  } catch (e) {
    if (e instanceof CubeSnapshotError) throw e;
    throw new CubeSnapshotError(`${path}: cannot be read (${codeOf(e)})`);
  } finally {
    await handle.close();
  }
}

/** The most bytes of a manifest (it lists cubes and their computed members). */
const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;
/** The most bytes of an outline document (a V8 string holds at most about 512 MiB). */
const OUTLINE_MAX_BYTES = 256 * 1024 * 1024;
/** The longest line of a data file: one member name per dimension and a value. */
export const DATA_LINE_MAX_BYTES = 64 * 1024;

/**
 * The rule of an application name a snapshot is served under, the same as `qibates-snapshot --name`'s: 1 to 30
 * unaccented letters, digits, spaces, `_` or `-`, not starting with a space or `-`, as an Essbase application name
 * (no path, no control character). The rule's text says all of it: `--name=-x` or `--name=Café` is refused.
 */
export const SNAPSHOT_APPLICATION_NAME = /^[A-Za-z0-9_][A-Za-z0-9_ -]{0,29}$/;
export const SNAPSHOT_APPLICATION_NAME_RULE =
  "1 to 30 unaccented letters, digits, spaces, _ or -, not starting with a space or -, as an Essbase application name";

const NAME = /^[^\t\r\n]+$/;

/** A name read from a file, fit to be quoted in a message: control characters shown as `\u…`, cut at 40. */
function quoted(text: string): string {
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return JSON.stringify(shown);
}

/** Whether a member name or alias has a control character (which no XML 1.0 answer can carry). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

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
  if (typeof m.application !== "string" || m.application === "") fail("application name is missing");
  if (!SNAPSHOT_APPLICATION_NAME.test(m.application as string)) {
    fail(
      `application name ${quoted(m.application as string)} is not ${SNAPSHOT_APPLICATION_NAME_RULE}: take the snapshot again with --name`,
    );
  }
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
    const image = cube.image as Record<string, unknown> | undefined;
    if (
      image !== undefined &&
      (!image ||
        typeof image.file !== "string" ||
        !/^[A-Za-z0-9][A-Za-z0-9._ -]*$/.test(image.file) ||
        typeof image.sha256 !== "string" ||
        typeof image.bytes !== "number" ||
        typeof image.outlineSha256 !== "string" ||
        typeof image.dataSha256 !== "string")
    )
      fail(
        `cubes[${i}].image must name a file of the folder with its sha256, bytes and the checksums it was made from`,
      );
    if (typeof cube.cells !== "number") fail(`cubes[${i}].cells is missing`);
    if (!Array.isArray(cube.computedMembers)) cube.computedMembers = [];
    if (cube.values !== undefined && cube.values !== "level-0" && cube.values !== "every-level")
      fail(`cubes[${i}].values must be level-0 or every-level`);
    if (cube.read !== undefined && cube.read !== "export" && cube.read !== "grid")
      fail(`cubes[${i}].read must be export or grid`);
  }
  if (!Array.isArray(m.notCarried)) m.notCarried = [];
  return m as unknown as SnapshotManifest;
}

/** The size of an open file of a snapshot, refused when it is not the `bytes` its manifest lists. */
async function sizeAsListed(handle: FileHandle, path: string, bytes: number): Promise<number> {
  const { size } = await handle.stat();
  if (size !== bytes) {
    throw new CubeSnapshotError(
      `${path}: ${size} bytes where the manifest says ${bytes} (truncated or changed since the snapshot was taken)`,
    );
  }
  return size;
}

const checksumMismatch = (path: string) =>
  new CubeSnapshotError(
    `${path}: checksum does not match the manifest (the file is corrupted or was changed)`,
  );

async function checkedFile(folder: string, f: SnapshotFile): Promise<string> {
  const path = join(folder, f.file);
  // One open for the size and the checksum.
  const handle = await openSnapshotFile(path);
  try {
    await sizeAsListed(handle, path, f.bytes);
    if ((await sha256OfHandle(handle, path)) !== f.sha256) throw checksumMismatch(path);
  } finally {
    await handle.close();
  }
  return path;
}

const codeOf = (e: unknown) =>
  (e as NodeJS.ErrnoException)?.code ?? (e instanceof Error ? e.message : String(e));

/**
 * The lines of a gzip file, each at most `max` bytes (`\n` or `\r\n` ending them): a longer line is refused
 * as soon as it passes the bound, before it is held whole (a data file that unzips to one 1.2 GB line crashed
 * the start with a `RangeError`).
 */
async function* boundedLines(handle: FileHandle, path: string, max: number): AsyncGenerator<string> {
  const input = handle.createReadStream({ autoClose: false }).pipe(createGunzip());
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let line = 0;
  for await (const chunk of input) {
    pending += decoder.write(chunk as Buffer);
    let start = 0;
    for (let end = pending.indexOf("\n"); end >= 0; end = pending.indexOf("\n", start)) {
      line++;
      const text = pending.slice(start, end);
      if (text.length > max) throw new CubeSnapshotError(`${path}: line ${line} is longer than ${max} bytes`);
      yield text.endsWith("\r") ? text.slice(0, -1) : text;
      start = end + 1;
    }
    pending = pending.slice(start);
    if (pending.length > max)
      throw new CubeSnapshotError(`${path}: line ${line + 1} is longer than ${max} bytes`);
  }
  pending += decoder.end();
  if (pending !== "") yield pending.endsWith("\r") ? pending.slice(0, -1) : pending;
}

/** Reads the stored cells of a data file, line by line: `each(names, value)` per cell; answers the count. */
export async function readDataFile(
  path: string,
  dimensions: readonly string[],
  each: (names: string[], value: number) => void,
): Promise<number> {
  const handle = await openSnapshotFile(path);
  let n = 0;
  let header = true;
  try {
    for await (const line of boundedLines(handle, path, DATA_LINE_MAX_BYTES)) {
      if (header) {
        const want = [...dimensions, "value"].join("\t");
        if (line !== want)
          throw new CubeSnapshotError(
            `${path}: header ${quoted(line)} does not match the outline ("${want}")`,
          );
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
  } finally {
    await handle.close();
  }
  if (header) throw new CubeSnapshotError(`${path}: empty (no header line)`);
  return n;
}

/** Reads one snapshot folder, checks it whole, and builds its cubes. */
export async function loadCubeSnapshot(folder: string): Promise<LoadedSnapshot> {
  const manifestPath = join(folder, MANIFEST_FILE);
  let text: string;
  try {
    text = await readSnapshotText(manifestPath, MANIFEST_MAX_BYTES);
  } catch (e) {
    if (!(e instanceof CubeSnapshotError) || e.fileCode !== "ENOENT") throw e;
    const unfinished = await access(join(folder, ".progress.json")).then(
      () => true,
      () => false,
    );
    throw new CubeSnapshotError(
      unfinished
        ? `${folder}: an unfinished snapshot (no manifest.json yet): run the same qibates-snapshot command again to finish it, or remove the folder`
        : (e as Error).message,
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
    try {
      cubes.push(await loadCube(folder, manifest, entry));
    } catch (e) {
      // Every error names the file or folder it comes from.
      if (e instanceof CubeSnapshotError) throw e;
      throw new CubeSnapshotError(
        `${folder}: cube ${quoted(entry.name)} cannot be served (${e instanceof Error ? e.message : String(e)})`,
      );
    }
  }
  return { folder, manifest, cubes };
}

async function loadCube(
  folder: string,
  manifest: SnapshotManifest,
  entry: SnapshotCubeEntry,
  useImage = true,
): Promise<LoadedSnapshot["cubes"][number]> {
  const outlinePath = await checkedFile(folder, entry.outline);
  const dataPath = await checkedFile(folder, entry.data);
  let outline: Outline;
  const outlineText = await readSnapshotText(outlinePath, OUTLINE_MAX_BYTES);
  let outlineDoc: unknown;
  try {
    outlineDoc = JSON.parse(outlineText);
  } catch {
    // JSON.parse's message quotes the text: never printed
    throw new CubeSnapshotError(`${outlinePath}: not valid JSON (the file is corrupted)`);
  }
  try {
    const spec = outlineSpecFromDocument(outlineDoc, `${manifest.application}.${entry.name}`);
    const bad = controlNamed(spec.dimensions);
    if (bad) throw new Error(`${bad} has a control character, which no XML answer can carry`);
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
  const cube = new Cube(outline, threads ? { threads } : {});
  const image = useImage ? entry.image : undefined;
  if (image) {
    const imagePath = join(folder, image.file);
    if (image.outlineSha256 !== entry.outline.sha256 || image.dataSha256 !== entry.data.sha256) {
      throw new CubeSnapshotError(
        `${imagePath}: made from other outline or data files than the manifest lists (they were replaced since): take the snapshot again, or remove the cube's "image" entry from manifest.json to serve it from its data file`,
      );
    }
    // an image of another engine layout is passed over: the cube is then built from its data file
    if (await readCubeImage(cube, imagePath, image))
      return { name: entry.name, cube, dataSha256: entry.data.sha256, servedFrom: "image" };
  }
  // the workers are not needed before the aggregation: an image is read without waiting for them
  if (threads) await threads.ready().catch(() => {});
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
  return { name: entry.name, cube, dataSha256: entry.data.sha256, servedFrom: "data" };
}

/** Bytes an image is read or written in, at most, per call (and per digest update). */
const IMAGE_IO_BYTES = 16 * 1024 * 1024;

/**
 * Reads a cube's image file into `cube` (empty), checking its size and SHA-256 against the manifest before the
 * cube takes its blocks: a file that fails either is refused. False (the cube left empty) when the image is
 * whole but made by an engine that lays cells out otherwise.
 */
async function readCubeImage(cube: Cube, path: string, f: SnapshotImageFile): Promise<boolean> {
  const handle = await openSnapshotFile(path);
  try {
    const size = await sizeAsListed(handle, path, f.bytes);
    const mismatch = () => checksumMismatch(path);
    const hash = createHash("sha256");
    const read = async (into: Uint8Array, position: number): Promise<void> => {
      for (let at = 0; at < into.length; ) {
        const { bytesRead } = await handle.read(
          into,
          at,
          Math.min(IMAGE_IO_BYTES, into.length - at),
          position + at,
        );
        if (bytesRead === 0) throw mismatch();
        hash.update(into.subarray(at, at + bytesRead));
        at += bytesRead;
      }
    };
    const head = new Uint8Array(Math.min(size, CUBE_IMAGE_HEADER_BYTES));
    await read(head, 0);
    let target: ReturnType<typeof cubeImageTarget>;
    try {
      const header = readCubeImageHeader(head);
      if (cubeImageBytes(header) !== size) {
        throw new CubeError(
          `${size} bytes where its header says ${cubeImageBytes(header)}`,
          "CUBE_IMAGE_INVALID",
        );
      }
      target = cubeImageTarget(cube, header);
    } catch (e) {
      if (!(e instanceof CubeError)) throw e;
      // a damaged file says so, whatever its first bytes hold
      if ((await sha256OfHandle(handle, path)) !== f.sha256) throw mismatch();
      if (e.code === "CUBE_IMAGE_LAYOUT") return false;
      throw new CubeSnapshotError(
        `${path}: ${e.message}; take the snapshot again with this version of QiBates`,
      );
    }
    let at = head.length;
    for (const part of target.parts) {
      await read(part, at);
      at += part.length;
    }
    if (hash.digest("hex") !== f.sha256) throw mismatch();
    target.commit();
    return true;
  } catch (e) {
    if (e instanceof CubeSnapshotError) throw e;
    throw new CubeSnapshotError(`${path}: cannot be read (${codeOf(e)})`);
  } finally {
    await handle.close();
  }
}

/** The file name of a cube's image, beside its data file (`Cube.data.tsv.gz` → `Cube.image.bin`). */
export function imageFileName(dataFile: string): string {
  return `${dataFile.replace(/\.data\.tsv\.gz$/, "")}.image.bin`;
}

/**
 * Makes a cube's image from its outline and data files (read, checked and aggregated as a start without an
 * image does) and writes it beside them, through a temporary file, synced; answers the manifest's entry for it.
 * `qibates-snapshot` calls it once a cube's data are read, so that the server never does that work again.
 */
export async function writeCubeImage(
  folder: string,
  manifest: SnapshotManifest,
  entry: SnapshotCubeEntry,
): Promise<SnapshotImageFile> {
  const { cube } = await loadCube(folder, manifest, entry, false);
  const file = imageFileName(entry.data.file);
  const path = join(folder, file);
  const tmp = `${path}.tmp`;
  const hash = createHash("sha256");
  let bytes = 0;
  try {
    const handle = await open(tmp, "w");
    try {
      for (const part of cubeImageParts(cube)) {
        for (let at = 0; at < part.length; at += IMAGE_IO_BYTES) {
          const piece = part.subarray(at, Math.min(part.length, at + IMAGE_IO_BYTES));
          hash.update(piece);
          for (let done = 0; done < piece.length; ) {
            done += (await handle.write(piece, done, piece.length - done)).bytesWritten;
          }
          bytes += piece.length;
        }
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
  return {
    file,
    sha256: hash.digest("hex"),
    bytes,
    outlineSha256: entry.outline.sha256,
    dataSha256: entry.data.sha256,
  };
}

/** The first dimension, member or alias whose name has a control character, as a message names it. */
function controlNamed(dimensions: readonly { name: string; members: MemberSpec[] }[]): string | null {
  const walk = (m: MemberSpec): string | null => {
    if (hasControlCharacter(m.name)) return `member ${quoted(m.name)}`;
    for (const a of Object.values(m.aliases ?? {}))
      if (hasControlCharacter(a)) return `the alias ${quoted(a)} of ${m.name}`;
    for (const c of m.children ?? []) {
      const bad = walk(c);
      if (bad) return bad;
    }
    return null;
  };
  for (const d of dimensions) {
    if (hasControlCharacter(d.name)) return `dimension ${quoted(d.name)}`;
    for (const m of d.members) {
      const bad = walk(m);
      if (bad) return bad;
    }
  }
  return null;
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
  let listed: import("node:fs").Dirent[];
  try {
    listed = await readdir(root, { withFileTypes: true });
  } catch (e) {
    throw new CubeSnapshotError(`QIBATES_SNAPSHOTS: the folder ${root} cannot be read (${codeOf(e)})`);
  }
  // A link among the snapshots is refused, not passed over without a word (nor followed out of the folder).
  const link = listed.find((e) => e.isSymbolicLink() && !e.name.startsWith("."));
  if (link) {
    throw new CubeSnapshotError(
      `${join(root, link.name)}: a link; QIBATES_SNAPSHOTS serves the snapshot folders it holds, never through a link (move the folder there)`,
    );
  }
  const entries = listed.filter((e) => e.isDirectory() && !e.name.startsWith("."));
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
