/**
 * Provider addresses: the URL a login names, checked against the connector's required path suffix
 * and against the hosts this server may connect to, before anything is connected (no SSRF).
 */

import { hostAllowed } from "@qibates/connectors/net";
import { CONNECTOR_DESCRIPTIONS, type Connector, type ConnectorDescription } from "@qibates/provider";

export { hostAllowed } from "@qibates/connectors/net";
export { CONNECTORS, type Connector, isConnector, PROVIDER_SUFFIX } from "@qibates/provider";

/** Host name of the demo provider: served by the embedded engine, never resolved on the network. */
export const DEMO_HOST = "demo.qibates.local";

/** A refused address: the registered error code and the parameters of its message. */
export type ProviderAddressProblem =
  | {
      code: "QB_ERR_PROVIDER_ADDRESS";
      params: { serverType: string; connector: string; suffix: string; also?: { en: string; fr: string } };
      why: string;
    }
  | { code: "QB_ERR_HOST_NOT_ALLOWED"; params: { host: string }; why: string };

export type ProviderTarget = { kind: "demo"; url: URL } | { kind: "remote"; url: URL };

/**
 * Checks a provider address for a connector. Returns where it leads (the embedded demo provider or an
 * allowed remote server) or the problem, in words a user can act on.
 */
export function checkProviderAddress(
  raw: string,
  connector: Connector,
  options: {
    demo: boolean;
    allowedHosts: readonly string[];
    /** The connectors served, whose descriptions give the address's ending (the product's unless given). */
    descriptions?: Readonly<Record<string, ConnectorDescription>>;
  },
): ProviderTarget | ProviderAddressProblem {
  const description = (options.descriptions ?? CONNECTOR_DESCRIPTIONS)[connector];
  if (!description) throw new Error(`connector ${connector} is not served`);
  const suffix = description.addressSuffix;
  const bad = (why: string, also?: { en: string; fr: string }): ProviderAddressProblem => ({
    code: "QB_ERR_PROVIDER_ADDRESS",
    params: { serverType: description.names.serverType, connector, suffix, ...(also ? { also } : {}) },
    why,
  });
  // An address typed without its scheme (`host:9443/aps/JAPI`) has the right ending: say what it lacks.
  const scheme = { en: "start with https:// (or http://)", fr: "commencer par https:// (ou http://)" };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return bad("not an absolute URL", scheme);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return bad("not an http(s) URL", scheme);
  // Credentials belong in the body, never in an address that may be logged.
  if (url.username || url.password) {
    return bad("credentials in the URL", {
      en: "hold no user name or password",
      fr: "ne contenir ni nom d'utilisateur ni mot de passe",
    });
  }
  const path = url.pathname.replace(/\/+$/, "");
  if (!path.endsWith(suffix)) return bad(`the path does not end with ${suffix}`);
  const host = url.hostname.toLowerCase();
  if (host === DEMO_HOST) {
    if (options.demo) return { kind: "demo", url };
    return { code: "QB_ERR_HOST_NOT_ALLOWED", params: { host }, why: "demo mode is off" };
  }
  if (!hostAllowed(host, options.allowedHosts)) {
    return { code: "QB_ERR_HOST_NOT_ALLOWED", params: { host }, why: "not on ALLOWED_HOSTS" };
  }
  return { kind: "remote", url };
}
