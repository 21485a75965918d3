// Vitest setup of the server's test files: the data folders a file's test servers used are removed at its end
// (support/data-dir.ts), once its own hooks have closed them.
import { afterAll } from "vitest";
import { removeTestDataDirs } from "./data-dir.ts";

afterAll(() => removeTestDataDirs());
