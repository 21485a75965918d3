import { loadVisionPlan1 } from "./demo/planning/vision-data.ts";
import { visionPlan1Spec } from "./demo/planning/vision-outline.ts";
import { Cube } from "./src/cube.ts";
import { type MemberSpec, Outline } from "./src/outline.ts";

const spec = visionPlan1Spec();
const walk = (ms: MemberSpec[] | undefined, fn: (m: MemberSpec) => void): void => {
  for (const m of ms ?? []) {
    fn(m);
    walk(m.children, fn);
  }
};
for (const d of spec.dimensions) {
  if (["Scenario", "Version", "HSP_View"].includes(d.name))
    walk(d.members, (m) => {
      if (m.name !== "ConsolidatedData") m.consolidation = "~";
    });
  if (["Year", "Currency", "HSP_Metric"].includes(d.name)) {
    d.storage = "dynamic-calc";
    walk(d.members, (m) => {
      if (m.children?.length) m.storage = "dynamic-calc";
    });
  }
}
const o = new Outline(spec);
let t = performance.now();
const c = new Cube(o);
loadVisionPlan1({
  outline: o,
  writeByNames: (n: string[], v: number | null) => c.loadByNames(n, v),
} as never);
console.log("load ms", performance.now() - t, "blocks", c.blockCount, "blockSize", c.blockSize);
t = performance.now();
c.calcAll();
console.log("calcAll ms", performance.now() - t, "blocks", c.blockCount, "MB", c.usedBytes / 1e6);
const m = (n: string) => o.member(n)!;
const tuple = (x: Record<string, string>) => o.baseDimensions.map((d) => m(x[d.name] ?? d.root.name));
const base = {
  Account: "4110",
  Period: "Jan",
  Year: "FY15",
  Scenario: "Plan",
  Version: "Working",
  Currency: "USD",
  Entity: "410",
  Product: "P_160",
  HSP_View: "BaseData",
  HSP_Metric: "No Metric",
};
console.log(c.read(tuple(base)));
console.log(
  c.read(
    tuple({
      ...base,
      Account: "4100",
      Period: "YearTotal",
      Entity: "Sales VP",
      Product: "P_TP",
      HSP_View: "ConsolidatedData",
    }),
  ),
);
for (let i = 0; i < 3; i++) {
  t = performance.now();
  c.write(tuple(base), 5 + i);
  c.flush();
  console.log("write+flush ms", performance.now() - t, c.blockCount);
}
t = performance.now();
const d = new Float64Array(c.data.subarray(0, c.blockCount * c.blockSize));
console.log("snapshot copy ms", performance.now() - t);
