// Vitest setup of the server's test files: at a file's end, once its own hooks have closed its test servers, the
// data folders they used are removed (support/data-dir.ts), and their schemas of the process's shared database
// dropped (support/shared-database.ts).
import { afterAll } from "vitest";
import { removeTestDataDirs } from "./data-dir.ts";
import { dropSharedSchemas } from "./shared-database.ts";

afterAll(() => Promise.all([removeTestDataDirs(), dropSharedSchemas()]));
