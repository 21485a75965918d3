// What the site's drawn pictures share (the grid pictures and the add-in's screens): the two languages, XML
// escaping, French typography for the French pictures, and one neutral, Excel-like style (system fonts only, so
// that an SVG needs no font or image of its own).
import { frenchTypography, NBSP } from "../src/plugins/french-typography.ts";

export type Locale = "en" | "fr";
export const LOCALES: readonly Locale[] = ["en", "fr"];
/** A text in both languages. */
export type Text = Record<Locale, string>;

/** Escapes text for an SVG element or attribute. */
export const xml = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A colon as each language writes it: "A: b", « A : b ». */
export const colon = (locale: Locale): string => (locale === "fr" ? `${NBSP}: ` : ": ");

/** The text with French typography in French, as it is in English. */
export const fr = (locale: Locale, s: string): string => (locale === "fr" ? frenchTypography(s) : s);

/** The system font stack every picture's text uses. */
export const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,sans-serif";
/** Text, secondary text and border colours shared by the pictures. */
export const INK = "#1c1e21";
export const INK_MUTED = "#606770";
export const BORDER = "#c9ccd1";
/** The light gray of headers (Color coding's header fill). */
export const HEADER_FILL = "#f3f4f6";

/** An SVG's root element, with its title and description for screen readers. */
export function svgOpen(width: number, height: number, locale: Locale, title: string, desc: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="title desc" lang="${locale}" xml:space="preserve">`,
    `<title id="title">${xml(title)}</title>`,
    `<desc id="desc">${xml(desc)}</desc>`,
  ].join("");
}
