import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import type { OAuthIssuers } from "../../../src/oauth/providers.ts";
import { API, PUBLIC_URL } from "./browser.ts";

/**
 * A real OpenID Connect provider (`oidc-provider`) on loopback, standing in for Google or Microsoft.
 * Its sign-in page is replaced by `/interaction/{uid}?login={account}`: opening it signs that account in
 * and grants `openid email`, as a user clicking through the provider's pages would.
 */
export interface LocalOidcServer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export const CLIENT_ID = "qibates-test";

/** Where a provider sends the browser back: the key sign-in's callback at the tests' public address. */
export const CALLBACK = `${PUBLIC_URL}${API}/generatekey/callback`;

/**
 * A server at the tests' public address that signs in with `google` and, if given, `microsoft`: its settings, and
 * the stand-in providers it is built with (`buildApp`'s `oauthIssuers`, which no setting reaches).
 */
export function oauthServer(
  google: LocalOidcServer,
  microsoft?: LocalOidcServer,
): { env: Record<string, string>; options: { oauthIssuers: OAuthIssuers } } {
  return {
    env: {
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      ...(microsoft
        ? { MICROSOFT_CLIENT_ID: microsoft.clientId, MICROSOFT_CLIENT_SECRET: microsoft.clientSecret }
        : {}),
    },
    options: {
      oauthIssuers: { google: google.issuer, ...(microsoft ? { microsoft: microsoft.issuer } : {}) },
    },
  };
}

/**
 * An account with groups, as Microsoft Entra reports them in the ID token: `groups` lists group object IDs;
 * `"overage"` stands for an account in more groups than a token carries (`_claim_names` and `_claim_sources`
 * pointing at Microsoft Graph in place of `groups`).
 */
export interface AccountWithGroups {
  email: string;
  groups: string[] | "overage";
}

/** Accounts of the provider: subject → e-mail (`null`: an account without e-mail), or e-mail and groups. */
export type Accounts = Record<string, string | null | AccountWithGroups>;

/** The claims of an account, as the provider puts them in its ID token. */
function accountClaims(sub: string, account: Accounts[string]): Record<string, unknown> {
  if (!account) return { sub };
  if (typeof account === "string") return { sub, email: account, email_verified: true };
  const claims = { sub, email: account.email, email_verified: true };
  if (account.groups !== "overage") return { ...claims, groups: account.groups };
  return {
    ...claims,
    _claim_names: { groups: "src1" },
    _claim_sources: {
      src1: { endpoint: `https://graph.microsoft.com/v1.0/users/${sub}/getMemberObjects` },
    },
  };
}

export async function startOidcServer(accounts: Accounts, redirectUris: string[]): Promise<LocalOidcServer> {
  const clientSecret = randomBytes(24).toString("base64url");
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: "jwk" }), kid: "test-key", use: "sig", alg: "RS256" };

  let provider: Provider | undefined;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (!provider) {
      res.statusCode = 503;
      res.end();
      return;
    }
    if (url.pathname.startsWith("/interaction/")) {
      const accountId = url.searchParams.get("login") ?? "";
      const p = provider;
      (async () => {
        const details = await p.interactionDetails(req, res);
        const grant = new p.Grant({ accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope("openid email");
        const grantId = await grant.save();
        await p.interactionFinished(
          req,
          res,
          { login: { accountId }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      })().catch((e: unknown) => {
        res.statusCode = 500;
        res.end(String(e));
      });
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    // `groups` with `openid`: Entra puts it in every ID token once the app registration asks for it.
    claims: { openid: ["sub", "groups"], email: ["email", "email_verified"] },
    // Like Google and Microsoft, put the e-mail in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      if (!(sub in accounts)) return undefined;
      const account = accounts[sub] ?? null;
      return { accountId: sub, claims: async () => accountClaims(sub, account) };
    },
  });

  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
