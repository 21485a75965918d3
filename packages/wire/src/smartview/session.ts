import { randomBytes } from "node:crypto";
import { limitAddress, sessionNetwork } from "@qibates/protocols/ip";
import {
  connectAnswerXml,
  JAPI_PATH,
  namedSession,
  readCredentials,
  SvException,
  ssoXml,
  svText,
} from "@qibates/protocols/smartview";
import { type XmlElement, XmlTooLarge } from "@qibates/protocols/xml";
import {
  CallContext,
  type Connector,
  type Provider,
  ProviderError,
  type ProviderSession,
} from "@qibates/provider";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { registerLiveSessions } from "../live-sessions.ts";
import { LoginThrottle, loginFailed } from "../login-throttle.ts";
import { sessionLimits, type WireEndpointOptions } from "../options.ts";
import { heldFor, loginCall } from "../request-call.ts";
import { capGroup, type RequestEnd, SessionStore } from "../session-store.ts";
import type { SvHandlers } from "./protocol.ts";

/** The largest request that names no live session (a login, a hello): 64 KiB. */
export const PRE_LOGIN_CHARS = 64 * 1024;

/**
 * The pre-login body cap: a body larger than {@link PRE_LOGIN_CHARS} must name a live session (`live`), since
 * before login the user name and password travel in the body and a stranger's body stays small.
 */
export function preLoginCap(live: (sessionId: string | undefined) => boolean): (body: string) => void {
  return (body) => {
    if (body.length > PRE_LOGIN_CHARS && !live(namedSession(body) ?? undefined))
      throw new XmlTooLarge(`A request outside a session may not exceed ${PRE_LOGIN_CHARS} characters.`);
  };
}

/** A Smart View session: its provider session and the cube later requests are about. */
export interface SvSession {
  readonly id: string;
  lastUsed: number;
  readonly provider: ProviderSession;
  server: string | null;
  application: string | null;
  cube: string | null;
  /** The single sign-on token `GetSSOToken` gave this session, if any. */
  sso: string | null;
}

/** A single sign-on token: whose it is, to open further sessions without the password. */
export interface SsoToken {
  readonly id: string;
  lastUsed: number;
  readonly username: string;
  readonly handle: string | null;
}

/** What the message handlers get from the sessions: the session a request names, and token checks. */
export interface SmartViewSessions {
  /**
   * The session a request names (`sID`), as `request` uses it (its provider session carrying the request's
   * context, `heldFor`); an unknown or ended one is the exception.
   */
  session(req: XmlElement, request: FastifyRequest): SvSession;
  /** Refuses a token (`sso`) that is not one given to the session's user. */
  checkToken(s: SvSession, sso: string): void;
  /** Refuses a large body that names no live session: before login the user name and password travel in it. */
  admit(body: string): void;
  /** Marks the request of the live session a message names as running, until the answer is called. */
  requestStarted(req: XmlElement): RequestEnd;
  /** `ConnectToProvider`, `Logout`, `GetSSOToken`. */
  handlers: SvHandlers;
}

/**
 * The login of a user name and password, counted by the throttle, passed on for `request`'s client within its
 * context (`loginCall`); a refused one is the exception `refused`.
 */
export async function throttledLogin(
  throttle: LoginThrottle,
  provider: Provider,
  request: FastifyRequest,
  login: { connector: Connector; username: string; password: string; address: URL },
  refused: string,
  options: Pick<WireEndpointOptions, "callOf">,
): Promise<{ username: string; handle?: string | null }> {
  try {
    return await throttle.attempt(
      request.ip,
      login.username,
      () => provider.login({ ...login, call: loginCall(options, request) }),
      loginFailed,
      login.password,
    );
  } catch (e) {
    if (e instanceof ProviderError && e.code === "LOGIN_FAILED") throw new SvException(refused);
    throw e;
  }
}

/** The session a request names (`sID`) in `store`; an unknown or ended one is the exception. */
export function sessionNamed<T extends { readonly id: string; lastUsed: number }>(
  store: SessionStore<T>,
  req: XmlElement,
): T {
  const id = svText(req, "sID");
  const s = store.find(id);
  if (!s) throw new SvException(`Invalid session ${id}: log in again.`);
  return s;
}

/**
 * An endpoint's sessions: their store (ids from `newId`), live for the server's session checks as
 * `<prefix><id>` until the server closes, the lookup of a request's `sID`, the pre-login cap, and the running
 * mark of the session a request names (it does not idle out while the request runs).
 */
export function sessionStore<
  T extends { readonly id: string; lastUsed: number; readonly provider: ProviderSession },
>(app: FastifyInstance, options: WireEndpointOptions, prefix: string, newId: () => string) {
  const store = new SessionStore<T>({ ...sessionLimits(options), newId });
  const unregister = registerLiveSessions(
    (id) => id.startsWith(prefix) && store.has(id.slice(prefix.length)),
  );
  app.addHook("onClose", async () => unregister());
  return {
    store,
    session: (req: XmlElement, request: FastifyRequest) =>
      heldFor(sessionNamed(store, req), options, request),
    admit: preLoginCap((id) => store.find(id) !== null),
    requestStarted: (req: XmlElement): RequestEnd => {
      const s = store.find(svText(req, "sID") || undefined);
      return s ? store.requestStarted(s) : () => {};
    },
  };
}

/** A session id: 128 random bits written as a decimal number (APS's `sID` is a plain integer in the capture). */
function newSessionId(): string {
  return BigInt(`0x${randomBytes(16).toString("hex")}`).toString(10);
}

/**
 * Logins and sessions of the Smart View endpoint: `ConnectToProvider` checks the user name and password
 * (counted by the login throttle) or a single sign-on token and answers a numeric `sID`; `GetSSOToken` gives
 * the session's user a token; `Logout` ends the session and its token. Sessions end after `idleMinutes`.
 */
export function smartViewSessions(app: FastifyInstance, options: WireEndpointOptions): SmartViewSessions {
  const provider = options.provider;
  const throttle = options.loginThrottle ?? new LoginThrottle();
  const connector = options.connector ?? "essbase";
  const owner = options.owner ?? ((u: string) => `smartview:${u}`);
  const about = options.about ?? { name: "QiBates", version: "" };
  const {
    store: sessions,
    session,
    admit,
    requestStarted,
  } = sessionStore<SvSession>(app, options, "smartview-", newSessionId);
  const tokens = new SessionStore<SsoToken>(sessionLimits(options));

  return {
    session,
    checkToken(s, sso) {
      const token = tokens.find(sso);
      if (!token || token.username.toLowerCase() !== s.provider.username.toLowerCase())
        throw new SvException("Invalid login: the single sign-on token is not valid.");
    },
    admit,
    requestStarted,
    handlers: {
      async ConnectToProvider(req, request) {
        const { username, password, sso } = readCredentials(req);
        const address = new URL(`${request.protocol}://${request.headers.host ?? "localhost"}${JAPI_PATH}`);
        let login: { username: string; handle?: string | null };
        if (username === "" && sso !== "") {
          // A token from GetSSOToken stands for the user who logged in (agardiner/SmartView `connect(sso)`).
          const token = tokens.find(sso);
          if (!token) throw new SvException("Invalid login: the single sign-on token is not valid.");
          login = { username: token.username, handle: token.handle };
        } else {
          login = await throttledLogin(
            throttle,
            provider,
            request,
            { connector, username, password, address },
            "Invalid login: user name or password.",
            options,
          );
        }
        const s = sessions.add(
          (id, now) => ({
            id,
            lastUsed: now,
            provider: {
              id: `smartview-${id}`,
              ownerId: owner(login.username),
              connector,
              username: login.username,
              providerAddress: String(address),
              aliasTable: null,
              handle: login.handle ?? null,
              visitor: limitAddress(request.ip),
              call: CallContext.unbounded(),
            },
            server: null,
            application: null,
            cube: null,
            sso: null,
          }),
          capGroup(login.username, request.ip),
          sessionNetwork(request.ip),
        );
        return connectAnswerXml(s.id, `Analytic Services (${about.name} ${about.version})`);
      },
      async Logout(req, request) {
        const s = session(req, request);
        sessions.end(s.id);
        if (s.sso) tokens.end(s.sso);
        await provider.logout(s.provider);
        return "";
      },
      GetSSOToken(req, request) {
        const s = session(req, request);
        if (!s.sso || !tokens.find(s.sso)) {
          const p = s.provider;
          s.sso = tokens.add(
            (id, now) => ({ id, lastUsed: now, username: p.username, handle: p.handle ?? null }),
            capGroup(p.username, request.ip),
            sessionNetwork(request.ip),
          ).id;
        }
        return ssoXml(s.sso);
      },
    },
  };
}

/** The cube a request is about: `cubeName`, else the session's open cube. */
export function cubeOf(
  s: SvSession,
  cubeName?: string,
): { server: string; application: string; cube: string } {
  const cube = cubeName || s.cube;
  if (!s.server || !s.application || !cube) throw new SvException("No cube is open in this session.");
  return { server: s.server, application: s.application, cube };
}
