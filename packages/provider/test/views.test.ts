import { describe, expect, it } from "vitest";
import { viewOf } from "../src/index.ts";

describe("viewOf: one object seen with a field replaced", () => {
  it("answers the replaced field, reads and writes every other through to the object", () => {
    const held = { name: "Sample", count: 1, call: "outside" };
    const view = viewOf(held, (name, value) => (name === "call" ? "this call" : value));
    expect(view.call).toBe("this call");
    expect(view.name).toBe("Sample");
    view.count = 2;
    expect(held.count).toBe(2);
    held.name = "Demo";
    expect(view.name).toBe("Demo");
    expect(held.call).toBe("outside");
  });

  it("runs the object's getters and methods with the view as this", () => {
    class Client {
      bound = "none";
      get describe(): string {
        return `bound to ${this.bound}`;
      }
      who(): string {
        return this.bound;
      }
    }
    const client = new Client();
    const view = viewOf(client, (name, value) => (name === "bound" ? "call A" : value));
    expect(view.describe).toBe("bound to call A");
    expect(view.who()).toBe("call A");
    expect(client.describe).toBe("bound to none");
  });
});
