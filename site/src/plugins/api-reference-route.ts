import type { LoadContext, Plugin } from "@docusaurus/types";

// Mounts the API reference page at /api/qibates (and /fr/api/qibates in the French build).
// The route must carry the locale's baseUrl, or the French build reports a broken link.
export default function apiReferenceRoute(context: LoadContext): Plugin {
  return {
    name: "qibates-api-reference-route",
    async contentLoaded({ actions }) {
      actions.addRoute({
        path: `${context.baseUrl}api/qibates`,
        component: "@site/src/components/ApiReference/index.tsx",
        exact: true,
      });
    },
  };
}
