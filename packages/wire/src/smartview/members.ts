import type { components } from "@qibates/client/schema";
import {
  aliasTableOf,
  enumMembersAnswerXml,
  FILTER_CATALOGUE,
  findMemberAnswerXml,
  memberFilterOf,
  readFilter,
  type SvElement,
  SvException,
  svChild,
  svText,
  wildcardMatcher,
} from "@qibates/protocols/smartview";
import { type OlapDimension, OlapDimensionIndex, type OlapMember } from "@qibates/provider";
import type { SvContext } from "./context.ts";
import type { SvHandlers } from "./protocol.ts";
import { cubeOf, type SvSession } from "./session.ts";

type MemberNode = components["schemas"]["MemberNode"];

/** The nodes of a tree under `top`, in outline order (pre-order), `top` itself first. */
function preorder(top: MemberNode): MemberNode[] {
  const out: MemberNode[] = [];
  const stack: MemberNode[] = [top];
  while (stack.length > 0) {
    const n = stack.pop() as MemberNode;
    out.push(n);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as MemberNode);
  }
  return out;
}

/** The node a filter's `top` names (name, or alias of the request's table), its stored occurrence first. */
function nodeNamed(root: MemberNode, name: string): MemberNode | undefined {
  const key = name.trim().toLowerCase();
  const all = preorder(root).filter((n) => n.name.toLowerCase() === key || n.alias?.toLowerCase() === key);
  return all.find((n) => n.storage !== "shared") ?? all[0];
}

/**
 * Members of the open cube: `EnumFilters` (Essbase's filter catalogue), `EnumMembers` (the members a filter
 * chooses), `FindMember` (a search by name or alias with wildcards, answered as paths).
 */
export function memberHandlers({ provider, essbase, connector, sessions }: SvContext): SvHandlers {
  const { session } = sessions;
  return {
    EnumFilters(req, request) {
      session(req, request);
      return FILTER_CATALOGUE;
    },
    async EnumMembers(req, request) {
      const s = session(req, request);
      const aliasTable = aliasTableOf(svText(req, "alsTbl"));
      const members = await filteredMembers(s, req);
      return enumMembersAnswerXml(
        members.map((m) => (aliasTable && m.alias) || m.name),
        members.map((m) => ((m.level ?? 0) > 0 ? 2 : 0)),
      );
    },
    FindMember: (req, request) => findMember(session(req, request), req),
  };

  /** The members an `EnumMembers` request's filter chooses, in outline order. */
  async function filteredMembers(s: SvSession, req: SvElement) {
    const ref = cubeOf(s);
    const dimension = svText(req, "dim");
    const { name, arg } = readFilter(memberFilterOf(req));
    const top = arg("0") || dimension;
    const aliasTable = aliasTableOf(svText(req, "alsTbl")) ?? undefined;
    const run = (
      f: "CHILDREN" | "DESCENDANT" | "LEVEL" | "GENERATION" | "UDA",
      arg1: string | number | null,
    ) =>
      essbase.filterMembers(s.provider, ref, {
        dimension,
        filter: f,
        arg1,
        member: f === "CHILDREN" || f === "DESCENDANT" ? top : null,
        ...(aliasTable ? { aliasTable } : {}),
      });
    /** Members of a dimension-wide filter under `top` (itself included) when `top` is not the dimension. */
    const under = async (answer: Awaited<ReturnType<typeof run>>) => {
      if (top.toLowerCase() === dimension.toLowerCase()) return answer.members;
      const inside = new Set((await run("DESCENDANT", null)).members.map((m) => m.name.toLowerCase()));
      inside.add(top.toLowerCase());
      return answer.members.filter((m) => inside.has(m.name.toLowerCase()));
    };
    let members: { name: string; alias: string | null; level: number | null }[];
    const tree = async () => {
      const { root } = await essbase.dimensionTree(s.provider, ref, {
        dimension,
        ...(aliasTable ? { aliasTable } : {}),
      });
      const node = nodeNamed(root, top);
      if (!node) throw new SvException(`Member ${top} is not in dimension ${dimension}.`);
      return node;
    };
    switch (name) {
      case "Hierarchy":
        // allGenerations 1: every generation under the top (outline order); 0: its children, as captured.
        members =
          svText(req, "allGenerations") === "1"
            ? preorder(await tree()).slice(1)
            : (await run("CHILDREN", null)).members;
        break;
      case "Children":
        members = (await run("CHILDREN", null)).members;
        break;
      case "SharedLevel": {
        const n = Number(arg("1"));
        members = preorder(await tree()).filter((m) => m.level === n);
        break;
      }
      case "Attribute":
        members = await attributeMembers(s, ref, dimension, arg("0"), aliasTable ?? null);
        break;
      case "Descendants":
        // DESCENDANTS(%0), the catalogue's MDX: the member itself, then everything under it.
        members = preorder(await tree());
        break;
      case "Level":
        members = await under(await run("LEVEL", Number(arg("1"))));
        break;
      case "Generation":
        members = (await run("GENERATION", Number(arg("1")))).members;
        break;
      case "UDA":
        members = await under(await run("UDA", arg("1").replace(/^"(.*)"$/, "$1")));
        break;
      default:
        throw new SvException(`The member filter ${name} is not supported by this provider.`);
    }
    return members;
  }

  /**
   * `Attribute(name)`: the members of `dimension` associated with the attribute member `name` or a member
   * under it. The provider contract carries no attribute associations: read through the OLAP port's metadata.
   */
  async function attributeMembers(
    s: SvSession,
    ref: { server: string; application: string; cube: string },
    dimension: string,
    name: string,
    aliasTable: string | null,
  ) {
    const olap = provider.olap;
    if (!olap) throw new SvException("The member filter Attribute is not supported by this provider.");
    // In the caller's provider session: a remote provider reads the cube in its upstream session.
    const { dimensions } = await (await olap.cube(connector, ref, s.provider)).metadata();
    const found = resolveMember(dimensions, name, aliasTable ?? "Default");
    if (found?.dimension.kind !== "attribute") throw new SvException(`${name} is not an attribute member.`);
    const lower = dimension.toLowerCase();
    const dim = dimensions.find((d) => d.name.toLowerCase() === lower);
    if (!dim) throw new SvException(`Dimension ${dimension} does not exist.`);
    const attrDim = found.dimension;
    const under = new Set(new OlapDimensionIndex(attrDim).descendants(found.member).map((m) => m.name));
    return dim.members
      .filter((m) => {
        const a = m.attributes[attrDim.name];
        return !m.shared && a !== undefined && under.has(a);
      })
      .map((m) => ({
        name: m.name,
        alias: aliasTable ? (m.aliases[aliasTable] ?? null) : null,
        level: m.level,
      }));
  }

  /**
   * `FindMember`: the members of the dimension within the filter (the whole hierarchy by default) whose name,
   * or alias in the request's table, matches `mbr` (`*` and `?` wildcards), each as its path from the
   * dimension down (agardiner/SmartView `find_member` reads `pathList/path/mbrs`).
   */
  async function findMember(s: SvSession, req: SvElement): Promise<string> {
    const ref = cubeOf(s);
    const dimension = svText(req, "dim");
    const aliasTable = aliasTableOf(svText(req, "alsTbl")) ?? undefined;
    const { root } = await essbase.dimensionTree(s.provider, ref, {
      dimension,
      ...(aliasTable ? { aliasTable } : {}),
    });
    const filter = svChild(req, "filter");
    const { name, arg } = readFilter(filter);
    // The filter's top member (arg 0, the dimension when absent) bounds the search, wherever it is a member.
    const topName = arg("0") || dimension;
    const top = nodeNamed(root, topName);
    if (!top && name !== "Attribute") {
      throw new SvException(`Member ${topName} is not in dimension ${dimension}.`);
    }
    const under = new Set(preorder(top ?? root));
    let inScope: (n: MemberNode) => boolean = (n) => under.has(n);
    if (name !== "Hierarchy") {
      const enumReq: SvElement = {
        name: "req_EnumMembers",

        attrs: {},
        text: "",
        children: [
          { name: "dim", attrs: {}, text: dimension, children: [] },
          { name: "memberFilter", attrs: {}, text: "", children: filter ? [filter] : [] },
          { name: "alsTbl", attrs: {}, text: svText(req, "alsTbl"), children: [] },
          { name: "allGenerations", attrs: {}, text: "1", children: [] },
        ],
      };
      const names = new Set((await filteredMembers(s, enumReq)).map((m) => m.name.toLowerCase()));
      // A shared occurrence is found only by the filter that lists them (SharedLevel).
      const shared = name === "SharedLevel";
      inScope = (n) => under.has(n) && names.has(n.name.toLowerCase()) && (shared || n.storage !== "shared");
    }
    const matches = wildcardMatcher(svText(req, "mbr"));
    const paths: string[][] = [];
    const label = (n: MemberNode) => (aliasTable && n.alias) || n.name;
    const walk = (n: MemberNode, path: string[]) => {
      const here = [...path, label(n)];
      if (inScope(n) && (matches(n.name) || (aliasTable && n.alias && matches(n.alias)))) {
        paths.push(here);
      }
      for (const c of n.children) walk(c, here);
    };
    walk(root, []);
    return findMemberAnswerXml(paths);
  }
}

/**
 * What a user typed, as the outline reads it: an alias of the table, a member name, else an alias of `Default`
 * (names and aliases without regard to case; a leading apostrophe ignored), in any dimension.
 */
function resolveMember(
  dimensions: readonly OlapDimension[],
  text: string,
  aliasTable: string,
): { dimension: OlapDimension; member: OlapMember } | undefined {
  const t = text.trim().replace(/^'/, "").toLowerCase();
  if (t === "") return undefined;
  const find = (hit: (m: OlapMember) => boolean) => {
    for (const dimension of dimensions)
      for (const member of dimension.members) if (hit(member)) return { dimension, member };
    return undefined;
  };
  const alias = (table: string) => (m: OlapMember) => {
    if (m.shared) return false;
    for (const [k, v] of Object.entries(m.aliases))
      if (k.toLowerCase() === table.toLowerCase() && v.toLowerCase() === t) return true;
    return false;
  };
  return (
    find(alias(aliasTable)) ??
    find((m) => !m.shared && m.name.toLowerCase() === t) ??
    (aliasTable !== "Default" ? find(alias("Default")) : undefined)
  );
}
