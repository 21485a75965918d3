import { randomUUID } from "node:crypto";
import { PassThrough } from "node:stream";
import { ProviderError, type ProviderSession, slices } from "@qibates/connectors";
import { type EngineCube, EngineCubeWriteError, engineCubesOf } from "@qibates/connectors/embedded";
import { MdxError, type MdxQuery, parseMdx, parseMdxUpdate } from "@qibates/engine/mdx";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { refusalStatus } from "../error-answers.ts";
import { CallerSessions, registerLiveSessions } from "../live-sessions.ts";
import { basicLogin, LoginThrottle } from "../login-throttle.ts";
import type { WireEndpointOptions } from "../options.ts";
import { SessionStore, sessionOwner } from "../session-store.ts";
import { faultEnvelope, SOAP_ENV, XMLA_NS, XmlaFault } from "./faults.ts";
import { type ContentParts, type MdDataSetInput, mdDataSetXmlSteps, tabularXmlSteps } from "./mddataset.ts";
import { discoverRows, REQUEST_TYPES, type RequestType, rowsetXml } from "./rowsets.ts";
import { child, isNil, readXml, type XmlElement, XmlSyntaxError } from "./xml.ts";

export { XMLA_ERROR_HRESULT, type XmlaFaultKind } from "./faults.ts";
export { formatValue, MDDATASET_NS } from "./mddataset.ts";
export { memberName } from "./names.ts";
export { ROWSET_NS, TREE_OP } from "./rowsets.ts";
export { SOAP_ENV, XMLA_NS };

/** Where the endpoint answers: Analysis Services' HTTP pump (IIS) and Essbase's APS XMLA address. */
export const XMLA_PATHS = ["/olap/msmdpump.dll", "/aps/XMLA"] as const;

/**
 * Options of the XMLA endpoint: `provider` must answer cubes as the engine sees them (the embedded provider);
 * `connector` defaults to `ssas` (the capability table's SSAS profile); `about.name` is the provider name
 * DISCOVER_DATASOURCES answers and the source of faults; writes are journaled as `xmla:<user>`.
 */
export interface XmlaOptions extends WireEndpointOptions {
  /** The most cells an MDX query may cross into (the engine's default, 1,000,000, when absent). */
  maxCells?: number;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The XMLA endpoint's user, from HTTP Basic. */
    xmlaUser: string | null;
  }
}

interface XmlaSession {
  readonly id: string;
  readonly username: string;
  lastUsed: number;
  /** The catalog a `Catalog` property chose earlier in the session. */
  catalog: string | null;
}

const XML_TYPE = "text/xml; charset=utf-8";
/** What a command without a result answers: Microsoft's EmptyResult data type (XMLA, ms186689). */
const EMPTY_RESULT = `<root xmlns="${XMLA_NS}:empty"/>`;

type Properties = ReadonlyMap<string, string>;

/**
 * XML for Analysis over the embedded engine, at `/olap/msmdpump.dll` and `/aps/XMLA`: SOAP 1.1 `Discover`
 * (DISCOVER_DATASOURCES, DBSCHEMA_CATALOGS — the applications —, MDSCHEMA_CUBES, _DIMENSIONS, _HIERARCHIES,
 * _LEVELS, _MEMBERS with TREE_OP) answering rowsets, and `Execute` of MDX answering an MDDataSet (or
 * `UPDATE CUBE` writing cells). Authentication is HTTP Basic on every request, as msmdpump behind IIS with
 * Basic; the `BeginSession`, `Session` and `EndSession` headers keep an XMLA session. Failures are SOAP faults.
 */
export async function xmlaEndpoint(app: FastifyInstance, options: XmlaOptions): Promise<void> {
  const provider = options.provider;
  const throttle = options.loginThrottle ?? new LoginThrottle();
  // A request without session headers: one provider session per user at one address (the demo's own views).
  const callers = new CallerSessions("xmla", (options.idleMinutes ?? 30) * 60_000);
  const unregister = registerLiveSessions((id) => sessions.has(id) || callers.alive(id));
  app.addHook("onClose", async () => unregister());
  const engines = engineCubesOf(provider);
  if (!engines)
    throw new Error("the XMLA endpoint needs a provider that answers engine cubes (the embedded one)");
  const connector = options.connector ?? "ssas";
  const owner = options.owner ?? ((u: string) => `xmla:${u}`);
  const about = options.about ?? { name: "QiBates", version: "" };
  const source = `${about.name} XMLA`;
  const sessions = new SessionStore<XmlaSession>({
    idleMs: (options.idleMinutes ?? 30) * 60_000,
    max: options.maxSessions ?? 10_000,
    maxPerOwner: options.maxSessionsPerUser ?? 100,
    newId: () => randomUUID().toUpperCase(),
  });

  await app.register(async (scope) => {
    // The body is read as text whatever its media type (clients send text/xml, some application/soap+xml).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));

    scope.setErrorHandler((error, request, reply) => {
      const fault = asFault(error);
      if (fault) return sendFault(reply, fault);
      // What the HTTP layer refuses (body too large, rate limit…) keeps its status, with a fault as its body.
      const status = refusalStatus(error);
      if (status !== null)
        return sendFault(reply, new XmlaFault("bad-request", (error as Error).message), status);
      request.log.error({ err: error }, "xmla: internal error");
      return sendFault(reply, new XmlaFault("query", "An unexpected error has occurred."));
    });

    // HTTP Basic is checked on arrival, before the body is read.
    scope.decorateRequest("xmlaUser", null);
    scope.addHook("onRequest", async (request, reply) => {
      const username = await authenticate(request, reply);
      if (username === null) return reply;
      request.xmlaUser = username;
    });

    for (const path of XMLA_PATHS) {
      scope.post(path, async (request, reply) => answer(request, reply, request.xmlaUser as string));
      // The pump answers POST only: a browser's GET of msmdpump.dll gets 501 from IIS (NOTES.md).
      scope.route({
        method: ["GET", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"],
        url: path,
        handler: async (request, reply) =>
          sendFault(
            reply,
            new XmlaFault("bad-request", `${request.method} is not an XMLA method: send a SOAP POST.`),
            501,
          ),
      });
    }
    // Any other address under /olap/ is not the pump: a fault, never the site's HTML page.
    for (const other of ["/olap", "/olap/*"]) {
      scope.all(other, async (request, reply) =>
        sendFault(
          reply,
          new XmlaFault(
            "bad-request",
            `${request.url.split("?")[0]} is not an XMLA address: use ${XMLA_PATHS.join(" or ")}.`,
          ),
          404,
        ),
      );
    }
  });

  /** Replies that carry a fault: a session begun by their request ends with it. */
  const faulted = new WeakSet<FastifyReply>();

  /**
   * A SOAP fault answers HTTP 200, as Mondrian's XMLA servlet does and as the XMLA clients written against
   * Analysis Services expect (xmla4js and olap4j read a fault only from a 2xx answer; zeep reads either):
   * NOTES.md. An HTTP-layer refusal (body too large, rate limit, unknown address) keeps its own status.
   */
  function sendFault(reply: FastifyReply, fault: XmlaFault, status = 200) {
    faulted.add(reply);
    return reply.code(status).type(XML_TYPE).send(faultEnvelope(fault, source));
  }

  /** The user of HTTP Basic credentials the provider accepts; else a 401 challenge is sent and `null` answered. */
  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    const username = await basicLogin(throttle, provider, connector, request, new URL(loginAddress(request)));
    if (username !== null) return username;
    reply.code(401).header("www-authenticate", 'Basic realm="XMLA"').send();
    return null;
  }

  /** The provider address the endpoint stands for (`/aps/JAPI` on the host the client named). */
  function loginAddress(request: FastifyRequest): string {
    const address = `${request.protocol}://${request.headers.host ?? "localhost"}/aps/JAPI`;
    return URL.canParse(address) ? address : `${request.protocol}://localhost/aps/JAPI`;
  }

  function providerSession(request: FastifyRequest, username: string, id: string): ProviderSession {
    return {
      id,
      ownerId: owner(username),
      connector,
      username,
      providerAddress: loginAddress(request),
      aliasTable: null,
    };
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, username: string) {
    const text = typeof request.body === "string" ? request.body : "";
    let envelope: XmlElement;
    try {
      envelope = await readXml(text);
    } catch (e) {
      if (e instanceof XmlSyntaxError) throw new XmlaFault("bad-request", e.message);
      throw e;
    }
    if (envelope.name !== "Envelope" || envelope.ns !== SOAP_ENV)
      throw new XmlaFault("bad-request", "The request is not a SOAP 1.1 envelope.");
    const body = child(envelope, "Body");
    const method = body?.children[0];
    if (!body || !method || body.children.length !== 1)
      throw new XmlaFault("bad-request", "The SOAP body must hold one Discover or Execute element.");
    if (method.ns !== XMLA_NS || (method.name !== "Discover" && method.name !== "Execute"))
      throw new XmlaFault(
        "bad-request",
        `The method ${method.name} is not an XMLA method (Discover, Execute).`,
      );

    // Session headers: BeginSession starts one, Session names one, EndSession ends one.
    const header = child(envelope, "Header");
    const xa = (name: string) => header?.children.find((h) => h.name === name && h.ns === XMLA_NS);
    let session: XmlaSession | null = null;
    let ending = false;
    const named = xa("Session") ?? xa("EndSession");
    if (named) {
      const id = named.attrs.SessionId ?? "";
      if (id === "") throw new XmlaFault("session", `The ${named.name} header needs a SessionId.`);
      const found = sessions.find(id);
      if (!found || found.username !== username)
        throw new XmlaFault("session", `The session ${id} does not exist or has ended.`);
      session = found;
      ending = named.name === "EndSession";
    } else if (xa("BeginSession")) {
      session = sessions.add(
        (id, now) => ({ id, username, lastUsed: now, catalog: null }),
        sessionOwner(username, request.ip),
      );
      // A session begun by a request that fails is never known to the client: it ends with the request.
      const begun = session.id;
      reply.raw.once("finish", () => {
        if (faulted.has(reply) || reply.statusCode !== 200) sessions.end(begun);
      });
    }

    const properties = propertyList(method);
    const catalogProperty = properties.get("Catalog") || undefined;
    const ps = providerSession(request, username, session?.id ?? callers.id(username, request.ip));
    const context = new CallContext(ps, catalogProperty ?? session?.catalog ?? null);
    if (catalogProperty !== undefined) {
      await context.checkCatalog(catalogProperty);
      if (session) session.catalog = catalogProperty;
    }
    const content = contentOf(properties);
    const result =
      method.name === "Discover"
        ? await discover(method, properties, context, content, request)
        : await execute(method, properties, context, content, username);
    if (ending && session) sessions.end(session.id);
    const sessionHeader =
      session && !ending
        ? `<soap:Header><Session xmlns="${XMLA_NS}" SessionId="${session.id}"/></soap:Header>`
        : "";
    const head =
      `<?xml version="1.0" encoding="UTF-8"?>\n<soap:Envelope xmlns:soap="${SOAP_ENV}">${sessionHeader}` +
      `<soap:Body><${method.name}Response xmlns="${XMLA_NS}"><return>`;
    const tail = `</return></${method.name}Response></soap:Body></soap:Envelope>`;
    if (typeof result === "string") return reply.type(XML_TYPE).send(head + result + tail);
    // An MDDataSet: written a slice at a time on the event loop, between other calls (`slices`), each chunk sent
    // as soon as it is written, so that neither the whole answer's text nor one write of it holds the loop.
    const stream = new PassThrough();
    stream.write(head);
    const write = result.format === "Tabular" ? tabularXmlSteps : mdDataSetXmlSteps;
    slices.run({ start: () => write(result, (chunk) => stream.write(chunk)) }).then(
      () => stream.end(tail),
      (e: unknown) => {
        // Nothing can be answered instead once the answer has started: the connection ends short of it.
        request.log.error({ err: e }, "xmla: an answer could not be written");
        stream.destroy(e instanceof Error ? e : new Error(String(e)));
      },
    );
    return reply.type(XML_TYPE).send(stream);
  }

  /** What one call reads from the provider: the server, its applications (catalogs) and their cubes. */
  class CallContext {
    private server: Promise<string> | null = null;
    private catalogList: Promise<string[]> | null = null;

    constructor(
      readonly session: ProviderSession,
      readonly catalog: string | null,
    ) {}

    serverName(): Promise<string> {
      this.server ??= provider.servers(this.session).then((s) => s.servers[0]?.name ?? "");
      return this.server;
    }

    catalogs(): Promise<string[]> {
      this.catalogList ??= this.serverName().then((server) =>
        provider.applications(this.session, server, false).then((a) => a.applications.map((x) => x.name)),
      );
      return this.catalogList;
    }

    async checkCatalog(name: string): Promise<string> {
      const found = (await this.catalogs()).find((c) => c.toLowerCase() === name.toLowerCase());
      if (!found) throw new XmlaFault("unknown-cube", `The catalog ${name} does not exist.`);
      return found;
    }

    async cubes(catalog: string): Promise<string[]> {
      const server = await this.serverName();
      const list = await provider.cubes(this.session, { server, application: catalog });
      return list.cubes.map((c) => c.name);
    }

    async engine(catalog: string, cube: string): Promise<EngineCube> {
      const server = await this.serverName();
      // As this call's provider session: a demo user's writes land in a view of its own.
      return (engines as NonNullable<typeof engines>).engineCube(
        connector,
        { server, application: catalog, cube },
        this.session,
      );
    }

    /** The cube a statement's `FROM` names: `[App].[Cube]`, or a cube of the current catalog, or the one cube of that name. */
    async cubeOf(parts: readonly string[]): Promise<EngineCube> {
      const cube = parts[parts.length - 1] ?? "";
      if (parts.length === 2) return this.engine(await this.checkCatalog(parts[0] as string), cube);
      if (this.catalog !== null) return this.engine(await this.checkCatalog(this.catalog), cube);
      const holding: string[] = [];
      for (const c of await this.catalogs())
        if ((await this.cubes(c)).some((n) => n.toLowerCase() === cube.toLowerCase())) holding.push(c);
      if (holding.length !== 1)
        throw new XmlaFault(
          "unknown-cube",
          holding.length === 0
            ? `The cube ${cube} does not exist.`
            : `The cube ${cube} is in several catalogs (${holding.join(", ")}): name the catalog.`,
        );
      return this.engine(holding[0] as string, cube);
    }
  }

  async function discover(
    method: XmlElement,
    properties: Properties,
    context: CallContext,
    content: ContentParts,
    request: FastifyRequest,
  ): Promise<string> {
    const type = child(method, "RequestType")?.text.trim() ?? "";
    if (!(REQUEST_TYPES as readonly string[]).includes(type))
      throw new XmlaFault("unsupported", `The request type ${type || "(none)"} is not supported.`);
    const format = properties.get("Format");
    if (format !== undefined && format !== "Tabular")
      throw new XmlaFault("unsupported", `Discover answers the Tabular format only, not ${format}.`);
    const restrictions = new Map<string, string>();
    const list = child(child(method, "Restrictions"), "RestrictionList");
    // An empty restriction (`<CUBE_NAME/>`) restricts nothing.
    for (const r of list?.children ?? []) if (r.text.trim() !== "") restrictions.set(r.name, r.text.trim());
    const rows = content.data
      ? await discoverRows(type as RequestType, restrictions, {
          dataSourceName: await context.serverName(),
          url: `${request.protocol}://${request.headers.host ?? "localhost"}${request.url.split("?")[0] ?? ""}`,
          providerName: about.name,
          defaultCatalog: context.catalog,
          catalogs: () => context.catalogs(),
          cubes: (c) => context.cubes(c),
          engine: (catalog, cube) => context.engine(catalog, cube),
          writeEnabled: true,
        })
      : [];
    return rowsetXml(type as RequestType, rows, content);
  }

  async function execute(
    method: XmlElement,
    properties: Properties,
    context: CallContext,
    content: ContentParts,
    username: string,
  ): Promise<string | MdDataSetInput> {
    const statement = child(child(method, "Command"), "Statement")?.text ?? "";
    // A command without a statement (how clients open or close a session) answers an empty result.
    if (statement.trim() === "") return EMPTY_RESULT;
    if (/^\s*UPDATE\b/i.test(statement)) {
      const update = parseMdxUpdate(statement);
      const cube = await context.cubeOf(update.cube.map((p) => p.name));
      await cube.update(owner(username), update);
      return EMPTY_RESULT;
    }
    const format = properties.get("Format") ?? "Native";
    if (format !== "Multidimensional" && format !== "Native" && format !== "Tabular")
      throw new XmlaFault(
        "unsupported",
        `Execute answers the Multidimensional and Tabular formats only, not ${format}.`,
      );
    const axisFormat = properties.get("AxisFormat") ?? "TupleFormat";
    // AxisFormat shapes the axes of an MDDataSet only; a Tabular answer has none.
    if (format !== "Tabular" && axisFormat !== "TupleFormat")
      throw new XmlaFault(
        "unsupported",
        `Execute answers the TupleFormat axis format only, not ${axisFormat}.`,
      );
    const query: MdxQuery = parseMdx(statement);
    if (format === "Tabular" && query.axes.length > 2)
      throw new XmlaFault(
        "unsupported",
        "The Tabular format flattens COLUMNS and ROWS only: this query has more axes.",
      );
    const cube = await context.cubeOf(query.cube.map((p) => p.name));
    const result = await cube.mdx(
      statement,
      options.maxCells !== undefined ? { maxCells: options.maxCells } : {},
      query,
    );
    // Written by `answer` (an answer streamed in chunks).
    return {
      cube: cube.cube,
      outline: cube.outline,
      result,
      content,
      aliasTable: "Default",
      format: format === "Tabular" ? "Tabular" : "Multidimensional",
    };
  }
}

function propertyList(method: XmlElement): Map<string, string> {
  const out = new Map<string, string>();
  const props = child(method, "Properties");
  if (!props || isNil(props)) return out;
  for (const p of child(props, "PropertyList")?.children ?? []) out.set(p.name, p.text.trim());
  return out;
}

/** The `Content` property: SchemaData (default), Schema, Data or None. */
function contentOf(properties: Properties): ContentParts {
  const value = properties.get("Content") ?? "SchemaData";
  switch (value) {
    case "SchemaData":
      return { schema: true, data: true };
    case "Schema":
      return { schema: true, data: false };
    case "Data":
      return { schema: false, data: true };
    case "None":
      return { schema: false, data: false };
    default:
      throw new XmlaFault("bad-request", `The Content property cannot be ${value}.`);
  }
}

/** The fault an error stands for, or `null` for a bug. */
function asFault(error: unknown): XmlaFault | null {
  if (error instanceof XmlaFault) return error;
  if (error instanceof MdxError) {
    const kind =
      error.code === "MDX_SYNTAX"
        ? "syntax"
        : error.code === "MDX_UNKNOWN_MEMBER"
          ? "unknown-member"
          : error.code === "MDX_UNKNOWN_CUBE"
            ? "unknown-cube"
            : "query";
    return new XmlaFault(kind, error.message);
  }
  if (error instanceof EngineCubeWriteError) return new XmlaFault("query", error.message);
  if (error instanceof ProviderError) {
    const unknownCube = ["SERVER_UNKNOWN", "APPLICATION_UNKNOWN", "CUBE_UNKNOWN"].includes(error.code);
    return new XmlaFault(unknownCube ? "unknown-cube" : "query", error.message);
  }
  return null;
}
