/** A text the product shows, in both of its languages. */
export interface Text {
  en: string;
  fr: string;
}
