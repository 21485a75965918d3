import { esc } from "../xml/escape.ts";
import { SOAP_ENCODING, SOAP_ENV } from "./namespaces.ts";

/**
 * The one XMLA error code with a published sample (Microsoft's "Handling errors and warnings (XMLA)": a SOAP
 * `Fault` with `faultcode` `XMLAnalysisError.0x80000005` and `detail/Error@ErrorCode` 2147483653, the same
 * HRESULT in unsigned decimal). Nothing public lists Analysis Services' codes per cause, so every fault carries
 * this code and says what went wrong in `faultstring` and `Description`; `kind` tells our cases apart in logs
 * and tests.
 */
export const XMLA_ERROR_HRESULT = 0x80000005;

export type XmlaFaultKind =
  /** The request is not a SOAP 1.1 XMLA call: bad XML, wrong envelope, unknown method or property. */
  | "bad-request"
  /** A `Session` header naming no live session of this user. */
  | "session"
  /** An MDX statement that does not parse. */
  | "syntax"
  /** A member, level or dimension the outline does not have. */
  | "unknown-member"
  /** A catalog or cube the server does not have. */
  | "unknown-cube"
  /** A request the endpoint understands but does not serve (a rowset, a format, a write it refuses). */
  | "unsupported"
  /** Anything else the query did wrong (an argument of the wrong kind, too many cells…). */
  | "query";

/** A fault a server answers: thrown by the endpoint's handlers, written by {@link faultEnvelope}. */
export class XmlaFault extends Error {
  override readonly name = "XmlaFault";
  constructor(
    readonly kind: XmlaFaultKind,
    message: string,
  ) {
    super(message);
  }
}

/** An error a client read, from any of XMLA's error channels (a `Fault`, `Messages/Error`). */
export interface XmlaError {
  /** `faultcode` (`XMLAnalysisError.0x…`), or the `ErrorCode` of a `Messages/Error`. */
  code: string;
  /** The server's own words: `Error@Description`, else `faultstring`. */
  message: string;
}

/** A SOAP 1.1 fault envelope in the shape of Microsoft's sample. */
export function faultEnvelope(fault: { message: string }, source: string): string {
  const code = XMLA_ERROR_HRESULT.toString(16).toUpperCase().padStart(8, "0");
  const text = esc(fault.message);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<SOAP-ENV:Envelope xmlns:SOAP-ENV="${SOAP_ENV}" SOAP-ENV:encodingStyle="${SOAP_ENCODING}">` +
    "<SOAP-ENV:Body><SOAP-ENV:Fault>" +
    `<faultcode>XMLAnalysisError.0x${code}</faultcode>` +
    `<faultstring>${text}</faultstring>` +
    `<faultactor>${esc(source)}</faultactor>` +
    `<detail><Error ErrorCode="${XMLA_ERROR_HRESULT}" Description="${text}" Source="${esc(source)}" HelpFile=""/></detail>` +
    "</SOAP-ENV:Fault></SOAP-ENV:Body></SOAP-ENV:Envelope>"
  );
}
