import { useBaseUrlUtils } from "@docusaurus/useBaseUrl";
import type { ReactNode } from "react";
import styles from "./Figure.module.css";

/** A picture the site build drew, in the reader's language. */
export interface DrawnPicture {
  width: number;
  height: number;
  /** Path under the site's root, without the locale's base URL. */
  src: string;
  alt: string;
  caption: string;
}

/**
 * A drawn picture as a figure: its image with its alt text and size, and a caption (the picture's own unless one
 * is given). `data` marks the figure for the pages' tests and styles (`{ "data-screen-picture": id }`).
 * `firstScreen` loads the image at once (a page's first screen) instead of when it comes near the screen.
 */
export default function Figure({
  picture,
  data,
  caption,
  firstScreen = false,
  classNames = styles,
}: {
  picture: DrawnPicture;
  data: Record<`data-${string}`, string>;
  caption?: ReactNode;
  firstScreen?: boolean;
  classNames?: { figure?: string; image?: string; caption?: string };
}): ReactNode {
  const { withBaseUrl } = useBaseUrlUtils();
  return (
    <figure className={classNames.figure} {...data}>
      <img
        src={withBaseUrl(picture.src)}
        alt={picture.alt}
        width={picture.width}
        height={picture.height}
        {...(firstScreen ? {} : { loading: "lazy" as const })}
        decoding="async"
        className={classNames.image}
      />
      <figcaption className={classNames.caption}>{caption ?? picture.caption}</figcaption>
    </figure>
  );
}
