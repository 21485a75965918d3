import { ProviderError } from "@qibates/provider";

/**
 * The typed refusal of an operation a remote connector's server lacks (`UNSUPPORTED`, which the server answers
 * as QB_ERR_OPERATION_UNSUPPORTED), with the reason the capability table gives for it.
 */
export function unsupported(
  connector: string,
  operation: string,
  why: string,
  field: string | null = null,
): ProviderError {
  return new ProviderError(
    "UNSUPPORTED",
    `${operation} is not supported by connector ${connector}: ${why}`,
    { operation, connector, reason: why },
    field,
  );
}
