import { hash, randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Database } from "./database.ts";

/** Who owns a key: the OAuth identity (issuer + subject), never the e-mail, which can change hands. */
export interface KeyOwner {
  issuer: string;
  subject: string;
  email?: string | undefined;
  provider: "google" | "microsoft" | "demo";
}

export interface ApiKeyInfo {
  name: string;
  provider: KeyOwner["provider"];
  email: string | null;
  /** First characters of the key, enough to recognise it without revealing it. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface VerifiedKey {
  id: number;
  name: string;
  owner: KeyOwner;
  /** Stable identifier of the owner, used to tie sessions and per-user data to the key's account. */
  ownerId: string;
}

/** Key names: a letter or digit, then up to 63 letters, digits, dots, dashes or underscores. */
export const KEY_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const KEY_PREFIX = "qb_";

export class KeyNameTakenError extends Error {
  override readonly name = "KeyNameTakenError";
}

export function ownerId(owner: Pick<KeyOwner, "issuer" | "subject">): string {
  return `${owner.issuer}|${owner.subject}`;
}

/** Keys carry 256 random bits, so a plain SHA-256 is enough to store them: there is nothing to brute-force. */
export function hashKey(key: string): string {
  return hash("sha256", key, "hex");
}

/**
 * The key a request presents in its `qibateskey` header (the first one if repeated) with its `hashKey`,
 * hashed once per request: the rate limiter (which keys its counts by the hash, so the key never sits in its
 * store) and the key check both need it. The hash is kept on the request (`qibatesKeyHash`, declared by
 * `buildApp`), not in a WeakMap keyed by requests, which costs the garbage collector more than the hash.
 */
export function presentedKey(
  request: Pick<FastifyRequest, "headers" | "qibatesKeyHash">,
): { key: string; hash: string } | null {
  const raw = request.headers.qibateskey;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key) return null;
  request.qibatesKeyHash ??= hashKey(key);
  return { key, hash: request.qibatesKeyHash };
}

const CACHE_LIMIT = 10_000;
const LAST_USED_RESOLUTION_MS = 60_000;

export class KeyStore {
  /**
   * Verified keys by hash, for a single node only (the embedded PGlite): a deleted key is dropped before
   * `delete` returns, so it stops working at once.
   */
  private readonly cache: Map<string, { verified: VerifiedKey; usedAt: number }> | null;

  constructor(
    private readonly db: Database,
    options: { cache?: boolean } = {},
  ) {
    this.cache = options.cache ? new Map() : null;
  }

  /** Creates a key and returns it in clear: the only time it is ever shown. */
  async create(owner: KeyOwner, name: string): Promise<{ key: string; info: ApiKeyInfo }> {
    if (!KEY_NAME_PATTERN.test(name)) throw new RangeError(`invalid key name "${name}"`);
    const key = KEY_PREFIX + randomBytes(32).toString("base64url");
    const prefix = key.slice(0, 7);
    try {
      const rows = await this.db.query<{ created_at: Date | string }>(
        `insert into api_keys (owner_issuer, owner_subject, owner_email, provider, name, key_hash, key_prefix)
         values ($1, $2, $3, $4, $5, $6, $7) returning created_at`,
        [owner.issuer, owner.subject, owner.email ?? null, owner.provider, name, hashKey(key), prefix],
      );
      const createdAt = iso(rows[0]?.created_at) ?? new Date().toISOString();
      return {
        key,
        info: {
          name,
          provider: owner.provider,
          email: owner.email ?? null,
          prefix,
          createdAt,
          lastUsedAt: null,
        },
      };
    } catch (e) {
      const err = e as { code?: string; constraint?: string };
      if (err.code === "23505" && err.constraint !== "api_keys_key_hash_key") {
        throw new KeyNameTakenError(`you already have a key named "${name}"`);
      }
      throw e;
    }
  }

  /**
   * The key's owner, or null for an unknown or deleted key (checked against the database on every call, so
   * a deleted key stops working at once on every node). Records the time of use, to the minute.
   */
  async verify(key: string, keyHash?: string): Promise<VerifiedKey | null> {
    if (!key.startsWith(KEY_PREFIX) || key.length > 100) return null;
    const hash = keyHash ?? hashKey(key);
    const cached = this.cache?.get(hash);
    if (cached) {
      if (Date.now() - cached.usedAt > LAST_USED_RESOLUTION_MS) {
        cached.usedAt = Date.now();
        await this.db.query("update api_keys set last_used_at = now() where id = $1", [cached.verified.id]);
      }
      return cached.verified;
    }
    const rows = await this.db.query<{
      id: number | string;
      name: string;
      owner_issuer: string;
      owner_subject: string;
      owner_email: string | null;
      provider: KeyOwner["provider"];
      stale: boolean;
    }>(
      `select id, name, owner_issuer, owner_subject, owner_email, provider,
              (last_used_at is null or last_used_at < now() - interval '1 minute') as stale
       from api_keys where key_hash = $1`,
      [hash],
    );
    const r = rows[0];
    if (!r) return null;
    if (r.stale) await this.db.query("update api_keys set last_used_at = now() where id = $1", [r.id]);
    const owner: KeyOwner = {
      issuer: r.owner_issuer,
      subject: r.owner_subject,
      email: r.owner_email ?? undefined,
      provider: r.provider,
    };
    const verified = { id: Number(r.id), name: r.name, owner, ownerId: ownerId(owner) };
    if (this.cache) {
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(hash, { verified, usedAt: Date.now() });
    }
    return verified;
  }

  async list(owner: Pick<KeyOwner, "issuer" | "subject">): Promise<ApiKeyInfo[]> {
    const rows = await this.db.query<{
      name: string;
      provider: KeyOwner["provider"];
      owner_email: string | null;
      key_prefix: string;
      created_at: Date | string;
      last_used_at: Date | string | null;
    }>(
      `select name, provider, owner_email, key_prefix, created_at, last_used_at from api_keys
       where owner_issuer = $1 and owner_subject = $2 order by created_at desc, id desc`,
      [owner.issuer, owner.subject],
    );
    return rows.map((r) => ({
      name: r.name,
      provider: r.provider,
      email: r.owner_email,
      prefix: r.key_prefix,
      createdAt: iso(r.created_at) ?? "",
      lastUsedAt: iso(r.last_used_at),
    }));
  }

  /** Deletes one of the owner's keys; false when the owner has no key of that name. */
  async delete(owner: Pick<KeyOwner, "issuer" | "subject">, name: string): Promise<boolean> {
    const rows = await this.db.query<{ key_hash: string }>(
      "delete from api_keys where owner_issuer = $1 and owner_subject = $2 and name = $3 returning key_hash",
      [owner.issuer, owner.subject, name],
    );
    for (const r of rows) this.cache?.delete(r.key_hash);
    return rows.length > 0;
  }
}

function iso(v: Date | string | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  return (v instanceof Date ? v : new Date(v)).toISOString();
}
