import { type MemberSpec, Outline } from "../../src/outline.ts";

/** An outline of two dimensions: the dense accounts dimension `accounts` with `members`, over the sparse `over`. */
export function accountsOver(
  accounts: string,
  members: MemberSpec[],
  over: string,
  overMembers: string[],
): Outline {
  return new Outline({
    dimensions: [
      { name: accounts, type: "accounts", density: "dense", members },
      { name: over, density: "sparse", members: overMembers.map((name) => ({ name })) },
    ],
  });
}
