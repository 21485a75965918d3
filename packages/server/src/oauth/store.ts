import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../database.ts";
import {
  groupsColumn,
  type KeyOwner,
  type OwnerColumns,
  ownerId,
  ownerOfRow,
  type VerifiedKey,
} from "../keys.ts";
import type { OAuthProviderName } from "./providers.ts";

/**
 * OAuth sign-in flows and browser sessions, kept in the database so that any node can finish a flow
 * another node started, and see a session another node opened. Only SHA-256 hashes of the random values
 * the browser holds (state, session token, flow cookie) are stored.
 */

/** A sign-in flow lives 10 minutes (the documented limit of QB_ERR_OAUTH_STATE). */
export const FLOW_TTL_SECONDS = 10 * 60;
/** A browser session lives 12 hours (the contract's `qibates_session`). */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** 256 random bits, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

export interface OAuthFlow {
  provider: OAuthProviderName;
  keyName: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  /** Hash of the flow cookie of the browser that started the flow. */
  browserHash: string;
}

export class FlowStore {
  constructor(private readonly db: Database) {}

  async create(state: string, flow: OAuthFlow): Promise<void> {
    await this.db.query("delete from oauth_flows where expires_at < now()");
    await this.db.query(
      `insert into oauth_flows (state_hash, provider, key_name, nonce, code_verifier, redirect_uri, browser_hash,
         expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, now() + $8::int * interval '1 second')`,
      [
        sha256(state),
        flow.provider,
        flow.keyName,
        flow.nonce,
        flow.codeVerifier,
        flow.redirectUri,
        flow.browserHash,
        FLOW_TTL_SECONDS,
      ],
    );
  }

  /**
   * Takes the flow of `state` out of the store: it can be used once. Null when the state is unknown,
   * already used, or older than the limit.
   */
  async take(state: string): Promise<OAuthFlow | null> {
    const rows = await this.db.query<{
      provider: OAuthProviderName;
      key_name: string;
      nonce: string;
      code_verifier: string;
      redirect_uri: string;
      browser_hash: string;
      live: boolean;
    }>(
      `delete from oauth_flows where state_hash = $1
       returning provider, key_name, nonce, code_verifier, redirect_uri, browser_hash, expires_at > now() as live`,
      [sha256(state)],
    );
    const r = rows[0];
    if (!r?.live) return null;
    return {
      provider: r.provider,
      keyName: r.key_name,
      nonce: r.nonce,
      codeVerifier: r.code_verifier,
      redirectUri: r.redirect_uri,
      browserHash: r.browser_hash,
    };
  }
}

export class BrowserSessionStore {
  constructor(private readonly db: Database) {}

  /** Opens a session for the signed-in account and returns its token (the cookie's value). */
  async create(owner: KeyOwner): Promise<string> {
    await this.db.query("delete from browser_sessions where expires_at < now()");
    const token = randomToken();
    await this.db.query(
      `insert into browser_sessions (token_hash, owner_issuer, owner_subject, owner_email, provider, expires_at,
                                     admin_groups)
       values ($1, $2, $3, $4, $5, now() + $6::int * interval '1 second', $7)`,
      [
        sha256(token),
        owner.issuer,
        owner.subject,
        owner.email ?? null,
        owner.provider,
        SESSION_TTL_SECONDS,
        groupsColumn(owner.adminGroups),
      ],
    );
    return token;
  }

  /** The account of a live session, in the shape of a verified key (id 0: no key). */
  async owner(token: string): Promise<VerifiedKey | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const rows = await this.db.query<OwnerColumns>(
      `select owner_issuer, owner_subject, owner_email, provider, admin_groups from browser_sessions
       where token_hash = $1 and expires_at > now()`,
      [sha256(token)],
    );
    const r = rows[0];
    if (!r) return null;
    const owner = ownerOfRow(r);
    return { id: 0, name: "", owner, ownerId: ownerId(owner) };
  }
}
