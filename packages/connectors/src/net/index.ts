export { isInternalAddress } from "./addresses.ts";
export { readJson } from "./json.ts";
export {
  LIST_LIMITS,
  ListBudget,
  type ListedClient,
  type ListLimits,
  MAX_LISTED_ITEMS,
} from "./list-budget.ts";
export {
  DEFAULT_MAX_FILE_BYTES,
  DOWNLOAD_BUFFER_BYTES,
  hostAllowed,
  type NetworkPolicy,
  shareAcrossCalls,
  stoppable,
  type UpstreamAnswer,
  type UpstreamCall,
  type UpstreamRequest,
  Upstreams,
  withAnswerDeadline,
  withinOneReadTimeout,
} from "./upstream.ts";
