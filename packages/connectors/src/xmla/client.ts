import {
  type DataSet,
  dataSetOf,
  discoverEnvelope,
  executeEnvelope,
  type RequestType,
  readRows,
  readSoap,
  type SessionHeader,
  type SoapAnswer,
  soapAction,
  type XmlaMethod,
} from "@qibates/protocols/xmla";
import { oneLine, ProviderError } from "@qibates/provider";
import { UNREADABLE } from "../net/unreadable.ts";
import { masked, type Upstreams } from "../net/upstream.ts";
import { type Credentials, RemoteClient } from "../remote/client-base.ts";

/**
 * One XMLA connection of a QiBates session: every request is a SOAP POST to the XMLA address with HTTP Basic
 * (`msmdpump.dll` maps it to a Windows account; Essbase's `/aps/XMLA` checks it itself), inside one XMLA
 * session begun at login (`BeginSession`, then `Session@SessionId` on every request, `EndSession` at logout).
 * When the server no longer knows the session (a fault to a request sent in it), the client begins a new one
 * and sends the request once more. The password stays in this object's memory; it is never logged.
 */
export class XmlaClient extends RemoteClient {
  private sessionId: string | null = null;
  /** `false` once the server answered a `BeginSession` without a `Session` header: it keeps no sessions. */
  private sessions = true;

  constructor(
    upstreams: Upstreams,
    readonly url: URL,
    credentials: Credentials,
  ) {
    super(upstreams, url.origin, credentials);
  }

  /**
   * Checks the credentials and begins the XMLA session: `Discover DISCOVER_DATASOURCES` with `BeginSession`.
   * Answers the data sources (the servers).
   */
  async login(): Promise<Record<string, string>[]> {
    this.sessionId = null;
    this.sessions = true;
    const answer = await this.post("Discover", (h) => discoverEnvelope("DISCOVER_DATASOURCES", {}, {}, h), {
      kind: "begin",
    });
    this.sessionId = answer.sessionId;
    this.sessions = answer.sessionId !== null;
    return readRows(this.ok(answer, "DISCOVER_DATASOURCES"));
  }

  /** Ends the XMLA session (`EndSession` on a last `Discover`). */
  async logout(): Promise<void> {
    const id = this.sessionId;
    this.sessionId = null;
    if (!id) return;
    await this.post("Discover", (h) => discoverEnvelope("DISCOVER_DATASOURCES", {}, {}, h), {
      kind: "end",
      id,
    });
  }

  /** The rows of one schema rowset. */
  async discover(
    requestType: RequestType,
    restrictions: Record<string, string | undefined>,
    properties: Record<string, string | undefined> = {},
  ): Promise<Record<string, string>[]> {
    const answer = await this.inSession("Discover", (h) =>
      discoverEnvelope(requestType, restrictions, properties, h),
    );
    return readRows(this.ok(answer, requestType));
  }

  /** Runs one MDX statement; its multidimensional answer. */
  async execute(statement: string, properties: Record<string, string | undefined>): Promise<DataSet> {
    const answer = await this.inSession("Execute", (h) => executeEnvelope(statement, properties, h));
    const root = this.ok(answer, "Execute");
    const data = dataSetOf(root);
    if (!data) throw this.malformed(UNREADABLE.notDataSet());
    return data;
  }

  /** A request inside the session; a fault to it begins a new session and sends it once more. */
  private async inSession(method: XmlaMethod, build: (h: SessionHeader) => string): Promise<SoapAnswer> {
    if (!this.sessions) return this.post(method, build, { kind: "none" });
    if (this.sessionId === null) return this.begin(method, build);
    const old = this.sessionId;
    const answer = await this.post(method, build, { kind: "session", id: old });
    if (!answer.fault) return answer;
    const again = await this.begin(method, build);
    // The fault may not have been about the session (an MDX error, a refused write): the old session, if the
    // server still keeps it, is ended rather than left to expire there.
    if (this.sessionId !== old) {
      this.post("Discover", (h) => discoverEnvelope("DISCOVER_DATASOURCES", {}, {}, h), {
        kind: "end",
        id: old,
      }).catch(() => undefined);
    }
    return again;
  }

  private async begin(method: XmlaMethod, build: (h: SessionHeader) => string): Promise<SoapAnswer> {
    const answer = await this.post(method, build, { kind: "begin" });
    if (answer.sessionId) this.sessionId = answer.sessionId;
    return answer;
  }

  private async post(
    method: XmlaMethod,
    build: (h: SessionHeader) => string,
    header: SessionHeader,
  ): Promise<SoapAnswer> {
    const answer = await this.request(this.url, {
      method: "POST",
      headers: {
        authorization: this.authorization,
        "content-type": "text/xml; charset=utf-8",
        soapaction: soapAction(method),
        accept: "text/xml",
      },
      body: build(header),
    });
    this.checkLogin(answer);
    const soap = await this.readAnswer(method, answer, readSoap);
    // A refusal for now (429, a QiBates server past its request limit) says when to retry (`Retry-After`): `BUSY`,
    // with the fault's words.
    if (answer.status === 429) {
      const words = oneLine(soap?.fault?.message || "") || null;
      throw this.upstreams.failure(this.url, answer, `POST ${this.url.pathname} ${method}`, words);
    }
    if (soap) return soap;
    // Not SOAP: with an error status, only the server's text (logged, never answered).
    this.checkStatus(answer, `POST ${this.url.pathname} ${method}`);
    throw this.malformed(UNREADABLE.notSoap(method));
  }

  /** The answer's root, or its fault as `PROVIDER_FAILED` with the server's own message. */
  private ok(answer: SoapAnswer, what: string) {
    if (answer.fault || !answer.root) {
      // The server's own words (a fault's Description), bounded: they reach the API's message.
      // Never the credentials, should the server (or a proxy) echo them in its fault.
      const words = masked(answer.fault?.message || answer.fault?.code || "", [
        this.password,
        this.authorization.slice("Basic ".length),
      ]);
      const message = oneLine(words) || "error";
      throw new ProviderError("PROVIDER_FAILED", `${what}: ${message}`, { reason: message });
    }
    return answer.root;
  }
}
