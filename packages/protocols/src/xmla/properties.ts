/**
 * The XMLA properties both sides spell (`Properties/PropertyList`), and the values of those that choose the
 * answer's shape.
 */
export const PROPERTY = {
  AxisFormat: "AxisFormat",
  Catalog: "Catalog",
  Content: "Content",
  DataSourceInfo: "DataSourceInfo",
  Format: "Format",
} as const;

/** `Format`: a rowset, a multidimensional data set, or the server's choice. */
export const FORMAT = { Tabular: "Tabular", Multidimensional: "Multidimensional", Native: "Native" } as const;

/** `AxisFormat`: the one axis format both sides use. */
export const TUPLE_FORMAT = "TupleFormat";

/** `Content`: what an answer carries. */
export type ContentValue = "SchemaData" | "Schema" | "Data" | "None";

/** What an answer carries (the `Content` property): schema, data, both, or neither. */
export interface ContentParts {
  schema: boolean;
  data: boolean;
}

const CONTENT: Record<ContentValue, ContentParts> = {
  SchemaData: { schema: true, data: true },
  Schema: { schema: true, data: false },
  Data: { schema: false, data: true },
  None: { schema: false, data: false },
};

/** The parts a `Content` value asks for (`SchemaData` when absent); `null` for a value XMLA does not have. */
export function contentParts(value: string | undefined): ContentParts | null {
  const v = value ?? "SchemaData";
  return Object.hasOwn(CONTENT, v) ? { ...CONTENT[v as ContentValue] } : null;
}
