import { child, type XmlElement } from "../xml/index.ts";
import { XmlaFault } from "./faults.ts";
import { SOAP_ENV, XMLA_NS } from "./namespaces.ts";
import type { XmlaMethod } from "./paths.ts";
import { SESSION_HEADER, SESSION_ID, type SessionHeader } from "./session.ts";

/**
 * Reading a request, the server's side, from a document already parsed with namespaces resolved (the shape
 * of the endpoint's XML reader's elements): the method, its session header, properties, and the
 * `RequestType` and restrictions of a Discover or the statement of an Execute. What is not an XMLA request is
 * a `bad-request` fault; a session header without its id, a `session` fault.
 */
export interface XmlaRequest {
  method: XmlaMethod;
  session: SessionHeader;
  /** `Properties/PropertyList`, each value trimmed. */
  properties: Map<string, string>;
  /** Discover's `RequestType`, trimmed (`""` for an Execute). */
  requestType: string;
  /**
   * Discover's `Restrictions/RestrictionList`: each restriction's values, trimmed, in the order sent. A value is
   * an element's text, or each of its `Value` children (how xmla4js sends an array); an element repeated (how
   * olap4j sends a list) adds its values. An empty restriction (`<CUBE_NAME/>`) restricts nothing.
   */
  restrictions: Map<string, string[]>;
  /** Execute's `Command/Statement`, as sent (`""` for a Discover). */
  statement: string;
  /**
   * Execute's `Parameters/Parameter`: each `Name` (without `@`) and its `Value`, as Report Builder sends the
   * `@Name` a statement holds (empty when there are none).
   */
  parameters: Map<string, string>;
}

export function readXmlaRequest(envelope: XmlElement): XmlaRequest {
  if (envelope.name !== "Envelope" || envelope.ns !== SOAP_ENV)
    throw new XmlaFault("bad-request", "The request is not a SOAP 1.1 envelope.");
  const body = child(envelope, "Body");
  const method = body?.children[0];
  if (!body || !method || body.children.length !== 1)
    throw new XmlaFault("bad-request", "The SOAP body must hold one Discover or Execute element.");
  if (method.ns !== XMLA_NS || (method.name !== "Discover" && method.name !== "Execute"))
    throw new XmlaFault(
      "bad-request",
      `The method ${method.name} is not an XMLA method (Discover, Execute).`,
    );
  const properties = new Map<string, string>();
  const props = child(method, "Properties");
  // A Properties element sent empty says `xsi:nil="true"`.
  if (props && props.attrs.nil !== "true")
    for (const p of child(props, "PropertyList")?.children ?? []) properties.set(p.name, p.text.trim());
  const restrictions = new Map<string, string[]>();
  for (const r of child(child(method, "Restrictions"), "RestrictionList")?.children ?? []) {
    const listed = r.children.filter((v) => v.name === "Value");
    const values = (listed.length > 0 ? listed.map((v) => v.text) : [r.text])
      .map((v) => v.trim())
      .filter((v) => v !== "");
    if (values.length === 0) continue;
    // Added in place: a body may repeat one restriction tens of thousands of times.
    const held = restrictions.get(r.name);
    if (held) for (const v of values) held.push(v);
    else restrictions.set(r.name, values);
  }
  return {
    method: method.name as XmlaMethod,
    session: sessionHeaderOf(envelope),
    properties,
    requestType: child(method, "RequestType")?.text.trim() ?? "",
    restrictions,
    statement: child(child(method, "Command"), "Statement")?.text ?? "",
    parameters: parametersOf(method),
  };
}

/** The `Parameters` of an Execute, by name (a leading `@` dropped): a parameter without a name is a fault. */
function parametersOf(method: XmlElement): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of child(method, "Parameters")?.children ?? []) {
    if (p.name !== "Parameter") continue;
    const name = (child(p, "Name")?.text.trim() ?? "").replace(/^@/, "");
    if (name === "") throw new XmlaFault("bad-request", "A Parameter of the Execute has no Name.");
    out.set(name.toLowerCase(), child(p, "Value")?.text ?? "");
  }
  return out;
}

/** The session header of a request: `Session` or `EndSession` naming one, `BeginSession`, or none. */
function sessionHeaderOf(envelope: XmlElement): SessionHeader {
  const header = child(envelope, "Header");
  const xa = (name: string) => header?.children.find((h) => h.name === name && h.ns === XMLA_NS);
  const named = xa(SESSION_HEADER.session) ?? xa(SESSION_HEADER.end);
  if (named) {
    const id = named.attrs[SESSION_ID] ?? "";
    if (id === "") throw new XmlaFault("session", `The ${named.name} header needs a SessionId.`);
    return named.name === SESSION_HEADER.end ? { kind: "end", id } : { kind: "session", id };
  }
  return xa(SESSION_HEADER.begin) ? { kind: "begin" } : { kind: "none" };
}
