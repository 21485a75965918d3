/** An HTTP Basic `authorization` header for `user` and `password`, as the wire endpoints read it. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
}

/** An XMLA Discover envelope asking the rowset `requestType`; `rest` follows it inside `Discover`. */
export function xmlaDiscover(requestType: string, rest = ""): string {
  return (
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
    `<Discover xmlns="urn:schemas-microsoft-com:xml-analysis"><RequestType>${requestType}</RequestType>` +
    `${rest}</Discover></soap:Body></soap:Envelope>`
  );
}
