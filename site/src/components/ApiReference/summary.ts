/** The OpenAPI file reduced to what the API page renders on the server: calls grouped by tag. */
export type ApiSummary = {
  title: string;
  version: string;
  intro: string;
  groups: {
    name: string;
    description: string;
    operations: { method: string; path: string; summary: string; deprecated: boolean }[];
  }[];
};
