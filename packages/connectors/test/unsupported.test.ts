import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { CONNECTOR_PROFILES, readerReason, supportOf } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { missing } from "../src/remote/unsupported.ts";

const PACKAGES = fileURLToPath(new URL("../../", import.meta.url));
/** The one place an `UNSUPPORTED` error is built, from the capability table. */
const HELPER = "connectors/src/remote/unsupported.ts";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/** Where a text builds an `UNSUPPORTED` error itself, with its own reason, rather than through `missing()`. */
function ownRefusals(text: string): number {
  return [...text.matchAll(/new ProviderError\(\s*["'`]UNSUPPORTED["'`]|\bunsupported\(|\brefusalsOf\(/g)]
    .length;
}

describe("a connector's refusal of what the capability table says it lacks", () => {
  it("carries the table's reason in both languages: the user's words, the developer's for the detail", () => {
    const e = missing("ssas", "calcScripts", "nav/scripts");
    const table = supportOf("ssas", "calcScripts");
    expect(table.status).toBe("no");
    expect(e.code).toBe("UNSUPPORTED");
    expect(e.params).toEqual({
      operation: "nav/scripts",
      connector: "ssas",
      reason: { en: "SSAS has no calculation scripts.", fr: "SSAS n'a pas de scripts de calcul." },
      why: table.status === "no" ? table.why.en : null,
    });
    expect(e.message).toBe("QiBates cannot do this on your server: SSAS has no calculation scripts.");
  });

  it("reads what a real server lacks where the demo has it (the realServers reason)", () => {
    const e = missing("pbcs", "taskLists", "nav/listtasks");
    expect(e.params?.reason).toEqual(readerReason("pbcs", "taskLists"));
    expect((e.params?.reason as { fr: string } | undefined)?.fr).toBe(
      "QiBates ne peut pas lire les listes de tâches de Planning ou d'EPM Cloud.",
    );
    expect(e.params?.why).toBe("Planning REST has no documented call for task lists.");
  });

  it("gives the developer's reason where the table has no words for the user", () => {
    const e = missing("essbase", "forms", "nav/listforms");
    expect(readerReason("essbase", "forms")).toBeUndefined();
    const table = supportOf("essbase", "forms");
    expect(e.params?.reason).toEqual(table.status === "no" ? table.why : null);
    expect(e.params).not.toHaveProperty("why");
  });

  it("is a programming error for a capability the table gives the connector whole", () => {
    expect(() => missing("essbase-stndln", "calcScripts", "nav/scripts")).toThrow(
      /gives essbase-stndln the whole/,
    );
  });

  it("reads a case the table names for the connector, its values filled in once and the field kept", () => {
    const e = missing("ssas", "writeBack", "action/save", {
      because: "serverRefused",
      values: { reason: '"{reason}" is Dynamic Calc' },
      field: "grid",
    });
    // The user reads the case in their words; the statement the server refused is the developer's, in the detail.
    expect(e.params?.reason).toEqual({
      en: 'your company\'s server refused to save the data — "{reason}" is Dynamic Calc',
      fr: 'le serveur de votre entreprise a refusé d\'enregistrer les données — "{reason}" is Dynamic Calc',
    });
    expect(e.params?.why).toBe(
      'the server refused the write-back (UPDATE CUBE) — "{reason}" is Dynamic Calc',
    );
    expect(e.field).toBe("grid");
    // A brace the refusal gives no value for is text (Export Form Data's path names {form}), in the detail; the
    // message names no call of Oracle's.
    const form = missing("pbcs", "forms", "nav/openform", {
      because: "noPlanType",
      values: { refused: "no AI Studio" },
    });
    expect(form.message).toBe(
      "QiBates cannot do this on your server: your company's server does not let QiBates read this form's data, and no plan type has the form's dimensions",
    );
    expect(form.params?.why).toBe(
      "Export Form Data (GET …/forms/{form}/data) was refused: it needs an EPM Cloud deployment with AI Studio (no AI Studio); no plan type has the dimensions of its definition.",
    );
    expect(form.params?.reason).toMatchObject({
      fr: "le serveur de votre entreprise ne permet pas à QiBates de lire les données de ce formulaire, et aucun type de plan n'a les dimensions du formulaire",
    });
  });

  it("tells the user of a composite form to open its simple forms one by one", () => {
    const e = missing("pbcs", "compositeForms", "nav/openform");
    expect(e.message).toMatch(/open its simple forms one by one, by their names\.$/);
    expect((e.params?.reason as { fr: string } | undefined)?.fr).toMatch(
      /ouvrez un à un ses formulaires simples, par leur nom\.$/,
    );
  });

  it("puts the server's own words after the table's reason, in each language", () => {
    const e = missing("pbcs", "compositeForms", "nav/openform", { server: "Form X is a composite form" });
    const reason = e.params?.reason as { en: string; fr: string };
    expect(reason.en).toMatch(/one by one, by their names \(Form X is a composite form\)\.$/);
    expect(reason.fr).toMatch(/par leur nom \(Form X is a composite form\)\.$/);
  });

  it("is a programming error for a case the table does not name for that connector", () => {
    expect(() => missing("pbcs", "runtimePrompts", "nav/enumprompt", { because: "prompted" })).toThrow(
      /gives pbcs no refusal runtimePrompts\/prompted/,
    );
    expect(CONNECTOR_PROFILES.planning.refusals.runtimePrompts?.prompted).toBeDefined();
  });

  it("is the only way a provider refuses: no other source builds an UNSUPPORTED error with its own words", () => {
    const files = ["connectors", "embedded", "grid-bridge"].flatMap((p) => sources(join(PACKAGES, p, "src")));
    expect(files.length).toBeGreaterThan(50);
    const own = files
      .map((f) => relative(PACKAGES, f).split("\\").join("/"))
      .filter((f) => f !== HELPER && ownRefusals(readFileSync(join(PACKAGES, f), "utf8")) > 0);
    expect(own).toEqual([]);
    // The check reads what it claims to: each way of writing a refusal at the call is found.
    expect(
      ownRefusals(
        [
          'throw new ProviderError(\n  "UNSUPPORTED",\n  "Zoom In to the formula level is not available.",',
          'throw unsupported("action/save", "no public capture shows it.");',
          'const unsupported = refusalsOf("essbase");',
          'if (e.code === "UNSUPPORTED") throw missing("pbcs", "forms", "nav/listforms", { because: "list" });',
        ].join("\n"),
      ),
    ).toBe(3);
  });
});
