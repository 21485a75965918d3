import { readFileSync, writeFileSync } from "node:fs";
import { CONNECTOR_DESCRIPTIONS, contractConnectorLists, type ListedDescription } from "@qibates/provider";
import { CONTRACT_FILE } from "./contract.ts";

/**
 * The contract's connector lists, written from the connectors' descriptions (`@qibates/provider`), never by
 * hand: each operation's `x-qibates-connectors` (`acceptedConnectors`), the `Connector` enumeration, the
 * families of the capability table and `info.x-qibates-provider-address-suffixes` (`contractConnectorLists`, which
 * the server follows too for the contract it serves). The text of the contract is
 * kept as it is but for those lines, so that a description change shows as a small diff of the YAML.
 * `npx tsx openapi/tools/connector-lists.ts` rewrites the file (`generate.ts` runs it first); the contract's test
 * fails when the file differs from what the descriptions give.
 */

const list = (values: readonly string[]) => `[${values.join(", ")}]`;

/** `yaml` with every connector list written from `descriptions` (the product's unless a test gives others). */
export function withConnectorLists(
  yaml: string,
  descriptions: Readonly<Record<string, ListedDescription>> = CONNECTOR_DESCRIPTIONS,
): string {
  const { accepted, connectors, families, addressSuffixes } = contractConnectorLists(descriptions);
  const lines = yaml.split("\n");
  const out: string[] = [];
  let path: string | undefined;
  let schema: string | undefined;
  let property: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    path = /^ {2}(\/[^:\s]*):\s*$/.exec(line)?.[1] ?? path;
    schema = /^ {4}([A-Za-z]\w*):\s*$/.exec(line)?.[1] ?? schema;
    property = /^ {8}([A-Za-z]\w*):\s*$/.exec(line)?.[1] ?? property;
    const connectorsLine = /^(\s+x-qibates-connectors: )\[.*\]\s*$/.exec(line);
    if (connectorsLine) {
      const operation = path?.slice(1) ?? "";
      const values = accepted.get(operation);
      if (!values) throw new Error(`no connector description accepts ${path ?? "(no path)"}`);
      out.push(`${connectorsLine[1]}${list(values)}`);
      continue;
    }
    const enumLine = /^(\s+enum: )\[.*\]\s*$/.exec(line);
    if (enumLine && schema === "Connector" && /^ {6}enum:/.test(line)) {
      out.push(`${enumLine[1]}${list(connectors)}`);
      continue;
    }
    if (enumLine && schema === "ConnectorCapabilities" && property === "family" && /^ {10}enum:/.test(line)) {
      out.push(`${enumLine[1]}${list(families)}`);
      continue;
    }
    if (/^ {2}x-qibates-provider-address-suffixes:\s*$/.test(line)) {
      out.push(line);
      while (/^ {4}\S/.test(lines[i + 1] ?? "")) i++;
      for (const c of connectors) out.push(`    ${c}: ${addressSuffixes[c]}`);
      continue;
    }
    out.push(line);
  }
  return out.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const before = readFileSync(CONTRACT_FILE, "utf8");
  const after = withConnectorLists(before);
  if (after !== before) writeFileSync(CONTRACT_FILE, after);
  process.stdout.write(`${after === before ? "unchanged" : "wrote"} ${CONTRACT_FILE.pathname}\n`);
}
