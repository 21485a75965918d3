export type { CellValue, DataSource } from "./data-source.ts";
export * from "./outline.ts";
export { outlineSpecFromDocument } from "./outline-yaml.ts";
export * from "./grid/index.ts";
