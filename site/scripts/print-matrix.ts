// Prints the add-in's feature matrix (feature × server, each verdict with its reason), as the binding markers of
// the documentation are checked against it: \`npx tsx site/scripts/print-matrix.ts [en|fr]\`.
import { featureMatrix } from "../tools/feature-matrix.ts";

const locale = process.argv[2] === "fr" ? "fr" : "en";
process.stdout.write(`${featureMatrix(locale)}\n`);
