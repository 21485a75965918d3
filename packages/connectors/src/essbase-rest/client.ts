import type { Readable } from "node:stream";
import { LINKS_NONE } from "@qibates/protocols/essbase-rest";
import { readJson } from "../net/json.ts";
import { UNREADABLE } from "../net/unreadable.ts";
import type { UpstreamAnswer, Upstreams } from "../net/upstream.ts";
import { type Credentials, RemoteClient } from "../remote/client-base.ts";
import { serverMessage } from "../remote/http-answers.ts";
import { loginRefused } from "../remote/login.ts";

/**
 * One upstream session of Essbase 21c's REST API (`/essbase/rest/v1`): HTTP Basic once, then the session
 * cookies the server set (`JSESSIONID`, and `_WL_AUTHCOOKIE_JSESSIONID` behind WebLogic) on every call, so that
 * the server keeps one session (and its grid preferences) per QiBates session instead of one per call. When
 * the server forgets the session (401 with the cookies), the client logs in again once and repeats the call.
 * The password stays in this object's memory; it is never logged.
 */
export class EssbaseRestClient extends RemoteClient {
  private cookies = new Map<string, string>();
  /** The `Cookie` header of the kept cookies, built once. */
  private cookieHeader: string | null = null;
  private readonly urls = new Map<string, URL>();
  /** Grid preferences last sent in this upstream session (a JSON text), so unchanged ones are not sent again. */
  preferencesSent: string | null = null;

  constructor(
    upstreams: Upstreams,
    /** `https://host:port/essbase/rest/v1`, without a trailing slash. */
    readonly base: string,
    credentials: Credentials,
  ) {
    super(upstreams, base, credentials);
  }

  /** Opens the upstream session (`GET /session` with Basic); `LOGIN_FAILED` when the server refuses. */
  async login(): Promise<void> {
    this.cookies.clear();
    this.cookieHeader = null;
    this.preferencesSent = null;
    const answer = await this.send("GET", "/session", undefined, true);
    this.checkLogin(answer);
    this.check(answer, "GET /session");
    if (this.cookies.size === 0) {
      throw this.malformed(UNREADABLE.noSessionCookie());
    }
  }

  /** Ends the upstream session (`DELETE /session`). */
  async logout(): Promise<void> {
    if (this.cookies.size === 0) return;
    try {
      await this.send("DELETE", "/session", undefined, false);
    } finally {
      this.cookies.clear();
      this.cookieHeader = null;
    }
  }

  async get<T>(path: string): Promise<T> {
    return this.json<T>("GET", path);
  }

  /**
   * `GET path`, or `null` when the server refuses it with its own error message as a 400 or 404 (Essbase's answer
   * to a member that is not in the outline: "Member … does not exist in the outline.").
   */
  async getIfFound<T>(path: string): Promise<T | null> {
    const answer = await this.call("GET", path);
    if ((answer.status === 400 || answer.status === 404) && serverMessage(answer.body) !== "") return null;
    return this.parsed<T>(answer, "GET", path);
  }

  async post<T>(path: string, body: unknown): Promise<T> {
    return this.json<T>("POST", path, body);
  }

  async put(path: string, body?: unknown): Promise<void> {
    const answer = await this.call("PUT", path, body);
    this.check(answer, `PUT ${path}`);
  }

  /** `DELETE path`; false when the server says there is nothing there (404). */
  async delete(path: string): Promise<boolean> {
    const answer = await this.call("DELETE", path);
    if (answer.status === 404) return false;
    this.check(answer, `DELETE ${path}`);
    return true;
  }

  /**
   * Downloads a file of the Files API (`GET /files/{path}` with `Accept: application/octet-stream`, as the
   * swagger says to ask for a download) as a stream, under the network rules' file cap (`Upstreams.download`).
   * `null`: the server answered 404.
   */
  async download(path: string): Promise<Readable | null> {
    if (this.cookies.size === 0) await this.login();
    const open = () => {
      const headers: Record<string, string> = { accept: "application/octet-stream" };
      this.cookieHeader ??= [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      headers.cookie = this.cookieHeader;
      return this.using(() => this.upstreams.download(this.url(path), { method: "GET", headers }));
    };
    let got = await open();
    if ("answer" in got && got.status === 401) {
      await this.login();
      got = await open();
      if ("answer" in got && got.status === 401) throw loginRefused();
    }
    if ("body" in got) return this.whileRead(got.body);
    if (got.status === 404) return null;
    this.check(got.answer, `GET ${path}`);
    throw this.malformed(UNREADABLE.status(`GET ${path}`, got.status));
  }

  /** A call with the session cookies; logs in again once when the server no longer knows the session. */
  private async call(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown) {
    if (this.cookies.size === 0) await this.login();
    let answer = await this.send(method, path, body, false);
    if (answer.status === 401) {
      await this.login();
      answer = await this.send(method, path, body, false);
      if (answer.status === 401) {
        throw loginRefused();
      }
    }
    return answer;
  }

  private async json<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    return this.parsed<T>(await this.call(method, path, body), method, path);
  }

  /** An answer's JSON once its status is checked; a body that is not JSON is a malformed answer. */
  private async parsed<T>(answer: UpstreamAnswer, method: string, path: string): Promise<T> {
    this.check(answer, `${method} ${path}`);
    try {
      // A large answer is read in slices: the event loop is never held for one JSON.parse.
      return (await readJson(answer.body)) as T;
    } catch {
      throw this.malformed(UNREADABLE.notJson(`${method} ${path}`));
    }
  }

  private async send(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    body: unknown,
    basic: boolean,
  ): Promise<UpstreamAnswer> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (basic || this.cookies.size === 0) headers.authorization = this.authorization;
    if (this.cookies.size > 0) {
      this.cookieHeader ??= [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      headers.cookie = this.cookieHeader;
    }
    if (body !== undefined) headers["content-type"] = "application/json";
    const answer = await this.request(this.url(path), {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    this.keepCookies(answer);
    return answer;
  }

  /**
   * The address of a path under the base, with `links=none`: Essbase then leaves out the links it would add to
   * every application, cube, member and job (a large part of an outline page), which the connector never
   * follows. appliedolap's client, used against live servers, sends it on every call. The last few addresses
   * are kept parsed (a grid call repeats its path).
   */
  private url(path: string): URL {
    let url = this.urls.get(path);
    if (!url) {
      if (this.urls.size >= 32) this.urls.clear();
      url = new URL(`${this.base}${path}${path.includes("?") ? "&" : "?"}${LINKS_NONE}`);
      this.urls.set(path, url);
    }
    return url;
  }

  /** Keeps the cookies of the login answer; a later answer that sets them again is ignored (as Essbase clients do). */
  private keepCookies(answer: UpstreamAnswer): void {
    const raw = answer.headers["set-cookie"];
    const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    for (const line of lines) {
      const pair = line.split(";")[0] ?? "";
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      if (this.cookies.has(name)) continue;
      this.cookies.set(name, pair.slice(eq + 1).trim());
      this.cookieHeader = null;
    }
  }
}
