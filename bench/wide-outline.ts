/**
 * The generated outline of the connector-path benches (connector-path, connector-path-parts, connector-floor):
 * one dimension of 10,000 members (100 parents of 100 leaves) and two small ones, served as application
 * `Bench`, cube `Wide`; a zoom to all levels of `Entity` makes 10,100 rows.
 */
export function wideOutlineDocument() {
  const entities = Array.from({ length: 100 }, (_, p) => ({
    name: `Region ${p + 1}`,
    children: Array.from({ length: 100 }, (_, c) => ({ name: `Entity ${p * 100 + c + 1}` })),
  }));
  return {
    dimensions: [
      { name: "Entity", type: "regular", members: entities },
      { name: "Account", type: "accounts", members: [{ name: "Revenue" }, { name: "Cost" }] },
      { name: "Period", type: "time", members: [{ name: "Q1" }, { name: "Q2" }] },
    ],
  };
}
