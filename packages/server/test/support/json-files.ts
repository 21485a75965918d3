import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

/**
 * A writer of JSON files (a users file, a settings file) into a throw-away folder named after `prefix`, removed
 * after the tests of the file: `write(name, doc)` writes `doc` as JSON and answers the file's path.
 */
export function jsonFileWriter(prefix: string): (name: string, doc: unknown) => string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return (name, doc) => {
    const path = join(root, name);
    writeFileSync(path, JSON.stringify(doc));
    return path;
  };
}
