// What the site's drawn pictures share (the grid pictures and the add-in's screens): the two languages, XML
// escaping, French typography for the French pictures, and one neutral, Excel-like style (system fonts only, so
// that an SVG needs no font or image of its own).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
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

/** One picture drawn in one language: its SVG, its size (the languages' words differ in length), its alt text and caption. */
export interface Drawn {
  svg: string;
  width: number;
  height: number;
  alt: string;
  caption: string;
}

/**
 * A picture in a manifest: the English picture's size, and per language the SVG's path under the site's static
 * folder, its alt text and caption, and its size.
 */
export interface DrawnEntry {
  width: number;
  height: number;
  locales: Record<Locale, { src: string; alt: string; caption: string; width: number; height: number }>;
}

/**
 * Writes each picture in both languages into `dir` (`ID.LOCALE.svg`, served under `served`, `/img/grids`) and the
 * manifest of them all (`manifest`, `pictures.json`): by id, the picture's own fields (`fields`) then its
 * {@link DrawnEntry}. Returns the manifest.
 */
export function writeDrawn<F extends object>(
  dir: string,
  served: string,
  manifest: string,
  pictures: Iterable<{ id: string; fields: F; draw: (locale: Locale) => Drawn }>,
): Record<string, F & DrawnEntry> {
  mkdirSync(dir, { recursive: true });
  const written: Record<string, F & DrawnEntry> = {};
  for (const { id, fields, draw } of pictures) {
    const entry: F & DrawnEntry = { ...fields, width: 0, height: 0, locales: {} as DrawnEntry["locales"] };
    for (const locale of LOCALES) {
      const { svg, width, height, alt, caption } = draw(locale);
      const file = `${id}.${locale}.svg`;
      writeFileSync(join(dir, file), `${svg}\n`);
      if (locale === "en") {
        entry.width = width;
        entry.height = height;
      }
      entry.locales[locale] = { src: `${served}/${file}`, alt, caption, width, height };
    }
    written[id] = entry;
  }
  writeFileSync(join(dir, manifest), `${JSON.stringify(written, null, 1)}\n`);
  return written;
}
