import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/** The module at `entry` bundled for the browser as one script (an IIFE, ES2022), as text. */
export async function bundleForBrowser(entry: URL): Promise<string> {
  const out = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  return out.outputFiles[0]?.text ?? "";
}
