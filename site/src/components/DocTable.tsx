import { type ComponentProps, useEffect, useRef, useState } from "react";

/**
 * A table of the documentation (every Markdown table, through src/theme/MDXComponents). Its text wraps only
 * between words (src/css/custom.css); a table still wider than the text column, such as one of long addresses,
 * scrolls sideways, and while it does it takes the keyboard focus so that it can be scrolled without a mouse
 * (WCAG 2.1.1, axe's scrollable-region-focusable). A table that fits is no stop on the Tab key's way.
 */
export default function DocTable(props: ComponentProps<"table">) {
  const ref = useRef<HTMLTableElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const table = ref.current;
    if (!table) return;
    const measure = () => setScrolls(table.scrollWidth > table.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(table);
    return () => observer.disconnect();
  }, []);
  return <table {...props} ref={ref} tabIndex={scrolls ? 0 : undefined} />;
}
