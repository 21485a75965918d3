import { esc, type XmlNode } from "../xml/index.ts";

/**
 * Smart View's XML provider protocol: one XML document per POST, request root `req_<Method>` with the session
 * id `sID` first, answer root `res_<Method>` or the `exception` element (`errcode`, `type`, `desc`), carried
 * with HTTP status 200. Lists travel as pipe lists (`enc="1"`), empty fields kept.
 */

/** A parsed element: name, attributes, children in order, its own text. */
export type SvElement = XmlNode;

/** A failure answered as the `exception` element (`errcode` 4, `type` error, `desc`). */
export class SvException extends Error {}

/** The messages QiBates writes or answers, on either side. */
export const SV_METHODS = [
  "ConnectToProvider",
  "GetProvisionedDataSources",
  "GetSSOToken",
  "Logout",
  "ListServers",
  "ListApplications",
  "ListCubes",
  "OpenApplication",
  "OpenCube",
  "EnumAliasTables",
  "EnumDims",
  "GetDefaultPOV",
  "EnumFilters",
  "EnumMembers",
  "FindMember",
  "ExecuteQuery",
  "GetDefaultGrid",
  "Refresh",
  "ProcessFreeFormGrid",
  "EnumBusinessRules",
  "EnumRunTimePrompts",
  "LaunchBusinessRule",
] as const;
export type SvMethod = (typeof SV_METHODS)[number];

export const REQUEST_PREFIX = "req_";
export const ANSWER_PREFIX = "res_";
export const EXCEPTION_ELEMENT = "exception";
/** The session id's element, first in every request after login. */
export const SID_ELEMENT = "sID";
/** The `ClientXMLVersion` an Essbase (APS) login sends, and Planning's hello and token login. */
export const CLIENT_XML_VERSION = {
  essbase: "3.1.0.0.0",
  planningHello: "4.2.5.7.3",
  planningSso: "4.2.5.6.0",
};
/** The language list a login sends. */
export const LANGUAGES = '<lngs enc="0">en_US</lngs>';

export function svChild(e: SvElement | undefined, name: string): SvElement | undefined {
  return e?.children.find((c) => c.name === name);
}

export function svText(e: SvElement | undefined, name: string): string {
  return svChild(e, name)?.text ?? "";
}

/** A pipe list (`enc="1"`), empty fields kept, as SVgem reads them (`split('|', -1)`). */
export function pipeList(text: string | undefined): string[] {
  return text === undefined || text === "" ? [] : text.split("|");
}

/** The pipe list of a child element; an empty or absent element is an empty list. */
export function svList(e: SvElement | undefined, name: string): string[] {
  return pipeList(svChild(e, name)?.text);
}

/** Values as the text of a pipe list (escaped). */
export function pipes(values: readonly (string | number)[]): string {
  return esc(values.map(String).join("|"));
}

/** `<name enc="1">a|b</name>`: a pipe list element. */
export function listElement(name: string, values: readonly (string | number)[]): string {
  return `<${name} enc="1">${pipes(values)}</${name}>`;
}

/** `<name>text</name>` (escaped), or `<name/>` when empty. */
export function leaf(name: string, value: string | number): string {
  const text = esc(String(value));
  return text === "" ? `<${name}/>` : `<${name}>${text}</${name}>`;
}

/** A request document: `req_<method>` around `body`. */
export function requestXml(method: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${REQUEST_PREFIX}${method}>\n${body}\n</${REQUEST_PREFIX}${method}>`;
}

/** The method a request's root names (`req_Refresh` → `Refresh`); a root that is no request is refused. */
export function requestMethod(root: SvElement): string {
  if (!root.name.startsWith(REQUEST_PREFIX)) throw new SvException(`${root.name} is not a request.`);
  return root.name.slice(REQUEST_PREFIX.length);
}

/** An answer document: `res_<method>` around `content`. */
export function answerXml(method: string, content: string): string {
  return `<${ANSWER_PREFIX}${method}>\n${content}\n</${ANSWER_PREFIX}${method}>`;
}

/** Whether a root is the protocol's own answer (`res_…` or `exception`), whatever the HTTP status. */
export function isProtocolAnswer(root: SvElement): boolean {
  return root.name.startsWith(ANSWER_PREFIX) || root.name === EXCEPTION_ELEMENT;
}

/** Whether `root` answers `method`. */
export function answers(root: SvElement, method: string): boolean {
  return root.name === `${ANSWER_PREFIX}${method}`;
}

/** The exception element, as the captures show it. */
export function exceptionXml(desc: string): string {
  return `<${EXCEPTION_ELEMENT} errcode="4" type="error">\n<desc>${esc(desc)}</desc>\n</${EXCEPTION_ELEMENT}>`;
}

/** An exception element's words and error code. */
export function readException(e: SvElement): { errcode: string; desc: string } {
  return { errcode: e.attrs.errcode ?? "", desc: svText(e, "desc") };
}

/** The session id a request names, read from its first 4 KiB without parsing it. */
export function namedSession(body: string): string | null {
  return /<sID>\s*([^<\s]{1,200})\s*<\/sID>/.exec(body.slice(0, 4096))?.[1] ?? null;
}

/** `<sID>id</sID>`: the session id as requests and grid answers carry it. */
export function sidXml(id: string): string {
  return leaf(SID_ELEMENT, id);
}
