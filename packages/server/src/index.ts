export { API_PREFIX, type AppOptions, buildApp } from "./app.ts";
export { type Config, ConfigError, loadConfig, variables } from "./config.ts";
export { demoCredentialsValid } from "./demo.ts";
export { databaseStore } from "./embedded-store.ts";
export { type ProviderRegistry, providerRegistry } from "./providers.ts";
