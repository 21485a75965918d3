import type { Props } from "@theme/CodeBlock/Content";
import prismIncludeLanguages from "@theme/prism-include-languages";
import Content from "@theme-original/CodeBlock/Content";
import { Prism } from "prism-react-renderer";
import type { ReactNode } from "react";

// What the classic theme does at start-up in every page (left out of the browser's start-up, see
// src/plugins/code-blocks.ts): add the languages of `prism.additionalLanguages` to Prism.
prismIncludeLanguages(Prism as Parameters<typeof prismIncludeLanguages>[0]);

/** The classic theme's code block content: the code highlighted by Prism. */
export default Content as (props: Props) => ReactNode;
