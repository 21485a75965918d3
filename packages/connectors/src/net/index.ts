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
  ambientCall,
  DEFAULT_MAX_FILE_BYTES,
  DOWNLOAD_BUFFER_BYTES,
  enteredCall,
  hostAllowed,
  type NetworkPolicy,
  shareAcrossCalls,
  stoppingTogether,
  type UpstreamAnswer,
  type UpstreamCall,
  type UpstreamRequest,
  Upstreams,
  withAnswerDeadline,
  withinCallDeadline,
  withinOneReadTimeout,
} from "./upstream.ts";
