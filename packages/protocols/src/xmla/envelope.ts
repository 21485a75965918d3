import { esc } from "../xml/escape.ts";
import { EMPTY_NS, SOAP_ENV, XMLA_NS } from "./namespaces.ts";
import type { XmlaMethod } from "./paths.ts";
import { FORMAT, PROPERTY, TUPLE_FORMAT } from "./properties.ts";
import { answerHeaderXml, requestHeaderXml, type SessionHeader } from "./session.ts";

/**
 * The SOAP envelopes of XMLA: a client's `Discover` and `Execute` requests, and the frame of a server's
 * answer (`<Method>Response/return`) around a rowset or a data set.
 */

function listXml(tag: string, entries: Record<string, string | undefined>): string {
  const inner = Object.entries(entries)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => `<${k}>${esc(v)}</${k}>`)
    .join("");
  return `<${tag}>${inner}</${tag}>`;
}

const REQUEST_HEAD = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP_ENV}">`;

/** A `Discover` request envelope, answered in the Tabular format. */
export function discoverEnvelope(
  requestType: string,
  restrictions: Record<string, string | undefined>,
  properties: Record<string, string | undefined>,
  session: SessionHeader,
): string {
  return (
    `${REQUEST_HEAD}${requestHeaderXml(session)}` +
    `<soap:Body><Discover xmlns="${XMLA_NS}"><RequestType>${esc(requestType)}</RequestType>` +
    `<Restrictions>${listXml("RestrictionList", restrictions)}</Restrictions>` +
    `<Properties>${listXml("PropertyList", { ...properties, [PROPERTY.Format]: FORMAT.Tabular })}</Properties>` +
    "</Discover></soap:Body></soap:Envelope>"
  );
}

/** An `Execute` request envelope for one MDX statement, answered as a multidimensional data set. */
export function executeEnvelope(
  statement: string,
  properties: Record<string, string | undefined>,
  session: SessionHeader,
): string {
  return (
    `${REQUEST_HEAD}${requestHeaderXml(session)}` +
    `<soap:Body><Execute xmlns="${XMLA_NS}"><Command><Statement>${esc(statement)}</Statement></Command>` +
    `<Properties>${listXml("PropertyList", {
      ...properties,
      [PROPERTY.Format]: FORMAT.Multidimensional,
      [PROPERTY.AxisFormat]: TUPLE_FORMAT,
    })}</Properties>` +
    "</Execute></soap:Body></soap:Envelope>"
  );
}

/** What a command without a result answers: the EmptyResult data type. */
export const EMPTY_RESULT = `<root xmlns="${EMPTY_NS}"/>`;

/** An answer's text up to its `return` element, with the session it ran in (none: `null`). */
export function answerHead(method: XmlaMethod, sessionId: string | null): string {
  const header = sessionId === null ? "" : answerHeaderXml(sessionId);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<soap:Envelope xmlns:soap="${SOAP_ENV}">${header}` +
    `<soap:Body><${method}Response xmlns="${XMLA_NS}"><return>`
  );
}

/** An answer's text after its `return` element's content. */
export function answerTail(method: XmlaMethod): string {
  return `</return></${method}Response></soap:Body></soap:Envelope>`;
}
