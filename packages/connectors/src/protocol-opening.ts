import type { Provider } from "@qibates/provider";
import type { Upstreams } from "./net/index.ts";

/**
 * What opening a protocol's provider is given: the same for every protocol. The server gives its whole settings
 * object (its `Config`), a command-line tool the few settings it has; each protocol's opener (`opening.ts` in its
 * folder) reads the settings it needs by name, so that no caller passes an option per protocol.
 */
export interface ProtocolOpening {
  /** The network rules every client of the provider reaches its server through. */
  upstreams: Upstreams;
  /** An upstream session unused this long is ended. */
  idleMs: number;
  /** How long a server's data job (an export, a calculation, a rule) is waited for. */
  jobTimeoutMs: number;
  /** The server's settings, by the name of its configuration (`calcJobTimeoutSeconds`, …). */
  settings: ProtocolSettings;
  /**
   * The provider of another protocol this one stands on, shared with the connectors served by that protocol
   * (one set of upstream sessions); when it is opened for this protocol alone, it is closed with it.
   */
  standOn(client: string): Provider;
}

/** The server's settings, by name; a protocol reads only its own and checks their shape. */
export type ProtocolSettings = Readonly<Record<string, unknown>>;

/** A protocol's provider and what ends it (its upstream sessions; the `Upstreams` stay the caller's). */
export interface OpenedProvider<P extends Provider = Provider> {
  provider: P;
  close(): Promise<void>;
}

/** Opens a protocol's provider. */
export type ProtocolOpener = (opening: ProtocolOpening) => OpenedProvider;

/** A provider that ends itself, as opened. */
export function closing(provider: Provider & { close(): Promise<void> }): OpenedProvider {
  return { provider, close: () => provider.close() };
}

/** A setting in seconds, as milliseconds; unset (or not a positive number), `undefined`. */
export function secondsSetting(settings: ProtocolSettings, name: string): number | undefined {
  const value = settings[name];
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value * 1000 : undefined;
}

/** A setting that is a list of pairs of texts; unset, empty. Throws on another shape: a caller's mistake. */
export function pairsSetting(
  settings: ProtocolSettings,
  name: string,
): readonly (readonly [string, string])[] {
  const value = settings[name];
  if (value === undefined) return [];
  const pairs = Array.isArray(value) ? value : [];
  const valid = pairs.every(
    (p) => Array.isArray(p) && p.length === 2 && typeof p[0] === "string" && typeof p[1] === "string",
  );
  if (!Array.isArray(value) || !valid)
    throw new TypeError(`the setting ${name} is not a list of pairs of texts`);
  return pairs as (readonly [string, string])[];
}
