import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { LoadContext, Plugin } from "@docusaurus/types";
import type { GridPicture, GridPicturesData } from "../components/GridPictures/types";

/** What scripts/grid-pictures.ts writes in pictures.json, per picture. */
interface Manifest {
  [id: string]: {
    page: string;
    width: number;
    height: number;
    /** Each language's own size (its words differ in length) overrides the picture's. */
    locales: Record<string, { src: string; alt: string; caption: string; width?: number; height?: number }>;
  };
}

// Both locales' pictures are written once per build process (the French build reuses them).
let written: Manifest | null = null;

function writePictures(siteDir: string): Manifest {
  if (written) return written;
  const dir = join(siteDir, "static", "img", "grids");
  // The engine is TypeScript: its grids are computed by the script under tsx, as prepare-static runs the
  // OpenAPI emitter. A failure stops the build: a picture that is not the engine's is not shown.
  execFileSync("npx", ["tsx", join(siteDir, "scripts", "grid-pictures.ts"), dir], {
    cwd: siteDir,
    stdio: ["ignore", "inherit", "inherit"],
  });
  written = JSON.parse(readFileSync(join(dir, "pictures.json"), "utf8")) as Manifest;
  return written;
}

/**
 * The grid pictures of the ad hoc feature pages: computed by @qibates/engine on Sample.Basic when the site is
 * built or started (static/img/grids/, git-ignored), and handed to <GridPictures page="…" /> as this locale's
 * sources, alt texts and captions (global data, a few kilobytes).
 */
export default function gridPictures(context: LoadContext): Plugin<GridPicturesData> {
  const locale = context.i18n.currentLocale;
  return {
    name: "grid-pictures",
    async loadContent() {
      const manifest = writePictures(context.siteDir);
      const pictures: Record<string, GridPicture> = {};
      for (const [id, p] of Object.entries(manifest)) {
        const text = p.locales[locale] ?? p.locales.en;
        if (!text) continue;
        pictures[id] = { page: p.page, width: p.width, height: p.height, ...text };
      }
      return { pictures };
    },
    async contentLoaded({ content, actions }) {
      actions.setGlobalData(content);
    },
  };
}
