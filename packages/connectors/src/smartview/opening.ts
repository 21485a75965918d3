import { closing, type ProtocolOpener, secondsSetting } from "../protocol-opening.ts";
import { SmartViewProvider } from "./provider.ts";

/**
 * Smart View's provider (Essbase 11.x). CALC_JOB_TIMEOUT_SECONDS (`calcJobTimeoutSeconds`) bounds its
 * calculation scripts; unset, the read timeout of every call does.
 */
export const smartViewOpening: ProtocolOpener = ({ upstreams, idleMs, settings }) => {
  const jobTimeoutMs = secondsSetting(settings, "calcJobTimeoutSeconds");
  return closing(
    new SmartViewProvider({ upstreams, idleMs, ...(jobTimeoutMs !== undefined ? { jobTimeoutMs } : {}) }),
  );
};
