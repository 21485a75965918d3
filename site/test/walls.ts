// Reading a built page as blocks of text, for the wall check (walls.test.ts).

/** The text a reader reads in an HTML fragment: tags dropped, entities decoded, spaces collapsed. */
export function readText(fragment: string): string {
  return fragment
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;|&#xa0;|&#160;|&#x202f;|&#8239;/gi, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Where one block of text ends and another starts: the opening or closing tag of a block element. The built
 * pages are minified and leave out the closing tags HTML allows to omit (`</p>`, `</li>`, `</td>`), so a block
 * is the text between two such tags rather than the content of an element. A line break (`<br>`) does not end a
 * block: a table cell or paragraph made of lines is read whole, so it is counted whole.
 */
const BLOCK_TAG =
  /<\/?(?:p|li|td|th|tr|thead|tbody|table|ul|ol|dl|dt|dd|div|pre|h[1-6]|blockquote|section|details|summary|figure|figcaption|header|footer|nav|hr)\b[^>]*>/gi;

/** The paragraphs, list items (without the lists nested in them) and table cells of a page's article. */
export function blocksOf(html: string): string[] {
  const article = /<article[\s\S]*<\/article>/.exec(html)?.[0] ?? "";
  const body = article
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "")
    // A code block is read line by line, not as a paragraph.
    .replace(/<pre[\s\S]*?<\/pre>/g, "<pre>")
    // The lines of one block are read as one text, a space between them.
    .replace(/<br\b[^>]*>/gi, " ");
  return body
    .split(BLOCK_TAG)
    .map(readText)
    .filter((text) => text.length > 0);
}
