import BrowserOnly from "@docusaurus/BrowserOnly";
import Translate from "@docusaurus/Translate";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import styles from "./styles.module.css";

// The engine's planning layer and the Vision application live in this chunk only: the page loads it when the
// example comes near the screen.
const LiveRuleApp = lazy(() => import("./LiveRuleApp"));

function Placeholder({ ref }: { ref?: React.Ref<HTMLDivElement> }): ReactNode {
  return (
    <div ref={ref} className={styles.placeholder} data-live-rule-placeholder>
      <Translate id="liveRule.loading">Loading the live example…</Translate>
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
      <LiveRuleApp />
    </Suspense>
  );
}

/**
 * A live business-rule launcher on the Vision demo application (plan type Plan1): pick a rule, answer its
 * runtime prompts from the members each allows, launch it. Runs in the browser only, without any server call.
 */
export default function LiveRule(): ReactNode {
  return <BrowserOnly fallback={<Placeholder />}>{() => <WhenNearScreen />}</BrowserOnly>;
}
