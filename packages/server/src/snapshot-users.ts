/**
 * The users of the snapshots (`QIBATES_SNAPSHOT_USERS`): a JSON file naming who may log in to the embedded
 * servers to reach the snapshots of `QIBATES_SNAPSHOTS`, each with a scrypt hash of its password (never the
 * password) and the snapshot applications it may open. The file is read and checked whole at start; a login is
 * checked against it in constant time, and a user sees only its applications (`EmbeddedAccess`).
 *
 *     { "users": [
 *         { "name": "alice", "passwordHash": "scrypt:16384:8:1:…:…", "applications": ["Budget"] },
 *         { "name": "bob", "passwordHash": "scrypt:16384:8:1:…:…", "applications": "all" } ] }
 *
 * A hash is made by `qibates-snapshot hash-password` (`hashPassword`), which reads the password from a prompt
 * or from standard input.
 */

import { createHmac, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";

/** What an entry's `applications` allows: every snapshot application, or those named. */
export type SnapshotRule = { snapshots: "all" | readonly string[] };

interface ScryptHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

/** The cost of the hashes `hashPassword` makes (scrypt's recommended interactive parameters). */
const COST = { N: 16384, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const HASH = /^scrypt:(\d{1,8}):(\d{1,2}):(\d{1,2}):([A-Za-z0-9+/]+={0,2}):([A-Za-z0-9+/]+={0,2})$/;

type Cost = { N: number; r: number; p: number };

/** The most memory one hash may take to check (scrypt takes 128·N·r bytes). */
const MAX_MEMORY = 256 * 1024 * 1024;

const derive = (password: string, salt: Buffer, length: number, cost: Cost): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    // scrypt needs 128·N·r bytes; the default limit (32 MiB) is raised for the cost of the hash.
    const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
    scrypt(password, salt, length, options, (e, key) => (e ? reject(e) : resolve(key)));
  });

/** A hash of `password` for the users file: `scrypt:N:r:p:salt:key`, salt and key in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, COST);
  return `scrypt:${COST.N}:${COST.r}:${COST.p}:${salt.toString("base64")}:${key.toString("base64")}`;
}

/**
 * Reads a hash, or says what is wrong with it (never quoting it). Every hash has the cost `hashPassword` writes
 * (N 16384, r 8, p 1): one cost for every user, the decoy of an unknown name included, so that a wrong password
 * takes as long for every name and tells none apart (a cheap hash answered in 3.6 ms against 38 ms for an unknown
 * name), and every login costs the server the same known work.
 */
function parseHash(text: string): ScryptHash | string {
  const m = HASH.exec(text);
  if (!m) return "is not a scrypt hash (scrypt:N:r:p:salt:key, as qibates-snapshot hash-password writes it)";
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (N !== COST.N || r !== COST.r || p !== COST.p) {
    return `has a cost other than qibates-snapshot hash-password's (scrypt:${COST.N}:${COST.r}:${COST.p}:…): make it again with qibates-snapshot hash-password`;
  }
  if (128 * N * r > MAX_MEMORY) return "costs more than 256 MiB of memory to check (N·r too large)";
  const salt = Buffer.from(m[4] ?? "", "base64");
  const key = Buffer.from(m[5] ?? "", "base64");
  if (salt.length < 8 || key.length < 16 || key.length > 64) return "has a salt or key that is too short";
  return { N, r, p, salt, key };
}

/** How long a checked name and password is remembered (so that a client's every call does not run scrypt again). */
export const VERIFIED_TTL_MS = 60_000;
/** The most name-and-password pairs remembered at once (the oldest forgotten first). */
const VERIFIED_MAX = 1024;

interface Entry {
  name: string;
  hash: ScryptHash;
  rule: SnapshotRule;
  /** How the file's messages name the entry: `users[i] ("name")`. */
  where: string;
}

const FIELDS = new Set(["name", "passwordHash", "applications"]);

/**
 * The users of a users file, checked. Hashes are held in private fields: the object prints and serializes as
 * its file's path alone.
 */
export class SnapshotUsers {
  readonly #byName: Map<string, Entry>;
  /** A hash compared against when the name is unknown, so that an unknown name takes as long as a known one. */
  readonly #decoy: ScryptHash;
  /**
   * The name-and-password pairs checked valid lately, each until its time: keyed by an HMAC of the name and the
   * password under a key made for this process and never kept elsewhere, so the cache holds no password nor
   * anything that can be checked against one outside the process. XMLA and Planning REST send the password with
   * every call: without it, each call ran scrypt (35–40 ms of a core).
   */
  readonly #verified = new Map<string, number>();
  readonly #secret = randomBytes(32);
  readonly #now: () => number;

  private constructor(
    readonly file: string,
    entries: Entry[],
    now: () => number,
  ) {
    this.#now = now;
    this.#byName = new Map(entries.map((e) => [e.name.toLowerCase(), e]));
    this.#decoy = { ...COST, salt: randomBytes(SALT_BYTES), key: randomBytes(KEY_BYTES) };
  }

  /** Reads and checks a users file; throws an `Error` whose message names the entry and what is wrong. */
  static read(file: string, now: () => number = Date.now): SnapshotUsers {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (e) {
      throw new Error(`the file cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
    }
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      throw new Error(`not valid JSON (${e instanceof Error ? e.message : String(e)})`);
    }
    const users = (doc as { users?: unknown } | null)?.users;
    if (
      !doc ||
      typeof doc !== "object" ||
      Array.isArray(doc) ||
      !Array.isArray(users) ||
      users.length === 0
    ) {
      throw new Error('must be an object whose "users" lists at least one user');
    }
    const entries: Entry[] = [];
    const seen = new Map<string, string>();
    users.forEach((raw: unknown, i: number) => {
      const at = `users[${i}]`;
      if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new Error(`${at}: must be an object`);
      const u = raw as Record<string, unknown>;
      const name = u.name;
      const control =
        typeof name === "string" && [...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
      if (
        typeof name !== "string" ||
        name.trim() === "" ||
        name.length > 255 ||
        control ||
        name !== name.trim()
      ) {
        throw new Error(
          `${at}: "name" must be a user name (1 to 255 characters, no control characters, no spaces around)`,
        );
      }
      const where = `${at} ("${name}")`;
      if ("password" in u) {
        throw new Error(
          `${where}: a password is never written in the file: give "passwordHash", made by qibates-snapshot hash-password`,
        );
      }
      const unknown = Object.keys(u).filter((k) => !FIELDS.has(k));
      if (unknown.length > 0) {
        throw new Error(
          `${where}: unknown field ${unknown.map((k) => `"${k}"`).join(", ")} (name, passwordHash, applications)`,
        );
      }
      const clash = seen.get(name.toLowerCase());
      if (clash) throw new Error(`${where}: the same name as ${clash} (names are compared without case)`);
      seen.set(name.toLowerCase(), where);
      if (typeof u.passwordHash !== "string") {
        throw new Error(`${where}: "passwordHash" is missing (make one with qibates-snapshot hash-password)`);
      }
      const hash = parseHash(u.passwordHash);
      if (typeof hash === "string") throw new Error(`${where}: "passwordHash" ${hash}`);
      const apps = u.applications;
      let rule: SnapshotRule;
      if (apps === "all") rule = { snapshots: "all" };
      else if (
        Array.isArray(apps) &&
        apps.length > 0 &&
        apps.every((a): a is string => typeof a === "string" && a.trim() !== "")
      ) {
        rule = { snapshots: apps.map((a) => a.trim()) };
      } else {
        throw new Error(`${where}: "applications" must be "all" or a list of snapshot application names`);
      }
      entries.push({ name, hash, rule, where });
    });
    return new SnapshotUsers(file, entries, now);
  }

  /** The user names, as the file writes them. */
  get names(): string[] {
    return [...this.#byName.values()].map((e) => e.name);
  }

  /**
   * What is wrong with the file beside the snapshots served (`served`: their application names): each
   * application an entry names must be one of them.
   */
  unknownApplications(served: readonly string[]): string[] {
    const known = new Set(served.map((s) => s.toLowerCase()));
    const list = served.length > 0 ? served.join(", ") : "none";
    const out: string[] = [];
    for (const e of this.#byName.values()) {
      if (e.rule.snapshots === "all") continue;
      for (const a of e.rule.snapshots) {
        if (!known.has(a.toLowerCase())) {
          out.push(`${e.where}: application "${a}" is not a snapshot of QIBATES_SNAPSHOTS (served: ${list})`);
        }
      }
    }
    return out;
  }

  /** The applications a user of the file may open, or `null` for a name the file does not list (case ignored). */
  rule(username: string): SnapshotRule | null {
    return this.#byName.get(username.toLowerCase())?.rule ?? null;
  }

  /**
   * Whether `password` is the user's: the scrypt of the password compared in constant time with the stored
   * key. An unknown name is compared against a decoy, so that it takes as long and tells nothing.
   */
  async valid(username: string, password: string): Promise<boolean> {
    const entry = this.#byName.get(username.toLowerCase());
    const id = createHmac("sha256", this.#secret)
      .update(username.toLowerCase())
      .update("\0")
      .update(password)
      .digest("base64");
    const now = this.#now();
    const until = this.#verified.get(id);
    if (until !== undefined) {
      if (until > now && entry !== undefined) return true;
      this.#verified.delete(id);
    }
    const hash = entry?.hash ?? this.#decoy;
    const key = await derive(password, hash.salt, hash.key.length, { N: hash.N, r: hash.r, p: hash.p });
    const ok = timingSafeEqual(key, hash.key) && entry !== undefined;
    if (ok) {
      this.#verified.set(id, now + VERIFIED_TTL_MS);
      if (this.#verified.size > VERIFIED_MAX) {
        const oldest = this.#verified.keys().next().value;
        if (oldest !== undefined) this.#verified.delete(oldest);
      }
    }
    return ok;
  }

  toJSON(): string {
    return this.file;
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return `SnapshotUsers(${this.file})`;
  }
}
