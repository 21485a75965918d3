import { describe, expect, it } from "vitest";
import { installWarnings } from "./install-log-check.mjs";

/** CI fails when a fresh `npm install` warns; only the install's own lines count, not the tests'. */
describe("the install log check", () => {
  const install = "\nadded 1710 packages in 1m\n\n312 packages are looking for funding\n";
  const tests = "\n> qibates@2.2.0 test\n> node scripts/test.mjs\n\nnpm warn from a test that runs npm\n";

  it("passes an install that printed no warning, whatever the tests print", () => {
    expect(installWarnings(install + tests)).toEqual([]);
  });

  it("names each warning line of the install", () => {
    const warned = `npm warn EBADENGINE Unsupported engine {\nnpm warn EBADENGINE   package: '@scalar/x@1.0.0',${install}${tests}`;
    expect(installWarnings(warned)).toEqual([
      "npm warn EBADENGINE Unsupported engine {",
      "npm warn EBADENGINE   package: '@scalar/x@1.0.0',",
    ]);
  });

  it("reads the whole log as the install's when the tests never started", () => {
    expect(installWarnings("npm WARN deprecated x@1.0.0\nnpm error code 1\n")).toEqual([
      "npm WARN deprecated x@1.0.0",
    ]);
  });
});
