export type { EmbeddedApplications } from "./applications.ts";
export type { EmbeddedServers } from "./catalogue.ts";
export { engineError } from "./engine-errors.ts";
export { EssbaseApplication } from "./essbase-app.ts";
export { PlanningDemoApplication } from "./planning-app.ts";
export { EmbeddedProvider, type EmbeddedProviderOptions } from "./provider.ts";
export type { EmbeddedStore, JournalEntry } from "./store.ts";
