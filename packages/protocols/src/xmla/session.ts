import { esc } from "../xml/escape.ts";
import { XMLA_NS } from "./namespaces.ts";

/** The SOAP headers of an XMLA session: begin one, name one, end one. */
export const SESSION_HEADER = {
  begin: "BeginSession",
  session: "Session",
  end: "EndSession",
} as const;

/** The `SessionId` attribute of a `Session` or `EndSession` header. */
export const SESSION_ID = "SessionId";

/** What a request says about its session. */
export type SessionHeader =
  | { kind: "none" }
  | { kind: "begin" }
  | { kind: "session"; id: string }
  | { kind: "end"; id: string };

/** A request's `soap:Header` for `h` (nothing for `none`): the client's side. */
export function requestHeaderXml(h: SessionHeader): string {
  switch (h.kind) {
    case "none":
      return "";
    case "begin":
      return `<soap:Header><${SESSION_HEADER.begin} soap:mustUnderstand="1" xmlns="${XMLA_NS}"/></soap:Header>`;
    case "session":
      return `<soap:Header><${SESSION_HEADER.session} soap:mustUnderstand="1" ${SESSION_ID}="${esc(h.id)}" xmlns="${XMLA_NS}"/></soap:Header>`;
    case "end":
      return `<soap:Header><${SESSION_HEADER.end} soap:mustUnderstand="1" ${SESSION_ID}="${esc(h.id)}" xmlns="${XMLA_NS}"/></soap:Header>`;
  }
}

/** An answer's `soap:Header` naming the session it ran in: the server's side. */
export function answerHeaderXml(sessionId: string): string {
  return `<soap:Header><${SESSION_HEADER.session} xmlns="${XMLA_NS}" ${SESSION_ID}="${sessionId}"/></soap:Header>`;
}
