import { closing, type ProtocolOpener } from "../protocol-opening.ts";
import { PlanningRestProvider } from "./provider.ts";

/** Planning REST's provider: its jobs (rules, exports) are waited for the opening's job timeout. */
export const planningRestOpening: ProtocolOpener = ({ upstreams, idleMs, jobTimeoutMs }) =>
  closing(new PlanningRestProvider({ upstreams, idleMs, jobTimeoutMs }));
