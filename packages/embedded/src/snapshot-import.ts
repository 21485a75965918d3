import {
  closeSync,
  createReadStream,
  createWriteStream,
  fsyncSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { createGunzip, createGzip } from "node:zlib";
import { Cube, type DataFileError, DataFileReader, Outline, outlineSpecFromDocument } from "@qibates/engine";
import {
  CubeSnapshotError,
  checkManifest,
  MANIFEST_FILE,
  type SnapshotManifest,
  sha256OfFile,
} from "./snapshot-files.ts";

export interface ImportOptions {
  /** The snapshot folder (holding `manifest.json`) whose data the file replaces. */
  folder: string;
  /** An Essbase data export or free-form data file, plain or gzip-compressed. */
  file: string;
  /** The cube of the snapshot (needed when it has several). */
  cube?: string;
  /** Writes the values that load even when some lines are rejected (default: nothing is written then). */
  skipRejected: boolean;
  /** Called about every 100,000 lines with the lines read so far. */
  progress?: (lines: number, cells: number) => void;
}

export interface ImportResult {
  cube: string;
  lines: number;
  /** Values loaded (a later value for the same cell replaces an earlier one). */
  values: number;
  /** Stored cells written to the snapshot. */
  cells: number;
  rejected: number;
  /** The first rejected lines, at most 20. */
  firstRejected: DataFileError[];
  /** Whether the snapshot's data was replaced. */
  written: boolean;
}

/**
 * Replaces the data of a snapshot's cube with the values of an Essbase data file ("import from files
 * users already have"): the text export Essbase writes (MaxL `export database … data`, in columns or not, any
 * level; the REST `exportData` job) or a free-form data file, read against the snapshot's outline by
 * `@qibates/engine`'s `DataFileReader`. The snapshot's outline and its manifest's source stay; the data file,
 * its checksum and its count of cells are replaced atomically. A line naming a member the outline does not
 * have, or a cell the outline does not store, is rejected: then nothing is written unless `skipRejected`.
 */
export async function importDataFile(o: ImportOptions): Promise<ImportResult> {
  const manifestPath = join(o.folder, MANIFEST_FILE);
  let manifest: SnapshotManifest;
  try {
    manifest = checkManifest(JSON.parse(await readFile(manifestPath, "utf8")), manifestPath);
  } catch (e) {
    if (e instanceof CubeSnapshotError) throw e;
    throw new CubeSnapshotError(`${manifestPath}: missing, unreadable or not JSON (${(e as Error).message})`);
  }
  const entries = manifest.cubes;
  const entry = o.cube
    ? entries.find((c) => c.name.toLowerCase() === o.cube?.toLowerCase())
    : entries.length === 1
      ? entries[0]
      : undefined;
  if (!entry) {
    throw new CubeSnapshotError(
      o.cube
        ? `${o.folder}: no cube ${o.cube} (the snapshot holds ${entries.map((c) => c.name).join(", ")})`
        : `${o.folder}: the snapshot holds ${entries.map((c) => c.name).join(", ")}: name one with --cube`,
    );
  }
  if (entry.values === "every-level") {
    throw new CubeSnapshotError(
      `${o.folder}: cube ${entry.name} keeps the values its server computed at every level (its protocol gives no consolidation), so a data file cannot replace them`,
    );
  }
  const outlinePath = join(o.folder, entry.outline.file);
  const spec = outlineSpecFromDocument(
    JSON.parse(await readFile(outlinePath, "utf8")),
    `${manifest.application}.${entry.name}`,
  );
  const cube = new Cube(new Outline(spec));

  const result: ImportResult = {
    cube: entry.name,
    lines: 0,
    values: 0,
    cells: 0,
    rejected: 0,
    firstRejected: [],
    written: false,
  };
  const reject = (e: DataFileError) => {
    result.rejected++;
    if (result.firstRejected.length < 20) result.firstRejected.push(e);
  };
  const reader = new DataFileReader(
    cube,
    (c) => {
      if (c.value === null) return;
      if (cube.loadCell(cube.coordsOf(c.tuple), c.value)) result.values++;
      else reject({ line: c.line, reason: `${c.tuple.map((m) => m.name).join(", ")} is not a stored cell` });
    },
    reject,
  );
  let gzip: boolean;
  try {
    gzip = startsWithGzip(o.file);
  } catch (e) {
    throw new CubeSnapshotError(
      `${o.file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
  const raw = createReadStream(o.file);
  const lines = createInterface({
    input: gzip ? raw.pipe(createGunzip()) : raw,
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  try {
    for await (const line of lines) {
      reader.line(line);
      if (reader.lines % 100_000 === 0) o.progress?.(reader.lines, result.values);
    }
  } catch (e) {
    throw new CubeSnapshotError(
      `${o.file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
  result.lines = reader.lines;
  if (result.rejected > 0 && !o.skipRejected) return result;

  // The snapshot's data file: one line per stored cell, as `take.ts` writes it; then the manifest.
  const dataPath = join(o.folder, entry.data.file);
  const tmp = `${dataPath}.import`;
  try {
    const out = createGzip();
    const file = createWriteStream(tmp);
    const done = new Promise<void>((resolve, reject) => {
      file.on("finish", resolve);
      file.on("error", reject);
      out.on("error", reject);
    });
    out.pipe(file);
    const write = (text: string) =>
      out.write(text) ? Promise.resolve() : new Promise<void>((r) => out.once("drain", r));
    await write(`${[...cube.dims.map((d) => d.name), "value"].join("\t")}\n`);
    // A thousand blocks at a time, so that the text never waits in memory for more than the gzip stream takes.
    for (let from = 0; from < cube.blockCount; from += 1000) {
      let chunk = "";
      cube.forEachStoredCell(
        "all",
        (coords, value) => {
          chunk += `${coords.map((ord, d) => cube.member(d, ord).name).join("\t")}\t${value}\n`;
          result.cells++;
        },
        undefined,
        from,
        from + 1000,
      );
      if (chunk !== "") await write(chunk);
    }
    out.end();
    await done;
    const fd = openSync(tmp, "r");
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, dataPath);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  const data = {
    file: entry.data.file,
    sha256: await sha256OfFile(dataPath),
    bytes: statSync(dataPath).size,
  };
  // Every stored value now comes from the file: none is a value the server computed. The cube's image, made
  // from the data replaced, goes: the cube is served from its new data file.
  const { image: _replaced, ...kept } = entry;
  const updated: SnapshotManifest = {
    ...manifest,
    cubes: manifest.cubes.map((c) =>
      c === entry ? { ...kept, data, cells: result.cells, computedMembers: [] } : c,
    ),
  };
  const tmpManifest = `${manifestPath}.tmp`;
  writeFileSync(tmpManifest, `${JSON.stringify(updated, null, 2)}\n`);
  const mfd = openSync(tmpManifest, "r");
  fsyncSync(mfd);
  closeSync(mfd);
  renameSync(tmpManifest, manifestPath);
  if (entry.image) rmSync(join(o.folder, entry.image.file), { force: true });
  result.written = true;
  return result;
}

function startsWithGzip(path: string): boolean {
  const fd = openSync(path, "r");
  try {
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}
