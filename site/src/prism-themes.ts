import type { PrismTheme } from "prism-react-renderer";
import { themes } from "prism-react-renderer";

// The GitHub light palette, darkened where a token colour falls below 4.5:1 contrast on the code background.
const lightColours: Record<string, string> = {
  comment: "#5c6670",
  prolog: "#5c6670",
  doctype: "#5c6670",
  cdata: "#5c6670",
  string: "#b0124f",
  "attr-value": "#b0124f",
  property: "#0e6b69",
  "attr-name": "#0e6b69",
  boolean: "#0e6b69",
  number: "#0e6b69",
  constant: "#0e6b69",
  keyword: "#8a2a7a",
  selector: "#8a2a7a",
  tag: "#1f5f99",
  function: "#a3331f",
  operator: "#393a34",
  punctuation: "#393a34",
  variable: "#7a4a00",
  "class-name": "#1f5f99",
};

export const lightCodeTheme: PrismTheme = {
  plain: { color: "#24292f", backgroundColor: "#f6f8fa" },
  styles: Object.entries(lightColours).map(([type, color]) => ({ types: [type], style: { color } })),
};

export const darkCodeTheme: PrismTheme = themes.vsDark;

type Style = PrismTheme["styles"][number];
type Language = NonNullable<Style["languages"]>[number];

/** A token type, optionally for one language only (`tag` in `markup`). */
interface Slot {
  type: string;
  language?: string;
}

function variable({ type, language }: Slot): string {
  return `--qb-code-${language ? `${language}-` : ""}${type}`;
}

function slotsOf(theme: PrismTheme): Slot[] {
  return theme.styles.flatMap((style) => {
    const extra = Object.keys(style.style).filter((key) => key !== "color");
    if (extra.length > 0)
      throw new Error(`code theme: only token colours are supported, not ${extra.join(", ")}`);
    return style.types.flatMap((type) =>
      style.languages ? style.languages.map((language) => ({ type, language })) : [{ type }],
    );
  });
}

/**
 * The colour `theme` gives a type (in a language), as prism-react-renderer resolves it: general entries and
 * those of that language apply in order, the last one wins.
 */
function colourOf(theme: PrismTheme, { type, language }: Slot): string | undefined {
  let colour: string | undefined;
  for (const style of theme.styles) {
    if (!style.types.includes(type)) continue;
    if (style.languages && !(language && style.languages.includes(language as Language))) continue;
    colour = style.style.color ?? colour;
  }
  return colour;
}

const slots: Slot[] = [];
for (const slot of [...slotsOf(lightCodeTheme), ...slotsOf(darkCodeTheme)]) {
  if (!slots.some((s) => s.type === slot.type && s.language === slot.language)) slots.push(slot);
}
// Entries for one language come after the general ones, so they override them for that language.
slots.sort((a, b) => Number(a.language !== undefined) - Number(b.language !== undefined));

/**
 * The theme given to Docusaurus for both colour modes: every colour is a CSS variable, set for each mode by
 * `codeThemeCss`. The code blocks highlighted at build time are then right in either mode, so the browser
 * never has to highlight a page again to change its colours (and Prism is not needed to start a page).
 */
export const codeTheme: PrismTheme = {
  plain: { color: "var(--qb-code-color)", backgroundColor: "var(--qb-code-background)" },
  styles: slots.map(
    (slot): Style => ({
      types: [slot.type],
      ...(slot.language ? { languages: [slot.language as Language] } : {}),
      style: { color: `var(${variable(slot)})` },
    }),
  ),
};

function declarations(theme: PrismTheme): string {
  const lines = [
    `--qb-code-color: ${theme.plain.color};`,
    `--qb-code-background: ${theme.plain.backgroundColor};`,
    // `initial` makes the variable invalid, so such a token keeps the colour of its line, as without an entry.
    ...slots.map((slot) => `${variable(slot)}: ${colourOf(theme, slot) ?? "initial"};`),
  ];
  return lines.join(" ");
}

/** The CSS variables behind `codeTheme`: the light palette, and the dark one under `[data-theme="dark"]`. */
export function codeThemeCss(): string {
  return `:root { ${declarations(lightCodeTheme)} }\n[data-theme="dark"] { ${declarations(darkCodeTheme)} }`;
}
