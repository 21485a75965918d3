import styles from "@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css";
import { useCodeBlockContext } from "@docusaurus/theme-common/internal";
import type { Props } from "@theme/CodeBlock/Content";
import clsx from "clsx";
import type { ReactNode } from "react";
import { lazy, Suspense } from "react";

// Browser build: Prism and its languages load with the first code block the browser itself renders.
const Highlighted = lazy(() => import("./Highlighted"));

/** While Prism loads: the code, not yet highlighted, in the same box. */
function Plain({ className }: Props): ReactNode {
  const { metadata, wordWrap } = useCodeBlockContext();
  return (
    <pre
      ref={wordWrap.codeBlockRef}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a code block scrolls sideways; the keyboard must reach it (as in the classic theme)
      tabIndex={0}
      className={clsx(className, styles.codeBlock, "thin-scrollbar", `language-${metadata.language}`)}
      style={{ color: "var(--prism-color)", backgroundColor: "var(--prism-background-color)" }}
    >
      <code className={styles.codeBlockLines}>{metadata.code}</code>
    </pre>
  );
}

export function HighlightedContent(props: Props): ReactNode {
  return (
    <Suspense fallback={<Plain {...props} />}>
      <Highlighted {...props} />
    </Suspense>
  );
}
