/**
 * Remark plugin: writes the product's numbers into the pages. A page states a default or a limit with a token,
 * `{{config:CALC_JOB_TIMEOUT_SECONDS}}` (a setting's default, packages/server/src/config.ts) or
 * `{{limit:MAX_JSON_DEPTH}}` (a limit of the code), optionally converted: `{{config:CALC_JOB_TIMEOUT_SECONDS in minutes}}`
 * → 10, `{{config:BODY_LIMIT_BYTES in MiB}}` → 10. The value is written as the page's language writes numbers
 * (500,000 / 500 000). In a `.md` page the token is text; in an MDX page `{{…}}` parses as an expression whose
 * source is the token between single braces, and is replaced the same way. A token that names nothing stops the
 * build. The values come from site/src/product-values.ts, which site/test/stated-values.test.ts also reads.
 */
import type { Locale } from "../product-values";
import { renderTokens, TOKEN, tokenText } from "../product-values";
import { isFrenchSource } from "./french-typography";

interface MdNode {
  type: string;
  value?: unknown;
  name?: string;
  attributes?: Record<string, unknown> | null;
  children?: MdNode[];
}

/**
 * Docusaurus parses `:NAME` as a text directive (its admonitions' syntax), so in a `.md` page `{{config:NAME}}`
 * arrives as the text `{{config`, a directive `NAME` and the text `}}`: joined back into one text here.
 */
function joinDirectiveTokens(children: MdNode[]): void {
  for (let i = 0; i + 2 < children.length; i++) {
    const [before, directive, after] = [children[i], children[i + 1], children[i + 2]] as [
      MdNode,
      MdNode,
      MdNode,
    ];
    if (
      before.type === "text" &&
      typeof before.value === "string" &&
      /\{\{\s*(?:config|limit)$/.test(before.value) &&
      directive.type === "textDirective" &&
      (directive.children ?? []).length === 0 &&
      Object.keys(directive.attributes ?? {}).length === 0 &&
      after.type === "text" &&
      typeof after.value === "string" &&
      /^(?:\s+in\s+\w+)?\s*\}\}/.test(after.value)
    ) {
      before.value = `${before.value}:${directive.name ?? ""}${after.value}`;
      children.splice(i + 1, 2);
      i--;
    }
  }
}

/** `{config:NAME}` as an MDX expression's source (the outer braces of `{{config:NAME}}` are the expression's). */
const MDX_TOKEN = /^\s*\{\s*((?:config|limit):[A-Z][A-Z0-9_]*(?:\s+in\s+\w+)?)\s*\}\s*$/;

function render(node: MdNode, locale: Locale, where: string): void {
  if ((node.type === "text" || node.type === "inlineCode") && typeof node.value === "string") {
    if (TOKEN.test(node.value)) {
      TOKEN.lastIndex = 0;
      try {
        node.value = renderTokens(node.value, locale);
      } catch (e) {
        throw new Error(`${where}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    TOKEN.lastIndex = 0;
    return;
  }
  if (
    (node.type === "mdxTextExpression" || node.type === "mdxFlowExpression") &&
    typeof node.value === "string"
  ) {
    const m = MDX_TOKEN.exec(node.value);
    if (m?.[1]) {
      const text = tokenText(m[1], locale);
      const replaced = node as { type: string; value?: unknown; data?: unknown; children?: MdNode[] };
      delete replaced.data;
      if (node.type === "mdxTextExpression") {
        replaced.type = "text";
        replaced.value = text;
        // Joined to the text around it (below), so the French spacing pass sees the number with its unit.
        (replaced as { joinText?: boolean }).joinText = true;
      } else {
        // A token alone on its line is a block: a paragraph of its value.
        replaced.type = "paragraph";
        delete replaced.value;
        replaced.children = [{ type: "text", value: text }];
      }
    }
    return;
  }
  if (node.children) joinDirectiveTokens(node.children);
  for (const child of node.children ?? []) render(child, locale, where);
  if (node.children) joinValueTexts(node.children);
}

/**
 * An MDX token's value becomes a text node of its own, between the texts around it (`après `, `600`, ` s`):
 * joined into one text, as in a `.md` page, so that the French spacing pass (run next) sees `600 s` and puts a
 * no-break space before the unit.
 */
function joinValueTexts(children: MdNode[]): void {
  for (let i = 0; i < children.length; i++) {
    const node = children[i] as MdNode & { joinText?: boolean };
    if (!node.joinText) continue;
    delete node.joinText;
    const prev = children[i - 1];
    if (prev?.type === "text" && typeof prev.value === "string") {
      prev.value += String(node.value);
      children.splice(i, 1);
      i--;
    }
    const host = children[i] ?? node;
    const next = children[i + 1];
    if (host.type === "text" && next?.type === "text" && typeof next.value === "string") {
      host.value = String(host.value) + next.value;
      children.splice(i + 1, 1);
    }
  }
}

export default function remarkProductValues() {
  return (tree: MdNode, file: { path?: string }): void => {
    render(tree, isFrenchSource(file.path) ? "fr" : "en", file.path ?? "a page");
  };
}

/** The front-matter fields shown as text (titles, sidebar labels, descriptions). */
const FRONT_MATTER_TEXT = ["title", "sidebar_label", "description", "pagination_label", "title_meta"];

/** The tokens of the front matter's text fields written as values (`markdown.parseFrontMatter`). */
export function productValuesFrontMatter(
  frontMatter: Record<string, unknown>,
  locale: Locale,
): Record<string, unknown> {
  const out = { ...frontMatter };
  for (const field of FRONT_MATTER_TEXT) {
    const value = out[field];
    if (typeof value === "string") out[field] = renderTokens(value, locale);
  }
  return out;
}
