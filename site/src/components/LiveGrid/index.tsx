import Translate from "@docusaurus/Translate";
import { lazy, type ReactNode } from "react";
import NearScreen from "../NearScreen";
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

/** A live Sample.Basic grid for a documentation page, loaded in the browser only when the page shows it. */
export default function LiveGrid({ example }: { example: PresetName }): ReactNode {
  return (
    <NearScreen placeholder={(ref) => <Placeholder ref={ref} />}>
      {() => (example === "openForm" ? <LiveFormApp example={example} /> : <LiveGridApp example={example} />)}
    </NearScreen>
  );
}
