import type { CallContext } from "./call-context.ts";
import type { Connector } from "./connectors.ts";

/**
 * What every call of the provider contract names (`provider.ts`) and its ports take too (the OLAP port, the engine
 * port, the bulk export): the session, the cube, the session's own substitution variables. Types only, below the
 * contract and the ports, which import them from here.
 */

/** What every call of a session tells the provider about that session. */
export interface ProviderSession {
  /** The API session (`loginid`). */
  id: string;
  /** The API key owner that opened it: per-user state (task status, preferences) is kept under it. */
  ownerId: string;
  connector: Connector;
  username: string;
  providerAddress: string;
  /** The active planning alias table of the session (`action/setalias`), if one was chosen. */
  aliasTable: string | null;
  /** What the provider's `login` answered to find its upstream session again (`null` when it keeps none). */
  handle?: string | null;
  /** The substitution variables this session set for itself (`VariableSet` of `provider.ts`), oldest first. */
  variables?: readonly SessionVariable[];
  /**
   * The client a session of a shared account (the public demo key, the demo users of the wire endpoints) is
   * opened from: its IPv4 address, or its IPv6 /64 network (`limitAddress` of `@qibates/protocols/ip`). The sessions of one
   * visitor share what is bounded per user (the embedded engine's job queue), however many they open.
   */
  visitor?: string;
  /**
   * The call this session is used in (its deadline, its signal, the client it is passed on for), handed on to every
   * request the provider makes for it; `CallContext.unbounded()` outside any call.
   */
  call: CallContext;
}

/** A cube of an application of a server. */
export interface CubeRef {
  server: string;
  application: string;
  cube: string;
}

/** The level substitution variables are defined at: the server, an application, or a cube of it. */
export interface VariableLevel {
  server: string;
  application: string | null;
  /** Only with an application. */
  cube: string | null;
}

/**
 * A substitution variable set for one API session only: the demo's outlines are shared by every user, so a
 * variable one user sets changes that user's grids and no one else's. It ends with the session.
 */
export interface SessionVariable extends VariableLevel {
  name: string;
  value: string;
}
