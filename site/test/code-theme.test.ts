import type { PrismTheme } from "prism-react-renderer";
import { Highlight } from "prism-react-renderer";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { codeTheme, codeThemeCss, darkCodeTheme, lightCodeTheme } from "../src/prism-themes.ts";

// Code in languages Prism highlights without extra components, with the token types the docs use and the
// language-specific entries of the dark theme (markup).
const SAMPLES: Record<string, string> = {
  json: '{ "loginid": "0f4a", "grid": [["", 100, -2.5e3]], "ok": true, "none": null }',
  typescript:
    'import { Client } from "@qibates/client";\n// comment\nconst api = new Client<Key>({ key: "qb_" + id });\nexport async function f(a: number): Promise<void> { await api.get("/x", a > 0 ? 1 : 2); }',
  markup: "<!DOCTYPE html>\n<div class=\"a\" data-x='1'><!-- c --><br/>&amp;</div>",
  yaml: "openapi: 3.1.0\npaths:\n  /x: # comment\n    get: { summary: 'Refresh', deprecated: false }",
};

/** The colour prism-react-renderer gives each token of `code` with `theme` (undefined: the line's colour). */
function tokenColours(theme: PrismTheme, language: string, code: string): (string | undefined)[] {
  const colours: (string | undefined)[] = [];
  renderToStaticMarkup(
    createElement(Highlight, {
      theme,
      code,
      language,
      // biome-ignore lint/correctness/noChildrenProp: Highlight takes its render function as `children` (no JSX in a .ts test)
      children: ({ tokens, getTokenProps }) => {
        for (const line of tokens)
          for (const token of line) colours.push(getTokenProps({ token }).style?.color);
        return null;
      },
    }),
  );
  return colours;
}

/** The variables codeThemeCss declares for one colour mode. */
function variables(mode: "light" | "dark"): Map<string, string> {
  const [light, dark] = codeThemeCss().split("\n");
  const block = mode === "light" ? light : dark;
  return new Map([...(block ?? "").matchAll(/(--[\w-]+): ([^;]+);/g)].map((m) => [m[1] ?? "", m[2] ?? ""]));
}

function resolve(colour: string | undefined, vars: Map<string, string>): string | undefined {
  const name = /^var\((--[\w-]+)\)$/.exec(colour ?? "")?.[1];
  if (!name) return colour;
  const value = vars.get(name);
  if (value === undefined) throw new Error(`${name} is not declared`);
  return value === "initial" ? undefined : value;
}

describe("code block colours (one theme of CSS variables for both modes)", () => {
  it.each(Object.keys(SAMPLES))("colour every %s token as the light and dark palettes do", (language) => {
    const code = SAMPLES[language] ?? "";
    const themed = tokenColours(codeTheme, language, code);
    for (const [mode, palette] of [
      ["light", lightCodeTheme],
      ["dark", darkCodeTheme],
    ] as const) {
      const vars = variables(mode);
      expect(
        themed.map((c) => resolve(c, vars)),
        `${language}, ${mode}`,
      ).toEqual(tokenColours(palette, language, code));
    }
  });

  it("declare the plain text and background colours of each mode", () => {
    for (const [mode, palette] of [
      ["light", lightCodeTheme],
      ["dark", darkCodeTheme],
    ] as const) {
      const vars = variables(mode);
      expect(resolve(codeTheme.plain.color, vars)).toBe(palette.plain.color);
      expect(resolve(codeTheme.plain.backgroundColor, vars)).toBe(palette.plain.backgroundColor);
    }
  });
});
