import {
  answers,
  connectBody,
  EXCEPTION_ELEMENT,
  isProtocolAnswer,
  leaf,
  readException,
  requestXml,
  type SvElement,
  sidXml,
  ssoXml,
  svText,
} from "@qibates/protocols/smartview";
import { esc, readXml, readXmlSync, treeBuilder, XmlRefused } from "@qibates/protocols/xml";
import { oneLine, ProviderError } from "@qibates/provider";
import { UNREADABLE } from "../net/unreadable.ts";
import { masked, type Upstreams } from "../net/upstream.ts";
import { type Credentials, RemoteClient } from "../remote/client-base.ts";
import { loginRefused } from "../remote/login.ts";

export { leaf, type SvElement, svChild, svList, svText } from "@qibates/protocols/smartview";

/**
 * One Smart View XML provider session (Essbase APS 11.x, `…/aps/SmartView`) of a QiBates session. Every call
 * is one POST of one XML document, `req_<Method>` with the session id `sID` first; the answer is
 * `res_<Method>` or an `exception` element (`errcode`, `type`, `desc`). Login is `ConnectToProvider` with the
 * user name and password (the password stays in this object's memory, never logged); calls about a cube
 * first open its application and the cube (`OpenApplication`, `OpenCube`), as Smart View does, so calls are
 * queued one at a time per session. `Logout` ends it.
 */

/**
 * The root element of a document, or `null` when the text is not XML (or is past the bounded reader's limits,
 * or declares a document type). For small documents: an upstream answer goes through {@link readSv}.
 */
export function parseSv(text: string): SvElement | null {
  try {
    return readXmlSync(text, treeBuilder);
  } catch (e) {
    if (e instanceof XmlRefused) return null;
    throw e;
  }
}

/** {@link parseSv} without holding the event loop (the bounded reader in slices); throws `XmlRefused`. */
export function readSv(text: string): Promise<SvElement | null> {
  return readXml(text, treeBuilder);
}

/**
 * The exception element as a provider error: Essbase's unknown-member words as `MEMBER_UNKNOWN`. `secrets` (the
 * password the connection sends) never reach the message, should the server echo them.
 */
export function exceptionError(e: SvElement, secrets: readonly string[] = []): ProviderError {
  // The server's words, bounded (one line, 300 characters): they reach the API's message.
  const { errcode, desc: words } = readException(e);
  const raw = masked(words.slice(0, 4096), secrets);
  const desc = oneLine(raw) || oneLine(`error ${errcode}`);
  const unknown = /OLAP error \(1260046\): Unknown Member (.+) used in query/.exec(raw);
  if (unknown) {
    const member = oneLine(unknown[1] as string);
    return new ProviderError("MEMBER_UNKNOWN", `Unknown member ${member}.`, { member });
  }
  return new ProviderError("PROVIDER_FAILED", desc, { reason: desc });
}

export interface OpenCube {
  server: string;
  application: string;
  cube: string;
}

/** Messages never sent twice: a second run would change the server again. */
const REPEAT_NEVER = new Set(["LaunchBusinessRule"]);

export class SmartViewClient extends RemoteClient {
  protected sid: string | null = null;
  protected open: OpenCube | null = null;
  /** The single sign-on token `GetSSOToken` gave this connection (`null`: none asked yet, or refused). */
  private ssoToken: string | null = null;
  private ssoRefused = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    upstreams: Upstreams,
    readonly url: URL,
    credentials: Credentials,
  ) {
    super(upstreams, url.origin, credentials);
  }

  /** `ConnectToProvider` with the user name and password: the session id, or `LOGIN_FAILED`. */
  async connect(): Promise<void> {
    const answer = await this.post("ConnectToProvider", connectBody(this.username, this.password));
    if (!answers(answer, "ConnectToProvider")) {
      throw loginRefused();
    }
    const sid = svText(answer, "sID");
    if (sid === "") throw this.malformed(UNREADABLE.answerWithout("ConnectToProvider", "sID"));
    this.sid = sid;
    this.open = null;
    this.ssoToken = null;
    this.ssoRefused = false;
  }

  /** `Logout`: the session ends. */
  async logout(): Promise<void> {
    const sid = this.sid;
    this.sid = null;
    if (sid === null) return;
    await this.post("Logout", sidXml(sid));
  }

  /**
   * One call in the session (`sID` first, then `body`), queued after the session's other calls; `answerTimeoutMs`
   * for a call whose answer comes only when the server's work ends.
   */
  call(method: string, body: string, cube?: OpenCube, answerTimeoutMs?: number): Promise<SvElement> {
    const once = async () => {
      if (cube) await this.openCube(cube);
      return this.send(method, body, answerTimeoutMs);
    };
    const run = async () => {
      const sid = this.sid;
      try {
        return await once();
      } catch (e) {
        // The session the server ended (its idle timeout, a restart, a user's oldest session past its limit)
        // while the QiBates session lives on: its next call is the server's exception. The client logs in
        // again once (`connect`: through Workspace for Planning) and sends the call again, as the Essbase 21c
        // and SSAS connectors do; a second refusal is the answer. Never a call that changes the server (a
        // business rule), which must not run twice.
        if (sid === null || REPEAT_NEVER.has(method)) throw e;
        if (!(e instanceof ProviderError) || e.code !== "PROVIDER_FAILED") throw e;
        this.sid = null;
        this.open = null;
        await this.post("Logout", sidXml(sid)).catch(() => undefined);
        return once();
      }
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async openCube(cube: OpenCube): Promise<void> {
    const o = this.open;
    if (o && o.server === cube.server && o.application === cube.application && o.cube === cube.cube) return;
    this.open = null;
    const credentials = this.credentials();
    await this.send(
      "OpenApplication",
      [...credentials, leaf("srv", cube.server), leaf("app", cube.application)].join("\n"),
    );
    if (this.ssoToken === null && !this.ssoRefused && credentials.some((c) => c.startsWith("<pwd"))) {
      // As Smart View clients do after a password login (agardiner/SmartView `open_app`): a token for the
      // later OpenApplication calls, so the password crosses the wire once per connection. A server that
      // refuses GetSSOToken keeps getting the user name and password.
      try {
        const token = svText(await this.send("GetSSOToken", ""), "sso");
        if (token === "") this.ssoRefused = true;
        else this.ssoToken = token;
      } catch (e) {
        if (!(e instanceof ProviderError)) throw e;
        this.ssoRefused = true;
      }
    }
    await this.send(
      "OpenCube",
      [leaf("srv", cube.server), leaf("app", cube.application), leaf("cube", cube.cube)].join("\n"),
    );
    this.open = { ...cube };
  }

  /**
   * What `OpenApplication` carries to authenticate (APS): the SSO token once `GetSSOToken` gave one, else the
   * user name and password.
   */
  protected credentials(): string[] {
    if (this.ssoToken !== null) return [ssoXml(this.ssoToken)];
    return [leaf("usr", this.username), leaf("pwd", this.password)];
  }

  private async send(method: string, body: string, answerTimeoutMs?: number): Promise<SvElement> {
    if (this.sid === null) await this.connect();
    const answer = await this.post(method, `${sidXml(this.sid ?? "")}\n${body}`, this.url, answerTimeoutMs);
    if (answer.name === EXCEPTION_ELEMENT) throw exceptionError(answer, [this.password]);
    if (!answers(answer, method)) throw this.malformed(UNREADABLE.otherAnswer(answer.name, method));
    return answer;
  }

  /** One message posted to `url` (the provider's address unless told), its answer's root element. */
  protected async post(
    method: string,
    body: string,
    url: URL = this.url,
    answerTimeoutMs?: number,
  ): Promise<SvElement> {
    const answer = await this.request(url, {
      method: "POST",
      headers: { "content-type": "application/xml", accept: "application/xml" },
      body: requestXml(method, body),
      secrets: [this.password, esc(this.password)],
      ...(answerTimeoutMs !== undefined ? { answerTimeoutMs } : {}),
    });
    const root = await this.readAnswer(method, answer, readSv);
    // A refusal for now (429, a QiBates server past its request limit) says when to retry (`Retry-After`): `BUSY`,
    // with the server's words.
    if (answer.status === 429) {
      const words = root?.name === EXCEPTION_ELEMENT ? exceptionError(root, [this.password]).message : null;
      throw this.upstreams.failure(url, answer, `POST ${url.pathname} req_${method}`, words);
    }
    // The protocol's own answers (`res_…`, `exception`) are read whatever the HTTP status.
    if (root && isProtocolAnswer(root)) return root;
    this.checkLogin(answer);
    this.checkStatus(answer, `POST ${url.pathname} req_${method}`);
    // Another document (an HTML page with 200) is not the provider's answer: never taken for a refused login.
    throw this.malformed(
      root ? UNREADABLE.notSmartView(method, oneLine(root.name, 40)) : UNREADABLE.notXml(method),
    );
  }
}
