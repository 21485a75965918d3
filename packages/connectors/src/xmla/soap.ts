/**
 * XML for Analysis over SOAP 1.1 as the `ssas` connector speaks it: the codec `@qibates/protocols/xmla`
 * (envelopes with the session headers, answers read by local name), shared with the XMLA endpoint.
 */
export {
  type DataSet,
  type DataSetCell,
  type DataSetMember,
  dataSetOf,
  discoverEnvelope,
  executeEnvelope,
  parseSoap,
  readRows,
  readSoap,
  rowsOf,
  type SessionHeader,
  type SoapAnswer,
  XMLA_NS,
  type XmlaError,
} from "@qibates/protocols/xmla";
