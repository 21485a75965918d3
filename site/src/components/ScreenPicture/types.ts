/** One drawn screen of the add-in in the reader's language (site/src/plugins/screen-pictures.ts). */
export interface ScreenPicture {
  width: number;
  height: number;
  /** Path under the site's root, without the locale's base URL. */
  src: string;
  alt: string;
  caption: string;
}

export interface ScreenPicturesData {
  screens: Record<string, ScreenPicture>;
}
