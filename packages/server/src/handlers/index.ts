import type { Handlers } from "../api.ts";
import { ApiError } from "../api-error.ts";
import { essbaseHandlers } from "./essbase.ts";
import { keyHandlers } from "./keys.ts";
import { navigationHandlers } from "./navigation.ts";
import { oauthHandlers } from "./oauth.ts";
import { sessionHandlers } from "./session.ts";

const notYet = async (): Promise<never> => {
  throw new ApiError(
    "QB_ERR_OPERATION_UNSUPPORTED",
    { operation: "This call", connector: "of this server" },
    null,
    501,
  );
};

/** Every operation of the contract, by operationId. */
export const apiHandlers: Handlers = new Proxy(
  {
    ...sessionHandlers,
    ...keyHandlers,
    ...navigationHandlers,
    ...essbaseHandlers,
    ...oauthHandlers,
  } as Handlers,
  {
    get: (target, prop: string) => target[prop] ?? notYet,
  },
);
