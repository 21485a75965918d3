import { readFileSync } from "node:fs";
import { ZOOM_MODES } from "@qibates/grid-rules";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// The zoom-in modes are written once (`@qibates/grid-rules`), for the engine and the provider contract alike: here
// they are held to the API's contract, where clients read them.
describe("the API contract and the grid's rules agree", () => {
  it("on the zoom-in modes: a mode the contract learns is a rule and a capability row to add", () => {
    const contract = parse(
      readFileSync(new URL("../../../openapi/qibates.yaml", import.meta.url), "utf8"),
    ) as {
      components: { schemas: { ZoomInMode: { enum: string[] } } };
    };
    expect([...ZOOM_MODES].sort()).toEqual([...contract.components.schemas.ZoomInMode.enum].sort());
  });
});
