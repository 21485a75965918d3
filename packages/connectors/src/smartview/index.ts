export { exceptionError, parseSv, SmartViewClient, type SvElement } from "./client.ts";
export { cellQuery, executeQueryBody, readGrid } from "./grid.ts";
export { SmartViewProvider, type SmartViewProviderOptions, smartViewUrlFor } from "./provider.ts";
export { PlanningSmartViewClient, planningSmartViewClient, workspaceUrlFor } from "./workspace-client.ts";
