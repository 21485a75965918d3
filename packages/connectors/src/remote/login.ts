import { ProviderError } from "@qibates/provider";

/**
 * `LOGIN_FAILED` as every remote connector answers it when its server refuses the credentials, at login or
 * when a session the server forgot is logged in again (the clients log in again once, then give up with it).
 */
export function loginRefused(): ProviderError {
  // No words of its own: the API answers the registry's message, in the caller's language.
  return new ProviderError("LOGIN_FAILED", "The server refused the user name or password.", {});
}
