/**
 * The French typography of the site: the remark plugin that applies it at build time to the French pages (docs,
 * changelog, pages) and their front matter. The rules themselves are the server's too (its French messages), in
 * @qibates/provider/french-typography.
 */

import { frenchTypography, isEnglishQuote } from "@qibates/provider/french-typography";

export {
  CODE_WORD,
  frenchTypography,
  isEnglishQuote,
  NBSP,
  NNBSP,
  NOT_COUNTED,
} from "@qibates/provider/french-typography";

// ---------------------------------------------------------------------------------------------------------
// The remark plugin.

type MdNode = {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: { hProperties?: Record<string, unknown>; [k: string]: unknown };
};

/** The heading text as Docusaurus reads it to make the anchor (html and jsx children left out). */
function plainText(node: MdNode): string {
  if (node.type === "html" || node.type === "jsx") return "";
  if (typeof node.value === "string") return node.value;
  return (node.children ?? []).map(plainText).join("");
}

// Nodes whose text is not prose a reader sees as such.
const SKIP = new Set([
  "code",
  "inlineCode",
  "html",
  "mdxFlowExpression",
  "mdxTextExpression",
  "mdxjsEsm",
  "yaml",
]);

function transformText(node: MdNode): void {
  if (SKIP.has(node.type)) return;
  if (node.type === "text" && typeof node.value === "string") {
    node.value = frenchTypography(node.value);
    return;
  }
  for (const child of node.children ?? []) transformText(child);
}

/** True for a source file of the French locale (the fr build falls back to English for untranslated files). */
export function isFrenchSource(path: string | undefined): boolean {
  return typeof path === "string" && /[\\/]i18n[\\/]fr[\\/]/.test(path);
}

/**
 * Remark plugin: French spacing in the text nodes of French sources. Registered before Docusaurus's own remark
 * plugins, so the table of contents shows the same text as the headings; a heading whose text changes keeps the
 * anchor its source text gives (links to it keep working).
 */
export default function remarkFrenchTypography(options: { all?: boolean } = {}) {
  return (tree: MdNode, file: { path?: string }): void => {
    if (!options.all && !isFrenchSource(file.path)) return;
    const visit = (node: MdNode): void => {
      if (node.type === "heading") {
        const before = plainText(node);
        transformText(node);
        const lastType = node.children?.at(-1)?.type ?? "";
        const explicitId =
          /\{#[^}]+\}\s*$/.test(before) || lastType === "mdxTextExpression" || lastType === "html";
        if (plainText(node) !== before && !explicitId) {
          node.data ??= {};
          node.data.hProperties ??= {};
          // Docusaurus slugs an id it finds here (keeping case), so lower-case it as it would have.
          node.data.hProperties.id ??= before.toLowerCase();
        }
        return;
      }
      if (SKIP.has(node.type)) return;
      if (node.type === "text") {
        transformText(node);
        return;
      }
      // A server's message in English set in bold or italics (`**Invalid value for …: …**`) stays as it is sent.
      if ((node.type === "strong" || node.type === "emphasis") && isEnglishQuote(plainText(node))) return;
      for (const child of node.children ?? []) visit(child);
    };
    visit(tree);
  };
}

/** The front-matter fields shown as text (titles, sidebar labels, descriptions). */
const FRONT_MATTER_TEXT = ["title", "sidebar_label", "description", "pagination_label", "title_meta"];

/** French spacing in the front matter's text fields of a French source (`markdown.parseFrontMatter`). */
export function frenchFrontMatter(frontMatter: Record<string, unknown>): Record<string, unknown> {
  const out = { ...frontMatter };
  for (const field of FRONT_MATTER_TEXT) {
    const value = out[field];
    if (typeof value === "string") out[field] = frenchTypography(value);
  }
  return out;
}
