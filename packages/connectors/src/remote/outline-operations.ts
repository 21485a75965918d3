import {
  type RemoteOutline,
  remoteDimensions,
  remoteDimensionTree,
  remoteFilter,
  remoteSearch,
  remoteUdas,
} from "@qibates/grid-bridge";
import type { CubeRef, FilterInput, ProviderSession, SearchInput } from "@qibates/provider";

/** A cube as a remote provider opened it: its name on the server and the outline read of it. */
export interface OpenedCube {
  cube: string;
  remote: RemoteOutline;
}

/**
 * The outline calls that the remote providers of the Essbase family (Smart View, XMLA, Essbase REST) answer the
 * same way, from the outline each reads of a cube: its dimensions, a dimension's tree, a filter, a search, its
 * UDAs and alias tables. A connector says what it reads of a cube for each call (`openedFor`) and overrides a
 * call its server answers its own way.
 */
export abstract class RemoteOutlineOperations {
  /**
   * The cube as one metadata call needs it, its real name on the server and its outline: every member of
   * `dimension`, of every dimension when `null`, or only the dimensions and their tops when `""`.
   */
  protected abstract openedFor(
    session: ProviderSession,
    ref: CubeRef,
    dimension: string | null,
  ): Promise<OpenedCube>;

  async dimensions(session: ProviderSession, ref: CubeRef, aliasTable?: string) {
    const { remote } = await this.openedFor(session, ref, "");
    return remoteDimensions(remote, ref.cube, aliasTable);
  }

  async dimensionTree(
    session: ProviderSession,
    ref: CubeRef,
    input: { dimension: string; aliasTable?: string },
  ) {
    const { remote, cube } = await this.openedFor(session, ref, input.dimension);
    return remoteDimensionTree(remote, cube, input);
  }

  async filterMembers(session: ProviderSession, ref: CubeRef, input: FilterInput) {
    const { remote, cube } = await this.openedFor(session, ref, input.dimension);
    return remoteFilter(remote, cube, input);
  }

  async searchMembers(session: ProviderSession, ref: CubeRef, input: SearchInput) {
    const { remote, cube } = await this.openedFor(session, ref, input.dimension);
    return remoteSearch(remote, cube, input);
  }

  async memberUdas(session: ProviderSession, ref: CubeRef, dimension: string) {
    const { remote, cube } = await this.openedFor(session, ref, dimension);
    return remoteUdas(remote, cube, dimension);
  }

  async aliasTables(session: ProviderSession, ref: CubeRef) {
    const { remote } = await this.openedFor(session, ref, "");
    return { cube: ref.cube, aliasTables: remote.aliasTables.map((name) => ({ name })) };
  }
}

/** An application's cubes as `nav/cubes` lists them: by name, in alphabetical order. */
export function cubeList(server: string, application: string, cubes: readonly string[]) {
  return {
    server,
    application,
    cubes: [...cubes].sort((a, b) => a.localeCompare(b)).map((name) => ({ name })),
  };
}
