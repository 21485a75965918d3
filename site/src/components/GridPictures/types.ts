/** One grid picture in the reader's language (site/src/plugins/grid-pictures.ts). */
export interface GridPicture {
  /** The feature page that shows it (`<GridPictures page="zoom" />`). */
  page: string;
  width: number;
  height: number;
  /** Path under the site's root, without the locale's base URL. */
  src: string;
  alt: string;
  caption: string;
}

export interface GridPicturesData {
  pictures: Record<string, GridPicture>;
}
