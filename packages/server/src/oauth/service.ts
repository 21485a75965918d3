import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type * as oidc from "openid-client";
import { ApiError } from "../api-error.ts";
import type { Config } from "../config.ts";
import type { Database } from "../database.ts";
import { KeyNameTakenError, type KeyOwner, type KeyStore, type VerifiedKey } from "../keys.ts";
import { FLOW_COOKIE, readCookie, SESSION_COOKIE } from "./cookies.ts";
import {
  type OAuthIssuers,
  type OAuthProviderName,
  openidClient,
  openidClientLoaded,
  PROVIDER_LABEL,
  ProviderClients,
} from "./providers.ts";
import { BrowserSessionStore, FlowStore, randomToken, sha256 } from "./store.ts";

const CALLBACK_PATH = "/qibates/api/v2/generatekey/callback";
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A key issued by a finished sign-in (contract: `GeneratedKey`). */
export interface GeneratedKey {
  name: string;
  key: string;
  provider: OAuthProviderName;
  email: string;
  createdAt: string;
}

export type FinishResult =
  | { ok: true; generated: GeneratedKey; sessionToken: string }
  /** The account already has a key of that name: signed in all the same, no key issued. */
  | { ok: false; keyName: string; sessionToken: string };

function apiError(
  code:
    | "QB_ERR_OAUTH_PROVIDER_UNAVAILABLE"
    | "QB_ERR_OAUTH_STATE"
    | "QB_ERR_OAUTH_FAILED"
    | "QB_ERR_KEY_NAME_TAKEN",
  params: Record<string, string>,
  field: string | undefined,
): ApiError {
  // Message from the registry's template, in the caller's language.
  return new ApiError(code, params, field ?? null);
}

export function providerUnavailable(provider: OAuthProviderName): ApiError {
  return apiError("QB_ERR_OAUTH_PROVIDER_UNAVAILABLE", { provider: PROVIDER_LABEL[provider] }, "provider");
}

export function keyNameTaken(name: string): ApiError {
  return apiError("QB_ERR_KEY_NAME_TAKEN", { name }, "keyname");
}

function stateError(): ApiError {
  return apiError("QB_ERR_OAUTH_STATE", {}, "state");
}

function signInFailed(provider: OAuthProviderName, reason: string): ApiError {
  return apiError("QB_ERR_OAUTH_FAILED", { provider: PROVIDER_LABEL[provider], reason }, undefined);
}

/** Why a code exchange failed, in words safe to show and log (never a code, token or claim value). */
function failureReason(e: unknown): string {
  const err = e as { error?: unknown; code?: unknown; message?: unknown; cause?: unknown };
  if (typeof err.error === "string" && /^[a-z_]{1,64}$/.test(err.error)) {
    return `the provider answered ${err.error}.`;
  }
  // openid-client wraps the failed check; the claim it compared is a level or two down.
  let claim: unknown;
  for (let c: unknown = err.cause, depth = 0; c && typeof c === "object" && depth < 3; depth++) {
    const found = (c as { claim?: unknown }).claim;
    if (found !== undefined) {
      claim = found;
      break;
    }
    c = (c as { cause?: unknown }).cause;
  }
  if (typeof claim === "string" && /^[a-z_]{1,32}$/.test(claim)) {
    return `the ID token's "${claim}" claim does not match this sign-in.`;
  }
  const client = openidClientLoaded();
  if (client && e instanceof client.ClientError && typeof err.message === "string") {
    return `${err.message.replace(/\.$/, "")}.`;
  }
  return "the provider could not be reached or its answer could not be verified.";
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/**
 * The OpenID Connect sign-in that issues API keys: authorization code flow with PKCE (S256), `state` and
 * `nonce`, all single-use and kept in the database for 10 minutes, tied to the browser that started the
 * flow by a cookie. The key's owner is the verified ID token's issuer and subject.
 */
export class OAuthService {
  readonly providers: ProviderClients;
  private readonly flows: FlowStore;
  private readonly sessions: BrowserSessionStore;

  constructor(
    private readonly config: Config,
    db: Database,
    private readonly keys: KeyStore,
    /** Stand-ins for Google's and Microsoft's providers (tests only). */
    issuers: OAuthIssuers = {},
  ) {
    this.providers = new ProviderClients(config, issuers);
    this.flows = new FlowStore(db);
    this.sessions = new BrowserSessionStore(db);
  }

  /**
   * The callback address, from PUBLIC_URL (required by the configuration when a sign-in is configured), never
   * from the request's Host header.
   */
  callbackUrl(_request: FastifyRequest): string {
    if (!this.config.publicUrl) throw new Error("PUBLIC_URL is required for OAuth sign-in");
    return `${this.config.publicUrl.replace(/\/+$/, "")}${CALLBACK_PATH}`;
  }

  /**
   * Starts a sign-in for a new key named `keyName`: the provider's authorization address and the flow
   * cookie value (the browser's existing one is kept, so that two tabs can sign in at once).
   */
  async start(
    provider: OAuthProviderName,
    keyName: string,
    request: FastifyRequest,
  ): Promise<{ location: string; browser: string }> {
    const pending = this.providers.get(provider);
    if (!pending) throw providerUnavailable(provider);
    const config = await pending;
    const oidc = await openidClient();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const given = readCookie(request, FLOW_COOKIE);
    const browser = given && TOKEN.test(given) ? given : randomToken();
    const redirectUri = this.callbackUrl(request);
    await this.flows.create(state, {
      provider,
      keyName,
      nonce,
      codeVerifier,
      redirectUri,
      browserHash: sha256(browser),
    });
    const location = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: "openid email",
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
    });
    return { location: location.href, browser };
  }

  /** Finishes a sign-in: checks state, browser, code (with PKCE), ID token (signature, nonce) and issues the key. */
  async finish(request: FastifyRequest, state: string): Promise<FinishResult> {
    const flow = await this.flows.take(state);
    if (!flow) throw stateError();
    const browser = readCookie(request, FLOW_COOKIE);
    if (!browser || !TOKEN.test(browser) || !sameHash(sha256(browser), flow.browserHash)) throw stateError();
    const pending = this.providers.get(flow.provider);
    if (!pending) throw providerUnavailable(flow.provider);
    const config = await pending;
    const current = new URL(flow.redirectUri);
    current.search = new URL(request.url, "http://callback.invalid").search;
    let claims: oidc.IDToken | undefined;
    try {
      const oidc = await openidClient();
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (e) {
      const reason = failureReason(e);
      request.log.warn({ provider: flow.provider, reason }, "OAuth sign-in failed");
      throw signInFailed(flow.provider, reason);
    }
    if (!claims) throw signInFailed(flow.provider, "the provider sent no ID token.");
    const email = typeof claims.email === "string" ? claims.email : undefined;
    if (!email) {
      throw signInFailed(flow.provider, "the account has no e-mail address, or did not share it.");
    }
    if (claims.email_verified === false) {
      throw signInFailed(flow.provider, "the account's e-mail address is not verified.");
    }
    const adminGroups = flow.provider === "microsoft" ? this.administratorGroups(request, claims) : [];
    const owner: KeyOwner = {
      issuer: claims.iss,
      subject: claims.sub,
      email,
      provider: flow.provider,
      ...(adminGroups.length > 0 ? { adminGroups } : {}),
    };
    const sessionToken = await this.sessions.create(owner);
    try {
      const { key, info } = await this.keys.create(owner, flow.keyName, email);
      request.log.info({ provider: flow.provider, keyName: flow.keyName }, "API key issued");
      return {
        ok: true,
        generated: { name: info.name, key, provider: flow.provider, email, createdAt: info.createdAt },
        sessionToken,
      };
    } catch (e) {
      if (e instanceof KeyNameTakenError) return { ok: false, keyName: flow.keyName, sessionToken };
      throw e;
    }
  }

  /**
   * The groups of a Microsoft ID token's `groups` claim (Entra puts group object IDs there when the app
   * registration's groups claim is configured) that ADMINISTRATOR_GROUPS lists. When the account belongs to more
   * groups than a token carries, Entra sends `_claim_names` (or `hasgroups`) in place of `groups`: the groups are
   * then unknown and name no administrator (no Microsoft Graph call is made to read them).
   */
  private administratorGroups(request: FastifyRequest, claims: oidc.IDToken): string[] {
    const wanted = this.config.administratorGroups;
    if (wanted.length === 0) return [];
    const names = claims._claim_names;
    const overage =
      claims.hasgroups === true ||
      (typeof names === "object" && names !== null && Object.hasOwn(names, "groups"));
    if (overage && claims.groups === undefined) {
      request.log.info(
        "sign-in's groups not in its ID token (too many groups): not an administrator by group",
      );
      return [];
    }
    const groups = Array.isArray(claims.groups) ? claims.groups : [];
    const ids = groups.filter((g): g is string => typeof g === "string").map((g) => g.toLowerCase());
    return wanted.filter((g) => ids.includes(g));
  }

  /** The account of the request's `qibates_session` cookie, if it names a live session. */
  async browserSessionOwner(request: FastifyRequest): Promise<VerifiedKey | null> {
    const token = readCookie(request, SESSION_COOKIE);
    return token ? this.sessions.owner(token) : null;
  }
}
