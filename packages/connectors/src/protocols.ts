import type { ProtocolClient } from "@qibates/provider";
import { essbaseRestOpening } from "./essbase-rest/opening.ts";
import { planningRestOpening } from "./planning-rest/opening.ts";
import { planningSmartViewOpening } from "./planning-smartview-opening.ts";
import type { ProtocolOpener } from "./protocol-opening.ts";
import { smartViewOpening } from "./smartview/opening.ts";
import { xmlaOpening } from "./xmla/opening.ts";

/**
 * The protocol clients, by the id a connector's description names (`ConnectorDescription.client`): one line a
 * protocol, its opener in its own folder. A protocol's options are its opener's business (it reads the server's
 * settings by name), so adding a protocol is adding its folder and its line here.
 */
export const PROTOCOLS: Readonly<Record<ProtocolClient, ProtocolOpener>> = {
  smartview: smartViewOpening,
  xmla: xmlaOpening,
  "essbase-rest": essbaseRestOpening,
  "planning-rest": planningRestOpening,
  "planning-smartview": planningSmartViewOpening,
};
