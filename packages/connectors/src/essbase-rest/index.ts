export { EssbaseRestClient } from "./client.ts";
export {
  ESSBASE_21C_SERVER,
  type EssbaseRestOptions,
  EssbaseRestProvider,
  restBase,
} from "./provider.ts";
