/** This user's folder for the tests' temporary files in a RAM-backed `parent` with `needed` bytes free, else null. */
export function memoryTmpdir(options?: { parent?: string; needed?: number }): string | null;
