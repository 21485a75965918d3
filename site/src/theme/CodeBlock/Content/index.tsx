import styles from "@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css";
import { useCodeBlockContext } from "@docusaurus/theme-common/internal";
import useIsBrowser from "@docusaurus/useIsBrowser";
import type { Props } from "@theme/CodeBlock/Content";
import clsx from "clsx";
import type { ReactNode } from "react";
import { useState } from "react";
// On the server: the classic theme's content, highlighted by Prism. In the browser build this module is
// replaced by one that loads Prism only when it is first needed (see src/plugins/code-blocks.ts).
import { HighlightedContent } from "./highlighted-content";

// The same object on every render, so React never rewrites the HTML it keeps (see Kept).
const KEEP_SERVER_HTML = { __html: "" };

/**
 * A code block the server rendered: its highlighted lines are kept as they are (React does not hydrate inside
 * an element given `dangerouslySetInnerHTML`), so the browser needs no Prism to start the page. The word-wrap
 * button still reaches the lines through the ref; the copy button takes the code from the context.
 */
function Kept({ className }: Props): ReactNode {
  const { wordWrap } = useCodeBlockContext();
  return (
    <pre
      ref={wordWrap.codeBlockRef}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a code block scrolls sideways; the keyboard must reach it (as in the classic theme)
      tabIndex={0}
      className={clsx(className, styles.codeBlock, "thin-scrollbar")}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sets no HTML; it keeps the server's (see above)
      dangerouslySetInnerHTML={KEEP_SERVER_HTML}
      suppressHydrationWarning
    />
  );
}

export default function CodeBlockContent(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  // Decided once, when the block mounts: true when the browser hydrates a page the server built
  // (`docusaurus start` renders in the browser only, and client-side navigations render new blocks).
  const [keep] = useState(
    typeof window !== "undefined" && Boolean(process.env.HYDRATE_CLIENT_ENTRY) && !isBrowser,
  );
  return keep ? <Kept {...props} /> : <HighlightedContent {...props} />;
}
