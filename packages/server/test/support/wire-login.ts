import type { FastifyInstance } from "fastify";

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

/** What the helpers below call: an app that takes injected requests. */
type Injecting = Pick<FastifyInstance, "inject">;

/** Essbase REST's `GET …/applications` from `from`, with HTTP Basic `authorization` (a wire login). */
export function essbaseRestFrom(app: Injecting, from: string, authorization: string) {
  return app.inject({
    method: "GET",
    url: "/essbase/rest/v1/applications",
    remoteAddress: from,
    headers: { authorization },
  });
}

/**
 * The API's calls with the key `key` as a client at `from` would send them (`connector: essbase`): `call`, a demo
 * user's `login` (its loginid), and whether a login is still `alive` (`nav/servers` answers 200).
 */
export function apiClientAt(app: () => Injecting, key: () => string | Promise<string>, demoAddress: string) {
  const call = async (from: string, path: string, body: unknown) =>
    app().inject({
      method: "POST",
      url: `/qibates/api/v2/${path}`,
      remoteAddress: from,
      headers: { "content-type": "application/json", qibateskey: await key(), connector: "essbase" },
      payload: JSON.stringify(body),
    });
  const login = async (from: string) =>
    (
      await call(from, "action/login", { username: "demo", password: "demo", providerAddress: demoAddress })
    ).json().loginid as string;
  const alive = async (from: string, loginid: string) =>
    (await call(from, "nav/servers", { loginid })).statusCode === 200;
  return { call, login, alive };
}

/** A demo user's Essbase REST login (`GET …/session`, HTTP Basic) from `from`, asking for `language`. */
export function essbaseRestLogin(app: Injecting, from: string, language = "en") {
  return app.inject({
    method: "GET",
    url: "/essbase/rest/v1/session",
    remoteAddress: from,
    headers: { authorization: basicAuth("demo", "demo"), "accept-language": language },
  });
}

/** A demo user's Essbase REST session opened from `from`: its cookie (`name=value`); a refused login throws. */
export async function essbaseRestCookie(app: Injecting, from: string): Promise<string> {
  const r = await essbaseRestLogin(app, from);
  if (r.statusCode !== 200) throw new Error(`Essbase REST login from ${from}: ${r.statusCode} ${r.body}`);
  return String(r.headers["set-cookie"]).split(";")[0] as string;
}
