import { usePluginData } from "@docusaurus/useGlobalData";
import type { ReactNode } from "react";
import Figure from "../Figure";
import type { GridPicture, GridPicturesData } from "./types";

/** The pictures the site build computed (site/scripts/grid-pictures.ts), by id, in the page's language. */
export function useGridPictures(): Record<string, GridPicture> {
  return (usePluginData("grid-pictures") as GridPicturesData).pictures;
}

/**
 * One grid picture as a figure: its image with its alt text, and a caption (the picture's own unless one is given).
 * `firstScreen` loads it at once (the home page's first screen) instead of when it comes near the screen.
 */
export function GridPictureFigure({
  id,
  picture,
  caption,
  firstScreen = false,
  classNames,
}: {
  id: string;
  picture: GridPicture;
  caption?: ReactNode;
  firstScreen?: boolean;
  classNames?: { figure?: string; image?: string; caption?: string };
}): ReactNode {
  return (
    <Figure
      picture={picture}
      data={{ "data-grid-picture": id }}
      caption={caption}
      firstScreen={firstScreen}
      classNames={classNames}
    />
  );
}

/**
 * The grid before and after each operation of a feature page, as the engine computed it when the site was built
 * (site/scripts/grid-pictures.ts): one figure per operation, with its alt text and caption in the page's language.
 */
export default function GridPictures({ page }: { page: string }): ReactNode {
  const shown = Object.entries(useGridPictures()).filter(([, p]) => p.page === page);
  return (
    <>
      {shown.map(([id, p]) => (
        <GridPictureFigure key={id} id={id} picture={p} />
      ))}
    </>
  );
}
