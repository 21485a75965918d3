import { type OAuthProviderName, PROVIDER_LABEL } from "./providers.ts";

/** Headers of the chooser page: no caching, no framing, no script. */
export const CHOOSER_HEADERS: Record<string, string> = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
};

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type Lang = "en" | "fr";

const TEXT: Record<
  Lang,
  {
    title: string;
    heading: (name: string) => string;
    intro: string;
    signIn: (provider: string) => string;
    none: string;
  }
> = {
  en: {
    title: "QiBates — new API key",
    heading: (name) => `New API key “${name}”`,
    intro:
      "Sign in to choose the account the key belongs to. The key is shown once, right after sign-in: copy it then.",
    signIn: (provider) => `Sign in with ${provider}`,
    none: "No sign-in provider is configured on this server: ask its administrator to set up sign-in with Google or Microsoft.",
  },
  fr: {
    title: "QiBates — nouvelle clé d'API",
    heading: (name) => `Nouvelle clé d'API «\u00a0${name}\u00a0»`,
    intro:
      "Identifiez-vous pour choisir le compte auquel la clé appartient. La clé n'est affichée qu'une fois, juste après l'identification\u00a0: copiez-la à ce moment-là.",
    signIn: (provider) => `S'identifier avec ${provider}`,
    none: "Aucun fournisseur d'identification n'est configuré sur ce serveur\u00a0: demandez à son administrateur de mettre en place l'identification avec Google ou Microsoft.",
  },
};

/** French first when the browser prefers French to English, English otherwise. */
export function preferredLang(acceptLanguage: string | undefined): Lang {
  let best: { lang: Lang; q: number } | null = null;
  for (const part of (acceptLanguage ?? "").split(",")) {
    const [tag = "", ...params] = part.trim().split(";");
    const lang = tag.trim().toLowerCase().slice(0, 2);
    if (lang !== "en" && lang !== "fr") continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang ?? "en";
}

/**
 * The page that lets the user choose a provider: one link per configured provider, in English and in
 * French (the preferred language first), or an explanation when none is configured.
 */
export function chooserPage(
  keyName: string,
  providers: readonly OAuthProviderName[],
  acceptLanguage: string | undefined,
): string {
  const first = preferredLang(acceptLanguage);
  const order: Lang[] = first === "fr" ? ["fr", "en"] : ["en", "fr"];
  const section = (lang: Lang, index: number): string => {
    const t = TEXT[lang];
    const heading = index === 0 ? "h1" : "h2";
    const body =
      providers.length === 0
        ? `<p role="alert">${escapeHtml(t.none)}</p>`
        : `<ul>${providers
            .map(
              (p) =>
                `<li><a href="/qibates/api/v2/generatekey/${encodeURIComponent(keyName)}?provider=${p}">${escapeHtml(
                  t.signIn(PROVIDER_LABEL[p]),
                )}</a></li>`,
            )
            .join("")}</ul>`;
    return `<section lang="${lang}"><${heading}>${escapeHtml(t.heading(keyName))}</${heading}><p>${escapeHtml(
      t.intro,
    )}</p>${body}</section>`;
  };
  return keyPage(first, order.map(section).join(""));
}

/** A page of the key flow: its sections (already HTML), under the key page's title in the first language. */
export function keyPage(first: Lang, sections: string): string {
  const style =
    "body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}" +
    "section+section{border-top:1px solid #ccc;margin-top:2rem}" +
    "a{display:inline-block;padding:.5rem 1rem;margin:.25rem 0;border:1px solid #1a56db;border-radius:.25rem;color:#1a56db}" +
    "a:focus{outline:3px solid #1a56db;outline-offset:2px}ul{list-style:none;padding:0}";
  return `<!doctype html><html lang="${first}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(
    TEXT[first].title,
  )}</title><style>${style}</style></head><body><main>${sections}</main></body></html>`;
}
