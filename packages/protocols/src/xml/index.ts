export { esc, leaf } from "./escape.ts";
export {
  readXml,
  readXmlSync,
  treeBuilder,
  UPSTREAM_XML_LIMITS,
  XML_SLICE_MS,
  type XmlBuilder,
  type XmlLimits,
  type XmlNode,
  XmlRefused,
} from "./reader.ts";
