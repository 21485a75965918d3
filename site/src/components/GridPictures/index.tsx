import { useBaseUrlUtils } from "@docusaurus/useBaseUrl";
import { usePluginData } from "@docusaurus/useGlobalData";
import type { ReactNode } from "react";
import styles from "./styles.module.css";
import type { GridPicturesData } from "./types";

/**
 * The grid before and after each operation of a feature page, as the engine computed it when the site was built
 * (site/scripts/grid-pictures.ts): one figure per operation, with its alt text and caption in the page's language.
 */
export default function GridPictures({ page }: { page: string }): ReactNode {
  const { pictures } = usePluginData("grid-pictures") as GridPicturesData;
  const { withBaseUrl } = useBaseUrlUtils();
  const shown = Object.entries(pictures).filter(([, p]) => p.page === page);
  return (
    <>
      {shown.map(([id, p]) => (
        <figure key={id} className={styles.figure} data-grid-picture={id}>
          <img
            src={withBaseUrl(p.src)}
            alt={p.alt}
            width={p.width}
            height={p.height}
            loading="lazy"
            decoding="async"
            className={styles.image}
          />
          <figcaption className={styles.caption}>{p.caption}</figcaption>
        </figure>
      ))}
    </>
  );
}
