import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { countingTurns } from "../../protocols/test/support/turns.ts";
import { readJson } from "../src/net/json.ts";

/** The sliced JSON reader of upstream answers reads what JSON.parse reads, and refuses what it refuses. */

const { resolve } = createRequire(import.meta.url);
const sliced = (text: string) => readJson(text, { slicedFrom: 0, sliceMs: 1 });

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith(".json") ? [path] : [];
  });
}

describe("the sliced JSON reader", () => {
  it("reads the repository's JSON fixtures (Essbase grids, the API contract) as JSON.parse does", async () => {
    const files = [
      ...jsonFiles(
        dirname(
          dirname(
            fileURLToPath(new URL("../../engine/test/fixtures/essbase-oracle/NOTICE", import.meta.url)),
          ),
        ),
      ),
      resolve("@qibates/client/contract.json"),
    ];
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      expect(await sliced(text), file).toEqual(JSON.parse(text));
    }
  });

  it("reads values, escapes, numbers, nesting and a __proto__ key as JSON.parse does", async () => {
    for (const text of [
      '{"a":[1,-2.5e3,0,true,false,null,"x\\"y\\\\","\\u00e9\\n"],"b":{},"c":[],"d":[[],[{}]]}',
      ' [ 1 , { "k" : "v" } ] ',
      '"just a string"',
      "42",
      '{"__proto__":{"polluted":1},"n":1}',
    ]) {
      expect(await sliced(text), text).toEqual(JSON.parse(text));
    }
    const proto = (await sliced('{"__proto__":{"polluted":1}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.keys(proto)).toEqual(["__proto__"]);
  });

  it("refuses what JSON.parse refuses", async () => {
    for (const text of [
      "",
      "{",
      "[1,]",
      '{"a":1,}',
      '{"a" 1}',
      "[1 2]",
      "tru",
      "{} x",
      "<html>",
      '{"a":"x}',
    ]) {
      expect(() => JSON.parse(text), text).toThrow(SyntaxError);
      await expect(sliced(text), text).rejects.toThrow(SyntaxError);
    }
  });

  it("gives the event loop back while it reads a large answer", async () => {
    const text = JSON.stringify({
      items: Array.from({ length: 50_000 }, (_, i) => ({ name: `m${i}`, v: i })),
    });
    const { value, turns } = await countingTurns(() => sliced(text));
    expect(turns).toBeGreaterThan(2);
    expect(value).toEqual(JSON.parse(text));
  });
});
