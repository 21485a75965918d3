import { randomBytes } from "node:crypto";
import { limitAddress, sessionNetwork } from "@qibates/protocols/ip";
import {
  connectAnswerXml,
  PLANNING_SMARTVIEW_PATH,
  provisionedDataSourcesXml,
  readCredentials,
  SvException,
} from "@qibates/protocols/smartview";
import type { XmlElement } from "@qibates/protocols/xml";
import { type ApplicationRef, CallContext, type ProviderSession } from "@qibates/provider";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { LoginThrottle } from "../login-throttle.ts";
import { sessionLimits, type WireEndpointOptions } from "../options.ts";
import { capGroup, type RequestEnd, SessionStore } from "../session-store.ts";
import type { SvHandlers } from "./protocol.ts";
import { type SsoToken, sessionStore, throttledLogin } from "./session.ts";

/** A Planning Smart View session: its provider session and the application later requests are about. */
export interface PlanningSvSession {
  readonly id: string;
  lastUsed: number;
  readonly provider: ProviderSession;
  app: ApplicationRef | null;
}

/** What the Planning message handlers get from the sessions. */
export interface PlanningSessions {
  /** The session a request names (`sID`); an unknown or ended one is the exception. */
  /** The session a request names (`sID`), as `request` uses it (`heldFor`); an unknown or ended one is the exception. */
  session(req: XmlElement, request: FastifyRequest): PlanningSvSession;
  /** Refuses a large body that names no live session. */
  admit(body: string): void;
  /** Marks the request of the live session a message names as running, until the answer is called. */
  requestStarted(req: XmlElement): RequestEnd;
  /** EPM Workspace's `GetProvisionedDataSources`. */
  workspace: SvHandlers;
  /** Planning's `ConnectToProvider` and `Logout`. */
  handlers: SvHandlers;
}

/** The server's origin as the request reached it. */
export const originOf = (request: FastifyRequest) =>
  `${request.protocol}://${request.headers.host ?? "localhost"}`;

/**
 * Logins of Planning on premises: EPM Workspace's `GetProvisionedDataSources` checks the user name and password
 * (counted by the login throttle; or takes a token it gave) and answers a single sign-on token and the Planning
 * provider; Planning's `ConnectToProvider` without a token is the client's hello (the provider's name only),
 * with the token it answers `sID`.
 */
export function planningSessions(app: FastifyInstance, options: WireEndpointOptions): PlanningSessions {
  const provider = options.provider;
  const throttle = options.loginThrottle ?? new LoginThrottle();
  const connector = options.connector ?? "planning";
  const owner = options.owner ?? ((u: string) => `smartview:${u}`);
  const about = options.about ?? { name: "QiBates", version: "" };
  const tokens = new SessionStore<SsoToken>({
    ...sessionLimits(options),
    newId: () => randomBytes(24).toString("base64url"),
  });
  const {
    store: sessions,
    session,
    admit,
    requestStarted,
  } = sessionStore<PlanningSvSession>(
    app,
    options,
    "smartview-planning-",
    () => `{${randomBytes(16).toString("hex").toUpperCase()}}`,
  );

  return {
    session,
    admit,
    requestStarted,
    workspace: {
      async GetProvisionedDataSources(req, request) {
        const credentials = readCredentials(req);
        let token = tokens.find(credentials.sso || undefined);
        if (!token) {
          const { username, password } = credentials;
          if (username === "") throw new SvException("User authentication needed.");
          const address = new URL(`${originOf(request)}${PLANNING_SMARTVIEW_PATH}`);
          const login = await throttledLogin(
            throttle,
            provider,
            request,
            { connector, username, password, address },
            "Invalid login.",
            options,
          );
          token = tokens.add(
            (id, now) => ({ id, lastUsed: now, username: login.username, handle: login.handle ?? null }),
            capGroup(login.username, request.ip),
            sessionNetwork(request.ip),
          );
        }
        return provisionedDataSourcesXml(token.id, `${originOf(request)}${PLANNING_SMARTVIEW_PATH}`);
      },
    },
    handlers: {
      ConnectToProvider(req, request) {
        const name = `Hyperion Planning (${about.name} ${about.version})`;
        const { sso } = readCredentials(req);
        // The client's hello: no token, no session.
        if (sso === "") return connectAnswerXml(null, name);
        const token = tokens.find(sso);
        if (!token) throw new SvException("Invalid or expired single sign-on token: log in again.");
        const s = sessions.add(
          (id, now) => ({
            id,
            lastUsed: now,
            provider: {
              id: `smartview-planning-${id}`,
              ownerId: owner(token.username),
              connector,
              username: token.username,
              providerAddress: `${originOf(request)}${PLANNING_SMARTVIEW_PATH}`,
              aliasTable: null,
              handle: token.handle,
              visitor: limitAddress(request.ip),
              call: CallContext.unbounded(),
            },
            app: null,
          }),
          capGroup(token.username, request.ip),
          sessionNetwork(request.ip),
        );
        return connectAnswerXml(s.id, name);
      },
      Logout(req, request) {
        sessions.end(session(req, request).id);
        return "";
      },
    },
  };
}
