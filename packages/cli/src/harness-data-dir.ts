import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AppOptions } from "@qibates/server";

/**
 * The data folder of each connector harness (`openConnectorHarness`, removed when the harness closes): a new,
 * empty folder, in which the product creates its database and runs its migrations, unless set otherwise. A module
 * of its own, importing nothing else at run time, so that a test setup can set it without loading the product.
 */
let make: () => string | Promise<string> = () => mkdtempSync(join(tmpdir(), "qibates-harness-"));

/** Where each harness's embedded database comes from: PGlite in its data folder unless set otherwise. */
let embedded: AppOptions["embedded"];

/** A new data folder for a harness. */
export function newHarnessDataDir(): Promise<string> {
  return Promise.resolve(make());
}

/** Where a harness opens its embedded database (`buildApp`'s `embedded`): PGlite in its folder when unset. */
export function harnessEmbeddedDatabase(): AppOptions["embedded"] {
  return embedded;
}

/**
 * Sets how each harness of this process makes its data folder from now on (those `qibates-replay --via` opens
 * included), and where it opens its database. The tests give a folder without a database, and a schema of the
 * PGlite their process shares, so that no harness creates or opens one of its own.
 */
export function makeHarnessDataDirs(
  maker: () => string | Promise<string>,
  database?: AppOptions["embedded"],
): void {
  make = maker;
  embedded = database;
}
