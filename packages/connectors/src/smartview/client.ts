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
 * queued one at a time per session, but for the reads of the open cube sent with {@link SmartViewClient.read}
 * (the members read on demand), {@link SESSION_READS} of which may be in flight together. `Logout` ends it.
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

/**
 * How many reads of the open cube ({@link SmartViewClient.read}: `EnumDims`, `EnumAliasTables`, `EnumMembers`,
 * `ExecuteQuery`) one session sends without waiting for the others' answers. No public capture shows Smart View
 * itself sending two requests of one session at once, and Essbase documents that a session processes one request
 * at a time (Essbase API Reference, ESS_REQUESTINFO_T / ESS_REQUESTINFOEX_T: "each session can process only one
 * request at a time"): Provider Services may well run them in turn. What is gained is the network's round trips,
 * which overlap, not the server's work, which stays one request after the other. The bound is the XMLA
 * connector's for its reads within one XMLA session (a sheet's labels and their aliases, the dimensions and the
 * alias tables: a first grid's reads in one round); the messages that change the session
 * (`ConnectToProvider`, `OpenApplication`, `GetSSOToken`, `OpenCube`, `Logout`) and every other call still go
 * one at a time, with nothing else in flight; and a server that refuses a read sent beside others but answers it
 * sent alone gets one request at a time for the rest of the session.
 */
export const SESSION_READS = 16;

/** A call waiting for its turn in the session: `read` for a read of `cube` that may overlap other reads. */
interface Turn {
  read: OpenCube | null;
  start: () => void;
}

export class SmartViewClient extends RemoteClient {
  protected sid: string | null = null;
  protected open: OpenCube | null = null;
  /** The single sign-on token `GetSSOToken` gave this connection (`null`: none asked yet, or refused). */
  private ssoToken: string | null = null;
  private ssoRefused = false;
  /** Whether this connection has sent an `OpenApplication` (a later one asks for the token first). */
  private appOpened = false;
  /** Calls waiting for their turn, in order ({@link SmartViewClient.turn}). */
  private readonly waiting: Turn[] = [];
  /** Calls running: several reads of the open cube, or one call alone (`alone`). */
  private running = 0;
  private alone = false;
  /** `false` once the server refused a read sent beside others and answered it sent alone. */
  private overlap = true;
  /** Calls started so far (a read tells whether others started while it was in flight). */
  private started = 0;
  /** Cube openings that failed so far, and the last one: a read queued behind it fails with it, unsent. */
  private openFailures = 0;
  private failedOpen: { cube: OpenCube; error: unknown; at: number } | null = null;

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
    this.appOpened = false;
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
    return this.turn(null, false, async () => {
      const sid = this.sid;
      try {
        return await this.once(method, body, cube, answerTimeoutMs);
      } catch (e) {
        // The session the server ended (its idle timeout, a restart, a user's oldest session past its limit)
        // while the QiBates session lives on: its next call is the server's exception. The client logs in
        // again once (`connect`: through Workspace for Planning) and sends the call again, as the Essbase 21c
        // and SSAS connectors do; a second refusal is the answer. Never a call that changes the server (a
        // business rule), which must not run twice.
        if (sid === null || REPEAT_NEVER.has(method) || !refused(e)) throw e;
        return this.renewed(sid, () => this.once(method, body, cube, answerTimeoutMs));
      }
    });
  }

  /**
   * A call that only reads `cube` (`EnumMembers`, `ExecuteQuery`): as {@link SmartViewClient.call}, but once the
   * cube is open, up to {@link SESSION_READS} such reads of it are in flight together. The first opens the cube
   * (nothing else in flight); a call of another kind waits until the reads in flight are answered.
   */
  async read(method: string, body: string, cube: OpenCube): Promise<SvElement> {
    // The session it was sent in, and whether other reads were in flight meanwhile.
    const sent = { sid: null as string | null, beside: false };
    // Reads queued behind a read that opens the cube (a session's first call sends several at once): when that
    // opening fails, they fail with its error rather than each opening the cube again.
    const queuedAt = this.openFailures;
    try {
      return await this.turn(cube, false, async (shared) => {
        const failed = this.failedOpen;
        if (failed && failed.at > queuedAt && sameCube(failed.cube, cube)) throw failed.error;
        sent.sid = this.sid;
        await this.openCube(cube);
        shared();
        const before = this.started;
        sent.beside = this.running > 1;
        try {
          return await this.send(method, body);
        } finally {
          sent.beside ||= this.running > 1 || this.started !== before;
        }
      });
    } catch (e) {
      const failed = sent.sid;
      // A read sent beside others that the server refused, or answered with something unreadable (a server
      // that cannot take two requests of a session at once may answer an error page): sent again alone.
      const beside = sent.beside && (refused(e) || unreadable(e));
      if (failed === null || !(refused(e) || beside)) throw e;
      if (beside) {
        // Refused while other reads were in flight: sent again alone, in the same session (unless another call
        // has logged in again meanwhile). Answered then, the session sends one request at a time from now on.
        const retry = { same: false };
        try {
          return await this.turn(null, true, async () => {
            retry.same = this.sid === failed;
            const answer = await this.once(method, body, cube);
            if (retry.same) this.overlap = false;
            return answer;
          });
        } catch (again) {
          // Sent in a new session already: that was the session's renewal, and its refusal is the answer.
          if (!refused(again) || !retry.same) throw again;
        }
      }
      return this.turn(null, true, () => this.renewed(failed, () => this.once(method, body, cube)));
    }
  }

  /**
   * Resolves once `cube` is open in the session (its turn among the reads, no request of its own): what the
   * reads queued before it opened, or it opens the cube itself. Fails as the opening does.
   */
  whenOpen(cube: OpenCube): Promise<void> {
    const queuedAt = this.openFailures;
    return this.turn(cube, false, async (shared) => {
      const failed = this.failedOpen;
      if (failed && failed.at > queuedAt && sameCube(failed.cube, cube)) throw failed.error;
      await this.openCube(cube);
      shared();
    });
  }

  /** `method` in the session, logged in and `cube` open first. */
  private async once(
    method: string,
    body: string,
    cube?: OpenCube,
    answerTimeoutMs?: number,
  ): Promise<SvElement> {
    if (cube) await this.openCube(cube);
    return this.send(method, body, answerTimeoutMs);
  }

  /**
   * `again` in a new session, session `sid` first ended (`Logout`), unless another call already logged in
   * again after the same refusal.
   */
  private async renewed(sid: string, again: () => Promise<SvElement>): Promise<SvElement> {
    if (this.sid === sid) {
      this.sid = null;
      this.open = null;
      await this.post("Logout", sidXml(sid)).catch(() => undefined);
    }
    return again();
  }

  /**
   * Runs `work` in its turn: calls start in the order they were made (`first`: before those waiting), each
   * alone, but a read of the cube the session has open (`read`) starts beside the other reads in flight, up to
   * {@link SESSION_READS}. A read whose cube is not open yet starts alone and opens it; `shared()` then lets the
   * reads behind it start.
   */
  private turn<T>(
    read: OpenCube | null,
    first: boolean,
    work: (shared: () => void) => Promise<T>,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        let done = false;
        const shared = () => {
          if (!this.alone || done) return;
          this.alone = false;
          this.next();
        };
        work(shared)
          .then(resolve, reject)
          .finally(() => {
            done = true;
            this.running -= 1;
            this.alone = false;
            this.next();
          });
      };
      const entry = { read, start };
      if (first) this.waiting.unshift(entry);
      else this.waiting.push(entry);
      this.next();
    });
  }

  /** Starts the calls whose turn it is. */
  private next(): void {
    while (this.waiting.length > 0 && !this.alone) {
      const w = this.waiting[0] as Turn;
      if (w.read && this.overlap && this.isOpen(w.read)) {
        if (this.running >= SESSION_READS) return;
      } else if (this.running > 0) {
        return;
      } else {
        this.alone = true;
      }
      this.waiting.shift();
      this.running += 1;
      this.started += 1;
      w.start();
    }
  }

  /** Whether the session is logged in with `cube` open. */
  private isOpen(cube: OpenCube): boolean {
    const o = this.open;
    return this.sid !== null && o !== null && sameCube(o, cube);
  }

  private async openCube(cube: OpenCube): Promise<void> {
    if (this.isOpen(cube)) return;
    try {
      await this.openNow(cube);
    } catch (error) {
      this.openFailures += 1;
      this.failedOpen = { cube: { ...cube }, error, at: this.openFailures };
      throw error;
    }
  }

  private async openNow(cube: OpenCube): Promise<void> {
    this.open = null;
    // Logged in first: a new session (after the server ended the last one) clears the single sign-on token of
    // the last, which the server may no longer take, so that OpenApplication carries what this session holds.
    if (this.sid === null) await this.connect();
    if (this.appOpened && this.ssoToken === null && !this.ssoRefused && this.sendsPassword()) {
      // As Smart View clients do after a password login (agardiner/SmartView `open_app`): a token for the later
      // OpenApplication calls, so the password crosses the wire once per connection. Asked before the second
      // OpenApplication of the connection (the first one's application still open, as after `open_app`), not
      // right after the first: a session that opens one cube never needs it, and its first grid waits one round
      // trip less. A server that refuses GetSSOToken keeps getting the user name and password.
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
      "OpenApplication",
      [...this.credentials(), leaf("srv", cube.server), leaf("app", cube.application)].join("\n"),
    );
    this.appOpened = true;
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

  /** Whether `OpenApplication` would carry the password ({@link SmartViewClient.credentials}). */
  private sendsPassword(): boolean {
    return this.credentials().some((c) => c.startsWith("<pwd"));
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

/**
 * Whether two references name the same cube: Essbase's server, application and database names are not
 * case-sensitive (Database Administrator's Guide 11.1.2.2, naming conventions), so a cube opened as the caller
 * spelt it is the cube its list spells otherwise.
 */
function sameCube(a: OpenCube, b: OpenCube): boolean {
  const same = (x: string, y: string) => x.toLowerCase() === y.toLowerCase();
  return same(a.server, b.server) && same(a.application, b.application) && same(a.cube, b.cube);
}

/** A refusal the session's renewal answers: the server's exception (`PROVIDER_FAILED`). */
function refused(e: unknown): boolean {
  return e instanceof ProviderError && e.code === "PROVIDER_FAILED";
}

/** An answer that is not a Smart View message (`UPSTREAM_MALFORMED`). */
function unreadable(e: unknown): boolean {
  return e instanceof ProviderError && e.code === "UPSTREAM_MALFORMED";
}
