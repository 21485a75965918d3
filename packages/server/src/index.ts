export { API_PREFIX, type AppOptions, buildApp, CONNECTORS } from "./app.ts";
export { type Config, ConfigError, loadConfig, variables } from "./config.ts";
