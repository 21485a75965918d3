export * from "./grid.ts";
export * from "./login.ts";
export * from "./members.ts";
export * from "./message.ts";
export * from "./paths.ts";
export * from "./preferences.ts";
export * from "./rules.ts";
