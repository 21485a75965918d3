import Translate from "@docusaurus/Translate";
import type { ReactNode } from "react";
import NearScreen from "../NearScreen";
import styles from "./styles.module.css";

// The engine's planning layer and the Vision application live in this chunk only: the page loads it when the
// example comes near the screen.
const loadRule = () => import("./LiveRuleApp");

function Placeholder({ ref }: { ref?: React.Ref<HTMLDivElement> }): ReactNode {
  return (
    <div ref={ref} className={styles.placeholder} data-live-rule-placeholder>
      <Translate id="liveRule.loading">Loading the live example…</Translate>
    </div>
  );
}

/**
 * A live business-rule launcher on the Vision demo application (plan type Plan1): pick a rule, answer its
 * runtime prompts from the members each allows, launch it. Runs in the browser only, without any server call.
 */
export default function LiveRule(): ReactNode {
  return <NearScreen placeholder={(ref) => <Placeholder ref={ref} />} load={loadRule} props={{}} />;
}
