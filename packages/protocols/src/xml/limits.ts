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
  /** Namespace declarations (`xmlns`, `xmlns:p`), all elements together. */
  maxNamespaces: number;
  /** Namespace declarations on one element. */
  maxElementNamespaces: number;
}

/**
 * A request document read by a wire endpoint: 2 MiB, 50,000 elements and attributes, 128 deep, 1,024 namespace
 * declarations, 64 on one element (the recorded clients' requests and answers declare at most 13 in all, 7 on
 * one element).
 */
export const XML_LIMITS: XmlLimits = {
  maxChars: 2 * 1024 * 1024,
  maxElements: 50_000,
  maxAttributes: 50_000,
  maxDepth: 128,
  maxNamespaces: 1_024,
  maxElementNamespaces: 64,
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
  maxNamespaces: 100_000,
  maxElementNamespaces: 1_000,
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

/** Why an upstream document is refused unread, in each language of the API's messages ({@link XML_REFUSED}). */
export interface XmlRefusal {
  readonly en: string;
  readonly fr: string;
}

/**
 * A limit as each language's messages write it: "50,000" in English, « 50 000 » in French (a narrow no-break space
 * from 10 000 on), as `formatNumber` of @qibates/provider does, which this package does not depend on.
 */
function limit(max: number): XmlRefusal {
  const en = max.toLocaleString("en-US");
  return { en, fr: max >= 10_000 ? en.replaceAll(",", "\u202F") : String(max) };
}

/**
 * Every reason an upstream document is refused unread ({@link XmlRefused}), in English and French: QiBates' own
 * words, which a French message of the API says in French.
 */
export const XML_REFUSED = {
  doctype: (): XmlRefusal => ({
    en: "the document has a document type declaration",
    fr: "le document a une déclaration de type de document",
  }),
  attributes: (max: number): XmlRefusal => ({
    en: `the document has more than ${limit(max).en} attributes`,
    fr: `le document a plus de ${limit(max).fr}\u00a0attributs`,
  }),
  elementNamespaces: (max: number): XmlRefusal => ({
    en: `an element declares more than ${limit(max).en} namespaces`,
    fr: `un élément déclare plus de ${limit(max).fr}\u00a0espaces de noms`,
  }),
  namespaces: (max: number): XmlRefusal => ({
    en: `the document declares more than ${limit(max).en} namespaces`,
    fr: `le document déclare plus de ${limit(max).fr}\u00a0espaces de noms`,
  }),
  elements: (max: number): XmlRefusal => ({
    en: `the document has more than ${limit(max).en} elements`,
    fr: `le document a plus de ${limit(max).fr}\u00a0éléments`,
  }),
  depth: (max: number): XmlRefusal => ({
    en: `the document nests elements more than ${limit(max).en} deep`,
    fr: `le document imbrique des éléments sur plus de ${limit(max).fr}\u00a0niveaux`,
  }),
  chars: (max: number): XmlRefusal => ({
    en: `the document is larger than ${limit(max).en} characters`,
    fr: `le document dépasse ${limit(max).fr}\u00a0caractères`,
  }),
} as const;

/** An upstream document refused before it was read whole: over a limit, or carrying a document type declaration. */
export class XmlRefused extends Error {
  override readonly name = "XmlRefused";
  /** The reason in English (`text.en`). */
  readonly reason: string;
  constructor(readonly text: XmlRefusal) {
    super(text.en);
    this.reason = text.en;
  }
}
