import { DATA_STORAGE, type MemberAnswer } from "@qibates/protocols/planning-rest";
import type { MemberProperties } from "@qibates/provider";

/** A dimension's members as a tree, rebuilt from the provider's outline-order list. */
export interface MemberNode {
  name: string;
  alias: string | null;
  generation: number;
  parent: MemberNode | null;
  children: MemberNode[];
}

interface ListedMember {
  name: string;
  alias: string | null;
  generation: number | null;
  level: number | null;
}

/**
 * The tree of a dimension from its members in outline order (depth first, parents before children, as the
 * `Hierarchy` member filter lists them): each member's parent is the nearest member before it one generation up.
 */
export function memberTree(members: readonly ListedMember[]): MemberNode {
  const stack: MemberNode[] = [];
  let root: MemberNode | null = null;
  for (const m of members) {
    const generation = m.generation ?? 1;
    while (stack.length > 0 && (stack.at(-1)?.generation ?? 0) >= generation) stack.pop();
    const parent = stack.at(-1) ?? null;
    const node: MemberNode = { name: m.name, alias: m.alias, generation, parent, children: [] };
    if (parent) parent.children.push(node);
    else root ??= node;
    stack.push(node);
  }
  if (!root) throw new Error("a dimension without members");
  return root;
}

/** The member as `GET …/members/{member}` answers it, its descendants nested in `children`. */
export function memberAnswer(
  node: MemberNode,
  dimName: string,
  properties: Record<string, MemberProperties>,
): MemberAnswer {
  const p = properties[node.name];
  return {
    name: node.name,
    alias: node.alias,
    ...(node.parent ? { parentName: node.parent.name } : {}),
    dimName,
    generation: node.generation,
    ...(p ? { dataStorage: DATA_STORAGE[p.storage], twoPass: p.twoPass } : {}),
    children: node.children.map((c) => memberAnswer(c, dimName, properties)),
  };
}
