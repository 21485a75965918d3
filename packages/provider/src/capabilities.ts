import {
  CAPABILITIES,
  type Capability,
  type Family,
  type Reason,
  type Support,
  type Text,
} from "./capability-list.ts";
import { CONNECTOR_DESCRIPTIONS, type Connector, type ConnectorDescription } from "./connectors.ts";
import { FAMILIES, FAMILY_DESCRIPTIONS } from "./families.ts";

/**
 * The capability table: for each connector value, which operations QiBates does with that kind of server,
 * derived from the connectors' descriptions (`connectors.ts`). One table, read by the API server (an operation
 * a connector lacks answers QB_ERR_OPERATION_UNSUPPORTED before any provider is called), by `GET /health`, and
 * by the "Features and compatibility" documentation page (a test compares the page with this table). The
 * embedded demo provider honours the table of the connector a session was opened with, so the demo behaves as
 * that kind of server does.
 */

export interface ConnectorProfile {
  connector: string;
  family: Family;
  /** The server this connector value stands for. */
  server: Text;
  /** The path a provider address must end with. */
  providerAddressSuffix: string;
  /**
   * Whether QiBates can reach a real server of this kind. `false`: only the embedded demo provider answers;
   * a real address is refused at login (`QB_ERR_PROVIDER_ERROR`), because no client of that server's
   * protocol exists yet.
   */
  realServers: boolean;
  capabilities: Readonly<Partial<Record<Capability, Support>>>;
  /**
   * The reasons this connector gives on a real server for refusing one case of a capability, where the
   * capability's own reason does not say that case alone, by capability and case (`refusalReason`).
   */
  refusals: Readonly<Partial<Record<Capability, Readonly<Record<string, Reason>>>>>;
  /** Those cases in the add-in's user's words, where the table has them (`readerRefusalReason`). */
  readerRefusals: Readonly<Partial<Record<Capability, Readonly<Record<string, Text>>>>>;
}

const YES: Support = { status: "yes" };

/** A connector's profile: every capability of its family, as its description says it stands for it. */
export function connectorProfile(connector: string, description: ConnectorDescription): ConnectorProfile {
  const { family, names, addressSuffix, capabilities: said } = description;
  const capabilities: Partial<Record<Capability, Support>> = {};
  for (const c of CAPABILITIES) {
    if (c.family !== family) continue;
    const why = said.refused?.[c.id];
    const real = said.onRealServers?.[c.id];
    const reader = said.reader?.[c.id];
    if (reader && !why && !real)
      throw new Error(`${connector} does ${c.id}: a reader's reason has nothing to say`);
    const words = reader ? { reader } : {};
    capabilities[c.id] = why
      ? { status: "no", why, ...words }
      : real
        ? { status: "yes", realServers: { ...real, ...words } }
        : YES;
  }
  return {
    connector,
    family,
    server: names.full,
    providerAddressSuffix: addressSuffix,
    realServers: said.realServers,
    capabilities,
    refusals: said.refusals ?? {},
    readerRefusals: said.readerRefusals ?? {},
  };
}

/** The table of `descriptions`, one profile per connector value, in their order. */
export function connectorProfiles<C extends string>(
  descriptions: Readonly<Record<C, ConnectorDescription>>,
): Readonly<Record<C, ConnectorProfile>> {
  return Object.fromEntries(
    (Object.keys(descriptions) as C[]).map((c) => [c, connectorProfile(c, descriptions[c])]),
  ) as Record<C, ConnectorProfile>;
}

/** The product's table, one profile per connector value, in the order of `CONNECTORS`. */
export const CONNECTOR_PROFILES: Readonly<Record<Connector, ConnectorProfile>> =
  connectorProfiles(CONNECTOR_DESCRIPTIONS);

/** Why a server does not do a capability of another family, in a user's words, by the capability's family. */
export const OTHER_FAMILY: Readonly<Record<Family, Text>> = Object.fromEntries(
  FAMILIES.map((f) => [f, FAMILY_DESCRIPTIONS[f].otherFamily]),
) as Record<Family, Text>;

/** How `connector` stands for `capability`; a capability of the other family is `no`. */
export function supportOf(connector: Connector, capability: Capability): Support {
  return supportIn(CONNECTOR_PROFILES[connector], capability);
}

/** How the connector of `profile` stands for `capability`; a capability of the other family is `no`. */
export function supportIn(profile: ConnectorProfile, capability: Capability): Support {
  return (
    profile.capabilities[capability] ?? {
      status: "no",
      why: {
        en: "Not an operation of this server family.",
        fr: "Cette opération n'existe pas pour cette famille de serveurs.",
      },
    }
  );
}

/**
 * Why `connector` lacks `capability` (on a real server, or in part), in the words of the add-in's user: what a
 * refusal's message says; `undefined` where the table gives no such words (its developer's reason is then said).
 */
export function readerReason(connector: Connector, capability: Capability): Text | undefined {
  return readerOf(supportOf(connector, capability));
}

/** The add-in's user's words for why `support` (a connector's stand for a capability) refuses, if the table has some. */
export function readerOf(support: Support): Text | undefined {
  return support.status === "no" ? support.reader : support.realServers?.reader;
}

/** `{name}`s of a reason filled in from `values`; a name without a value stays as it is. */
function filled(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (all, name: string) =>
    Object.hasOwn(values, name) ? (values[name] as string) : all,
  );
}

/**
 * Why `connector` refuses the case `because` of `capability`, in the add-in's user's words, its `{name}`s filled
 * in from `values`; `undefined` where the table gives that case no such words (its developer's reason is then
 * said).
 */
export function readerRefusalReason(
  connector: Connector,
  capability: Capability,
  because: string,
  values: Readonly<Record<string, string>> = {},
): Text | undefined {
  const reason = CONNECTOR_PROFILES[connector].readerRefusals[capability]?.[because];
  return reason === undefined ? undefined : { en: filled(reason.en, values), fr: filled(reason.fr, values) };
}

/**
 * Why `connector` refuses `capability` on a real server: the table's reason, or with `because` the reason of that
 * case (`ConnectorProfile.refusals`), its `{name}`s filled in from `values`. Throws where the table gives the
 * connector the whole capability or names no such case: a connector refuses only what the table says.
 */
export function refusalReason(
  connector: Connector,
  capability: Capability,
  because?: string,
  values: Readonly<Record<string, string>> = {},
): Reason {
  if (because !== undefined) {
    const reason = CONNECTOR_PROFILES[connector].refusals[capability]?.[because];
    if (reason === undefined)
      throw new Error(`the capability table gives ${connector} no refusal ${capability}/${because}`);
    const fill = (text: string) => filled(text, values);
    return typeof reason === "string" ? fill(reason) : { en: fill(reason.en), fr: fill(reason.fr) };
  }
  const support = supportOf(connector, capability);
  const why = support.status === "no" ? support.why : support.realServers?.why;
  if (!why) throw new Error(`the capability table gives ${connector} the whole of ${capability}`);
  return why;
}
