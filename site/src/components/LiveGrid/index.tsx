import BrowserOnly from "@docusaurus/BrowserOnly";
import Translate from "@docusaurus/Translate";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import type { PresetName } from "./presets";
import styles from "./styles.module.css";

// The engine and the Sample.Basic cube live in this chunk only: pages without a live example never load it,
// and a page with one loads it when the example comes near the screen.
const LiveGridApp = lazy(() => import("./LiveGridApp"));
const LiveFormApp = lazy(() => import("./LiveFormApp"));

function Placeholder({ ref }: { ref?: React.Ref<HTMLDivElement> }): ReactNode {
  return (
    <div ref={ref} className={styles.placeholder} data-live-grid-placeholder>
      <Translate id="liveGrid.loading">Loading the live example…</Translate>
    </div>
  );
}

function WhenNearScreen({ example }: { example: PresetName }): ReactNode {
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
      {example === "openForm" ? <LiveFormApp example={example} /> : <LiveGridApp example={example} />}
    </Suspense>
  );
}

/** A live Sample.Basic grid for a documentation page, loaded in the browser only when the page shows it. */
export default function LiveGrid({ example }: { example: PresetName }): ReactNode {
  return <BrowserOnly fallback={<Placeholder />}>{() => <WhenNearScreen example={example} />}</BrowserOnly>;
}
