export { isInternalAddress } from "./addresses.ts";
export { readJson } from "./json.ts";
export {
  hostAllowed,
  type NetworkPolicy,
  type UpstreamAnswer,
  type UpstreamRequest,
  Upstreams,
} from "./upstream.ts";
