// Server build: the highlighted content, rendered at once. The browser build uses
// highlighted-content.browser.tsx instead (src/plugins/code-blocks.ts).
export { default as HighlightedContent } from "./Highlighted";
