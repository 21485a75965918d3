/** The namespaces of XML for Analysis over SOAP 1.1, as both sides of the exchange write and read them. */

export const SOAP_ENV = "http://schemas.xmlsoap.org/soap/envelope/";
export const SOAP_ENCODING = "http://schemas.xmlsoap.org/soap/encoding/";
export const XMLA_NS = "urn:schemas-microsoft-com:xml-analysis";
/** A schema rowset's `root` (Discover, and Execute in the Tabular format). */
export const ROWSET_NS = `${XMLA_NS}:rowset`;
/** A multidimensional data set's `root` (Execute in the Multidimensional format). */
export const MDDATASET_NS = `${XMLA_NS}:mddataset`;
/** What a command without a result answers: the EmptyResult data type. */
export const EMPTY_NS = `${XMLA_NS}:empty`;
export const XSI_NS = "http://www.w3.org/2001/XMLSchema-instance";
export const XSD_NS = "http://www.w3.org/2001/XMLSchema";
/** The `sql:field` attribute of a rowset schema's columns. */
export const XML_SQL_NS = "urn:schemas-microsoft-com:xml-sql";
