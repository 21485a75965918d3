/**
 * What an XML document may hold, and the errors of a document refused. Two sets of limits: a request read by
 * a wire endpoint ({@link XML_LIMITS}, counted by {@link checkXmlSize} before it is read) and an answer a
 * connector reads from an upstream server ({@link UPSTREAM_XML_LIMITS}, counted while it is read): an upstream
 * answer is legitimately larger (an XMLA member rowset of a whole dimension, a 200,000-cell data set).
 */

/** What one document may hold. */
export interface XmlLimits {
  /** Characters. */
  maxChars: number;
  /** Elements, all depths together. */
  maxElements: number;
  /** Attributes, all elements together. */
  maxAttributes: number;
  /** Nesting depth. */
  maxDepth: number;
}

/** A request document read by a wire endpoint: 2 MiB, 50,000 elements and attributes, 128 deep. */
export const XML_LIMITS: XmlLimits = {
  maxChars: 2 * 1024 * 1024,
  maxElements: 50_000,
  maxAttributes: 50_000,
  maxDepth: 128,
};

/**
 * The defaults for upstream answers: the size is bounded first by the answer cap (`UPSTREAM_MAX_ANSWER_BYTES`);
 * elements and attributes bound the memory of what is built (about 200 bytes an element); no answer of the
 * protocols nests deeper than a few tens.
 */
export const UPSTREAM_XML_LIMITS: XmlLimits = {
  maxChars: 256 * 1024 * 1024,
  maxElements: 1_000_000,
  maxAttributes: 1_000_000,
  maxDepth: 256,
};

class XmlSyntaxErrorBase extends Error {}

/** A request document that is not well-formed XML (or declares a document type): the endpoints' fault. */
export class XmlSyntaxError extends XmlSyntaxErrorBase {
  override readonly name = "XmlSyntaxError";
}

/** A request document over one of {@link XmlLimits}: answered 413 by the endpoints. */
export class XmlTooLarge extends XmlSyntaxErrorBase {
  override readonly name = "XmlTooLarge";
  readonly status = 413;
}

/** An upstream document refused before it was read whole: over a limit, or carrying a document type declaration. */
export class XmlRefused extends Error {
  override readonly name = "XmlRefused";
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * Counts a request document's elements, attributes and depth in one pass, without building anything, and
 * refuses it past `limits` (a parser's cost grows with all three: a 7 MB document of attributes took 9 s in
 * fast-xml-parser). It runs before the document is read, so a refusal never depends on where a malformation
 * is. Comments, CDATA sections and processing instructions are skipped; a malformed document is left to the
 * reader to refuse.
 */
export function checkXmlSize(text: string, limits: XmlLimits = XML_LIMITS): void {
  if (text.length > limits.maxChars)
    throw new XmlTooLarge(`The document is larger than ${limits.maxChars} characters.`);
  let elements = 0;
  let attributes = 0;
  let depth = 0;
  const n = text.length;
  for (let i = text.indexOf("<"); i >= 0 && i < n; i = text.indexOf("<", i)) {
    const next = text.charCodeAt(i + 1);
    if (next === 33 /* ! */) {
      const close = text.startsWith("<!--", i) ? "-->" : text.startsWith("<![CDATA[", i) ? "]]>" : ">";
      const end = text.indexOf(close, i + 2);
      i = end < 0 ? n : end + close.length;
      continue;
    }
    if (next === 63 /* ? */) {
      const end = text.indexOf("?>", i + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    if (next === 47 /* / */) {
      depth--;
      const end = text.indexOf(">", i);
      i = end < 0 ? n : end + 1;
      continue;
    }
    // A start tag: its attributes are its `=` outside quoted values.
    let j = i + 1;
    let quote = 0;
    for (; j < n; j++) {
      const c = text.charCodeAt(j);
      if (quote !== 0) {
        if (c === quote) quote = 0;
      } else if (c === 34 || c === 39) quote = c;
      else if (c === 61 /* = */) attributes++;
      else if (c === 62 /* > */) break;
    }
    elements++;
    if (text.charCodeAt(j - 1) !== 47 /* / */) depth++;
    if (elements > limits.maxElements)
      throw new XmlTooLarge(`The document has more than ${limits.maxElements} elements.`);
    if (attributes > limits.maxAttributes)
      throw new XmlTooLarge(`The document has more than ${limits.maxAttributes} attributes.`);
    if (depth > limits.maxDepth)
      throw new XmlTooLarge(`The document nests elements more than ${limits.maxDepth} deep.`);
    i = j + 1;
  }
}
