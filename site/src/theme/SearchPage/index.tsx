import { translate } from "@docusaurus/Translate";
import SearchPage from "@theme-original/SearchPage";
import type { ReactNode } from "react";
import { useEffect, useRef } from "react";

/**
 * The search page of @easyops-cn/docusaurus-search-local 0.55.3 names its input with a hard-coded English
 * "Search"; give it the locale's label once it is in the page.
 */
export default function SearchPageWrapper(): ReactNode {
  const root = useRef<HTMLDivElement>(null);
  const label = translate({
    id: "theme.SearchBar.label",
    message: "Search",
    description: "The ARIA label and placeholder for search button",
  });
  useEffect(() => {
    const element = root.current;
    if (!element) return undefined;
    // The page re-creates its input as results come in, so keep relabelling.
    const relabel = (): void => {
      for (const input of element.querySelectorAll("input[type=search]")) {
        if (input.getAttribute("aria-label") !== label) input.setAttribute("aria-label", label);
      }
    };
    relabel();
    const observer = new MutationObserver(relabel);
    observer.observe(element, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["aria-label"],
    });
    return () => observer.disconnect();
  }, [label]);
  return (
    <div ref={root} style={{ display: "contents" }}>
      <SearchPage />
    </div>
  );
}
