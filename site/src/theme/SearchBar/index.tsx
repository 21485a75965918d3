import { translate } from "@docusaurus/Translate";
import type { ReactNode, RefObject } from "react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import styles from "./styles.module.css";

// The local search bar (its autocomplete and lunr) is about a fifth of the JavaScript every page would parse
// before it is interactive. It is loaded when the reader shows an interest in searching instead.
const LocalSearchBar = lazy(() => import("@theme-original/SearchBar"));

function label(): string {
  return translate({
    id: "theme.SearchBar.label",
    message: "Search",
    description: "The ARIA label and placeholder for search button",
  });
}

/** Once the real bar has mounted: translate its hard-coded English label, hand over what was typed, focus it. */
function Handover({
  container,
  typed,
  focus,
}: {
  container: RefObject<HTMLSpanElement | null>;
  typed: string;
  focus: boolean;
}) {
  useEffect(() => {
    const root = container.current;
    const input = root?.querySelector<HTMLInputElement>("input.navbar__search-input");
    if (!input) return;
    input.setAttribute("aria-label", label());
    if (typed) {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
      setValue?.call(input, typed);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    if (focus) input.focus();
    root?.setAttribute("data-search-ready", "true");
  }, [container, typed, focus]);
  return null;
}

function Placeholder({ onStart }: { onStart: (typed: string, focus: boolean) => void }): ReactNode {
  const text = label();
  return (
    <div className={`navbar__search ${styles.placeholder}`}>
      <svg aria-hidden="true" className={styles.icon} focusable="false" viewBox="0 0 16 16">
        <path
          fill="currentColor"
          d="M11.5 7a4.5 4.5 0 1 1-9 0 4.5 4.5 0 0 1 9 0Zm-.82 4.74a6 6 0 1 1 1.06-1.06l3.04 3.04a.75.75 0 1 1-1.06 1.06l-3.04-3.04Z"
        />
      </svg>
      <input
        type="search"
        className={`navbar__search-input ${styles.input}`}
        placeholder={text}
        aria-label={text}
        onFocus={(event) => onStart(event.currentTarget.value, true)}
        onPointerEnter={() => onStart("", false)}
        onChange={(event) => onStart(event.currentTarget.value, true)}
      />
    </div>
  );
}

export default function SearchBar(): ReactNode {
  const [start, setStart] = useState<{ typed: string; focus: boolean } | null>(null);
  const container = useRef<HTMLSpanElement>(null);
  const onStart = useCallback((typed: string, focus: boolean) => {
    setStart((current) => (current && !focus ? current : { typed, focus }));
  }, []);

  // Ctrl/Cmd+K works before the real bar (which then owns the shortcut) is loaded.
  useEffect(() => {
    if (start) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setStart({ typed: "", focus: true });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [start]);

  if (!start) return <Placeholder onStart={onStart} />;
  return (
    <span ref={container} className={styles.loaded}>
      <Suspense fallback={<Placeholder onStart={onStart} />}>
        <LocalSearchBar />
        <Handover container={container} typed={start.typed} focus={start.focus} />
      </Suspense>
    </span>
  );
}
