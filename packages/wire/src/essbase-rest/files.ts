import { randomUUID } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ErrorLocale, formatNumber } from "@qibates/provider";
import { badRequest, WireError } from "./errors.ts";

/** The catalog's top folders (Essbase 21c's "Files" page: applications, shared, users). */
export const ROOT_FOLDERS = ["applications", "shared", "users"] as const;

/** Limits of the in-memory catalog. */
export interface FileCatalogLimits {
  /** Largest file, in bytes. */
  maxFileBytes: number;
  /** Bytes one owner's files may take together. */
  maxOwnerBytes: number;
  /**
   * Bytes one visitor of a shared account (the public demo user, at one client address, an IPv6 client's being its
   * /64 network) may keep: visitors come and go, and their files go with their last session.
   */
  maxVisitorBytes: number;
  /** Bytes all owners' files may take together. */
  maxTotalBytes: number;
  /** Files and folders one owner may have. */
  maxOwnerEntries: number;
  /** Bytes the names of one owner's files and folders may take (`entryCost`; default 1 MiB). */
  maxOwnerNameBytes?: number;
  /** Minutes without a call after which a session ends (said in the refusal of a full catalog; default 30). */
  idleMinutes?: number;
  /**
   * Largest data export a job writes (default 2 GiB). Exports are written to a temporary folder on disk, never
   * held in memory, and counted apart from the files kept in memory.
   */
  maxExportBytes?: number;
  /** Bytes one owner's exports on disk may take together (default 4 GiB). */
  maxOwnerExportBytes?: number;
  /** Bytes one visitor's exports on disk may take together (default 64 MiB). */
  maxVisitorExportBytes?: number;
  /** Bytes all owners' exports on disk may take together (default 8 GiB). */
  maxTotalExportBytes?: number;
}

export const DEFAULT_FILE_LIMITS: FileCatalogLimits = {
  maxFileBytes: 16 * 1024 * 1024,
  maxOwnerBytes: 64 * 1024 * 1024,
  maxVisitorBytes: 16 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxOwnerEntries: 1000,
};

const MIB = 1024 * 1024;

/** A size as a refusal says it: in MiB (Mio) when it is a whole number of them, else in bytes. */
function size(bytes: number, locale: ErrorLocale): string {
  if (bytes % MIB === 0)
    // French spaces a unit's symbol with a narrow no-break space (« 16 Mio »), English with a no-break one.
    return `${formatNumber(bytes / MIB, locale)}${locale === "fr" ? "\u202fMio" : "\u00a0MiB"}`;
  return `${formatNumber(bytes, locale)}\u00a0${locale === "fr" ? "octets" : "bytes"}`;
}

/**
 * An upload refused for room (400, or 413 for a body the endpoint refuses unread; Essbase's error body, in the
 * caller's language): `file`, larger than the largest
 * file; `visitor`, past a visitor's own space (a shared account's visitor); `user`, past a user's own space; `names`,
 * past the room of an owner's names of files and folders; `total`,
 * past what all users' files may take together. The message says the limit and how to make room.
 */
export class FileRoomRefused extends WireError {
  constructor(
    readonly kind: "file" | "visitor" | "user" | "names" | "total",
    readonly limitBytes: number,
    idleMinutes = 30,
    status = 400,
  ) {
    const en = (n: number) => size(n, "en");
    const fr = (n: number) => size(n, "fr");
    const messages = {
      file: [
        `The file is larger than ${en(limitBytes)}, the largest file the file catalog keeps: split it, or send a smaller one.`,
        `Le fichier dépasse ${fr(limitBytes)}, la taille maximale d'un fichier du catalogue de fichiers\u00a0: découpez-le, ou envoyez-en un plus petit.`,
      ],
      visitor: [
        `There is not enough space in your folders of the file catalog for this file: each visitor of the shared demo user keeps at most ${en(limitBytes)} of files (all the addresses of an IPv6 /64 network count as one visitor). Delete files you no longer need (DELETE /files/{path}); your files are also deleted when your last session ends.`,
        `Il n'y a pas assez de place pour ce fichier dans vos dossiers du catalogue de fichiers\u00a0: chaque visiteur de l'utilisateur de démonstration partagé garde au plus ${fr(limitBytes)} de fichiers (toutes les adresses d'un réseau IPv6 /64 comptent pour un seul visiteur). Supprimez les fichiers dont vous n'avez plus besoin (DELETE /files/{path})\u202f; vos fichiers sont aussi supprimés à la fin de votre dernière session.`,
      ],
      user: [
        `There is not enough space in your folders of the file catalog for this file: each user keeps at most ${en(limitBytes)} of files. Delete files you no longer need (DELETE /files/{path}).`,
        `Il n'y a pas assez de place pour ce fichier dans vos dossiers du catalogue de fichiers\u00a0: chaque utilisateur garde au plus ${fr(limitBytes)} de fichiers. Supprimez les fichiers dont vous n'avez plus besoin (DELETE /files/{path}).`,
      ],
      names: [
        `There is not enough space in your folders of the file catalog for this name: the names of your files and folders take at most ${en(limitBytes)}. Delete files or folders you no longer need (DELETE /files/{path}), or give them shorter names.`,
        `Il n'y a pas assez de place pour ce nom dans vos dossiers du catalogue de fichiers\u00a0: les noms de vos fichiers et dossiers occupent au plus ${fr(limitBytes)}. Supprimez les fichiers ou dossiers dont vous n'avez plus besoin (DELETE /files/{path}), ou donnez-leur des noms plus courts.`,
      ],
      total: [
        `There is not enough space in the file catalog for this file: the files of all users take at most ${en(limitBytes)} together, and that space is used. Delete files you no longer need (DELETE /files/{path}), or try again later: a visitor's files are deleted when their last session ends (at logout, or after ${idleMinutes} minutes without a call).`,
        `Il n'y a pas assez de place pour ce fichier dans le catalogue de fichiers\u00a0: les fichiers de tous les utilisateurs y occupent au plus ${fr(limitBytes)} ensemble, et cet espace est pris. Supprimez les fichiers dont vous n'avez plus besoin (DELETE /files/{path}), ou réessayez plus tard\u00a0: les fichiers d'un visiteur sont supprimés à la fin de sa dernière session (à la déconnexion, ou après ${idleMinutes}\u00a0minutes sans appel).`,
      ],
    } as const;
    const [message, french] = messages[kind];
    super(status, message, french);
  }
}

/** The room an upload being received holds in the catalog (`FileCatalog.reserve`). */
export interface UploadRoom {
  /** Holds room for `received` bytes in all (refused with `FileRoomRefused` past the room); never less than held. */
  grow(received: number): void;
  /** Gives the room back (once). */
  release(): void;
}

/** A file of the catalog: its bytes in memory, or (a data export) a file on disk, `spool`. */
export interface CatalogFile {
  bytes: Buffer | null;
  spool: string | null;
  size: number;
  modified: number;
}

/** A data export being written to disk (`FileCatalog.exportWriter`). */
export interface ExportWriter {
  write(text: string): void;
  /** Puts the file in the catalog (replacing what was at its path). */
  commit(): void;
  /** Drops what was written. */
  abort(): void;
}

/**
 * A catalog path as segments: leading and trailing slashes dropped, empty, `.` and `..` segments and control
 * characters refused, the first segment one of the top folders (compared without case, kept as written).
 */
export function catalogPath(path: string): string[] {
  const parts = path.split("/").filter((p) => p !== "");
  for (const p of parts) {
    if (p === "." || p === ".." || p.includes("\\") || hasControl(p) || p.length > 255)
      throw badRequest(`Invalid path: ${path}`);
  }
  const root = parts[0]?.toLowerCase();
  if (root !== undefined && !(ROOT_FOLDERS as readonly string[]).includes(root))
    throw badRequest(`Invalid path: ${path}`);
  if (root !== undefined) parts[0] = root;
  return parts;
}

/** Whether a name holds a control character (C0 or DEL). */
function hasControl(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** The start of the name of an endpoint's folder of exports in the temporary folder; its process id follows. */
const SPOOL_PREFIX = "qibates-essbase-exports-";

/** Whether a process of this id runs on this machine (one that exists but is another user's counts). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes the folders in `folder` named `<prefix><process id>-…` whose process no longer runs (killed or crashed
 * before it could remove its own), and returns their names; this process's and another running one's are left
 * alone. The exports' folders here; the test runs' data folders use it too.
 */
export function removeFoldersOfEndedProcesses(prefix: string, folder: string = tmpdir()): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return removed;
  }
  const named = new RegExp(`^${prefix}(\\d+)-`);
  for (const name of names) {
    const pid = named.exec(name)?.[1];
    if (pid === undefined || Number(pid) === process.pid || processRuns(Number(pid))) continue;
    rmSync(join(folder, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * Removes the folders of exports that endpoints of processes no longer running left in `folder` (a server killed
 * or crashed before it could remove its own): nothing else removes them, and each could hold gigabytes. A folder
 * is known by its name, `qibates-essbase-exports-<process id>-…`; another running server's is left alone.
 */
export function removeDepartedSpools(folder: string = tmpdir()): void {
  removeFoldersOfEndedProcesses(SPOOL_PREFIX, folder);
}

/**
 * The bytes a file's or folder's entry takes besides a file's own bytes: its path, kept twice (as written and in
 * lower case), and its record. Counted against the owner's room for names (`maxOwnerNameBytes`) and in the
 * catalog's total, so that folders with long names cannot take memory no limit sees.
 */
export const entryCost = (path: string): number => 2 * path.length + 64;

const keyOf = (parts: readonly string[]) => parts.join("/").toLowerCase();

interface OwnerFiles {
  /** Lower-cased path → the path as first written, and the file (null: a folder). */
  entries: Map<string, { path: string; file: CatalogFile | null }>;
  bytes: number;
  /** Bytes the entries of this owner's files and folders take (`entryCost`). */
  names: number;
  /** Bytes of this owner's uploads being received (`reserve`), counted as taken until they end. */
  pending: number;
  /** Bytes of this owner's exports on disk (and of those being written). */
  exportBytes: number;
}

/**
 * The files of the endpoint's catalog (`/files/…`), in memory and per owner (`ownerKey`: a user, or a visitor
 * of the public demo user): what one owner uploads or a job of theirs writes, no one else lists or reads.
 * Folders that hold served cubes (`applications/App/Cube`) exist for everyone without being created. Nothing
 * survives a restart.
 */
export class FileCatalog {
  private readonly owners = new Map<string, OwnerFiles>();
  private total = 0;
  /** Bytes the entries of all owners take (`entryCost`), counted in the total beside the files' bytes. */
  private names = 0;
  /** Bytes of all uploads being received (`reserve`). */
  private pending = 0;
  private exportTotal = 0;
  /**
   * The folder of the exports on disk, made at the first export and removed with the last (or by `close`); named
   * with the process id, so that the next server removes it when this one dies first (`removeDepartedSpools`).
   */
  private spoolFolder: string | null = null;
  /** Exports on disk, kept or being written. */
  private spooled = 0;

  /**
   * `reclaim`: called when a file would pass the catalog's total, to drop what departed visitors left (`dropOwner`
   * for each visitor whose sessions all ended) before the file is refused.
   */
  constructor(
    readonly limits: FileCatalogLimits = DEFAULT_FILE_LIMITS,
    private readonly reclaim: () => void = () => {},
  ) {}

  /** Whether an owner is a visitor of a shared account (`ownerKey`: the user and the client's address). */
  static isVisitor(owner: string): boolean {
    return owner.includes("\n");
  }

  /** The bytes `owner`'s files take. */
  bytesOf(owner: string): number {
    return this.owners.get(owner)?.bytes ?? 0;
  }

  /** The owners that keep files (for `reclaim`). */
  ownersKept(): string[] {
    return [...this.owners.keys()];
  }

  /** Drops every file and folder of `owner` (a visitor whose last session ended). */
  dropOwner(owner: string): void {
    const o = this.owners.get(owner);
    if (!o) return;
    for (const e of o.entries.values()) if (e.file?.spool) this.release(o, e.file);
    this.total -= o.bytes;
    this.names -= o.names;
    this.exportTotal -= o.exportBytes;
    this.owners.delete(owner);
  }

  /** Removes every export on disk (the endpoint closes). */
  close(): void {
    for (const o of this.owners.values())
      for (const e of o.entries.values()) if (e.file?.spool) this.release(o, e.file);
    if (this.spoolFolder !== null) rmSync(this.spoolFolder, { recursive: true, force: true });
    this.spoolFolder = null;
    this.spooled = 0;
  }

  /** Deletes an export's file on disk and stops counting it. */
  private release(o: OwnerFiles, file: CatalogFile): void {
    if (file.spool === null) return;
    rmSync(file.spool, { force: true });
    o.exportBytes -= file.size;
    this.exportTotal -= file.size;
    file.spool = null;
    this.unspool();
  }

  /** One export fewer on disk: the folder goes with the last, so that nothing is left behind a crash. */
  private unspool(): void {
    if (--this.spooled > 0 || this.spoolFolder === null) return;
    rmSync(this.spoolFolder, { recursive: true, force: true });
    this.spoolFolder = null;
  }

  /**
   * A data export of `owner` to write at `parts`: written to disk as it comes (`write`), refused past the largest
   * export or the owner's or the catalog's room for exports; `commit` puts it in the catalog.
   */
  exportWriter(owner: string, parts: readonly string[]): ExportWriter {
    if (parts.length < 2) throw badRequest("A file must be inside a folder.");
    const o = this.of(owner);
    const old = o.entries.get(keyOf(parts));
    if (old && old.file === null) throw badRequest(`${parts.join("/")} is a folder.`);
    if (this.spoolFolder === null) {
      removeDepartedSpools();
      this.spoolFolder = mkdtempSync(join(tmpdir(), `${SPOOL_PREFIX}${process.pid}-`));
    }
    const path = join(this.spoolFolder, randomUUID());
    const fd = openSync(path, "wx", 0o600);
    this.spooled++;
    const maxFile = this.limits.maxExportBytes ?? 2 * 1024 ** 3;
    const ownerRoom = FileCatalog.isVisitor(owner)
      ? (this.limits.maxVisitorExportBytes ?? 64 * 1024 ** 2)
      : (this.limits.maxOwnerExportBytes ?? 4 * 1024 ** 3);
    const totalRoom = this.limits.maxTotalExportBytes ?? 8 * 1024 ** 3;
    let size = 0;
    let open = true;
    const close = () => {
      if (!open) return;
      open = false;
      closeSync(fd);
    };
    const drop = () => {
      close();
      unlinkSync(path);
      o.exportBytes -= size;
      this.exportTotal -= size;
      size = 0;
      this.unspool();
    };
    return {
      write: (text) => {
        const bytes = Buffer.from(text, "utf8");
        if (size + bytes.length > maxFile) {
          drop();
          throw new Error(
            `The export is larger than ${maxFile} bytes, the largest export the catalog keeps.`,
          );
        }
        if (o.exportBytes + bytes.length > ownerRoom || this.exportTotal + bytes.length > totalRoom) {
          drop();
          throw new Error(
            "There is not enough space for this export in the file catalog: delete exports you no longer need.",
          );
        }
        writeSync(fd, bytes);
        size += bytes.length;
        o.exportBytes += bytes.length;
        this.exportTotal += bytes.length;
      },
      abort: () => {
        if (open) drop();
      },
      commit: () => {
        close();
        const now = o.entries.get(keyOf(parts));
        if (now?.file) {
          this.release(o, now.file);
          const was = now.file.bytes?.length ?? 0;
          o.bytes -= was;
          this.total -= was;
        }
        // The export is written: its entries are counted without a check of room (its bytes are counted apart).
        this.addFolder(owner, parts.slice(0, -1), false);
        if (!now) {
          this.checkEntries(o);
          this.charge(o, 0, entryCost(parts.join("/")));
        }
        o.entries.set(keyOf(parts), {
          path: now?.path ?? parts.join("/"),
          file: { bytes: null, spool: path, size, modified: Date.now() },
        });
      },
    };
  }

  private of(owner: string): OwnerFiles {
    let o = this.owners.get(owner);
    if (!o) {
      o = { entries: new Map(), bytes: 0, names: 0, pending: 0, exportBytes: 0 };
      this.owners.set(owner, o);
    }
    return o;
  }

  /**
   * The owner a user's own files are kept under, by the user's name in any case (`users/<name>` as an
   * administrator opens it); null when that user has none. A shared account's visitors are never found so.
   */
  ownerNamed(name: string): string | null {
    const wanted = name.toLowerCase();
    for (const [owner, o] of this.owners)
      if (!owner.includes("\n") && owner.toLowerCase() === wanted && o.entries.size > 0) return owner;
    return null;
  }

  /** The users that keep files under their own name (not a shared account's visitors), as written. */
  userNames(): string[] {
    return [...this.owners]
      .filter(([owner, o]) => !owner.includes("\n") && o.entries.size > 0)
      .map(([n]) => n);
  }

  /** The file at `parts`, or null. */
  file(owner: string, parts: readonly string[]): CatalogFile | null {
    return this.owners.get(owner)?.entries.get(keyOf(parts))?.file ?? null;
  }

  /** Whether the owner created a folder at `parts`. */
  isFolder(owner: string, parts: readonly string[]): boolean {
    const e = this.owners.get(owner)?.entries.get(keyOf(parts));
    return e !== undefined && e.file === null;
  }

  /** Entries directly under `parts` (or anywhere under it, `recursive`), as written. */
  list(
    owner: string,
    parts: readonly string[],
    recursive: boolean,
  ): { path: string[]; file: CatalogFile | null }[] {
    const prefix = parts.length === 0 ? "" : `${keyOf(parts)}/`;
    const out: { path: string[]; file: CatalogFile | null }[] = [];
    for (const [key, e] of this.owners.get(owner)?.entries ?? []) {
      if (!key.startsWith(prefix)) continue;
      const rest = key.slice(prefix.length);
      if (rest === "" || (!recursive && rest.includes("/"))) continue;
      out.push({ path: e.path.split("/"), file: e.file });
    }
    return out.sort((a, b) => a.path.join("/").localeCompare(b.path.join("/")));
  }

  /** The folders of `parts` (and above it) that do not exist yet, as written; refused where a file is. */
  private newFolders(o: OwnerFiles, parts: readonly string[]): string[] {
    const out: string[] = [];
    for (let n = 2; n <= parts.length; n++) {
      const e = o.entries.get(keyOf(parts.slice(0, n)));
      if (e?.file) throw badRequest(`${parts.slice(0, n).join("/")} is a file.`);
      if (!e) out.push(parts.slice(0, n).join("/"));
    }
    return out;
  }

  /**
   * Refuses `bytes` more bytes of files and `names` more bytes of entries of `owner` past their room, or, once
   * departed visitors' files are dropped, past the total's.
   */
  private ensureRoom(owner: string, o: OwnerFiles, bytes: number, names: number): void {
    const visitor = FileCatalog.isVisitor(owner);
    const quota = visitor ? this.limits.maxVisitorBytes : this.limits.maxOwnerBytes;
    if (o.bytes + o.pending + bytes > quota) throw new FileRoomRefused(visitor ? "visitor" : "user", quota);
    const nameRoom = this.limits.maxOwnerNameBytes ?? 1024 * 1024;
    if (o.names + names > nameRoom) throw new FileRoomRefused("names", nameRoom);
    const full = () => this.total + this.names + this.pending + bytes + names > this.limits.maxTotalBytes;
    if (full()) this.reclaim();
    if (full()) throw new FileRoomRefused("total", this.limits.maxTotalBytes, this.limits.idleMinutes);
  }

  private charge(o: OwnerFiles, bytes: number, names: number): void {
    o.bytes += bytes;
    this.total += bytes;
    o.names += names;
    this.names += names;
  }

  /**
   * Holds room for an upload of `bytes` to `parts` before its body is read (what would replace a file there is
   * not counted twice): refused past the owner's or the total's room, as `put` would refuse it once received, so
   * that uploads sent at once cannot each hold a whole body in memory only to be refused. An upload of unknown
   * length (chunked) holds 0 and `grow`s as its bytes arrive, refused as soon as they pass the room. `release`
   * gives the room back; call it when the upload ends, before `put`.
   */
  reserve(owner: string, parts: readonly string[], bytes: number): UploadRoom {
    const o = this.of(owner);
    const replaced = o.entries.get(keyOf(parts))?.file?.bytes?.length ?? 0;
    let held = 0;
    let given = false;
    const grow = (received: number) => {
      const more = Math.max(0, received - replaced) - held;
      if (given || more <= 0) return;
      this.ensureRoom(owner, o, more, 0);
      held += more;
      o.pending += more;
      this.pending += more;
    };
    grow(bytes);
    return {
      grow,
      release: () => {
        if (given) return;
        given = true;
        o.pending -= held;
        this.pending -= held;
      },
    };
  }

  /** Creates the folder `parts` (and the folders above it); `check`: refused past the owner's or the total's room. */
  addFolder(owner: string, parts: readonly string[], check = true): void {
    const o = this.of(owner);
    const fresh = this.newFolders(o, parts);
    if (check)
      this.ensureRoom(
        owner,
        o,
        0,
        fresh.reduce((sum, p) => sum + entryCost(p), 0),
      );
    for (const path of fresh) {
      this.checkEntries(o);
      o.entries.set(path.toLowerCase(), { path, file: null });
      this.charge(o, 0, entryCost(path));
    }
  }

  /** Writes a file (its folders are created); refused when it exists and `overwrite` is false, or past a limit. */
  put(owner: string, parts: readonly string[], bytes: Buffer, overwrite: boolean): void {
    if (parts.length < 2) throw badRequest("A file must be inside a folder.");
    if (bytes.length > this.limits.maxFileBytes) throw new FileRoomRefused("file", this.limits.maxFileBytes);
    const o = this.of(owner);
    const key = keyOf(parts);
    const old = o.entries.get(key);
    if (old && old.file === null) throw badRequest(`${parts.join("/")} is a folder.`);
    if (old && !overwrite) throw badRequest(`File ${parts.join("/")} already exists.`);
    // The file's bytes, and the entries of the file and of its folders when they are new.
    const entries = old ? 0 : entryCost(parts.join("/"));
    const folders = this.newFolders(o, parts.slice(0, -1)).reduce((sum, p) => sum + entryCost(p), 0);
    const growth = bytes.length - (old?.file?.bytes?.length ?? 0);
    this.ensureRoom(owner, o, growth, entries + folders);
    this.addFolder(owner, parts.slice(0, -1));
    if (!old) this.checkEntries(o);
    if (old?.file?.spool) this.release(o, old.file);
    o.entries.set(key, {
      path: old?.path ?? parts.join("/"),
      file: { bytes, spool: null, size: bytes.length, modified: Date.now() },
    });
    this.charge(o, growth, entries);
  }

  /** Deletes a file or a folder with everything under it; false when nothing is there. */
  delete(owner: string, parts: readonly string[]): boolean {
    const o = this.owners.get(owner);
    if (!o) return false;
    const key = keyOf(parts);
    if (!o.entries.has(key)) return false;
    for (const [k, e] of [...o.entries]) {
      if (k !== key && !k.startsWith(`${key}/`)) continue;
      if (e.file?.spool) this.release(o, e.file);
      this.charge(o, -(e.file?.bytes?.length ?? 0), -entryCost(e.path));
      o.entries.delete(k);
    }
    return true;
  }

  /** Past the entries of one user, refused with the limit and how to make room, in the caller's language. */
  private checkEntries(o: OwnerFiles): void {
    const most = this.limits.maxOwnerEntries;
    if (o.entries.size >= most)
      throw new WireError(
        400,
        `The file catalog holds at most ${formatNumber(most, "en")} files and folders per user. Delete files or folders you no longer need (DELETE /files/{path}).`,
        `Le catalogue de fichiers contient au plus ${formatNumber(most, "fr")} fichiers et dossiers par utilisateur. Supprimez les fichiers ou dossiers dont vous n'avez plus besoin (DELETE /files/{path}).`,
      );
  }
}
