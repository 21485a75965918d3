// Generated cubes (bench/outline-scale.mjs; a test may use them too): one large Entity dimension of a
// given shape beside two small dimensions (Account: Revenue, Cost; Period: Q1, Q2), so that a sheet of a few
// entities by a few periods can be refreshed on a cube of any size. The member counts are the issue's: every
// member of every dimension, the dimension roots included.
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * @typedef {{ name: string, children?: Member[] }} Member
 * @typedef {{
 *   application: string,
 *   members: number,
 *   parents: number,
 *   shape: string,
 *   fanout: number[],
 * }} OutlineShape
 */

/**
 * The shapes: `fanout[i]` children under each member of depth i (the Entity root has depth 0), so that
 * [10, 100] is the root, 10 parents and 1,000 leaves.
 * @type {Record<string, OutlineShape>}
 */
export const OUTLINE_SHAPES = {
  "1k": {
    application: "Scale1k",
    members: 1_017,
    parents: 13,
    shape: "10 parents of 100",
    fanout: [10, 100],
  },
  "11k": {
    application: "Scale11k",
    members: 11_007,
    parents: 1_003,
    shape: "1,000 parents of 10",
    fanout: [1000, 10],
  },
  "101k": {
    application: "Scale101k",
    members: 101_007,
    parents: 1_003,
    shape: "1,000 parents of 100",
    fanout: [1000, 100],
  },
  "1m": {
    application: "Scale1m",
    members: 1_001_007,
    parents: 1_003,
    shape: "1,000 parents of 1,000",
    fanout: [1000, 1000],
  },
  "111k-deep": {
    application: "Scale111kDeep",
    members: 111_117,
    parents: 11_113,
    shape: "5 levels of 10",
    fanout: [10, 10, 10, 10, 10],
  },
};

/** The cube each snapshot serves (application `OUTLINE_SHAPES[size].application`, cube `Grid`). */
export const CUBE = "Grid";

/**
 * The Entity members of a shape: parents named `Group <depth>.<n>` (n counted through their depth), leaves
 * `Entity <n>` (counted from 1 in outline order).
 * @param {number[]} fanout
 * @returns {{ members: Member[], leaves: string[] }}
 */
function entityMembers(fanout) {
  const counters = fanout.map(() => 0);
  const leaves = [];
  /** @returns {Member[]} */
  const level = (depth) =>
    Array.from({ length: fanout[depth] }, () => {
      const n = ++counters[depth];
      if (depth === fanout.length - 1) {
        const name = `Entity ${n}`;
        leaves.push(name);
        return { name };
      }
      return { name: `Group ${depth + 1}.${n}`, children: level(depth + 1) };
    });
  return { members: level(0), leaves };
}

/**
 * A shape's outline document (the engine's outline format), its leaves in outline order, and its members and
 * members with children counted (every dimension, the roots included).
 * @param {OutlineShape} shape
 */
export function outlineOf(shape) {
  const { members, leaves } = entityMembers(shape.fanout);
  const document = {
    dimensions: [
      { name: "Entity", type: "regular", density: "sparse", members },
      {
        name: "Account",
        type: "accounts",
        density: "dense",
        members: [{ name: "Revenue" }, { name: "Cost" }],
      },
      { name: "Period", type: "time", density: "dense", members: [{ name: "Q1" }, { name: "Q2" }] },
    ],
  };
  let count = 0;
  let parents = 0;
  /** @param {Member[]} ms */
  const walk = (ms) => {
    for (const m of ms) {
      count++;
      if (m.children?.length) {
        parents++;
        walk(m.children);
      }
    }
  };
  for (const d of document.dimensions) {
    count++;
    parents++;
    walk(d.members);
  }
  return { document, leaves, members: count, parents };
}

/**
 * The sheet refreshed on a shape's cube: Revenue on the point of view, Q1 and Q2 on the columns, on the rows
 * the first, a middle and the last leaf and the first leaf's parent (the members a user has on a sheet, from
 * across the dimension).
 * @param {string[]} leaves
 * @param {OutlineShape} shape
 */
export function sheetOf(leaves, shape) {
  const parent = `Group ${shape.fanout.length - 1}.1`;
  const rows = [leaves[0], leaves[Math.floor(leaves.length / 2)], leaves[leaves.length - 1], parent];
  return [["", "Revenue", ""], ["", "Q1", "Q2"], ...rows.map((r) => [r, "", ""])];
}

/**
 * Writes a shape's cube as a snapshot folder `root/<application>` that `QIBATES_SNAPSHOTS=root` serves
 * (the format of packages/embedded/src/snapshot-files.ts): Revenue and Cost in Q1 and Q2 of every leaf.
 * Returns the sheet to refresh on it.
 * @param {string} root
 * @param {OutlineShape} shape
 */
export function writeShapeSnapshot(root, shape) {
  const { document, leaves, members, parents } = outlineOf(shape);
  if (members !== shape.members || parents !== shape.parents)
    throw new Error(`${shape.application}: ${members} members, ${parents} parents`);
  const folder = join(root, shape.application);
  mkdirSync(folder, { recursive: true });
  const outline = Buffer.from(JSON.stringify(document));
  const lines = ["Entity\tAccount\tPeriod\tvalue"];
  leaves.forEach((leaf, i) => {
    lines.push(`${leaf}\tRevenue\tQ1\t${100 + (i % 97)}`, `${leaf}\tRevenue\tQ2\t${110 + (i % 89)}`);
    lines.push(`${leaf}\tCost\tQ1\t${60 + (i % 41)}`, `${leaf}\tCost\tQ2\t${65 + (i % 43)}`);
  });
  const data = gzipSync(`${lines.join("\n")}\n`);
  const file = (name, bytes) => {
    writeFileSync(join(folder, name), bytes);
    return { file: name, sha256: createHash("sha256").update(bytes).digest("hex"), bytes: bytes.length };
  };
  const manifest = {
    format: "qibates-cube-snapshot",
    version: 1,
    application: shape.application,
    source: {
      connector: "essbase-stndln",
      address: "https://essbase.example.com/essbase/japi",
      server: "EssbaseCluster-1",
      application: shape.application,
      takenAt: "2026-11-27T00:00:00Z",
    },
    cubes: [
      {
        name: CUBE,
        outline: file(`${CUBE}.outline.json`, outline),
        data: file(`${CUBE}.data.tsv.gz`, data),
        members,
        cells: lines.length - 1,
        computedMembers: [],
      },
    ],
    notCarried: [],
  };
  writeFileSync(join(folder, "manifest.json"), JSON.stringify(manifest));
  return sheetOf(leaves, shape);
}
