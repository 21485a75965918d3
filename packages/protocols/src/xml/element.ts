import { checkXmlSize, XML_LIMITS, type XmlLimits, XmlSyntaxError } from "./limits.ts";
import { inSlices, scanXml, type XmlBuilder } from "./scanner.ts";

/**
 * The wire endpoints' reader of request bodies: the scanner's strict mode into an element tree with
 * namespaces resolved. A request is counted against {@link XML_LIMITS} before it is read
 * ({@link checkXmlSize}); a malformed one throws {@link XmlSyntaxError} with its line.
 */

/** An element of a parsed document, with its namespace resolved. */
export interface XmlElement {
  /** Local name, without prefix. */
  name: string;
  /** Namespace URI (`""` when none is in scope). */
  ns: string;
  /** Attributes by local name (namespace declarations left out). */
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The text directly inside the element, concatenated. */
  text: string;
}

/** An element being read and the namespace prefixes in scope inside it. */
interface Scoped {
  element: XmlElement;
  scope: ReadonlyMap<string, string>;
}

function local(qname: string): string {
  const colon = qname.indexOf(":");
  return colon < 0 ? qname : qname.slice(colon + 1);
}

const NO_SCOPE: ReadonlyMap<string, string> = new Map();

const elementBuilder: XmlBuilder<Scoped> = {
  open: (qname, raw, parent) => {
    let scope = parent?.scope ?? NO_SCOPE;
    let inner: Map<string, string> | null = null;
    const attrs: Record<string, string> = {};
    for (const name in raw) {
      const value = raw[name] as string;
      if (name === "xmlns" || name.startsWith("xmlns:")) {
        inner ??= new Map(scope);
        inner.set(name === "xmlns" ? "" : name.slice(6), value);
      } else attrs[local(name)] = value;
    }
    if (inner) scope = inner;
    const colon = qname.indexOf(":");
    const prefix = colon < 0 ? "" : qname.slice(0, colon);
    return {
      element: { name: local(qname), ns: scope.get(prefix) ?? "", attrs, children: [], text: "" },
      scope,
    };
  },
  text: (node, text) => {
    node.element.text += text;
  },
  close: (node, parent) => {
    parent?.element.children.push(node.element);
  },
};

/**
 * The reader as steps: XML 1.0 without a document type declaration (refused), so the only entity references
 * are XML's five and character references; comments, processing instructions and the XML declaration are
 * skipped, CDATA sections are text; elements get their namespace resolved. It pauses (`yield`) every few
 * hundred units of work; the work is linear in the text's length.
 */
export function* parseXmlSteps(text: string, limits: XmlLimits = XML_LIMITS): Generator<void, XmlElement> {
  if (/<!DOCTYPE/i.test(text)) throw new XmlSyntaxError("A document type declaration is not allowed.");
  checkXmlSize(text, limits);
  yield;
  return (yield* scanXml(text, elementBuilder, { strict: true, limits: null })).element;
}

/**
 * Parses a document into its root element in one go: for documents read outside a request (tests, fixtures).
 * A request's body is read with {@link readXmlElement}, which gives the event loop back while it parses.
 */
export function parseXml(text: string, limits: XmlLimits = XML_LIMITS): XmlElement {
  const steps = parseXmlSteps(text, limits);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** How long one slice of {@link readXmlElement} may hold the event loop, in milliseconds. */
const REQUEST_SLICE_MS = 4;

/**
 * {@link parseXml} in slices of about 4 ms, one per turn of the event loop, so that a large request (2 MiB of
 * attributes took 0.5 to 2 s in one piece with fast-xml-parser) never holds up the calls arriving meanwhile.
 */
export function readXmlElement(text: string, limits: XmlLimits = XML_LIMITS): Promise<XmlElement> {
  return inSlices(parseXmlSteps(text, limits), REQUEST_SLICE_MS);
}

export function child(e: XmlElement | undefined, name: string): XmlElement | undefined {
  return e?.children.find((c) => c.name === name);
}

/** Whether an element says `xsi:nil="true"` (a Restrictions or Properties sent empty). */
export function isNil(e: XmlElement): boolean {
  return e.attrs.nil === "true";
}
