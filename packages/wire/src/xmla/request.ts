import { readXmlElement as readXml, type XmlElement, XmlSyntaxError } from "@qibates/protocols/xml";
import {
  type ContentParts,
  contentParts,
  PROPERTY,
  readXmlaRequest,
  XmlaFault,
  type XmlaRequest,
} from "@qibates/protocols/xmla";

export type Properties = ReadonlyMap<string, string>;

/** A request's body read as an XMLA request, or a `bad-request` fault (`session` for a header without its id). */
export async function readRequest(text: string): Promise<XmlaRequest> {
  let envelope: XmlElement;
  try {
    envelope = await readXml(text);
  } catch (e) {
    if (e instanceof XmlSyntaxError) throw new XmlaFault("bad-request", e.message);
    throw e;
  }
  return readXmlaRequest(envelope);
}

/** The `Content` property: SchemaData (default), Schema, Data or None. */
export function contentOf(properties: Properties): ContentParts {
  const value = properties.get(PROPERTY.Content);
  const parts = contentParts(value);
  // XMLA has these four values and no other (Metadata is none of them): a fault says which there are.
  if (!parts)
    throw new XmlaFault(
      "bad-request",
      `The Content property cannot be ${value}: XMLA's values are SchemaData (the default), Schema, Data and None.`,
    );
  return parts;
}
