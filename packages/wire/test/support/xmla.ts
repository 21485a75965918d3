import { child, esc, parseXml, type XmlElement, type XmlLimits } from "@qibates/protocols/xml";
import { type XmlaOptions, xmlaEndpoint } from "../../src/xmla/index.ts";
import { serverForTests, startWire } from "./server.ts";

const ANSWER_LIMITS: XmlLimits = {
  maxChars: Number.POSITIVE_INFINITY,
  maxElements: Number.POSITIVE_INFINITY,
  maxAttributes: Number.POSITIVE_INFINITY,
  maxDepth: Number.POSITIVE_INFINITY,
  maxNamespaces: Number.POSITIVE_INFINITY,
  maxElementNamespaces: Number.POSITIVE_INFINITY,
};

export const SOAP = "http://schemas.xmlsoap.org/soap/envelope/";
export const XA = "urn:schemas-microsoft-com:xml-analysis";

/** A Fastify server answering the XMLA endpoint over the embedded provider (demo/demo, other/other), on a free port. */
export async function startXmla(
  options: Partial<XmlaOptions> = {},
  gridWorkers = 0,
  /** Told of each answer as the server is about to send it (its body is built): the request's SOAP method. */
  onAnswered?: (method: string) => void,
) {
  return startWire(xmlaEndpoint, options, { users: { other: "other" }, gridWorkers }, (app) => {
    if (!onAnswered) return;
    app.addHook("onSend", async (request, _reply, payload) => {
      const body = typeof request.body === "string" ? request.body : "";
      onAnswered(/<(?:\w+:)?Execute\b/.test(body) ? "Execute" : "Discover");
      return payload;
    });
  });
}

/**
 * The XMLA endpoint of the enclosing file's (or block's) tests: started before them (`startXmla` with `options`),
 * closed after them. Its fields are read in the tests.
 */
export function xmlaForTests(options: Partial<XmlaOptions> = {}) {
  return serverForTests(() => startXmla(options));
}

export interface XmlaAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed envelope (null when the answer is not XML). */
  envelope: XmlElement | null;
}

export const DEMO_AUTH = `Basic ${Buffer.from("demo:demo").toString("base64")}`;

/** Posts a SOAP envelope (or any text) to the endpoint. */
export async function post(
  origin: string,
  body: string,
  options: { path?: string; auth?: string | null; action?: string } = {},
): Promise<XmlaAnswer> {
  const headers: Record<string, string> = { "content-type": "text/xml" };
  const auth = options.auth === undefined ? DEMO_AUTH : options.auth;
  if (auth) headers.authorization = auth;
  if (options.action) headers.soapaction = `"${XA}:${options.action}"`;
  const res = await fetch(`${origin}${options.path ?? "/olap/msmdpump.dll"}`, {
    method: "POST",
    headers,
    body,
  });
  const text = await res.text();
  let envelope: XmlElement | null = null;
  try {
    // An answer, not a request: read whatever its size (the request limits are the endpoint's).
    envelope = text ? parseXml(text, ANSWER_LIMITS) : null;
  } catch {
    envelope = null;
  }
  return { status: res.status, headers: res.headers, text, envelope };
}

/** A SOAP envelope around one XMLA method, with optional headers. */
export function envelope(method: string, header = ""): string {
  return (
    `<soap:Envelope xmlns:soap="${SOAP}">` +
    (header ? `<soap:Header>${header}</soap:Header>` : "") +
    `<soap:Body>${method}</soap:Body></soap:Envelope>`
  );
}

export function discoverBody(
  type: string,
  restrictions: Record<string, string> = {},
  properties: Record<string, string> = {},
): string {
  const r = Object.entries(restrictions)
    .map(([k, v]) => `<${k}>${esc(v)}</${k}>`)
    .join("");
  const p = Object.entries(properties)
    .map(([k, v]) => `<${k}>${esc(v)}</${k}>`)
    .join("");
  return (
    `<Discover xmlns="${XA}"><RequestType>${type}</RequestType>` +
    `<Restrictions><RestrictionList>${r}</RestrictionList></Restrictions>` +
    `<Properties><PropertyList>${p}</PropertyList></Properties></Discover>`
  );
}

export function executeBody(statement: string, properties: Record<string, string> = {}): string {
  const p = Object.entries({
    Catalog: "Sample",
    Format: "Multidimensional",
    AxisFormat: "TupleFormat",
    ...properties,
  })
    .map(([k, v]) => `<${k}>${esc(v)}</${k}>`)
    .join("");
  return (
    `<Execute xmlns="${XA}"><Command><Statement>${esc(statement)}</Statement></Command>` +
    `<Properties><PropertyList>${p}</PropertyList></Properties></Execute>`
  );
}

/**
 * A test's calls to the XMLA endpoint of `server` at `path` (Analysis Services' address unless told), each sent in
 * a SOAP envelope: a method the test wrote (with a header, where given), a Discover (of the Sample catalogue unless
 * told) and an Execute.
 */
export function xmlaCalls(server: { origin: string }, path?: string) {
  const send = (method: string, header = "") => post(server.origin, envelope(method, header), { path });
  return {
    send,
    discover: (
      type: string,
      restrictions: Record<string, string> = {},
      properties: Record<string, string> = { Catalog: "Sample" },
    ) => send(discoverBody(type, restrictions, properties)),
    execute: (statement: string, properties: Record<string, string> = {}, header = "") =>
      send(executeBody(statement, properties), header),
  };
}

/** The `return/root` element of a Discover or Execute answer. */
export function rootOf(answer: XmlaAnswer): XmlElement {
  const body = child(answer.envelope ?? undefined, "Body");
  const response = body?.children[0];
  const root = child(child(response, "return"), "root");
  if (!root) throw new Error(`no return/root in ${answer.text.slice(0, 500)}`);
  return root;
}

/** The columns of a rowset answer's schema, in order: each column's element name and its `sql:field`. */
export function rowsetColumns(answer: XmlaAnswer): [name: string, field: string][] {
  const schema = rootOf(answer).children.find((c) => c.name === "schema");
  const row = schema?.children.find((c) => c.name === "complexType" && c.attrs.name === "row");
  return (child(row, "sequence")?.children ?? []).map((e) => [e.attrs.name ?? "", e.attrs.field ?? ""]);
}

/** Rows of a rowset answer as records of their elements' text (repeated elements joined by `|`). */
export function rowsOf(answer: XmlaAnswer): Record<string, string>[] {
  return rootOf(answer)
    .children.filter((c) => c.name === "row")
    .map((row) => {
      const out: Record<string, string> = {};
      for (const c of row.children) out[c.name] = c.name in out ? `${out[c.name]}|${c.text}` : c.text;
      return out;
    });
}

/** The fault of an answer: faultcode, faultstring, detail/Error attributes. */
export function faultOf(answer: XmlaAnswer) {
  const fault = child(child(answer.envelope ?? undefined, "Body"), "Fault");
  if (!fault) return null;
  const error = child(child(fault, "detail"), "Error");
  return {
    faultcode: child(fault, "faultcode")?.text ?? "",
    faultstring: child(fault, "faultstring")?.text ?? "",
    error: error?.attrs ?? {},
  };
}

/** What can inject a request (a Fastify app under test). */
interface Injecting {
  inject(o: {
    method: "POST";
    url: string;
    payload: string;
    headers: Record<string, string>;
  }): PromiseLike<{ statusCode: number; body: string }>;
}

/**
 * A Discover of the catalogs, injected into `app` as the demo user with the SOAP header `header` (a `BeginSession`,
 * or a `Session` naming one): the answer's envelope and its fault, if any.
 */
export async function discoverIn(app: Injecting, header: string) {
  const r = await app.inject({
    method: "POST",
    url: "/olap/msmdpump.dll",
    payload: envelope(discoverBody("DBSCHEMA_CATALOGS"), header),
    headers: { "content-type": "text/xml", authorization: DEMO_AUTH },
  });
  const root = parseXml(r.body);
  return {
    root,
    fault: faultOf({ status: r.statusCode, headers: new Headers(), text: r.body, envelope: root }),
  };
}

/** The id of the session a `BeginSession` answer (from {@link discoverIn}) starts, or "" when it has none. */
export const sessionIdOf = (begun: { root: XmlElement }) =>
  child(child(begun.root, "Header"), "Session")?.attrs.SessionId ?? "";
