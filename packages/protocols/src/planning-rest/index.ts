/**
 * Planning REST (EPM Cloud's `…/HyperionPlanning/rest/v3`, with the part of Data Management's `…/aif/rest/V1` a
 * Planning client reads): paths, constants, the JSON bodies both sides write and read, error bodies. The
 * connector (`@qibates/connectors`, client) and the wire endpoint (`@qibates/wire`, server) both use it.
 */
export * from "./applications.ts";
export * from "./data-slices.ts";
export * from "./errors.ts";
export * from "./forms.ts";
export * from "./jobs.ts";
export * from "./members.ts";
export * from "./paths.ts";
export * from "./versions.ts";
