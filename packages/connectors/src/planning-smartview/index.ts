export { type PlanningSmartViewOptions, PlanningSmartViewProvider } from "./provider.ts";
