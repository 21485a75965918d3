import type { OlapCube, OlapMdxCapabilities, OlapMdxFunction } from "@qibates/provider";
import type { LevelRule } from "./names.ts";

// What every rowset of a Discover reads, below the dispatcher (`rowsets.ts`) and the handlers of each rowset family
// (`server-rowsets.ts`, `table-rowsets.ts`, `cube-rowsets.ts`, `member-rowsets.ts`), which import it from here.

/** What Discover reads: the server's catalogs (applications) and their cubes, through the OLAP port. */
export interface DiscoverSource {
  dataSourceName: string;
  url: string;
  providerName: string;
  /** The server's version (DISCOVER_PROPERTIES' ProviderVersion). */
  providerVersion: string;
  /** The catalogs a rowset covers when CATALOG_NAME does not restrict it (the `Catalog` property, else all). */
  defaultCatalog: string | null;
  catalogs(): Promise<string[]>;
  cubes(catalog: string): Promise<string[]>;
  cube(catalog: string, cube: string): Promise<OlapCube>;
  /** Reads a member's unique name into its parts (the OLAP port's MDX); null when the text names no member. */
  memberNameParts(text: string): string[] | null;
  /** Whether cells can be written back (`UPDATE CUBE`). */
  writeEnabled: boolean;
  /** How this address numbers levels (MDSCHEMA_LEVELS, _MEMBERS, _PROPERTIES, DBSCHEMA_COLUMNS). */
  levels: LevelRule;
  /** The words the port's MDX reads as keywords (DISCOVER_KEYWORDS). */
  keywords: readonly string[];
  /** The functions and methods the port's MDX runs (MDSCHEMA_FUNCTIONS): the provider's behind the endpoint. */
  functions: readonly OlapMdxFunction[];
  /** What the port's MDX can do (DISCOVER_PROPERTIES' MDPROP_* values): the provider's behind the endpoint. */
  capabilities: OlapMdxCapabilities;
}

/** A Discover's restrictions: each one's values (several only where the rowset takes several). */
export type Restrictions = ReadonlyMap<string, readonly string[]>;
