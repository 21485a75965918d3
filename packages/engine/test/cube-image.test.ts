import { describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../demo/index.ts";
import { Cube, CubeError } from "../src/cube/cube.ts";
import {
  CUBE_IMAGE_HEADER_BYTES,
  cubeImageBytes,
  cubeImageParts,
  loadCubeImage,
  readCubeImageHeader,
} from "../src/cube/image.ts";
import { Outline } from "../src/outline.ts";
import {
  NEW_BLOCK_CELL,
  STORED_STATE_CELLS,
  sampleBasicWithNewBlock,
  tupleOf as tuple,
} from "./support/stored-state.ts";

/** The image's parts as one array of bytes, as a file holds them. */
function imageOf(cube: Cube): Uint8Array {
  const parts = [...cubeImageParts(cube)];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe("a cube's image (its stored blocks as bytes)", () => {
  it("reads back into a fresh cube of the same outline: every stored value, input flag and total the same", () => {
    const cube = sampleBasicWithNewBlock();
    const bytes = imageOf(cube);
    const header = readCubeImageHeader(bytes);
    expect(header.blockCount).toBe(cube.blockCount);
    expect(bytes.length).toBe(cubeImageBytes(header));

    const fresh = new Cube(cube.outline);
    loadCubeImage(fresh, bytes);
    expect(fresh.blockCount).toBe(cube.blockCount);
    expect(fresh.storedCellCount()).toBe(cube.storedCellCount());
    const a = cube.snapshot();
    const b = fresh.snapshot();
    expect(b.keys).toEqual(a.keys);
    expect(b.input).toEqual(a.input);
    expect(b.upperBits).toEqual(a.upperBits);
    expect(Buffer.from(b.data.buffer, 0, b.data.byteLength)).toEqual(
      Buffer.from(a.data.buffer, 0, a.data.byteLength),
    );
    for (const names of STORED_STATE_CELLS)
      expect(fresh.read(tuple(fresh, names))).toBe(cube.read(tuple(cube, names)));
    // an input value read back as input: a parent's total follows a later write below it
    expect(fresh.isInput(fresh.blockOf(fresh.coordsOf(tuple(fresh, NEW_BLOCK_CELL))), 0)).toBe(
      cube.isInput(cube.blockOf(cube.coordsOf(tuple(cube, NEW_BLOCK_CELL))), 0),
    );
  });

  it("leaves a cube that changes as any other: new blocks, writes and their totals", () => {
    const cube = createSampleBasicCube();
    const fresh = new Cube(cube.outline);
    loadCubeImage(fresh, imageOf(cube));
    for (const c of [cube, fresh]) {
      c.write(tuple(c, ["Feb", "Sales", "100-20", "Utah", "Budget"]), 77);
      c.write(tuple(c, ["Mar", "COGS", "200-10", "New York", "Actual"]), 5);
    }
    for (const names of [...STORED_STATE_CELLS, ["Qtr1", "Sales", "100", "West", "Budget"]]) {
      expect(fresh.read(tuple(fresh, names))).toBe(cube.read(tuple(cube, names)));
    }
    expect(fresh.blockCount).toBe(cube.blockCount);
  });

  it("an empty cube's image is a header and nothing else", () => {
    const cube = new Cube(createSampleBasicCube().outline);
    const bytes = imageOf(cube);
    expect(bytes.length).toBe(CUBE_IMAGE_HEADER_BYTES);
    const fresh = new Cube(cube.outline);
    loadCubeImage(fresh, bytes);
    expect(fresh.blockCount).toBe(0);
  });

  it("is refused by a cube of another outline, and when its bytes are not an image", () => {
    const cube = createSampleBasicCube();
    const bytes = imageOf(cube);
    const other = new Outline({
      name: "Other",
      dimensions: [
        { name: "Year", type: "time", density: "dense", members: [{ name: "Jan" }, { name: "Feb" }] },
        { name: "Market", density: "sparse", members: [{ name: "East" }, { name: "West" }] },
      ],
    });
    const wrong = new Cube(other);
    expect(() => loadCubeImage(wrong, bytes)).toThrow(CubeError);
    expect(() => loadCubeImage(wrong, bytes)).toThrow(/another outline or engine layout/);
    expect(wrong.blockCount).toBe(0);

    const fresh = new Cube(cube.outline);
    const notImage = bytes.slice();
    notImage[0] = 0x20;
    expect(() => loadCubeImage(fresh, notImage)).toThrow(/no QBCUBEIM mark/);
    expect(() => loadCubeImage(fresh, bytes.subarray(0, bytes.length - 8))).toThrow(
      /bytes where its header says/,
    );
    expect(() => loadCubeImage(fresh, bytes.subarray(0, 10))).toThrow(/shorter than its header/);
    expect(fresh.blockCount).toBe(0);
  });
});
