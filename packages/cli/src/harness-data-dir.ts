import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The data folder of each connector harness (`openConnectorHarness`, removed when the harness closes): a new,
 * empty folder, in which the product creates its database and runs its migrations, unless set otherwise. A module
 * of its own, importing nothing else, so that a test setup can set it without loading the product.
 */
let make: () => string | Promise<string> = () => mkdtempSync(join(tmpdir(), "qibates-harness-"));

/** A new data folder for a harness. */
export function newHarnessDataDir(): Promise<string> {
  return Promise.resolve(make());
}

/**
 * Sets how each harness of this process makes its data folder from now on (those `qibates-replay --via` opens
 * included). The tests give a copy of an already migrated database, so that no harness creates one again.
 */
export function makeHarnessDataDirs(maker: () => string | Promise<string>): void {
  make = maker;
}
