import type { Capability, Connector } from "@qibates/provider";
import { ProviderError, readerReason, readerRefusalReason, refusalReason } from "@qibates/provider";

/** Which refusal of a capability, and what it fills in. */
export interface Refusal {
  /** A case of the capability the table's `refusals` names for the connector; without it, the capability's reason. */
  because?: string;
  /** The values of the case reason's `{name}`s. */
  values?: Readonly<Record<string, string>>;
  /** The server's own words, put after the reason in parentheses. */
  server?: string;
  /** The input field refused. */
  field?: string | null;
}

/**
 * The typed refusal of `operation` (`UNSUPPORTED`, which the server answers as QB_ERR_OPERATION_UNSUPPORTED) where
 * the capability table says `connector` lacks `capability` on a real server, or names the case refused: the one
 * place a remote connector states what it cannot do, each reason read from the table (`refusalReason`).
 */
export function missing(
  connector: Connector,
  capability: Capability,
  operation: string,
  refusal: Refusal = {},
): ProviderError {
  const developer = refusalReason(connector, capability, refusal.because, refusal.values);
  // The message is read in the add-in: the user's words where the table has them (for the capability, or for the
  // case refused); the developer's reason then goes to the error's detail.
  const reader =
    refusal.because === undefined
      ? readerReason(connector, capability)
      : readerRefusalReason(connector, capability, refusal.because, refusal.values);
  const reason = reader ?? developer;
  const { server } = refusal;
  const why =
    server === undefined
      ? reason
      : typeof reason === "string"
        ? withServer(reason, server)
        : { en: withServer(reason.en, server), fr: withServer(reason.fr, server) };
  const en = typeof why === "string" ? why : why.en;
  return new ProviderError(
    "UNSUPPORTED",
    `QiBates cannot do this on your server: ${en}`,
    {
      operation,
      connector,
      reason: why,
      ...(reader !== undefined && typeof developer !== "string" ? { why: developer.en } : {}),
    },
    refusal.field ?? null,
  );
}

/** A reason with the server's words after it, in parentheses, before its full stop. */
function withServer(reason: string, server: string): string {
  return reason.endsWith(".") ? `${reason.slice(0, -1)} (${server}).` : `${reason} (${server})`;
}
