/** The server bundle that `npm start` runs with plain `node`. */
export const SERVER_ENTRY: string;
/** Why the server bundle must be rebuilt, or null when it is up to date. */
export function serverBuildReason(): string | null;
/** Builds the server bundle when needed (or always with `force`); true when a build ran. */
export function buildServerIfNeeded(options?: { force?: boolean }): Promise<boolean>;
/** esbuild's options for the server bundle of the checkout at `root`, written to `outdir`. */
export function serverBundleOptions(
  root: string,
  outdir: string,
  options?: { sourcemap?: boolean },
): import("esbuild").BuildOptions;
/** esbuild's options for a Node.js bundle: the workspace packages inside, npm packages outside. */
export function workspaceBundleOptions(
  entryPoints: Record<string, string> | string[],
  outdir: string,
  options?: { sourcemap?: boolean; logLevel?: import("esbuild").LogLevel },
): import("esbuild").BuildOptions;
