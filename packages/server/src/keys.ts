import { hash, randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Database } from "./database.ts";

/** Who owns a key: the OAuth identity (issuer + subject), never the e-mail, which can change hands. */
export interface KeyOwner {
  issuer: string;
  subject: string;
  email?: string | undefined;
  provider: "google" | "microsoft" | "demo";
  /**
   * The groups that named the owner an administrator at sign-in: those of the Microsoft ID token's `groups` claim
   * that ADMINISTRATOR_GROUPS listed then, in lower case. Only these are stored, not every group of the account.
   */
  adminGroups?: readonly string[] | undefined;
}

/** `adminGroups` as a column stores it: comma-separated, null for none. */
export function groupsColumn(groups: readonly string[] | undefined): string | null {
  return groups && groups.length > 0 ? groups.join(",") : null;
}

/** `adminGroups` read back from its column. */
export function groupsFromColumn(column: string | null | undefined): string[] | undefined {
  return column ? column.split(",") : undefined;
}

/** The columns that store an owner, in `api_keys` and `browser_sessions` alike. */
export type OwnerColumns = {
  owner_issuer: string;
  owner_subject: string;
  owner_email: string | null;
  provider: KeyOwner["provider"];
  admin_groups: string | null;
};

/** An owner read back from its columns. */
export function ownerOfRow(r: OwnerColumns): KeyOwner {
  return {
    issuer: r.owner_issuer,
    subject: r.owner_subject,
    email: r.owner_email ?? undefined,
    provider: r.provider,
    adminGroups: groupsFromColumn(r.admin_groups),
  };
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

/** A key as the administrators list it: any account's, with its id (`revokekey`). */
export interface AdminKeyInfo extends ApiKeyInfo {
  id: number;
}

/** A key's row as both lists read it (`KEY_COLUMNS`). */
type KeyRow = {
  id: number | string;
  name: string;
  provider: KeyOwner["provider"];
  owner_email: string | null;
  key_prefix: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
};

/** The columns of a listed key. */
const KEY_COLUMNS = "id, name, provider, owner_email, key_prefix, created_at, last_used_at";

/** A listed key as the administrators see it; its owner sees it without its id. */
function keyInfo(r: KeyRow): AdminKeyInfo {
  return {
    id: Number(r.id),
    name: r.name,
    provider: r.provider,
    email: r.owner_email,
    prefix: r.key_prefix,
    createdAt: iso(r.created_at) ?? "",
    lastUsedAt: iso(r.last_used_at),
  };
}

/** A key deleted by its owner or revoked by an administrator. */
export interface RetiredKey {
  id: number;
  name: string;
  prefix: string;
  email: string | null;
  provider: KeyOwner["provider"];
  retiredAt: string;
}

/**
 * One entry of the event log of keys: `created` (at a sign-in, or by the server for the demo), `deleted` by its
 * owner, `revoked` by an administrator, `refused` (a call presenting the key after it was deleted or revoked).
 * `by`: the e-mail address of who did it (none for the server's own keys and for refusals).
 */
export interface KeyEvent {
  id: number;
  at: string;
  event: "created" | "deleted" | "revoked" | "refused";
  keyId: number;
  keyName: string;
  prefix: string;
  email: string | null;
  provider: KeyOwner["provider"];
  by: string | null;
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

/** Microsoft tenants that are not one organisation: any tenant's administrators set their users' e-mail claim. */
const SHARED_TENANTS = new Set(["common", "organizations", "consumers"]);

/**
 * Whether the key's (or browser session's) owner is one of the administrators: its e-mail address, as the
 * sign-in reported it, is on ADMINISTRATORS, or one of the groups its Microsoft sign-in reported is still on
 * ADMINISTRATOR_GROUPS (a group taken off the setting stops counting at once). A Microsoft account counts only
 * when MICROSOFT_TENANT names one organisation: with a shared tenant, another organisation's administrators
 * choose what their users' claims say. The demo account never counts.
 */
export function isAdministrator(
  config: {
    readonly administrators: readonly string[];
    readonly administratorGroups: readonly string[];
    readonly microsoftTenant: string;
  },
  key: Pick<VerifiedKey, "owner">,
): boolean {
  const { provider, email, adminGroups } = key.owner;
  if (provider === "demo") return false;
  if (provider === "microsoft" && SHARED_TENANTS.has(config.microsoftTenant.toLowerCase())) return false;
  if (email && config.administrators.includes(email.toLowerCase())) return true;
  return provider === "microsoft" && (adminGroups ?? []).some((g) => config.administratorGroups.includes(g));
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

  /**
   * Creates a key and returns it in clear: the only time it is ever shown. `actorEmail`: who asked for it, as
   * the event log shows it (the owner at a sign-in; none for the keys the server makes itself).
   */
  async create(
    owner: KeyOwner,
    name: string,
    actorEmail: string | null = null,
  ): Promise<{ key: string; info: ApiKeyInfo }> {
    if (!KEY_NAME_PATTERN.test(name)) throw new RangeError(`invalid key name "${name}"`);
    const key = KEY_PREFIX + randomBytes(32).toString("base64url");
    const prefix = key.slice(0, 7);
    try {
      // The key and its `created` event in one statement: both are stored, or neither.
      const rows = await this.db.query<{ created_at: Date | string }>(
        `with k as (
           insert into api_keys (owner_issuer, owner_subject, owner_email, provider, name, key_hash, key_prefix,
                                 admin_groups)
           values ($1, $2, $3, $4, $5, $6, $7, $9) returning id, created_at)
         insert into api_key_events (at, event, key_id, key_name, key_prefix, owner_email, provider, actor_email)
         select created_at, 'created', id, $5, $7, $3, $4, $8 from k returning at as created_at`,
        [
          owner.issuer,
          owner.subject,
          owner.email ?? null,
          owner.provider,
          name,
          hashKey(key),
          prefix,
          actorEmail ?? null,
          groupsColumn(owner.adminGroups),
        ],
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
    const rows = await this.db.query<OwnerColumns & { id: number | string; name: string; stale: boolean }>(
      `select id, name, owner_issuer, owner_subject, owner_email, provider, admin_groups,
              (last_used_at is null or last_used_at < now() - interval '1 minute') as stale
       from api_keys where key_hash = $1`,
      [hash],
    );
    const r = rows[0];
    if (!r) {
      await this.recordRefusal(hash);
      return null;
    }
    if (r.stale) await this.db.query("update api_keys set last_used_at = now() where id = $1", [r.id]);
    const owner = ownerOfRow(r);
    const verified = { id: Number(r.id), name: r.name, owner, ownerId: ownerId(owner) };
    if (this.cache) {
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(hash, { verified, usedAt: Date.now() });
    }
    return verified;
  }

  async list(owner: Pick<KeyOwner, "issuer" | "subject">): Promise<ApiKeyInfo[]> {
    const rows = await this.db.query<KeyRow>(
      `select ${KEY_COLUMNS} from api_keys
       where owner_issuer = $1 and owner_subject = $2 order by created_at desc, id desc`,
      [owner.issuer, owner.subject],
    );
    // The owner's own list names no id: the administrators' does (`revokekey`).
    return rows.map((r) => {
      const { id: _id, ...info } = keyInfo(r);
      return info;
    });
  }

  /**
   * Deletes one of the owner's keys (event `deleted`, by the owner); null when the owner has no key of that
   * name. The caller ends the sessions the key opened (`SessionStore.endKey`).
   */
  async delete(owner: KeyOwner, name: string): Promise<RetiredKey | null> {
    return this.retire(
      "owner_issuer = $1 and owner_subject = $2 and name = $3",
      [owner.issuer, owner.subject, name],
      "deleted",
      owner.email ?? null,
    );
  }

  /**
   * Revokes any key by its id (event `revoked`, by the administrator `actorEmail`); null for an unknown id.
   * The caller ends the sessions the key opened (`SessionStore.endKey`).
   */
  async revoke(id: number, actorEmail: string | null): Promise<RetiredKey | null> {
    return this.retire("id = $1", [id], "revoked", actorEmail);
  }

  /**
   * Removes a key and keeps its hash among the retired keys, with its event, in one transaction: from then on
   * every node's check refuses it (the database is read on every call with PostgreSQL; this node's cache, the
   * only one with PGlite, is cleared here).
   */
  private async retire(
    where: string,
    params: unknown[],
    event: "deleted" | "revoked",
    actorEmail: string | null,
  ): Promise<RetiredKey | null> {
    const actorParam = params.length + 1;
    const eventParam = params.length + 2;
    const rows = await this.db.transaction((tx) =>
      tx.query<{
        id: number | string;
        name: string;
        key_hash: string;
        key_prefix: string;
        owner_email: string | null;
        provider: KeyOwner["provider"];
        at: Date | string;
      }>(
        `with k as (delete from api_keys where ${where}
           returning id, name, key_hash, key_prefix, owner_email, provider),
         r as (insert into retired_api_keys (key_hash, key_id, key_name, key_prefix, owner_email, provider)
           select key_hash, id, name, key_prefix, owner_email, provider from k
           on conflict (key_hash) do nothing),
         e as (insert into api_key_events (event, key_id, key_name, key_prefix, owner_email, provider, actor_email)
           select $${eventParam}, id, name, key_prefix, owner_email, provider, $${actorParam} from k returning at)
         select k.*, (select at from e limit 1) as at from k`,
        [...params, actorEmail, event],
      ),
    );
    const r = rows[0];
    if (!r) return null;
    this.cache?.delete(r.key_hash);
    return {
      id: Number(r.id),
      name: r.name,
      prefix: r.key_prefix,
      email: r.owner_email,
      provider: r.provider,
      retiredAt: iso(r.at) ?? new Date().toISOString(),
    };
  }

  /**
   * Records a call refused for a deleted or revoked key (event `refused`), at most once a minute per key, so
   * that a client retrying in a loop cannot fill the log. A key that never existed records nothing.
   */
  private async recordRefusal(hash: string): Promise<void> {
    await this.db.query(
      `with r as (update retired_api_keys set refused_at = now()
         where key_hash = $1 and (refused_at is null or refused_at < now() - interval '1 minute')
         returning key_id, key_name, key_prefix, owner_email, provider)
       insert into api_key_events (event, key_id, key_name, key_prefix, owner_email, provider)
       select 'refused', key_id, key_name, key_prefix, owner_email, provider from r`,
      [hash],
    );
  }

  /** The key of id `id` (any account's): its name and owner; null for an unknown id. */
  async find(id: number): Promise<{ name: string; owner: KeyOwner } | null> {
    const rows = await this.db.query<{
      name: string;
      owner_issuer: string;
      owner_subject: string;
      owner_email: string | null;
      provider: KeyOwner["provider"];
    }>("select name, owner_issuer, owner_subject, owner_email, provider from api_keys where id = $1", [id]);
    const r = rows[0];
    if (!r) return null;
    return {
      name: r.name,
      owner: {
        issuer: r.owner_issuer,
        subject: r.owner_subject,
        email: r.owner_email ?? undefined,
        provider: r.provider,
      },
    };
  }

  /** Every key of every account, for the administrators: by owner's e-mail, then newest first. */
  async listAll(email?: string): Promise<AdminKeyInfo[]> {
    const rows = await this.db.query<KeyRow>(
      `select ${KEY_COLUMNS} from api_keys
       where $1::text is null or lower(owner_email) = lower($1::text)
       order by owner_email nulls first, created_at desc, id desc`,
      [email ?? null],
    );
    return rows.map(keyInfo);
  }

  /** The event log of keys, oldest first; from `since` on when given. */
  async events(since?: string): Promise<KeyEvent[]> {
    const rows = await this.db.query<{
      id: number | string;
      at: Date | string;
      event: KeyEvent["event"];
      key_id: number | string;
      key_name: string;
      key_prefix: string;
      owner_email: string | null;
      provider: KeyOwner["provider"];
      actor_email: string | null;
    }>(
      `select id, at, event, key_id, key_name, key_prefix, owner_email, provider, actor_email
       from api_key_events where $1::timestamptz is null or at >= $1::timestamptz order by id`,
      [since ?? null],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      at: iso(r.at) ?? "",
      event: r.event,
      keyId: Number(r.key_id),
      keyName: r.key_name,
      prefix: r.key_prefix,
      email: r.owner_email,
      provider: r.provider,
      by: r.actor_email,
    }));
  }
}

function iso(v: Date | string | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  return (v instanceof Date ? v : new Date(v)).toISOString();
}
