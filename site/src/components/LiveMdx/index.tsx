import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import type { ReactNode, Ref } from "react";
import NearScreen from "../NearScreen";
import styles from "./styles.module.css";

// The engine's MDX layer and the Sample.Basic cube live in this chunk only: the page loads it when the example
// comes near the screen.
const loadMdx = () => import("./LiveMdxApp");

function Placeholder({ placeholderRef }: { placeholderRef?: Ref<HTMLDivElement> | undefined }): ReactNode {
  const { i18n } = useDocusaurusContext();
  return (
    <div ref={placeholderRef} className={styles.placeholder} data-live-mdx-placeholder>
      {i18n.currentLocale === "fr" ? "Chargement de l'exemple interactif…" : "Loading the live example…"}
    </div>
  );
}

/**
 * A live MDX query box on Sample.Basic: type a query (or pick one), run it, see the grid `action/mdx` returns.
 * Runs the engine in the browser only, without any server call.
 */
export default function LiveMdx(): ReactNode {
  return <NearScreen placeholder={(ref) => <Placeholder placeholderRef={ref} />} load={loadMdx} props={{}} />;
}
