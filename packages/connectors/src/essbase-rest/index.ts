export { javaDouble, type RestGrid } from "@qibates/protocols/essbase-rest";
export { serverMessage } from "../remote/http-answers.ts";
export { EssbaseRestClient } from "./client.ts";
export {
  ESSBASE_21C_SERVER,
  type EssbaseRestOptions,
  EssbaseRestProvider,
  restBase,
} from "./provider.ts";
