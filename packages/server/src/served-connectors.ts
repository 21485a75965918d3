import { PROTOCOLS, type Protocols } from "@qibates/connectors";
import {
  CONNECTOR_DESCRIPTIONS,
  type Connector,
  type ConnectorDescription,
  type ConnectorProfile,
  connectorProfiles,
  contractConnectorLists,
} from "@qibates/provider";
import type { Json, JsonObject } from "./contract-operations.ts";

/**
 * The connectors this server serves: each one's description (`@qibates/provider`) and the protocol clients they
 * name (`@qibates/connectors`). Everything the server says or checks about connectors is read from here: the
 * contract's connector lists (`servedContract`), the connector header's check, the login's address check, the
 * capability table that refuses an operation and that `/health` lists. The product's registration is the default;
 * a test adds a protocol beside the product's ones, as a real one is added.
 */
export interface ConnectorRegistration {
  descriptions: Readonly<Record<string, ConnectorDescription>>;
  protocols: Protocols;
}

/** The product's connectors and protocols. */
export const PRODUCT_CONNECTORS: ConnectorRegistration = {
  descriptions: CONNECTOR_DESCRIPTIONS,
  protocols: PROTOCOLS,
};

export class ServedConnectors {
  /** The connector values, in the descriptions' order. */
  readonly names: readonly Connector[];
  /** The capability table, one profile per connector value. */
  readonly profiles: Readonly<Record<string, ConnectorProfile>>;

  constructor(readonly registration: ConnectorRegistration = PRODUCT_CONNECTORS) {
    this.names = Object.keys(registration.descriptions) as Connector[];
    this.profiles = connectorProfiles(registration.descriptions);
  }

  get descriptions(): Readonly<Record<string, ConnectorDescription>> {
    return this.registration.descriptions;
  }

  /** True when `value` is a connector this server serves. */
  has(value: string): value is Connector {
    return Object.hasOwn(this.registration.descriptions, value);
  }

  profile(connector: Connector): ConnectorProfile {
    const profile = this.profiles[connector];
    if (!profile) throw new Error(`connector ${connector} is not served`);
    return profile;
  }
}

const isObject = (value: Json | undefined): value is JsonObject =>
  !!value && typeof value === "object" && !Array.isArray(value);

/**
 * The contract as this server serves it: `document` with its connector lists written from `descriptions` by the
 * rule the contract's generator follows (`contractConnectorLists`, as `openapi/tools/connector-lists.ts`): each
 * operation's `x-qibates-connectors`, the `Connector` enumeration, the families of the capability table and the
 * address endings. With the product's descriptions it is the bundled document as it is.
 */
export function servedContract(
  document: JsonObject,
  descriptions: Readonly<Record<string, ConnectorDescription>>,
): JsonObject {
  const served = structuredClone(document);
  const { accepted, connectors, families, addressSuffixes } = contractConnectorLists(descriptions);
  for (const [path, item] of Object.entries(isObject(served.paths) ? served.paths : {})) {
    if (!isObject(item)) continue;
    for (const operation of Object.values(item)) {
      if (!isObject(operation) || !Array.isArray(operation["x-qibates-connectors"])) continue;
      const values = accepted.get(path.slice(1));
      if (!values) throw new Error(`no connector description accepts ${path}`);
      operation["x-qibates-connectors"] = [...values];
    }
  }
  const components = isObject(served.components) ? served.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const connector = schemas.Connector;
  if (isObject(connector)) connector.enum = [...connectors];
  const capabilities = schemas.ConnectorCapabilities;
  const properties = isObject(capabilities) ? capabilities.properties : undefined;
  const family = isObject(properties) ? properties.family : undefined;
  if (isObject(family)) family.enum = [...families];
  if (isObject(served.info)) served.info["x-qibates-provider-address-suffixes"] = { ...addressSuffixes };
  return served;
}
