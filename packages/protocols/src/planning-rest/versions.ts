import { type ApiLink, PLANNING_REST_VERSION } from "./paths.ts";

/**
 * Version discovery: `GET …/rest/` lists the versions (the trailing slash is required, a live-tested client's
 * note), `GET …/rest/v3` describes one (Oracle's "Get Information about a Specific REST API Version").
 */
export interface VersionInfo {
  version: string;
  lifecycle: "active" | "deprecated";
  isLatest: boolean;
  links: ApiLink[];
}

export interface VersionList {
  items: VersionInfo[];
  links: ApiLink[];
}

/** The one version a server serves, described. */
export function versionInfo(version: string, links: ApiLink[]): VersionInfo {
  return { version, lifecycle: "active", isLatest: true, links };
}

/** Whether a version list names the version (v3 unless told). */
export function listsVersion(answer: unknown, version: string = PLANNING_REST_VERSION): boolean {
  const items = (answer as { items?: unknown } | null)?.items;
  return Array.isArray(items) && items.some((v) => (v as { version?: unknown } | null)?.version === version);
}
