export { PlanningRestClient } from "./client.ts";
export {
  PLANNING_REST_SERVER,
  type PlanningRestOptions,
  PlanningRestProvider,
  planningRestRoot,
} from "./provider.ts";
