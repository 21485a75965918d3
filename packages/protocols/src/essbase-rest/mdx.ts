/** The report formats of `POST …/mdx` (`?format=`), JSON the default. */
export const MDX_FORMATS = ["XLSX", "CSV", "HTML", "JSON"] as const;
export type MdxFormat = (typeof MDX_FORMATS)[number];

/** `MDXInput` of `POST …/mdx`: the query, and how members are named (`ALIAS`: the active alias table). */
export interface MdxInput {
  query: string;
  preferences?: { memberIdentifierType?: "NAME" | "ALIAS"; dataless?: boolean };
}

/** The JSON answer of `POST …/mdx?format=JSON` (Essbase 21.x): the axes' dimensions and the report, row by row. */
export interface MdxJson {
  metadata: { page: string[]; column: string[]; row: string[] };
  data: string[][];
}
