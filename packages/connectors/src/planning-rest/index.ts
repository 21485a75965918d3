export { planningRestRoot } from "@qibates/protocols/planning-rest";
export { PlanningRestClient } from "./client.ts";
export {
  PLANNING_REST_SERVER,
  type PlanningRestOptions,
  PlanningRestProvider,
} from "./provider.ts";
