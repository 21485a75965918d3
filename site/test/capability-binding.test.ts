import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { bindingErrors, markersOf, pairErrors } from "./capability-binding.ts";
import { listFiles } from "./site-files.ts";

/**
 * Hand-written prose bound to the capability table: each marker's claim must be the table's verdict for that
 * connector, in English and in French, and a page pair must make the same claims.
 */
const SITE = fileURLToPath(new URL("..", import.meta.url));
const EN = join(SITE, "docs");
const FR = join(SITE, "i18n/fr/docusaurus-plugin-content-docs/current");

const pages = (dir: string): string[] => listFiles(dir, /\.mdx?$/);

describe("statements bound to the capability table", () => {
  it("agree with the table in every English and French page", () => {
    const errors: string[] = [];
    for (const [root, lang] of [
      [EN, "en"],
      [FR, "fr"],
    ] as const) {
      for (const page of pages(root))
        errors.push(...bindingErrors(`${lang}/${page}`, readFileSync(join(root, page), "utf8")));
    }
    expect(errors).toEqual([]);
  });

  it("are the same claims in an English page and its French page", () => {
    const errors: string[] = [];
    for (const page of pages(EN)) {
      const fr = join(FR, page);
      if (!existsSync(fr)) continue;
      errors.push(...pairErrors(page, readFileSync(join(EN, page), "utf8"), readFileSync(fr, "utf8")));
    }
    expect(errors).toEqual([]);
  });

  it("exist on the pages where a server's limits change what the reader does", () => {
    for (const page of [
      "QiBates/features/actions/OpenForm.md",
      "QiBates/features/actions/Submit.md",
      "QiBates/features/actions/RunRule.md",
      "QiBates/features/actions/TaskLists.md",
      "QiBates/understanding-the-app/understanding-planning-pbcs/ToastFlow.md",
    ]) {
      expect(markersOf(readFileSync(join(EN, page), "utf8")).length, page).toBeGreaterThan(0);
      expect(markersOf(readFileSync(join(FR, page), "utf8")).length, page).toBeGreaterThan(0);
    }
  });

  it("are MDX comments on a page read as MDX, where an HTML comment stops the site's build", () => {
    const errors: string[] = [];
    for (const [root, lang] of [
      [EN, "en"],
      [FR, "fr"],
    ] as const) {
      for (const page of pages(root)) {
        const text = readFileSync(join(root, page), "utf8");
        const mdx =
          page.endsWith(".mdx") || /^mdx:\s*\n\s+format:\s*mdx/m.test(text.split(/^---$/m)[1] ?? "");
        if (mdx && /^<!--/m.test(text)) errors.push(`${lang}/${page}`);
      }
    }
    expect(errors).toEqual([]);
  });

  it("fail on a planted contradiction, in English and in French, in .md and MDX pages", () => {
    const en =
      "Intro.\n\n<!-- cap: submit pbcs=works planning=partly -->\nA failing rule undoes the whole submit.\n";
    const fr =
      "Intro.\n\n{/* cap: submit pbcs=works planning=partly */}\nUne règle en échec annule toute la soumission.\n";
    expect(bindingErrors("en/x.md", en)).toEqual([
      "en/x.md:3 submit: says pbcs=works, the capability table says partly",
    ]);
    expect(bindingErrors("fr/x.mdx", fr)).toEqual([
      "fr/x.mdx:3 submit: says pbcs=works, the capability table says partly",
    ]);
    expect(bindingErrors("x.md", "<!-- cap: adhoc planning=works -->")).toEqual([
      "x.md:1 adhoc: says planning=works, the capability table says no",
    ]);
    expect(bindingErrors("x.md", "<!-- cap: taskLists pbcs=demo essbase=no -->")).toEqual([]);
    expect(bindingErrors("x.md", "<!-- cap: nothing pbcs=no -->")[0]).toMatch(/unknown key/);
    expect(bindingErrors("x.md", "<!-- cap: adhoc hyperion=no -->")[0]).toMatch(/unknown connector/);
    expect(bindingErrors("x.md", "<!-- cap: adhoc essbase=yes -->")[0]).toMatch(/is not one of/);
    // Code shows a marker without binding anything.
    expect(markersOf("Write `<!-- cap: adhoc planning=works -->` before it.")).toEqual([]);
    // A generated block's text is not hand-written: its markers are not read.
    expect(
      markersOf("<!-- generated:x by code -->\n<!-- cap: adhoc planning=works -->\n<!-- end generated:x -->"),
    ).toEqual([]);
  });

  it("fail when the French page of a pair binds other claims than the English one", () => {
    expect(
      pairErrors("p.md", "<!-- cap: forms pbcs=partly -->\nx", "<!-- cap: forms pbcs=demo -->\nx")[0],
    ).toMatch(/the English page binds \[forms pbcs=partly\], the French page \[forms pbcs=demo\]/);
  });
});
