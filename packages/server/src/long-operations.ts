import { randomBytes } from "node:crypto";
import type { ErrorLocale } from "@qibates/provider";
import { type ApiError, apiErrorBody } from "./api-error.ts";
import type { Database } from "./database.ts";

/**
 * Long calls as operations (RFC 7240 `Prefer: respond-async`, the long-running-operation pattern of Microsoft's
 * REST guidelines and Google's AIP-151): a calculation, a business rule or a form submit that has not ended
 * within the caller's `wait` is answered `202 Accepted` with an operation resource, kept in the database so that
 * any API node answers `GET /operations/{id}`, readable only with the API key that started it (with the public
 * demo key, which everyone holds, only by the visitor that started it: its client address, an IPv6 /64).
 */

/** The wait when `respond-async` comes without `wait=`: long enough for a quick call to answer as usual. */
export const DEFAULT_ASYNC_WAIT_SECONDS = 2;
/** How often the node running an operation says it still does. */
export const OPERATION_HEARTBEAT_SECONDS = 10;
/** An operation whose node has said nothing for this long is reported lost (the node stopped). */
export const OPERATION_LOST_AFTER_SECONDS = 60;
/** How often a node deletes the operations past their time (at an operation's start). */
export const OPERATION_SWEEP_SECONDS = 600;
/** The longest `Retry-After` of a running operation. */
export const MAX_RETRY_AFTER_SECONDS = 10;

export type OperationName = "calculate" | "launchRule" | "submitForm";
export type OperationStatus = "running" | "succeeded" | "failed";

/** The error a call answers: its status and body, as the synchronous call sends them. */
export interface OperationError {
  status: number;
  body: Record<string, unknown>;
}

export interface OperationResource {
  id: string;
  operation: OperationName;
  status: OperationStatus;
  createdAt: string;
  endedAt: string | null;
  expiresAt: string;
  result: unknown;
  error: OperationError | null;
}

/** The error `error` answers, as an operation keeps it: its status and the body every API call sends. */
export function operationError(error: ApiError, locale: ErrorLocale, requestId: string): OperationError {
  return { status: error.status, body: { ...apiErrorBody(error, locale, requestId) } };
}

/** The outcome of an operation's call. */
export type OperationOutcome =
  | { status: "succeeded"; result: unknown }
  | { status: "failed"; error: OperationError };

export interface AsyncPreference {
  /** Seconds to wait for the call before answering 202. */
  waitSeconds: number;
}

/**
 * `respond-async` and its `wait` from the request's `Prefer` headers (RFC 7240 §2: comma-separated
 * preferences, names without case, the first of a repeated preference counts, unknown ones ignored). `null`
 * without `respond-async`. The wait is bounded by `maxWaitSeconds`; a `wait` that is no whole number is ignored.
 */
export function asyncPreference(
  header: string | string[] | undefined,
  maxWaitSeconds: number,
): AsyncPreference | null {
  if (header === undefined) return null;
  const values = Array.isArray(header) ? header : [header];
  let async = false;
  let wait: number | null = null;
  const seen = new Set<string>();
  for (const value of values) {
    for (const part of value.split(",")) {
      // A preference's own parameters (`; …`) change nothing here.
      const [token = ""] = part.split(";");
      const eq = token.indexOf("=");
      const name = (eq === -1 ? token : token.slice(0, eq)).trim().toLowerCase();
      if (name === "" || seen.has(name)) continue;
      seen.add(name);
      const raw =
        eq === -1
          ? ""
          : token
              .slice(eq + 1)
              .trim()
              .replace(/^"(.*)"$/, "$1");
      if (name === "respond-async") async = true;
      else if (name === "wait" && /^\d{1,9}$/.test(raw)) wait = Number(raw);
    }
  }
  if (!async) return null;
  return { waitSeconds: Math.min(wait ?? DEFAULT_ASYNC_WAIT_SECONDS, maxWaitSeconds) };
}

/**
 * A call's long step (the calculation, the business rule, the form's submit) as the provider started it. A
 * provider with its own job queue (the embedded engine) has admitted or refused the job by now (the queue decides
 * before any await), so a refusal is known before the call is turned into an operation: the API answers it 429
 * at once rather than storing an operation that reads failed (`settlesOnceHandedOver`).
 */
export function longCall<T>(call: { handOver(): void }, started: Promise<T>): Promise<T> {
  call.handOver();
  return started;
}

/** Seconds to wait before reading a running operation again: 1 at first, more as it ages, at most 10. */
export function retryAfterSeconds(createdAt: Date, now = Date.now()): number {
  const age = Math.max(0, (now - createdAt.getTime()) / 1000);
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(age / 10)));
}

interface Row extends Record<string, unknown> {
  id: string;
  operation: OperationName;
  status: OperationStatus;
  created_at: Date | string;
  heartbeat_at: Date | string;
  ended_at: Date | string | null;
  expires_at: Date | string;
  /** The outcome as JSON text: the result's bytes as the call answers them (jsonb would reorder its keys). */
  outcome: string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString().replace(/\.\d{3}Z$/, "Z");

export interface OperationStoreOptions {
  /** How long an ended operation stays readable (OPERATIONS_KEPT_HOURS). */
  keptHours: number;
  /** The operations one key (the public demo key: one client address) may hold until they expire (OPERATIONS_PER_KEY). */
  perKey: number;
  /** The longest a call may run (the connection's wait: CALC_JOB + connect + read), for a running one's expiry. */
  longestCallSeconds: number;
  heartbeatMs?: number;
  lostAfterMs?: number;
}

/** A key past OPERATIONS_PER_KEY: the operations it holds and the seconds until the first of them expires. */
export interface OperationsFull {
  held: number;
  seconds: number;
}

/**
 * Whose operations are counted together against OPERATIONS_PER_KEY: a key's, or, for the public demo key, those a
 * client address started with it (`visitor`, its IPv6 /64 network), so that one visitor does not fill everyone's.
 */
export interface OperationOwner {
  keyId: number;
  visitor: string | null;
}

/** The operations in the database (`api_operations`), one row each, its owner the API key that started it. */
export class OperationStore {
  private readonly heartbeatMs: number;
  private readonly lostAfterMs: number;
  /** When this node last deleted the operations past their time (none are read after it anyway). */
  private sweptAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Database,
    private readonly options: OperationStoreOptions,
  ) {
    this.heartbeatMs = options.heartbeatMs ?? OPERATION_HEARTBEAT_SECONDS * 1000;
    this.lostAfterMs = options.lostAfterMs ?? OPERATION_LOST_AFTER_SECONDS * 1000;
  }

  /**
   * Whether `owner` holds OPERATIONS_PER_KEY operations not expired yet (running or ended): null when it may
   * start one more. Asked before a `respond-async` call runs, so that a refused one does no work.
   */
  async full(owner: OperationOwner): Promise<OperationsFull | null> {
    const [row] = await this.db.query<{ held: number; seconds: number | null }>(
      `select count(*)::int as held, ceil(extract(epoch from min(expires_at) - now()))::int as seconds
         from api_operations
        where key_id = $1::bigint and visitor is not distinct from $2::text and expires_at >= now()`,
      [owner.keyId, owner.visitor],
    );
    const held = row?.held ?? 0;
    if (held < this.options.perKey) return null;
    return { held, seconds: Math.max(1, row?.seconds ?? 1) };
  }

  /**
   * Stores a running operation of `owner` and follows `call`: its node says every few seconds that it still
   * runs it, and stores its outcome when it ends. Answers the operation as first stored, or null when `owner`
   * reached OPERATIONS_PER_KEY meanwhile (calls started together): nothing stored, the call answered when it ends.
   */
  async start(
    owner: OperationOwner,
    operation: OperationName,
    call: Promise<OperationOutcome>,
    onStoreError: (error: unknown) => void,
  ): Promise<OperationResource | null> {
    const id = `op_${randomBytes(16).toString("base64url")}`;
    const keptSeconds = this.options.keptHours * 3600 + this.options.longestCallSeconds;
    // Ended operations past their time go as new ones come, at most every few minutes: no sweeper to run on
    // every node, no delete on every start (a row past its time is never read: `read` filters on it).
    if (Date.now() - this.sweptAt >= OPERATION_SWEEP_SECONDS * 1000) {
      this.sweptAt = Date.now();
      await this.db.query("delete from api_operations where expires_at < now()");
    }
    // Counted again in the insert itself: calls let in together by `full` stop at the bound (on PostgreSQL, inserts
    // committed at the same instant may each still see the other's room: a few over at most, never a flood).
    const [row] = await this.db.query<Row>(
      `insert into api_operations (id, key_id, visitor, operation, status, expires_at)
       select $1::text, $2::bigint, $3::text, $4::text, 'running', now() + make_interval(secs => $5)
        where (select count(*) from api_operations
                where key_id = $2::bigint and visitor is not distinct from $3::text and expires_at >= now()) < $6::int
       returning *`,
      [id, owner.keyId, owner.visitor, operation, keptSeconds, this.options.perKey],
    );
    if (!row) return null;
    const heartbeat = setInterval(() => {
      this.db
        .query("update api_operations set heartbeat_at = now() where id = $1 and status = 'running'", [id])
        .catch(onStoreError);
    }, this.heartbeatMs);
    heartbeat.unref();
    void call
      .then((outcome) => this.finish(id, outcome))
      .catch(onStoreError)
      .finally(() => clearInterval(heartbeat));
    return resource(row);
  }

  private async finish(id: string, outcome: OperationOutcome): Promise<void> {
    await this.db.query(
      `update api_operations
         set status = $2, outcome = $3, ended_at = now(),
             expires_at = now() + make_interval(hours => $4)
       where id = $1 and status = 'running'`,
      [id, outcome.status, JSON.stringify(outcome), this.options.keptHours],
    );
  }

  /**
   * The operation `id` of `owner`, or null (unknown, another key's, another visitor's of the public demo key, or
   * expired). One whose node has said nothing for a minute is ended as lost, with `lost` as its error (made again
   * for each reader).
   */
  async read(
    owner: OperationOwner,
    id: string,
    lost: () => OperationError,
  ): Promise<OperationResource | null> {
    const [row] = await this.db.query<Row>(
      `select * from api_operations
        where id = $1 and key_id = $2::bigint and visitor is not distinct from $3::text and expires_at >= now()`,
      [id, owner.keyId, owner.visitor],
    );
    if (!row) return null;
    if (row.status === "running" && Date.now() - new Date(row.heartbeat_at).getTime() > this.lostAfterMs) {
      await this.finish(id, { status: "failed", error: lost() });
      return this.read(owner, id, lost);
    }
    const found = resource(row);
    // A lost operation's error says nothing of the call: each reader has it in their own language.
    if (found.error?.body.code === "QB_ERR_OPERATION_LOST") found.error = lost();
    return found;
  }
}

function resource(row: Row): OperationResource {
  const outcome = row.outcome === null ? null : (JSON.parse(row.outcome) as OperationOutcome);
  return {
    id: row.id,
    operation: row.operation,
    status: row.status,
    createdAt: iso(row.created_at),
    endedAt: row.ended_at === null ? null : iso(row.ended_at),
    expiresAt: iso(row.expires_at),
    result: outcome?.status === "succeeded" ? outcome.result : null,
    error: outcome?.status === "failed" ? outcome.error : null,
  };
}
