import { ApiError } from "../api-error.ts";
import { escapeHtml, keyPage, type Lang, preferredLang } from "./chooser.ts";

/** The longest part of a refused key name a message repeats: the rest is cut, with an ellipsis. */
const NAME_SHOWN = 80;

/**
 * The refusals of the key page in the words of the person who opened it in a browser, rather than the contract's
 * ("Invalid value for keyname: must be …"): a key name the contract refuses, and the reserved name `callback`,
 * whose address is the sign-in's return (`generatekey/callback`), where a missing `state` means someone typed it
 * as a name. `where` is the part of the request the contract refused. `undefined` for any other refusal, which
 * keeps the contract's wording.
 */
export function keyPageRefusal(
  operationId: string,
  where: "path" | "query",
  params: Readonly<Record<string, string>>,
  query: Readonly<Record<string, string>>,
): ApiError | undefined {
  if (operationId === "generateKey" && where === "path") {
    const raw = params.keyname ?? "";
    const name = raw.length > NAME_SHOWN ? `${raw.slice(0, NAME_SHOWN)}…` : raw;
    return new ApiError(
      "QB_ERR_VALIDATION",
      {
        sentence: {
          en: `The key name "${name}" cannot be used: a key name has 1 to 64 letters, digits, dots, hyphens or underscores and starts with a letter or a digit, for example jdoe-laptop`,
          fr: `Le nom de clé “${name}” ne convient pas\u00a0: un nom de clé compte de 1 à 64\u00a0lettres, chiffres, points, tirets ou traits de soulignement et commence par une lettre ou un chiffre, par exemple jdupont-portable`,
        },
      },
      "keyname",
    );
  }
  if (operationId === "generateKeyCallback" && where === "query" && query.state === undefined) {
    return new ApiError(
      "QB_ERR_VALIDATION",
      {
        sentence: {
          en: 'The key name "callback" is reserved; open the key page again with another name',
          fr: "Le nom de clé “callback” est réservé\u202f; rouvrez la page de clé avec un autre nom",
        },
      },
      "state",
    );
  }
  return undefined;
}

/**
 * Whether the caller would rather read HTML than JSON: a browser opening the key page ranks `text/html` above
 * the wildcard it also sends; a client that names `application/json` as high, or names neither, keeps the JSON error.
 */
export function prefersHtml(accept: string | undefined): boolean {
  let html = 0;
  let json = 0;
  let jsonSpecificity = -1;
  for (const part of (accept ?? "").split(",")) {
    const [range = "", ...params] = part.trim().toLowerCase().split(";");
    const type = range.trim();
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const parsed = qParam ? Number(qParam.slice(2)) : 1;
    const q = Number.isFinite(parsed) ? parsed : 0;
    if (type === "text/html" || type === "application/xhtml+xml") html = Math.max(html, q);
    // The most specific range that covers JSON gives its weight (RFC 9110 §12.5.1).
    const specificity =
      type === "application/json" ? 2 : type === "application/*" ? 1 : type === "*/*" ? 0 : -1;
    if (specificity > jsonSpecificity) {
      jsonSpecificity = specificity;
      json = q;
    }
  }
  return html > 0 && html > json;
}

const REFUSAL_TEXT: Record<Lang, { heading: string; todo: string }> = {
  en: {
    heading: "This key name cannot be used",
    todo: "In your browser's address bar, change the name at the end of the address, then open the address again.",
  },
  fr: {
    heading: "Ce nom de clé ne convient pas",
    todo: "Dans la barre d'adresse du navigateur, modifiez le nom à la fin de l'adresse, puis rouvrez l'adresse.",
  },
};

/**
 * A key page refusal as the page a browser shows: the same sentence as the JSON message, then what to do, in the
 * preferred language first and the other after, as the provider choice page. The refused name is escaped.
 */
export function keyPageRefusalPage(refusal: ApiError, acceptLanguage: string | undefined): string {
  const first = preferredLang(acceptLanguage);
  const order: Lang[] = first === "fr" ? ["fr", "en"] : ["en", "fr"];
  const section = (lang: Lang, index: number): string => {
    const heading = index === 0 ? "h1" : "h2";
    const t = REFUSAL_TEXT[lang];
    return `<section lang="${lang}"><${heading}>${escapeHtml(t.heading)}</${heading}><p role="alert">${escapeHtml(
      refusal.localizedMessage(lang),
    )}</p><p>${escapeHtml(t.todo)}</p></section>`;
  };
  return keyPage(first, order.map(section).join(""));
}
