import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SITE } from "./site-files.ts";

/**
 * Release notes are never edited after publication: corrections go into the next version's note. Each published
 * note (en, fr) is held to the SHA-256 of its text as published; a new release adds its notes here when it ships.
 */
const PUBLISHED = JSON.parse(readFileSync(join(SITE, "changelog", "published.json"), "utf8")) as Record<
  string,
  string
>;

describe("published release notes", () => {
  it.each(Object.entries(PUBLISHED))("%s is as it was published", (path, sha256) => {
    const text = readFileSync(join(SITE, path), "utf8");
    expect(createHash("sha256").update(text).digest("hex")).toBe(sha256);
  });
});
