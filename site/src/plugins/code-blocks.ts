import { fileURLToPath } from "node:url";
import type { Plugin } from "@docusaurus/types";
import { codeThemeCss } from "../prism-themes";

/**
 * Code blocks without Prism in the browser at start-up:
 * - the token colours of both modes are CSS variables (see `codeTheme`), written once into each page's head;
 * - the classic theme's client module that loads Prism (and its ~40 bundled languages) into every page's main
 *   bundle is left out of the browser build. The server build keeps it to highlight the code blocks; in the
 *   browser, `src/theme/CodeBlock/Content` keeps that highlighted HTML and loads Prism only to render a code
 *   block the server did not (after a client-side navigation).
 */
export default function codeBlocksPlugin(): Plugin {
  const noop = fileURLToPath(new URL("./no-client-module.ts", import.meta.url));
  const browserContent = fileURLToPath(
    new URL("../theme/CodeBlock/Content/highlighted-content.browser.tsx", import.meta.url),
  );
  return {
    name: "qibates-code-blocks",
    injectHtmlTags() {
      return { headTags: [{ tagName: "style", innerHTML: codeThemeCss() }] };
    },
    configureWebpack(_config, isServer, { currentBundler }) {
      if (isServer) return {};
      const { NormalModuleReplacementPlugin } = currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(
            /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/,
            noop,
          ),
          new NormalModuleReplacementPlugin(/^\.\/highlighted-content$/, browserContent),
        ],
      };
    },
  };
}
