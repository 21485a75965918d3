import type { Handlers } from "../api.ts";
import { adminHandlers } from "./admin.ts";
import { essbaseHandlers } from "./essbase.ts";
import { keyHandlers } from "./keys.ts";
import { operationHandlers } from "./long-operations.ts";
import { memberHandlers } from "./members.ts";
import { navigationHandlers } from "./navigation.ts";
import { oauthHandlers } from "./oauth.ts";
import { planningHandlers } from "./planning.ts";
import { sessionHandlers } from "./session.ts";

/** Every operation of the contract, by operationId: a missing one fails the typecheck. */
export const apiHandlers: Handlers = {
  ...sessionHandlers,
  ...keyHandlers,
  ...adminHandlers,
  ...navigationHandlers,
  ...essbaseHandlers,
  ...memberHandlers,
  ...planningHandlers,
  ...oauthHandlers,
  ...operationHandlers,
};
