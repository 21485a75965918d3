export {
  acceptedLocale,
  lcidLocale,
  protocolLocale,
  requestProtocolLocale,
  type WireEndpointName,
  type WireErrorAnswer,
  wireErrorAnswer,
  wireErrorBody,
  wireLocaleOf,
  wireProtocolOf,
  xmlaLocale,
} from "./error-answers.ts";
export { type EssbaseRestOptions, essbaseRestEndpoint } from "./essbase-rest/index.ts";
export { wireSessionAlive } from "./live-sessions.ts";
export {
  type LoginCounts,
  LoginThrottle,
  memoryLoginCounts,
  type RedisCounter,
  redisLoginCounts,
  TooManyLogins,
} from "./login-throttle.ts";
export { accountName, administratorsNamed, type WireEndpointOptions } from "./options.ts";
export { type PlanningRestOptions, planningRestEndpoint } from "./planning-rest/index.ts";
export { heldFor, jobStep, loginCall, requestCall } from "./request-call.ts";
export { NetworkSessionsFull, SessionsFull } from "./session-store.ts";
export {
  SMARTVIEW_21C_PATH,
  SMARTVIEW_PATH,
  type SmartViewOptions,
  smartViewEndpoint,
} from "./smartview/index.ts";
export {
  PLANNING_SMARTVIEW_PATH,
  type PlanningSmartViewOptions,
  planningSmartViewEndpoint,
  SMARTVIEW_PROVIDERS_PATH,
} from "./smartview/planning.ts";
export {
  upstreamProvider,
  WIRE_NEEDS,
  type WireUpstream,
  wireNeedsMissing,
} from "./upstream-provider.ts";
export { XMLA_PATHS, type XmlaOptions, xmlaEndpoint } from "./xmla/index.ts";
