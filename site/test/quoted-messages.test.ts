import { describe, expect, it } from "vitest";
import { quotedMessages, wrongMessages } from "./quoted-messages.ts";
import { pagesOf } from "./site-files.ts";

describe("every message a page quotes is the registry's, in the page's language", () => {
  it.each(["en", "fr"] as const)("%s: docs and unpublished release notes", (locale) => {
    const wrong = pagesOf(locale).flatMap(({ path, source }) =>
      wrongMessages(source, locale).map(
        (w) => `${path}:${w.line}: ${w.problem}: "${w.text}" (${w.codes.join(", ")})`,
      ),
    );
    expect(wrong).toEqual([]);
  });

  it("the check reads the quotes the pages make (it is not vacuous)", () => {
    for (const locale of ["en", "fr"] as const) {
      const quoted = pagesOf(locale).flatMap(({ source }) => quotedMessages(source));
      expect(quoted.length, locale).toBeGreaterThan(50);
      const codes = new Set(quoted.flatMap((q) => q.codes));
      for (const code of ["QB_ERR_SESSION_UNKNOWN", "QB_ERR_MEMBER_UNKNOWN", "QB_ERR_CELL_TOO_LONG"]) {
        expect(codes, `${locale} ${code}`).toContain(code);
      }
    }
  });
});

describe("the message check fails on a planted page", () => {
  it("a message reworded, in quotes, in English and in French", () => {
    expect(wrongMessages('A red notification says "The session has expired; log in again."', "en")).toEqual(
      [],
    );
    // Not like any registry message: not read. A registry message reworded: reported.
    expect(
      wrongMessages('A red notification says "The session does not exist any more; log in again."', "en"),
    ).toMatchObject([{ problem: "differs from the registry", codes: ["QB_ERR_SESSION_UNKNOWN"] }]);
    expect(
      wrongMessages("Une notification rouge dit « La session n'existe plus ; reconnectez-vous. »", "fr"),
    ).toMatchObject([{ problem: "differs from the registry", codes: ["QB_ERR_SESSION_UNKNOWN"] }]);
  });

  it("a message of the other language", () => {
    expect(
      wrongMessages(
        "Une notification rouge dit « The session does not exist or has expired; log in again. »",
        "fr",
      ),
    ).toMatchObject([{ problem: "other language" }]);
    expect(
      wrongMessages(
        'A red notification says "La session n\'existe pas ou a expiré ; reconnectez-vous."',
        "en",
      ),
    ).toMatchObject([{ problem: "other language" }]);
    // Unless the page says which language it quotes.
    expect(
      wrongMessages(
        "the user reads `QiBates cannot do this on your server: {reason}.` (in French, `QiBates ne peut pas faire cela sur votre serveur : {reason}.`)",
        "en",
      ),
    ).toEqual([]);
  });

  it("a wrong message in a table's Message column, in bold and in code", () => {
    const table = [
      "| Message | Color | Cause |",
      "| --- | --- | --- |",
      '| Unknown member "Colaa". | Red | A typing error |',
      "| The grid is too large for this server | Red | Too many cells |",
    ].join("\n");
    expect(wrongMessages(table, "en")).toMatchObject([{ line: 4, codes: ["QB_ERR_GRID_TOO_LARGE"] }]);
    expect(
      wrongMessages("- **La session n'existe plus ; reconnectez-vous.** Cliquez sur Connexions.", "fr"),
    ).toMatchObject([{ codes: ["QB_ERR_SESSION_UNKNOWN"] }]);
    expect(wrongMessages("- **Membre inconnu « Colaa ».** Corrigez le nom.", "fr")).toEqual([]);
    expect(wrongMessages("The call answers `The provider rejected the password.`", "en")).toMatchObject([
      { codes: ["QB_ERR_LOGIN_FAILED"] },
    ]);
  });

  it("accepts the registry's message with its values filled, written as …, or only its start", () => {
    for (const ok of [
      'It says "The dimension Market is the last one on its axis and cannot move."',
      'It says "The provider at … cannot be reached: …."',
      'It says "The provider at https://essbase.example.com/aps/JAPI cannot be reached: connection refused."',
      "| Message | What |\n|---|---|\n| The grid is too large | Too many cells |",
      'It says "The form "Revenue Plan" does not exist."',
      'It says "The form "Revenue Plan" does not exist in folder "/Forms"."',
    ]) {
      expect(wrongMessages(ok, "en"), ok).toEqual([]);
    }
    expect(wrongMessages("Elle dit « Le script de calcul “CalcAll” a échoué : … »", "fr")).toEqual([]);
    // "…" for the message's first words and their value, the closing full stop left outside the quote.
    expect(
      wrongMessages('It gave "… returned something QiBates cannot read: the document has a doctype".', "en"),
    ).toEqual([]);
  });

  it("a message reworded after its start is not taken for another message that starts with a value", () => {
    // Network and security (fr) quoted this; the registry ends « … sous son nom exact … peut y correspondre. »
    const reworded =
      "L'utilisateur voit « L'hôte … correspond à une adresse interne (…) ; seul un hôte inscrit tel quel dans la liste des hôtes autorisés le peut. »";
    expect(wrongMessages(reworded, "fr")).toMatchObject([
      { codes: ["QB_ERR_HOST_INTERNAL_ADDRESS"], problem: "differs from the registry" },
    ]);
    expect(
      wrongMessages(
        reworded.replace(
          "tel quel dans la liste des hôtes autorisés le peut",
          "sous son nom exact dans la liste des hôtes autorisés peut y correspondre",
        ),
        "fr",
      ),
    ).toEqual([]);
  });
});
