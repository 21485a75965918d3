import BrowserOnly from "@docusaurus/BrowserOnly";
import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import styles from "./styles.module.css";

// The engine's MDX layer and the Sample.Basic cube live in this chunk only: the page loads it when the example
// comes near the screen.
const LiveMdxApp = lazy(() => import("./LiveMdxApp"));

function Placeholder({ ref }: { ref?: React.Ref<HTMLDivElement> }): ReactNode {
  const { i18n } = useDocusaurusContext();
  return (
    <div ref={ref} className={styles.placeholder} data-live-mdx-placeholder>
      {i18n.currentLocale === "fr" ? "Chargement de l'exemple interactif…" : "Loading the live example…"}
    </div>
  );
}

function WhenNearScreen(): ReactNode {
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
  if (!near) return <Placeholder ref={ref} />;
  return (
    <Suspense fallback={<Placeholder />}>
      <LiveMdxApp />
    </Suspense>
  );
}

/**
 * A live MDX query box on Sample.Basic: type a query (or pick one), run it, see the grid `action/mdx` answers.
 * Runs the engine in the browser only, without any server call.
 */
export default function LiveMdx(): ReactNode {
  return <BrowserOnly fallback={<Placeholder />}>{() => <WhenNearScreen />}</BrowserOnly>;
}
