export {
  checkXmlSize,
  child,
  isNil,
  parseXml,
  parseXmlSteps,
  readXmlElement,
  type XmlElement,
} from "./element.ts";
export { esc, leaf } from "./escape.ts";
export {
  UPSTREAM_XML_LIMITS,
  XML_LIMITS,
  XML_REFUSED,
  type XmlLimits,
  type XmlRefusal,
  XmlRefused,
  XmlSyntaxError,
  XmlTooLarge,
} from "./limits.ts";
export { readXml, readXmlSync, treeBuilder, type XmlNode } from "./reader.ts";
export { inSlices, XML_SLICE_MS, type XmlBuilder } from "./scanner.ts";
