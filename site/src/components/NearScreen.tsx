import BrowserOnly from "@docusaurus/BrowserOnly";
import { type ReactNode, type Ref, Suspense, useEffect, useRef, useState } from "react";

/** What a live example shows until it is loaded: `ref` marks the element watched for the screen's approach. */
export type Placeholder = (ref?: Ref<HTMLDivElement>) => ReactNode;

function WhenNear({
  placeholder,
  children,
}: {
  placeholder: Placeholder;
  children: () => ReactNode;
}): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return placeholder(ref);
  return <Suspense fallback={placeholder()}>{children()}</Suspense>;
}

/**
 * A live example of a documentation page: rendered in the browser only, and only once it comes within 600 px
 * of the screen, so that its chunk (`children`, usually a `React.lazy` component: the engine and a demo cube)
 * is loaded by the pages that show one, when they show it.
 */
export default function NearScreen({
  placeholder,
  children,
}: {
  placeholder: Placeholder;
  children: () => ReactNode;
}): ReactNode {
  return (
    <BrowserOnly fallback={placeholder()}>
      {() => <WhenNear placeholder={placeholder}>{children}</WhenNear>}
    </BrowserOnly>
  );
}
