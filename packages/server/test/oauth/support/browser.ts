import type { FastifyInstance, LightMyRequestResponse } from "fastify";

export const API = "/qibates/api/v2";
export const PUBLIC_URL = "https://qibates.test";

/**
 * A minimal browser for the OAuth redirect flow: it keeps the cookies of QiBates (served in-process by
 * `app.inject`) and of the local OpenID provider (real HTTP), and follows redirects by hand.
 */
export class TestBrowser {
  /** Cookies set by QiBates, by name. */
  readonly cookies = new Map<string, string>();
  private readonly providerCookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  private keep(jar: Map<string, string>, setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
  }

  private cookieHeader(jar: Map<string, string>): string {
    return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** A request to QiBates with this browser's cookies; keeps the cookies it sets. */
  async call(
    method: "GET" | "DELETE",
    pathAndQuery: string,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = this.cookieHeader(this.cookies);
    // A browser sends Origin with every change; the pages calling QiBates are its own (inject's Host: localhost:80).
    const origin = method === "GET" ? {} : { origin: "http://localhost" };
    const res = await this.app.inject({
      method,
      url: pathAndQuery,
      headers: { ...(cookie ? { cookie } : {}), ...origin, ...headers },
    });
    const set = res.headers["set-cookie"];
    this.keep(this.cookies, set === undefined ? [] : Array.isArray(set) ? set : [set]);
    return res;
  }

  /**
   * Opens `generatekey/{keyName}?provider=…` and follows the provider's pages, signing `account` in;
   * answers the callback address the provider sends the browser to (not opened yet).
   */
  async signInAt(
    keyName: string,
    provider: "google" | "microsoft",
    account: string,
    alterAuthorizationUrl: (url: URL) => void = () => {},
  ): Promise<string> {
    const start = await this.call("GET", `${API}/generatekey/${keyName}?provider=${provider}`);
    if (start.statusCode !== 302) throw new Error(`generatekey answered ${start.statusCode}: ${start.body}`);
    const authorization = new URL(String(start.headers.location));
    alterAuthorizationUrl(authorization);
    let next = authorization.href;
    for (let hop = 0; hop < 10; hop++) {
      const url = new URL(next);
      if (url.pathname.startsWith("/interaction/")) url.searchParams.set("login", account);
      const res = await fetch(url, {
        redirect: "manual",
        headers: { cookie: this.cookieHeader(this.providerCookies) },
      });
      this.keep(this.providerCookies, res.headers.getSetCookie());
      const location = res.headers.get("location");
      if (!location) throw new Error(`provider answered ${res.status} without redirect: ${await res.text()}`);
      const target = new URL(location, url);
      if (target.pathname === `${API}/generatekey/callback`) return target.href;
      next = target.href;
    }
    throw new Error("too many redirects at the provider");
  }

  /** Opens the callback address in QiBates. */
  callback(callbackUrl: string): Promise<LightMyRequestResponse> {
    const url = new URL(callbackUrl);
    return this.call("GET", `${url.pathname}${url.search}`);
  }

  /** The whole flow: the callback's answer. */
  async generateKey(
    keyName: string,
    provider: "google" | "microsoft",
    account: string,
  ): Promise<LightMyRequestResponse> {
    return this.callback(await this.signInAt(keyName, provider, account));
  }
}
