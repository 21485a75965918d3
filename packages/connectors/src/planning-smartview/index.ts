export { PlanningSmartViewClient, workspaceUrlFor } from "./client.ts";
export { type PlanningSmartViewOptions, PlanningSmartViewProvider } from "./provider.ts";
