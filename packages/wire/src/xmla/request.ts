import {
  type ContentParts,
  contentParts,
  PROPERTY,
  SOAP_ENV,
  XMLA_NS,
  XmlaFault,
} from "@qibates/protocols/xmla";
import { child, isNil, readXml, type XmlElement, XmlSyntaxError } from "./xml.ts";

export type Properties = ReadonlyMap<string, string>;

/** A request's envelope and its one method element (`Discover` or `Execute`), or a `bad-request` fault. */
export async function readRequest(
  text: string,
): Promise<{ envelope: XmlElement; method: XmlElement & { name: "Discover" | "Execute" } }> {
  let envelope: XmlElement;
  try {
    envelope = await readXml(text);
  } catch (e) {
    if (e instanceof XmlSyntaxError) throw new XmlaFault("bad-request", e.message);
    throw e;
  }
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
  return { envelope, method: method as XmlElement & { name: "Discover" | "Execute" } };
}

export function propertyList(method: XmlElement): Map<string, string> {
  const out = new Map<string, string>();
  const props = child(method, "Properties");
  if (!props || isNil(props)) return out;
  for (const p of child(props, "PropertyList")?.children ?? []) out.set(p.name, p.text.trim());
  return out;
}

/** The `Content` property: SchemaData (default), Schema, Data or None. */
export function contentOf(properties: Properties): ContentParts {
  const value = properties.get(PROPERTY.Content);
  const parts = contentParts(value);
  if (!parts) throw new XmlaFault("bad-request", `The Content property cannot be ${value}.`);
  return parts;
}
