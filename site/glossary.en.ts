/**
 * The English wording rules of the site, the counterpart of glossary.fr.ts: the term to use, the variants that
 * must not appear in English prose (docs, versioned docs, changelog) and why. Checked by
 * site/test/glossary.test.ts; code, URLs and link targets are not prose.
 */
import type { GlossaryRule } from "./glossary.fr";

export const englishGlossary: GlossaryRule[] = [
  {
    preferred: "returns (what an API call gives back)",
    // The noun stays: a prompt's answers, "requests and answers".
    forbidden: [
      /(?<!\b(?:valid|your|the|and|its|prompt|of|with) )\banswer(?:s|ed)\b(?! (?:a|the) question)/iu,
    ],
    reason: 'An API call returns a result; "answers" reads as if the server replied to a question.',
  },
];
