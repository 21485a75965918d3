import { esc } from "../xml/index.ts";
import { CLIENT_XML_VERSION, LANGUAGES, leaf, type SvElement, svChild, svText } from "./message.ts";

/**
 * Logging in. Essbase (APS): `ConnectToProvider` with `usr` and `pwd` answers `sID` and `provider`.
 * Planning on premises: a `ConnectToProvider` hello without credentials (answers `provider` only), then EPM
 * Workspace's `GetProvisionedDataSources` with `usr`/`pwd` answers a single sign-on token `sso` and the
 * providers (`Product id="HP"` is Planning, `Server context=` its address), then `ConnectToProvider` with the
 * token answers `sID`. `GetSSOToken` answers `sso`; `OpenApplication` may carry it instead of the password.
 */

/** The product id of Planning in EPM Workspace's provider list. */
export const PLANNING_PRODUCT = "HP";

/** `ConnectToProvider` with a user name and password (Essbase). */
export function connectBody(username: string, password: string): string {
  return [
    leaf("ClientXMLVersion", CLIENT_XML_VERSION.essbase),
    leaf("usr", username),
    leaf("pwd", password),
    LANGUAGES,
  ].join("\n");
}

/** Planning's `ConnectToProvider` hello: no credentials, no session. */
export function helloBody(): string {
  return [
    leaf("ClientXMLVersion", CLIENT_XML_VERSION.planningHello),
    LANGUAGES,
    leaf("usr", ""),
    leaf("pwd", ""),
  ].join("\n");
}

/** `ConnectToProvider` with a single sign-on token (Planning). */
export function ssoConnectBody(sso: string): string {
  return [leaf("ClientXMLVersion", CLIENT_XML_VERSION.planningSso), LANGUAGES, leaf("sso", sso)].join("\n");
}

/** EPM Workspace's `GetProvisionedDataSources` with a user name and password. */
export function provisionedDataSourcesBody(username: string, password: string): string {
  return [leaf("usr", username), leaf("pwd", password), leaf("filters", "")].join("\n");
}

/** What a login request carries: user name, password, token (`""` when absent). */
export function readCredentials(req: SvElement): { username: string; password: string; sso: string } {
  return { username: svText(req, "usr"), password: svText(req, "pwd"), sso: svText(req, "sso") };
}

/** The content of `res_ConnectToProvider`: the session id when one is opened, and the provider's name. */
export function connectAnswerXml(sid: string | null, provider: string): string {
  const named = `<provider>${esc(provider)}</provider>`;
  return sid === null ? named : `<sID>${esc(sid)}</sID>\n${named}`;
}

/** The content of `res_GetProvisionedDataSources`: the token and the Planning provider at `context`. */
export function provisionedDataSourcesXml(sso: string, context: string): string {
  return [
    `<sso>${esc(sso)}</sso>`,
    `<Product id="${PLANNING_PRODUCT}" name="Hyperion Planning">`,
    `  <Server context="${esc(context)}"/>`,
    "</Product>",
  ].join("\n");
}

/** A `res_GetProvisionedDataSources`: the token, and whether it lists a Planning provider with a server. */
export function readProvisionedDataSources(answer: SvElement): { sso: string; planning: boolean } {
  const product = answer.children.find((c) => c.name === "Product" && c.attrs.id === PLANNING_PRODUCT);
  return { sso: svText(answer, "sso"), planning: product !== undefined && !!svChild(product, "Server") };
}

/** `<sso>token</sso>`: `GetSSOToken`'s answer, and what `OpenApplication` carries in place of a password. */
export function ssoXml(token: string): string {
  return `<sso>${esc(token)}</sso>`;
}
