/**
 * French typography: the rules the site applies at build time to its French pages (site/src/plugins/
 * french-typography.ts), the French interface strings keep (site/test/french-typography.test.ts), and the server
 * applies to its French messages (error-codes.ts), so that a page quotes a message exactly as the server sends it:
 * - a narrow no-break space (U+202F) before `;`, `?` and `!`;
 * - a no-break space (U+00A0) before `:` and inside « guillemets »;
 * - narrow no-break spaces between the thousands of numbers of five digits or more (`37500` → `37 500`), and
 *   in place of the ordinary spaces of an already grouped number (`5 000`);
 * - a narrow no-break space between a number and `%` (`20%` and `20 %` → `20 %`) and between a number and
 *   the symbol of its unit (`64 Mio`, `500 ms`, `10 s`, `30 min`, `12 €`), in place of an ordinary or no-break
 *   space (a number glued to a unit, `64MiB`, is left as written);
 * - a no-break space (U+00A0) between a number and the word after it: a unit written as a word (`10 minutes`,
 *   `12 heures`, `12 onces`, `16 octets`) or what the number counts (`100 sessions`, `20 États`, `15 lignes`): a
 *   word keeps the word space, which must not break the quantity from its unit or its noun;
 * - a message quoted in English (« Seeded the FY15 forecast of entity 420: … », "No data was changed.", or set
 *   in bold or italics) is left exactly as the server sends it: only the spaces inside guillemets around it are
 *   French.
 * Only prose is changed: code, URLs, link targets, JSX attributes and MDX expressions are not text nodes, and a
 * URL, an Excel error value (`#VALEUR!`), a time (`10:30`), an identifier (`100-10`, `v2`), a year or an
 * error number (`error 1260046`) inside a text node are left as they are. Applying it twice changes nothing.
 */

export const NNBSP = "\u202F";
export const NBSP = "\u00A0";

const SPACES = "[ \\u00A0\\u202F\\t]";
// A URL or a bare domain path inside prose: never touched.
const URL = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.|mailto:)[^\s<>«»"]*/gi;
// Words after which a number is a code, not a quantity.
export const CODE_WORD = /(?:\b(?:error|erreur|code|port|n°|no|id|identifiant|numéro|version|build)|#)\s*$/i;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, NNBSP);
}

// Unit symbols written after a number (French and binary prefixes, time, money, screen sizes).
const UNIT =
  "(?:%|‰|ms|µs|ns|s|min|h|j|[kKMGT]i?[oB]|[kKMGT]o|octets|Kio|Mio|Gio|Tio|KiB|MiB|GiB|TiB|kB|MB|GB|TB|px|pt|cm|mm|km|€|°C)";

// Units written as words after a number (time, sizes, weights, money, lengths of text).
const UNIT_WORD =
  "(?:(?:milli|micro|nano)?secondes?|minutes?|heures?|jours?|semaines?|mois|ans|années?|(?:kilo-|méga|giga|téra)?octets?|(?:kibi|mébi|gibi)octets?|onces?|livres?|grammes?|kilogrammes?|euros?|dollars?|pixels?|caractères?)";

// Words that do not follow a count: a number before them names or ends (`ligne 12 de la requête`, `1 à 64`), or is
// a date's day (`24 novembre 2026`, as the site's theme writes dates).
export const NOT_COUNTED: ReadonlySet<string> = new Set(
  "à a au aux avec car ce cet cette dans de des du en est et il elle la le les mais ne ni on ont ou où par pour puis que qui sa se ses si son sont sur un une y janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split(
    " ",
  ),
);

// Words that mark a quotation as English (none of them is a French word) and words that mark it as French.
const ENGLISH_WORDS = new Set(
  "the is are was were be been of to and for your you this that with from by not cannot can't does do did has have no in it its which when than there their".split(
    " ",
  ),
);
const FRENCH_WORDS = new Set(
  "le la les de des du un une est et pour pas sur dans que qui ne au aux avec par ce cette vous il elle sont à en été ou où".split(
    " ",
  ),
);

/** True when a quotation's text is English (a server's message quoted as it is sent), not French. */
export function isEnglishQuote(text: string): boolean {
  const words = text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  return words.some((w) => ENGLISH_WORDS.has(w)) && !words.some((w) => FRENCH_WORDS.has(w));
}

// A quotation: in « guillemets », “curly” or "straight" quotes.
const QUOTE = /«([^«»]*)»|“([^“”]*)”|"([^"\n]*)"/g;

/** French spacing for a piece of prose that holds no URL, English quotations left as they are. */
function spaceSegment(text: string): string {
  let out = "";
  let last = 0;
  for (const m of text.matchAll(QUOTE)) {
    const inner = m[1] ?? m[2] ?? m[3] ?? "";
    if (!isEnglishQuote(inner)) continue;
    out += spaceProse(text.slice(last, m.index));
    out += m[1] === undefined ? m[0] : `«${NBSP}${inner.trim()}${NBSP}»`;
    last = m.index + m[0].length;
  }
  return out + spaceProse(text.slice(last));
}

/** French spacing for one piece of prose that holds no URL. */
function spaceProse(text: string): string {
  let out = text;
  // « guillemets »: one no-break space inside, whatever was there.
  out = out.replace(new RegExp(`«${SPACES}*`, "g"), `«${NBSP}`);
  out = out.replace(new RegExp(`${SPACES}*»`, "g"), `${NBSP}»`);
  // ; ? ! (a run such as ?! counts as one mark): a narrow no-break space before, when the mark ends a word
  // of prose (followed by a space, the end, or closing punctuation).
  out = out.replace(
    new RegExp(`(${SPACES}*)([;?!]+)(?=$|[\\s)\\]»"'’.,:…*_])`, "g"),
    (match, sp, marks, at) => (keepsMark(out, at, sp) ? match : `${NNBSP}${marks}`),
  );
  // : a no-break space before, when followed by a space or the end (not 10:30, http:, a:b).
  out = out.replace(new RegExp(`(${SPACES}*):(?=$|\\s)`, "g"), (match, sp, at) =>
    keepsMark(out, at, sp) ? match : `${NBSP}:`,
  );
  // A number and its unit, a number and %: a narrow no-break space between them.
  out = out.replace(
    new RegExp(
      `(?<![\\p{L}\\p{N}_.,#/\\u202F-])(\\d(?:[\\d\\u202F]*\\d)?(?:,\\d+)?)(?:[ \\u00A0]|(?=%))(${UNIT})(?![\\p{L}\\p{N}_'’])`,
      "gu",
    ),
    (match, number: string, unit: string, at: number) =>
      CODE_WORD.test(out.slice(0, at)) ? match : `${number}${NNBSP}${unit}`,
  );
  // A number a quoted message leaves out (`réessayez dans … s`) and its unit: spaced as the number would be.
  out = out.replace(new RegExp(`…[ \\u00A0](${UNIT})(?![\\p{L}\\p{N}_'’])`, "gu"), `…${NNBSP}$1`);
  // A number and a unit written as a word: a no-break space between them.
  out = out.replace(
    new RegExp(
      `(?<![\\p{L}\\p{N}_.,#/\\u202F-])(\\d(?:[\\d\\u202F]*\\d)?(?:,\\d+)?)[ \\u00A0\\u202F](${UNIT_WORD})(?![\\p{L}\\p{N}_-])`,
      "gu",
    ),
    (match, number: string, unit: string, at: number) =>
      CODE_WORD.test(out.slice(0, at)) ? match : `${number}${NBSP}${unit}`,
  );
  // A number and the word it counts (`100 sessions`, `20 premières lignes`), separated by an ordinary space: a
  // no-break space. Not before a word that does not follow a count (`ligne 12 de la requête`), nor after a year
  // (`en 2026 QiBates`), nor before an elided word (`l'entité 450 n'a`); a narrow space already there (a unit's
  // symbol, `10 s`) stays.
  out = out.replace(
    /(?<![\p{L}\p{N}_.,#/:\u202F-])(\d(?:[\d\u202F]*\d)?(?:,\d+)?) (?=(\p{L}+)(['’]?))/gu,
    (match, number: string, word: string, elided: string, at: number) =>
      CODE_WORD.test(out.slice(0, at)) ||
      elided !== "" ||
      // An HTTP status and its reason (`202 Accepted`), an identifier rather than a count.
      (/^[1-5]\d\d$/.test(number) && /^\p{Lu}/u.test(word)) ||
      NOT_COUNTED.has(word.toLowerCase()) ||
      /^(?:19|20)\d\d$/.test(number)
        ? match
        : `${number}${NBSP}`,
  );
  // Thousands: an already grouped number gets narrow no-break spaces.
  out = out.replace(
    /(?<![\p{L}\p{N}_.,/#:-])(\d{1,3}(?:[ \u00A0\u202F]\d{3})+)(?![\p{L}\p{N}_/-]|[.:]\d| \d)/gu,
    (match, number: string, at: number) =>
      CODE_WORD.test(out.slice(0, at)) ? match : number.replace(/[ \u00A0]/g, NNBSP),
  );
  // Thousands: a number of five digits or more (not starting with 0, not part of an identifier).
  out = out.replace(
    /(?<![\p{L}\p{N}_.,/#:'’\u202F\u00A0])(?<![\p{L}\p{N}]-)([1-9]\d{4,})(?![\p{L}\p{N}_/-]|[.:]\d)/gu,
    (match, number: string, at: number) =>
      CODE_WORD.test(out.slice(0, at)) ? match : groupThousands(number),
  );
  return out;
}

/**
 * True when the mark at `at` (after the spaces `spaces`) stays as it is: right after an opening bracket, or
 * glued to a `#` token such as the Excel error `#VALEUR!`.
 */
function keepsMark(text: string, at: number, spaces: string): boolean {
  const before = text.slice(0, at);
  if (/[([{«"'‘“]$/.test(before)) return true;
  const word = /(\S*)$/.exec(before)?.[1] ?? "";
  return spaces === "" && word.startsWith("#");
}

/** What French spacing never touches inside prose: an address, or a code span (`(?<!…)` is a pattern to copy). */
const KEPT = new RegExp(`${URL.source}|\`[^\`\n]+\``, "gi");

/** French spacing for a piece of prose (a text node, a title, an interface string). */
export function frenchTypography(text: string): string {
  let out = "";
  let last = 0;
  for (const m of text.matchAll(KEPT)) {
    out += spaceSegment(text.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + spaceSegment(text.slice(last));
}
