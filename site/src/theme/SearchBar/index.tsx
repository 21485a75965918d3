import { translate } from "@docusaurus/Translate";
import type { ComponentType, ReactNode, RefObject } from "react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import styles from "./styles.module.css";

// The local search bar (its autocomplete and lunr) is about a fifth of the JavaScript every page would parse
// before it is interactive. It is loaded when the reader shows an interest in searching instead. Until it is
// there, the placeholder stays the same element: the reader who clicked it keeps the focus, and what they type
// meanwhile is handed over (a Suspense fallback would be a new element, which loses the focus and the keys).
type Bar = ComponentType<Record<string, never>>;
let loadingBar: Promise<Bar> | null = null;
function loadBar(): Promise<Bar> {
  loadingBar ??= import("@theme-original/SearchBar").then(
    (m) => m.default as Bar,
    (error: unknown) => {
      loadingBar = null; // the next sign of interest tries again
      throw error;
    },
  );
  return loadingBar;
}

function label(): string {
  return translate({
    id: "theme.SearchBar.label",
    message: "Search",
    description: "The ARIA label and placeholder for search button",
  });
}

function Placeholder({
  onStart,
  inputRef,
}: {
  onStart: (typed: string, focus: boolean) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}): ReactNode {
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
        ref={inputRef}
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
  const [LocalSearchBar, setLocalSearchBar] = useState<Bar | null>(null);
  const container = useRef<HTMLSpanElement>(null);
  const placeholder = useRef<HTMLInputElement>(null);
  const onStart = useCallback((typed: string, focus: boolean) => {
    setStart((current) => (current && !focus ? current : { typed, focus }));
  }, []);

  useEffect(() => {
    if (!start || LocalSearchBar) return undefined;
    let mounted = true;
    loadBar().then(
      (bar) => {
        if (mounted) setLocalSearchBar(() => bar);
      },
      () => setStart(null),
    );
    return () => {
      mounted = false;
    };
  }, [start, LocalSearchBar]);

  // Once the real bar is there: translate its hard-coded English label, hand over what was typed, focus it. In the
  // commit that removes the placeholder (a layout effect, run once the span's ref is set): a key pressed between
  // that commit and a later effect would land nowhere.
  useLayoutEffect(() => {
    if (!start || !LocalSearchBar) return;
    const root = container.current;
    const input = root?.querySelector<HTMLInputElement>("input.navbar__search-input");
    if (!input) return;
    input.setAttribute("aria-label", label());
    if (start.typed) {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
      setValue?.call(input, start.typed);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    if (start.focus) input.focus();
    root?.setAttribute("data-search-ready", "true");
  }, [start, LocalSearchBar]);

  // Ctrl/Cmd+K works before the real bar (which then owns the shortcut) is loaded: the placeholder takes the focus,
  // so what is typed next is handed over too.
  useEffect(() => {
    if (start) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        placeholder.current?.focus();
        setStart((current) => current ?? { typed: "", focus: true });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [start]);

  if (!start || !LocalSearchBar) return <Placeholder onStart={onStart} inputRef={placeholder} />;
  return (
    <span ref={container} className={styles.loaded}>
      <LocalSearchBar />
    </span>
  );
}
