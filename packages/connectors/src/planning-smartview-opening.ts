import { PlanningRestProvider } from "./planning-rest/index.ts";
import { PlanningSmartViewProvider } from "./planning-smartview/index.ts";
import type { ProtocolOpener } from "./protocol-opening.ts";
import { planningSmartViewClient } from "./smartview/index.ts";

/**
 * Planning on premises: Planning REST's provider, with Smart View's protocol at the same address for what REST
 * lacks (alias tables, prompts). It stands on the Planning REST provider (one set of Planning REST sessions).
 * Outside the protocol folders because it joins three of them, which never import one another.
 */
export const planningSmartViewOpening: ProtocolOpener = ({ upstreams, idleMs, standOn }) => {
  const rest = standOn("planning-rest");
  if (!(rest instanceof PlanningRestProvider)) throw new Error("planning-smartview stands on planning-rest");
  const provider = new PlanningSmartViewProvider(rest, {
    upstreams,
    idleMs,
    smartView: planningSmartViewClient,
  });
  return { provider, close: () => provider.close() };
};
