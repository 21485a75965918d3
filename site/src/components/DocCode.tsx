import CodeInline from "@theme/CodeInline";
import MDXCode from "@theme/MDXComponents/Code";
import type { ComponentProps } from "react";

/** A word of inline code at most this long is kept whole in a table cell (src/css/custom.css). */
export const SHORT_WORD_CHARACTERS = 24;

/**
 * Markdown's code (Docusaurus' own, through src/theme/MDXComponents). Inline code of one word of at most
 * {@link SHORT_WORD_CHARACTERS} characters that holds a hyphen or a slash, and in longer code each such word that
 * is an option (`--read grid`), is wrapped in a `code-word` span, which a table cell keeps on one line, so that
 * `essbase-stndln` or `--application` is not broken at its hyphen (outside read R7 D7). The code still
 * wraps at its spaces, and a longer word, such as an address, inside itself. A code block is left as it is.
 */
export default function DocCode(props: ComponentProps<typeof MDXCode>) {
  const { children, className } = props;
  if (typeof children !== "string" || className !== undefined || children.includes("\n")) {
    return <MDXCode {...props} />;
  }
  const parts = children.split(/(\s+)/);
  const kept = (part: string) => isShortBreakableWord(part) && (parts.length === 1 || part.startsWith("-"));
  if (!parts.some(kept)) return <MDXCode {...props} />;
  return (
    <CodeInline {...props}>
      {parts.map((part, i) =>
        kept(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the words of one fixed string, never reordered
          <span className="code-word" key={i}>
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </CodeInline>
  );
}

function isShortBreakableWord(part: string): boolean {
  return part.length <= SHORT_WORD_CHARACTERS && /[-/]/.test(part) && !/\s/.test(part);
}
