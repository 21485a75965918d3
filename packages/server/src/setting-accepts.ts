/**
 * What a setting accepts, read from its parser: the settings reference states it beside the default, so that the
 * range a page gives is the one the start-up check applies. A module of its own, importing nothing, so that the
 * site's type-check reads this type without the server's program (`@qibates/server/setting-accepts`).
 */
export type Accepts =
  | {
      readonly kind: "integer";
      readonly min: number;
      readonly max: number;
      /**
       * What a plain count counts, in the plural, for a setting whose name gives no unit (`…_SECONDS`, `…_BYTES`
       * and the like give theirs): `cells`, `sessions`.
       */
      readonly unit?: { readonly en: string; readonly fr: string };
    }
  | { readonly kind: "boolean" }
  | { readonly kind: "oneOf"; readonly values: readonly string[] }
  | { readonly kind: "url"; readonly protocols: readonly string[] }
  | { readonly kind: "list"; readonly values?: readonly string[] }
  | { readonly kind: "text" }
  | { readonly kind: "file" }
  /** An IP address (IPv4 or IPv6) or a host name. */
  | { readonly kind: "host" }
  /** Off, a number of proxies up to `maxHops`, or proxies' addresses, CIDR ranges and the named `ranges`. */
  | { readonly kind: "proxies"; readonly maxHops: number; readonly ranges: readonly string[] }
  /** One of the named `values`, a tenant ID or a domain name. */
  | { readonly kind: "tenant"; readonly values: readonly string[] }
  /** `connector=providerAddress`: one of the `connectors` and an address with one of the `protocols`. */
  | {
      readonly kind: "upstream";
      readonly connectors: readonly string[];
      readonly protocols: readonly string[];
    }
  /** E-mail addresses (`name@domain`), separated by commas. */
  | { readonly kind: "emails" }
  /** Microsoft Entra group object IDs (GUIDs), separated by commas. */
  | { readonly kind: "groupIds" };
