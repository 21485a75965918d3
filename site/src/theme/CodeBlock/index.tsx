import type { Props } from "@theme/CodeBlock";
import ElementContent from "@theme/CodeBlock/Content/Element";
import StringContent from "@theme/CodeBlock/Content/String";
import type { ReactNode } from "react";
import { Children, isValidElement } from "react";

/** The code as one string when it is only text (so it can be copied), else the children as they are. */
function codeOf(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join("") : children;
}

// Unlike the classic theme's CodeBlock, this one does not render every code block a second time once the page
// has started in the browser: that was to change the token colours to the reader's colour mode, which CSS
// variables now do (src/prism-themes.ts). The highlighted HTML from the build is kept as it is.
export default function CodeBlock({ children, ...props }: Props): ReactNode {
  const code = codeOf(children);
  return typeof code === "string" ? (
    <StringContent {...props}>{code}</StringContent>
  ) : (
    <ElementContent {...props}>{code}</ElementContent>
  );
}
