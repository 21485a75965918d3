import { join } from "node:path";
import type { LoadContext, Plugin } from "@docusaurus/types";
import type { ScreenEntry } from "../../scripts/screen-pictures.ts";
import type { ScreenPicture, ScreenPicturesData } from "../components/ScreenPicture/types";

// Both locales' pictures are written once per build process (the French build reuses them).
let written: Record<string, ScreenEntry> | null = null;

/**
 * The add-in's screens drawn from their descriptions (src/screens/screens.ts) when the site is built or started
 * (static/img/screens/, git-ignored), handed to <ScreenPicture screen="…" /> as this locale's sources, alt texts
 * and captions (global data, a few kilobytes). Pure string work: no child process.
 */
export default function screenPictures(context: LoadContext): Plugin<ScreenPicturesData> {
  const locale = context.i18n.currentLocale === "fr" ? "fr" : "en";
  return {
    name: "screen-pictures",
    async loadContent() {
      // Imported when the content is loaded: write-translations, which loads the plugins on a copy of the
      // site's sources without its scripts, never draws.
      const { writeScreens } = await import("../../scripts/screen-pictures.ts");
      written ??= writeScreens(join(context.siteDir, "static", "img", "screens"));
      const screens: Record<string, ScreenPicture> = {};
      for (const [id, entry] of Object.entries(written)) screens[id] = entry.locales[locale];
      return { screens };
    },
    async contentLoaded({ content, actions }) {
      actions.setGlobalData(content);
    },
  };
}
