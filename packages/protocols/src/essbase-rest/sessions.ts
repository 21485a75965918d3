/** `GET /session`: who the session belongs to. */
export interface UserSession {
  id: string;
  name: string;
  role: string;
  groups: string[];
}

/**
 * `SessionAttributes` of `GET /sessions` (all strings): `sessionId` a number (never the cookie), times in
 * elapsed seconds, the cube the session used last.
 */
export interface SessionAttributes {
  userId: string;
  sessionId: string;
  loginTimeInSeconds: string;
  connectionSource: string;
  application?: string;
  database?: string;
  dbConnectTimeInSeconds?: string;
}

/** `GET /about`. */
export interface About {
  name: string;
  version: string;
  description: string;
}

/** `GET /about/instance` (`AboutInstance`, modelled from a live server). */
export interface AboutInstance {
  provisioningSupported: boolean;
  resetPasswordSupported: boolean;
  easInstalled: boolean;
}

/** `GET /urls`: the server's applications and where they answer. */
export interface Urls {
  items: { application: string; url: string }[];
}
