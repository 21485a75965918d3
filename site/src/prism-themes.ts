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
