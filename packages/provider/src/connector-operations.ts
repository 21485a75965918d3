import { CAPABILITIES } from "./capability-list.ts";
import { CONNECTOR_DESCRIPTIONS, type ConnectorDescription } from "./connectors.ts";
import { FAMILIES, FAMILY_DESCRIPTIONS, SESSION_OPERATIONS } from "./families.ts";

/** What of a description decides the calls its connector accepts. */
export type OperationsOfConnector = Pick<ConnectorDescription, "family" | "operations">;

/**
 * The connectors each call accepts (the contract's `x-qibates-connectors`, which `openapi/tools/connector-lists.ts`
 * writes from here), derived from the descriptions alone: the session's calls accept every connector; a call of a
 * family (its capabilities' calls and the family's own) the connectors of that family; a connector's own calls
 * that connector. Each list is in the order of `descriptions`; a call no connector accepts is absent.
 */
export function acceptedConnectors<C extends string>(
  descriptions: Readonly<Record<C, OperationsOfConnector>> = CONNECTOR_DESCRIPTIONS as Readonly<
    Record<C, OperationsOfConnector>
  >,
): ReadonlyMap<string, readonly C[]> {
  const accepted = new Map<string, C[]>();
  const accept = (operation: string, connector: C) => {
    const list = accepted.get(operation) ?? [];
    if (!list.includes(connector)) list.push(connector);
    accepted.set(operation, list);
  };
  for (const connector of Object.keys(descriptions) as C[]) {
    const { family, operations = [] } = descriptions[connector];
    const ofFamily = [
      ...CAPABILITIES.filter((c) => c.family === family).flatMap((c) => c.operations),
      ...FAMILY_DESCRIPTIONS[family].operations,
    ];
    for (const operation of [...SESSION_OPERATIONS, ...ofFamily, ...operations]) accept(operation, connector);
  }
  return accepted;
}

/** What of a description the contract's connector lists are written from. */
export type ListedDescription = Pick<ConnectorDescription, "family" | "operations" | "addressSuffix">;

/** The contract's connector lists, each written from the descriptions (see {@link contractConnectorLists}). */
export interface ContractConnectorLists<C extends string> {
  /** Each operation's `x-qibates-connectors`, by the operation's path without its leading `/`. */
  accepted: ReadonlyMap<string, readonly C[]>;
  /** The `Connector` enumeration. */
  connectors: readonly C[];
  /** The families of the capability table (`ConnectorCapabilities.family`). */
  families: readonly string[];
  /** `info.x-qibates-provider-address-suffixes`: each connector's address ending. */
  addressSuffixes: Readonly<Record<C, string>>;
}

/**
 * Every connector list of the contract, written from `descriptions`: what the contract's generator writes into
 * `openapi/qibates.yaml` and what the server writes into the contract it serves at start, the one rule for both.
 */
export function contractConnectorLists<C extends string>(
  descriptions: Readonly<Record<C, ListedDescription>>,
): ContractConnectorLists<C> {
  const connectors = Object.keys(descriptions) as C[];
  return {
    accepted: acceptedConnectors(descriptions),
    connectors,
    families: FAMILIES,
    addressSuffixes: Object.fromEntries(connectors.map((c) => [c, descriptions[c].addressSuffix])) as Record<
      C,
      string
    >,
  };
}
