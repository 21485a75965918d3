import { describe, expect, it } from "vitest";
import config from "../docusaurus.config";

/**
 * Every build of the site is made from the pages as they are: Rspack's persistent cache, kept between builds in
 * site/node_modules/.cache/rspack, gave back a page's old text after the page changed (both locales are built in
 * one process), so `npm start` after a pull, or the tests after a merge, served stale pages. The other Docusaurus
 * Faster parts (Rspack, SWC, Lightning CSS) stay on.
 */
describe("the site's build", () => {
  it("keeps no bundler cache between builds, and still builds with Rspack", () => {
    const faster = config.future?.faster;
    expect(typeof faster).toBe("object");
    expect((faster as { rspackPersistentCache?: boolean }).rspackPersistentCache).toBe(false);
    expect((faster as { rspackBundler?: boolean }).rspackBundler ?? true).toBe(true);
    expect(config.future?.v4).toBe(true);
  });
});
