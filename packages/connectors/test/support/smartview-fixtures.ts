import { readFileSync } from "node:fs";
import { parseSv, type SvElement } from "../../src/smartview/client.ts";

/** A captured Smart View request or reply (`test/fixtures/smartview`, see its NOTICE), as text. */
export const smartViewFixture = (name: string) =>
  readFileSync(new URL(`../fixtures/smartview/${name}`, import.meta.url), "utf8");

/** A captured Smart View request or reply, parsed. */
export const capturedSv = (name: string) => parseSv(smartViewFixture(name)) as SvElement;

/** Element names, attribute names and child order (texts left out). */
export function svShape(e: SvElement): unknown {
  return { name: e.name, attrs: Object.keys(e.attrs).sort(), children: e.children.map(svShape) };
}
