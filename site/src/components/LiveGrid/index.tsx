import Translate from "@docusaurus/Translate";
import type { ReactNode } from "react";
import NearScreen from "../NearScreen";
import type { PresetName } from "./presets";
import styles from "./styles.module.css";

// The engine and the Sample.Basic cube live in these chunks only: pages without a live example never load them,
// and a page with one loads its chunk when the example comes near the screen.
const loadGrid = () => import("./LiveGridApp");
const loadForm = () => import("./LiveFormApp");

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
    <NearScreen
      placeholder={(ref) => <Placeholder ref={ref} />}
      load={example === "openForm" ? loadForm : loadGrid}
      props={{ example }}
    />
  );
}
