// Reading, in a page of the site, the words of its tables that the browser breaks inside themselves.

/**
 * In the page: every word of every table cell of the article that the browser lays out on more than one line
 * at a place where its own line breaking has no break opportunity, written with a `/` at each such place
 * ("Nex/t", "Ess/ba/se"). A word is a run of characters between spaces in one text node. Its break
 * opportunities are the browser's own, without `overflow-wrap` or `word-break`: the word is laid out again,
 * in the same font, in a box of no width with those properties at `normal`, which ends a line at every
 * opportunity (after a hyphen or a dash, at a soft hyphen, and the other places of Unicode's line breaking).
 * A break anywhere else is one that CSS forced inside the word.
 *
 * Handed to `page.evaluate`, so it holds no named inner function (a bundler's name helper is not in the page).
 */
export function brokenWords(): string[] {
  const range = document.createRange();
  const found: string[] = [];
  for (const cell of document.querySelectorAll<HTMLElement>("article table th, article table td")) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement;
      // A table inside a cell has cells of its own.
      if (!parent || parent.closest("th, td") !== cell) continue;
      for (const match of node.data.matchAll(/\S+/g)) {
        const start = match.index;
        const word = match[0];
        range.setStart(node, start);
        range.setEnd(node, start + word.length);
        const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
        if (rects.length < 2) continue;
        const lineHeight = Math.min(...rects.map((r) => r.height));
        const tops = rects.map((r) => r.top);
        if (Math.max(...tops) - Math.min(...tops) < lineHeight / 2) continue;
        // The characters that start a new line in the page, then where the browser may end a line in this word.
        const pageStarts = new Set<number>();
        let lastTop: number | undefined;
        for (let i = 0; i < word.length; i++) {
          range.setStart(node, start + i);
          range.setEnd(node, start + i + 1);
          const top = Array.from(range.getClientRects()).find((r) => r.width > 0 && r.height > 0)?.top;
          if (top === undefined) continue;
          if (lastTop !== undefined && top - lastTop > lineHeight / 2) pageStarts.add(i);
          lastTop = top;
        }
        const probe = document.createElement("span");
        probe.style.cssText =
          "display:inline-block;width:0;white-space:normal;overflow-wrap:normal;word-break:normal;" +
          "line-break:auto;hyphens:manual;position:absolute;visibility:hidden";
        probe.textContent = word;
        parent.appendChild(probe);
        const text = probe.firstChild as Text;
        const opportunities = new Set<number>();
        lastTop = undefined;
        for (let i = 0; i < word.length; i++) {
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          const top = Array.from(range.getClientRects()).find((r) => r.width > 0 && r.height > 0)?.top;
          if (top === undefined) continue;
          if (lastTop !== undefined && top - lastTop > lineHeight / 2) opportunities.add(i);
          lastTop = top;
        }
        probe.remove();
        const forced = [...pageStarts].filter((i) => !opportunities.has(i));
        if (forced.length === 0) continue;
        found.push(
          word
            .split("")
            .map((c, i) => (forced.includes(i) ? `/${c}` : c))
            .join(""),
        );
      }
    }
  }
  return found;
}
