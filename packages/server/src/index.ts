export { API_PREFIX, type AppOptions, buildApp } from "./app.ts";
export { type Config, ConfigError, loadConfig, variables } from "./config.ts";
