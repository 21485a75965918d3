export {
  type DataSet,
  type DataSetCell,
  type DataSetMember,
  dataSetOf,
  parseSoap,
  readRows,
  readSoap,
  rowsOf,
  type SoapAnswer,
  type SoapNode,
} from "./answer.ts";
export {
  answerHead,
  answerTail,
  discoverEnvelope,
  EMPTY_RESULT,
  executeEnvelope,
} from "./envelope.ts";
export {
  faultEnvelope,
  XMLA_ERROR_HRESULT,
  type XmlaError,
  XmlaFault,
  type XmlaFaultKind,
} from "./faults.ts";
export {
  type AxisMember,
  axisMemberXml,
  CELL_PROPERTIES,
  cellPropertiesXml,
  cellXml,
  DEFAULT_CELL_PROPERTIES,
  DISPLAY_INFO,
  type ExtraMemberProperty,
  MDDATASET_SCHEMA,
  MEMBER_PROPERTIES,
  olapInfoXml,
  rootOpen,
  textCellXml,
  uniqueColumnNames,
  XML_CHUNK_CHARS,
  XmlChunks,
  xmlColumnName,
} from "./mddataset.ts";
export { bracket } from "./mdx-names.ts";
export {
  EMPTY_NS,
  MDDATASET_NS,
  ROWSET_NS,
  SOAP_ENCODING,
  SOAP_ENV,
  XML_SQL_NS,
  XMLA_NS,
  XSD_NS,
  XSI_NS,
} from "./namespaces.ts";
export { soapAction, XMLA_PATHS, type XmlaMethod } from "./paths.ts";
export {
  type ContentParts,
  type ContentValue,
  contentParts,
  FORMAT,
  PROPERTY,
  TUPLE_FORMAT,
} from "./properties.ts";
export { readXmlaRequest, type XmlaRequest } from "./request.ts";
export {
  DIMENSION_TYPE,
  MEMBER_TYPE,
  REQUEST_TYPES,
  type RequestType,
  type RestrictionInfo,
  type Row,
  restrictionTakesSeveral,
  rowsetColumnNames,
  rowsetRestrictionNames,
  rowsetXml,
  schemaRowsetGuid,
  schemaRowsetRestrictions,
  TREE_OP,
} from "./rowsets.ts";
export {
  answerHeaderXml,
  requestHeaderXml,
  SESSION_HEADER,
  SESSION_ID,
  type SessionHeader,
} from "./session.ts";
