import { XML_LIMITS, type XmlLimits, XmlRefused, XmlSyntaxError, XmlTooLarge } from "./limits.ts";
import { inSlices, scanXml, type XmlBuilder } from "./scanner.ts";

/**
 * The wire endpoints' reader of request bodies: the scanner's strict mode into an element tree with
 * namespaces resolved. A request is counted against {@link XML_LIMITS} as it is read, by the scanner that reads
 * it ({@link XmlTooLarge} past one); a malformed one throws {@link XmlSyntaxError} with its line.
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

/** An element being read, and the prefixes it declares (their bindings are undone when it ends). */
interface Scoped {
  element: XmlElement;
  declared: string[] | null;
}

function local(qname: string): string {
  const colon = qname.indexOf(":");
  return colon < 0 ? qname : qname.slice(colon + 1);
}

/**
 * A builder of {@link XmlElement}s with namespaces resolved, one per document. The prefixes in scope are one map
 * of prefix → stack of bindings, shared by the whole document: an element's declarations push onto it, its end
 * pops them, and a name is resolved by the top of its prefix's stack. Nothing is copied per level, so the work
 * and memory are linear in elements + declarations, however deep or however many declarations are in scope
 * (a scope map copied at each level cost 14.6 s of CPU on a 255 KB request, and memory quadratic in
 * the depth).
 */
function elementBuilder(): XmlBuilder<Scoped> {
  const bindings = new Map<string, string[]>();
  const resolve = (prefix: string): string => {
    const stack = bindings.get(prefix);
    return stack?.[stack.length - 1] ?? "";
  };
  return {
    open: (qname, raw, _parent, unprefixed) => {
      let declared: string[] | null = null;
      // Names without a prefix are their own local names, and declare nothing: the scanner's object is kept.
      const attrs: Record<string, string> = unprefixed ? raw : Object.create(null);
      if (!unprefixed)
        for (const name in raw) {
          const value = raw[name] as string;
          if (name === "xmlns" || name.startsWith("xmlns:")) {
            const prefix = name === "xmlns" ? "" : name.slice(6);
            const stack = bindings.get(prefix);
            if (stack === undefined) bindings.set(prefix, [value]);
            else stack.push(value);
            declared ??= [];
            declared.push(prefix);
          } else attrs[local(name)] = value;
        }
      const colon = qname.indexOf(":");
      return {
        element: {
          name: local(qname),
          ns: resolve(colon < 0 ? "" : qname.slice(0, colon)),
          attrs,
          children: [],
          text: "",
        },
        declared,
      };
    },
    text: (node, text) => {
      node.element.text += text;
    },
    close: (node, parent) => {
      if (node.declared !== null) for (const prefix of node.declared) bindings.get(prefix)?.pop();
      parent?.element.children.push(node.element);
    },
  };
}

/** Builds nothing: {@link checkXmlSize} counts with the reader's own scanner. */
const countingBuilder: XmlBuilder<true> = { open: () => true, text: () => {}, close: () => {} };

/** A limit's refusal as the endpoints word it (413). */
const tooLarge = (e: XmlRefused): XmlTooLarge =>
  new XmlTooLarge(`${e.reason.charAt(0).toUpperCase()}${e.reason.slice(1)}.`);

/**
 * The scanner's strict mode counting `limits` as it reads: the size first, then elements, attributes, depth and
 * namespace declarations, each as the scanner meets it ({@link XmlTooLarge} past one). The same scanner, so the
 * same reading of comments, CDATA sections and processing instructions, counts and builds: no document can be
 * counted one way and read another.
 */
function* countedSteps<N>(text: string, builder: XmlBuilder<N>, limits: XmlLimits): Generator<void, N> {
  if (/<!DOCTYPE/i.test(text)) throw new XmlSyntaxError("A document type declaration is not allowed.");
  if (text.length > limits.maxChars)
    throw new XmlTooLarge(`The document is larger than ${limits.maxChars} characters.`);
  yield;
  try {
    return yield* scanXml(text, builder, { strict: true, limits });
  } catch (e) {
    throw e instanceof XmlRefused ? tooLarge(e) : e;
  }
}

/**
 * Refuses a request document past `limits` ({@link XmlTooLarge}) without building anything: the reader's own
 * scanner, counting. A malformation met before any limit is left to the reader, which meets it at the same
 * place (a document type declaration is refused here, as there).
 */
export function checkXmlSize(text: string, limits: XmlLimits = XML_LIMITS): void {
  const steps = countedSteps(text, countingBuilder, limits);
  try {
    for (let step = steps.next(); !step.done; step = steps.next());
  } catch (e) {
    if (e instanceof XmlTooLarge || !(e instanceof XmlSyntaxError)) throw e;
  }
}

/**
 * The reader as steps: XML 1.0 without a document type declaration (refused), so the only entity references
 * are XML's five and character references; comments, processing instructions and the XML declaration are
 * skipped, CDATA sections are text; elements get their namespace resolved. It counts {@link XmlLimits} as it
 * reads ({@link XmlTooLarge} past one) and pauses (`yield`) every few hundred units of work; the work is linear
 * in the text's length and the memory in its elements and declarations.
 */
export function parseXmlSteps(text: string, limits: XmlLimits = XML_LIMITS): Generator<void, XmlElement> {
  return elementOf(countedSteps(text, elementBuilder(), limits));
}

function* elementOf(steps: Generator<void, Scoped>): Generator<void, XmlElement> {
  return (yield* steps).element;
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
