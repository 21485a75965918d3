import { UPSTREAM_XML_LIMITS, XML_REFUSED, type XmlLimits, XmlRefused, XmlSyntaxError } from "./limits.ts";
import { inSlices, scanXml, XML_SLICE_MS, type XmlBuilder } from "./scanner.ts";

/**
 * The connectors' reader of what upstream servers answer (SOAP answers of XMLA, Smart View answers): the
 * scanner's lenient mode, counting size, depth, elements and attributes against {@link UPSTREAM_XML_LIMITS}
 * as it goes and refusing one past them ({@link XmlRefused}) before it could cost more; a document that is not
 * well-formed XML is answered `null`. What it builds is left to an {@link XmlBuilder} (an element tree for
 * Smart View, fast-xml-parser's object shape for SOAP), so a document is walked once.
 */

/** A plain element tree: qualified names, attributes, children in order, the element's own text. */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  /** The text directly inside the element (whitespace kept), concatenated. */
  text: string;
}

export const treeBuilder: XmlBuilder<XmlNode> = {
  open: (name, attrs) => ({ name, attrs, children: [], text: "" }),
  text: (node, text) => {
    node.text += text;
  },
  close: (node, parent) => {
    parent?.children.push(node);
  },
};

function answerSteps<N>(text: string, builder: XmlBuilder<N>, limits: XmlLimits): Generator<void, N> {
  if (text.length > limits.maxChars) throw new XmlRefused(XML_REFUSED.chars(limits.maxChars));
  return scanXml(text, builder, { strict: false, limits });
}

/**
 * Reads a whole document at once: its root as `builder` built it, `null` when the text is not well-formed
 * XML; throws {@link XmlRefused} past `limits` or for a document type declaration. For small documents (a
 * request, a fixture): an upstream answer goes through {@link readXml}.
 */
export function readXmlSync<N>(
  text: string,
  builder: XmlBuilder<N>,
  limits: XmlLimits = UPSTREAM_XML_LIMITS,
): N | null {
  try {
    const steps = answerSteps(text, builder, limits);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  } catch (e) {
    if (e instanceof XmlSyntaxError) return null;
    throw e;
  }
}

/**
 * {@link readXmlSync} in slices of at most about {@link XML_SLICE_MS} ms, the event loop given back between
 * them: a large upstream answer is read without holding other requests.
 */
export async function readXml<N>(
  text: string,
  builder: XmlBuilder<N>,
  limits: XmlLimits = UPSTREAM_XML_LIMITS,
  sliceMs = XML_SLICE_MS,
): Promise<N | null> {
  try {
    return await inSlices(answerSteps(text, builder, limits), sliceMs);
  } catch (e) {
    if (e instanceof XmlSyntaxError) return null;
    throw e;
  }
}
