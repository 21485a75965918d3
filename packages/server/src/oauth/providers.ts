import type * as oidc from "openid-client";
import { type Config, isLoopbackUrl } from "../config.ts";

let client: typeof oidc | undefined;

/**
 * openid-client (with the JOSE library under it), loaded at the first sign-in rather than at every server's start:
 * most servers never use it.
 */
export async function openidClient(): Promise<typeof oidc> {
  client ??= await import("openid-client");
  return client;
}

/** openid-client once a sign-in has loaded it, else undefined (nothing it made can exist yet). */
export function openidClientLoaded(): typeof oidc | undefined {
  return client;
}

/** The OAuth providers that issue API keys. */
export const OAUTH_PROVIDERS = ["google", "microsoft"] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number];

export const PROVIDER_LABEL: Record<OAuthProviderName, string> = {
  google: "Google",
  microsoft: "Microsoft",
};

export function isOAuthProvider(value: unknown): value is OAuthProviderName {
  return typeof value === "string" && (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

/**
 * OpenID providers that stand in for Google's and Microsoft's published ones, by issuer URL (discovered at first
 * use; `http` on loopback only). The tests' seam alone, given to `buildApp`: no setting reaches it, so that no
 * deployment's sign-in can be sent to another provider whose accounts would get API keys as Google's or
 * Microsoft's.
 */
export type OAuthIssuers = Readonly<Partial<Record<OAuthProviderName, string>>>;

/** How to reach one provider: its client credentials and where its metadata comes from. */
export interface ProviderSettings {
  name: OAuthProviderName;
  clientId: string;
  clientSecret: string | undefined;
  /** Discovery URL of an OpenID provider standing in for it (tests, `OAuthIssuers`), or null for the published metadata. */
  overrideIssuer: string | null;
  /** Published metadata, known without a network round trip. */
  metadata: oidc.ServerMetadata;
}

/** Google's published OpenID metadata (https://accounts.google.com/.well-known/openid-configuration). */
function googleMetadata(): oidc.ServerMetadata {
  return {
    issuer: "https://accounts.google.com",
    authorization_endpoint: "https://accounts.google.com/o/oauth2/v2/auth",
    token_endpoint: "https://oauth2.googleapis.com/token",
    jwks_uri: "https://www.googleapis.com/oauth2/v3/certs",
    userinfo_endpoint: "https://openidconnect.googleapis.com/v1/userinfo",
    response_types_supported: ["code"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    code_challenge_methods_supported: ["plain", "S256"],
    token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
  };
}

const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Microsoft Entra ID's published metadata for a tenant. For `common`, `organizations`, `consumers` (and a
 * tenant named by its domain) the issuer is the template `https://login.microsoftonline.com/{tenantid}/v2.0`:
 * an ID token is valid when its `iss` is that template filled with the token's own `tid` claim, which
 * openid-client checks. For a tenant ID, `iss` must name that tenant.
 */
function microsoftMetadata(tenant: string): oidc.ServerMetadata {
  const base = `https://login.microsoftonline.com/${encodeURIComponent(tenant)}`;
  return {
    issuer: TENANT_ID.test(tenant) ? `${base}/v2.0` : "https://login.microsoftonline.com/{tenantid}/v2.0",
    authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
    token_endpoint: `${base}/oauth2/v2.0/token`,
    jwks_uri: `${base}/discovery/v2.0/keys`,
    userinfo_endpoint: "https://graph.microsoft.com/oidc/userinfo",
    response_types_supported: ["code", "id_token", "code id_token", "id_token token"],
    subject_types_supported: ["pairwise"],
    id_token_signing_alg_values_supported: ["RS256"],
    code_challenge_methods_supported: ["plain", "S256"],
    token_endpoint_auth_methods_supported: ["client_secret_post", "private_key_jwt", "client_secret_basic"],
  };
}

/** Discovery address of a provider's published metadata (the issuer the metadata is checked against). */
function publishedIssuer(name: OAuthProviderName, tenant: string): string {
  return name === "google"
    ? "https://accounts.google.com"
    : `https://login.microsoftonline.com/${encodeURIComponent(tenant)}/v2.0`;
}

/** The providers this deployment has credentials for, each at its published address unless `issuers` names another. */
export function configuredProviders(config: Config, issuers: OAuthIssuers = {}): ProviderSettings[] {
  const out: ProviderSettings[] = [];
  if (config.googleClientId) {
    out.push({
      name: "google",
      clientId: config.googleClientId,
      clientSecret: config.googleClientSecret,
      overrideIssuer: issuers.google ?? null,
      metadata: googleMetadata(),
    });
  }
  if (config.microsoftClientId) {
    out.push({
      name: "microsoft",
      clientId: config.microsoftClientId,
      clientSecret: config.microsoftClientSecret,
      overrideIssuer: issuers.microsoft ?? null,
      metadata: microsoftMetadata(config.microsoftTenant),
    });
  }
  return out;
}

/**
 * `openid-client` configurations, one per configured provider, built at first use. The published
 * providers are "discovered" from their metadata above, answered locally (no network round trip before
 * the redirect; the token and signing-key requests of the callback do go to the provider). A provider
 * standing in for one (tests, `OAuthIssuers`) is discovered from its issuer over the network; `http` is accepted
 * on loopback only.
 */
export class ProviderClients {
  private readonly settings: Map<OAuthProviderName, ProviderSettings>;
  private readonly built = new Map<OAuthProviderName, Promise<oidc.Configuration>>();

  private readonly tenant: string;

  constructor(config: Config, issuers: OAuthIssuers = {}) {
    this.tenant = config.microsoftTenant;
    this.settings = new Map(configuredProviders(config, issuers).map((p) => [p.name, p]));
  }

  /** The configured providers, in display order. */
  names(): OAuthProviderName[] {
    return OAUTH_PROVIDERS.filter((p) => this.settings.has(p));
  }

  has(name: OAuthProviderName): boolean {
    return this.settings.has(name);
  }

  /** The provider's configuration, or null when this deployment has no credentials for it. */
  get(name: OAuthProviderName): Promise<oidc.Configuration> | null {
    const settings = this.settings.get(name);
    if (!settings) return null;
    let config = this.built.get(name);
    if (!config) {
      config = this.build(settings);
      // A failed discovery (test provider not up yet) is retried on the next call.
      config.catch(() => this.built.delete(name));
      this.built.set(name, config);
    }
    return config;
  }

  private async build(p: ProviderSettings): Promise<oidc.Configuration> {
    const oidc = await openidClient();
    const clientMetadata: Partial<oidc.ClientMetadata> = p.clientSecret
      ? { client_secret: p.clientSecret }
      : { token_endpoint_auth_method: "none" };
    let config: oidc.Configuration;
    if (p.overrideIssuer) {
      const issuer = new URL(p.overrideIssuer);
      const insecure = issuer.protocol === "http:";
      if (insecure && !isLoopbackUrl(issuer)) {
        throw new Error(`OAuth issuer override for ${p.name} must use https outside loopback`);
      }
      config = await oidc.discovery(
        issuer,
        p.clientId,
        clientMetadata,
        undefined,
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
    } else {
      const issuer = new URL(publishedIssuer(p.name, this.tenant));
      const published = JSON.stringify(p.metadata);
      // Answers the discovery request from the published metadata; every other request goes out.
      const staticDiscovery: oidc.CustomFetch = async (url, options) => {
        const target = new URL(url);
        if (
          target.origin === issuer.origin &&
          target.pathname.endsWith("/.well-known/openid-configuration")
        ) {
          return new Response(published, { status: 200, headers: { "content-type": "application/json" } });
        }
        return fetch(url, options as RequestInit);
      };
      config = await oidc.discovery(issuer, p.clientId, clientMetadata, undefined, {
        [oidc.customFetch]: staticDiscovery,
      });
    }
    // Verify the ID token's signature against the provider's signing keys, not only its claims.
    oidc.enableNonRepudiationChecks(config);
    return config;
  }
}
