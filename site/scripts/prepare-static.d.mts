/** The folder the Scalar package's tarball is kept in (node_modules/.cache/qibates-scalar). */
export const SCALAR_CACHE: string;
/** The pinned version of @scalar/api-reference and its lockfile's integrity. */
export function lockedScalar(bundleDir?: string): { version: string; integrity: string };
/** A file's `sha512-<base64>` integrity. */
export function integrityOf(file: string): string;
/** The cached tarball checked against `integrity`, fetched again when it does not match. */
export function scalarTarball(
  locked: { version: string; integrity: string },
  options?: {
    cacheDir?: string;
    pack?: (spec: string, dir: string) => string;
    log?: (line: string) => void;
  },
): string;
/** Makes `target` hold exactly the tarball's browser files; true when it wrote them. */
export function copyScalar(tarball: string, version: string, target: string): boolean;
