export type { EmbeddedApplications } from "./applications.ts";
export { engineError } from "./engine-errors.ts";
export { EmbeddedProvider, type EmbeddedProviderOptions } from "./provider.ts";
export type { EmbeddedStore, JournalEntry } from "./store.ts";
