import {
  DATA_MANAGEMENT_REST_ROOT,
  DATA_MANAGEMENT_REST_VERSION,
  listsVersion,
  PLANNING_PATHS,
  PLANNING_REST_VERSION,
  PlanningAnswerError,
} from "@qibates/protocols/planning-rest";
import { readJson } from "../net/json.ts";
import { UNREADABLE } from "../net/unreadable.ts";
import type { UpstreamAnswer, Upstreams } from "../net/upstream.ts";
import { type Credentials, RemoteClient } from "../remote/client-base.ts";
import { serverMessage } from "../remote/http-answers.ts";
import { loginRefused as loginFailed } from "../remote/login.ts";

/**
 * A client of the Planning REST API (`…/HyperionPlanning/rest/v3`) for one QiBates session. The API keeps no
 * session: every call carries HTTP Basic (`identitydomain.user` on EPM Cloud, as the user typed it). The
 * password stays in this object's memory; it is never logged.
 */
export class PlanningRestClient extends RemoteClient {
  constructor(
    upstreams: Upstreams,
    /** `https://host:port/HyperionPlanning/rest`, without a trailing slash. */
    readonly root: string,
    credentials: Credentials,
  ) {
    super(upstreams, root, credentials);
  }

  /** The versioned base every call but version discovery goes under. */
  get base(): string {
    return `${this.root}/${PLANNING_REST_VERSION}`;
  }

  /**
   * Checks the credentials: version discovery (`GET …/rest/`, trailing slash required) must list `v3`, then
   * `GET …/v3/applications` must accept them. `LOGIN_FAILED` when the server refuses them.
   */
  async login(): Promise<void> {
    const discovery = await this.send("GET", `${this.root}/`);
    this.checkLogin(discovery);
    this.check(discovery, "GET /HyperionPlanning/rest/");
    const versions = await this.parse<unknown>(discovery, "GET /HyperionPlanning/rest/");
    if (!listsVersion(versions)) throw this.malformed(UNREADABLE.noVersion(PLANNING_REST_VERSION));
    const apps = await this.send("GET", `${this.base}${PLANNING_PATHS.applications}`);
    this.checkLogin(apps);
    this.check(apps, "GET /applications");
  }

  async get<T>(path: string): Promise<T> {
    return this.json<T>("GET", path);
  }

  /** `GET` under the versioned base; `null` when the server has no such resource (404). */
  async getIfFound<T>(path: string): Promise<T | null> {
    const answer = await this.send("GET", `${this.base}${path}`);
    if (answer.status === 404) return null;
    if (answer.status === 401) throw loginFailed();
    this.check(answer, `GET ${path}`);
    return this.parse<T>(answer, `GET ${path}`);
  }

  /**
   * `GET` under Data Management's REST API of the same server (`…/aif/rest/V1`, beside `…/HyperionPlanning/rest`),
   * which older servers use to name an application's plan types.
   */
  async dataManagement<T>(path: string): Promise<T> {
    const dm = `${DATA_MANAGEMENT_REST_ROOT}/${DATA_MANAGEMENT_REST_VERSION}`;
    const root = this.root.replace(/\/HyperionPlanning\/rest$/i, dm);
    const answer = await this.send("GET", `${root}${path}`);
    if (answer.status === 401) throw loginFailed();
    this.check(answer, `GET ${dm}${path}`);
    return this.parse<T>(answer, `GET ${dm}${path}`);
  }

  /**
   * A call under the versioned base whose refusal the caller handles: `{ ok, status, value, message }`, the
   * server's own message on a refusal; a 401 is still `LOGIN_FAILED`.
   */
  async attempt<T>(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
  ): Promise<{ ok: true; value: T } | { ok: false; status: number; message: string }> {
    const answer = await this.send(method, `${this.base}${path}`, body);
    if (answer.status === 401) throw loginFailed();
    if (answer.status >= 200 && answer.status < 300) {
      return { ok: true, value: await this.parse<T>(answer, `${method} ${path}`) };
    }
    return {
      ok: false,
      status: answer.status,
      message: serverMessage(answer.body) || `HTTP ${answer.status}`,
    };
  }

  async post<T>(path: string, body: unknown): Promise<T> {
    return this.json<T>("POST", path, body);
  }

  private async json<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const answer = await this.send(method, `${this.base}${path}`, body);
    if (answer.status === 401) throw loginFailed();
    this.check(answer, `${method} ${path}`);
    return this.parse<T>(answer, `${method} ${path}`);
  }

  private async send(method: "GET" | "POST", url: string, body?: unknown): Promise<UpstreamAnswer> {
    // Compressed where the server offers it: a dimension's hierarchy is about a tenth of its size in gzip.
    const headers: Record<string, string> = {
      accept: "application/json",
      "accept-encoding": "gzip",
      authorization: this.authorization,
    };
    // The jobs resource answers 415 without it (a live-tested client's note).
    if (body !== undefined) headers["content-type"] = "application/json";
    return this.request(new URL(url), {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  }

  /** A large answer (a whole hierarchy, a form's data) is read in slices: the loop is never held. */
  private async parse<T>(answer: UpstreamAnswer, what: string): Promise<T> {
    try {
      return (await readJson(answer.body)) as T;
    } catch {
      throw this.malformed(UNREADABLE.withoutJson(what));
    }
  }

  /** An answer read by a codec reader; one it cannot read is `UPSTREAM_MALFORMED`. */
  read<T>(reader: (answer: unknown) => T, answer: unknown): T {
    try {
      return reader(answer);
    } catch (e) {
      if (e instanceof PlanningAnswerError) throw this.malformed(e.text);
      throw e;
    }
  }
}
