import type { Connector, EssbaseOperations, Provider } from "@qibates/provider";
import type { SmartViewSessions } from "./session.ts";

/** What the Smart View message handlers are given. */
export interface SvContext {
  provider: Provider;
  essbase: EssbaseOperations;
  connector: Connector;
  sessions: SmartViewSessions;
  /** Largest grid (in cells) a grid message sends or is answered. */
  maxCells: number;
}
