import type { Capability, Connector } from "@qibates/provider";
import { ProviderError, type ProviderText, supportOf } from "@qibates/provider";

/**
 * The typed refusal of an operation a remote connector's server lacks (`UNSUPPORTED`, which the server answers
 * as QB_ERR_OPERATION_UNSUPPORTED), with its reason: the capability table's, in both languages, or a connector's
 * own words for a case the table's reason does not name alone.
 */
export function unsupported(
  connector: string,
  operation: string,
  why: string | ProviderText,
  field: string | null = null,
): ProviderError {
  const en = typeof why === "string" ? why : why.en;
  return new ProviderError(
    "UNSUPPORTED",
    `${operation} is not supported by connector ${connector}: ${en}`,
    { operation, connector, reason: why },
    field,
  );
}

/** {@link unsupported} for one connector: how its operations refuse what its server lacks. */
export function refusalsOf(connector: string) {
  return (operation: string, why: string | ProviderText, field: string | null = null): ProviderError =>
    unsupported(connector, operation, why, field);
}

/**
 * The refusal of `operation` where the capability table says `connector` lacks `capability` on a real server,
 * with the table's reason: the one place a connector states what it cannot do.
 */
export function missing(
  connector: Connector,
  capability: Capability,
  operation: string,
  field: string | null = null,
): ProviderError {
  const support = supportOf(connector, capability);
  const why = support.status === "no" ? support.why : support.realServers?.why;
  if (!why) throw new Error(`the capability table gives ${connector} the whole of ${capability}`);
  return unsupported(connector, operation, why, field);
}
