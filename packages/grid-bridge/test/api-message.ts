import { ProviderError, providerErrorMessage } from "@qibates/provider";
import { engineError } from "../src/engine-errors.ts";

/** The message the API answers for an engine error, in `locale` (what the server does with the provider error). */
export function apiMessage(e: Error, locale: "en" | "fr"): string {
  try {
    engineError(e);
  } catch (p) {
    if (p instanceof ProviderError) return providerErrorMessage(p, locale);
    throw p;
  }
  throw new Error("engineError returned");
}
