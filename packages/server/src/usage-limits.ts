import type { LocalizedText } from "@qibates/provider";
import { variables } from "./config.ts";
import { DEMO_SESSIONS_TOTAL } from "./sessions.ts";

/**
 * Every limit on what users hold or send, as one table ("limits that compose"): the setting that sets it
 * (or its fixed number), what it counts, whose use is counted together, and what happens past it. The
 * administrator pages' table is generated from this list (`site/scripts/usage-limits.ts`), and each row names the
 * tests that make its refusal, or its effect, happen (`test/docs/usage-limits.test.ts` checks they exist).
 *
 * Two rules meet on the public demo key's logins: MAX_SESSIONS_PER_KEY counts one client address (an IPv6 /64)
 * and ends its oldest session, DEMO_SESSIONS_PER_NETWORK counts one network (an IPv6 /48, but one IPv4 address)
 * and refuses. On IPv4 the address is the network, so the refusal comes first only when DEMO_SESSIONS_PER_NETWORK
 * is below MAX_SESSIONS_PER_KEY; otherwise the oldest session ends and no login is refused.
 */
export interface UsageLimit {
  id: string;
  /** The setting (a key of `variables`), or null for a fixed number. */
  setting: keyof typeof variables | null;
  /** The fixed number, when `setting` is null. */
  fixed?: number;
  counts: LocalizedText;
  whose: LocalizedText;
  past: LocalizedText;
  /** The answer a refused request gets, or null when nothing is refused (something else gives way). */
  refusal: { status: number; code: string | null } | null;
  /** `file › test title` of the tests that make it happen. */
  tests: readonly string[];
}

export const USAGE_LIMITS: readonly UsageLimit[] = [
  {
    id: "sessions-per-key",
    setting: "maxSessionsPerKey",
    counts: { en: "API sessions open at once", fr: "Sessions d'API ouvertes à la fois" },
    whose: {
      en: "One key owner (the Google or Microsoft account), all its keys and computers together; with the public demo key, one client address (an IPv6 client: its /64 network)",
      fr: "Un propriétaire de clé (le compte Google ou Microsoft), toutes ses clés et tous ses postes ensemble\u202f; avec la clé publique de démonstration, une adresse de client (un client IPv6\u00a0: son réseau /64)",
    },
    past: {
      en: "The login succeeds and ends that owner's (or that address's) oldest session, whose next call returns 401 QB_ERR_SESSION_UNKNOWN; no login is refused",
      fr: "La connexion au serveur réussit et ferme la session la plus ancienne de ce propriétaire (ou de cette adresse), dont l'appel suivant reçoit 401 QB_ERR_SESSION_UNKNOWN\u202f; aucune connexion n'est refusée",
    },
    refusal: null,
    tests: [
      "packages/server/test/api/limits-compose.test.ts › seven logins from one IPv4 address with MAX_SESSIONS_PER_KEY 3 and DEMO_SESSIONS_PER_NETWORK 5 all succeed; the oldest four end",
      "packages/server/test/api/demo-sessions-per-network.test.ts › lets a /64 at MAX_SESSIONS_PER_KEY in a full network log in again, ending its own oldest session only",
    ],
  },
  {
    id: "demo-sessions-per-network",
    setting: "demoSessionsPerNetwork",
    counts: {
      en: "Sessions of the public demo key open at once",
      fr: "Sessions de la clé publique de démonstration ouvertes à la fois",
    },
    whose: {
      en: "One client network: an IPv6 /48, all its /64s together; one IPv4 address. On IPv4 that address is also the group of MAX_SESSIONS_PER_KEY, which ends its oldest session first: the refusal happens on IPv4 only when this setting is below MAX_SESSIONS_PER_KEY",
      fr: "Un réseau de clients\u00a0: un /48 IPv6, tous ses /64 ensemble\u202f; une adresse IPv4. En IPv4, cette adresse est aussi le groupe de MAX_SESSIONS_PER_KEY, qui ferme d'abord sa session la plus ancienne\u00a0: en IPv4, le refus n'arrive que si ce réglage est inférieur à MAX_SESSIONS_PER_KEY",
    },
    past: {
      en: "The login is refused: 429 QB_ERR_RATE_LIMITED with Retry-After (when the first of the network's sessions ends if unused); no session is ended",
      fr: "La connexion au serveur est refusée\u00a0: 429 QB_ERR_RATE_LIMITED avec Retry-After (quand la première des sessions du réseau prend fin si elle reste inutilisée)\u202f; aucune session n'est fermée",
    },
    refusal: { status: 429, code: "QB_ERR_RATE_LIMITED" },
    tests: [
      "packages/server/test/api/demo-sessions-per-network.test.ts › refuses a login past DEMO_SESSIONS_PER_NETWORK from another /64 of the /48, with when to retry, in English and French",
      "packages/server/test/api/limits-compose.test.ts › refuses the third login from one IPv4 address when DEMO_SESSIONS_PER_NETWORK is 2, below MAX_SESSIONS_PER_KEY",
    ],
  },
  {
    id: "demo-sessions-total",
    setting: null,
    fixed: DEMO_SESSIONS_TOTAL,
    counts: {
      en: "Sessions of the public demo key open at once",
      fr: "Sessions de la clé publique de démonstration ouvertes à la fois",
    },
    whose: { en: "Every client network together", fr: "Tous les réseaux de clients ensemble" },
    past: {
      en: "Every login with the demo key is refused the same way (429 QB_ERR_RATE_LIMITED, Retry-After); no session is ended",
      fr: "Toute connexion au serveur avec la clé de démonstration est refusée de la même façon (429 QB_ERR_RATE_LIMITED, Retry-After)\u202f; aucune session n'est fermée",
    },
    refusal: { status: 429, code: "QB_ERR_RATE_LIMITED" },
    tests: [
      "packages/server/test/api/limits-compose.test.ts › refuses a demo login from any network once all networks together hold the total, and ends none",
    ],
  },
  {
    id: "rate-limit",
    setting: "rateLimitPerMinute",
    counts: {
      en: "API calls in one minute (the wire endpoints' requests too; not the documentation site)",
      fr: "Appels de l'API en une minute (les requêtes des points d'accès des protocoles aussi\u202f; pas le site de documentation)",
    },
    whose: {
      en: "One API key, from every address that uses it; the public demo key: one client address (an IPv6 client: its /64 network); requests with an unknown key or none: one client address, apart from the demo key's count",
      fr: "Une clé d'API, depuis toutes les adresses qui l'utilisent\u202f; la clé publique de démonstration\u00a0: une adresse de client (un client IPv6\u00a0: son réseau /64)\u202f; les requêtes avec une clé inconnue ou sans clé\u00a0: une adresse de client, à part du décompte de la clé de démonstration",
    },
    past: {
      en: "429 QB_ERR_RATE_LIMITED with Retry-After (a wire endpoint: 429 in its protocol's format) until the minute ends",
      fr: "429 QB_ERR_RATE_LIMITED avec Retry-After (un point d'accès de protocole\u00a0: 429 dans le format de son protocole) jusqu'à la fin de la minute",
    },
    refusal: { status: 429, code: "QB_ERR_RATE_LIMITED" },
    tests: [
      "packages/server/test/api/hardening.test.ts › gives each client address its own budget with the public demo key, and an account's key one budget",
      "packages/server/test/api/hardening.test.ts › counts unknown keys against the client's address, and a verified key against the key",
    ],
  },
  {
    id: "jobs-per-user",
    setting: "jobsPerUser",
    counts: {
      en: "Jobs of the embedded engine (business rules, calculations, What-If writes such as XMLA `UPDATE CUBE`, data loads, clears, exports) running or waiting",
      fr: "Travaux du moteur intégré (règles métier, calculs, écritures d'analyse de scénarios comme `UPDATE CUBE` en XMLA, chargements de données, effacements, exports) en cours ou en attente",
    },
    whose: {
      en: "One user of the demo or of a snapshot; for the shared demo account, one visitor (a client address, an IPv6 /64), all its sessions together, on the API and every protocol endpoint",
      fr: "Un utilisateur de démonstration ou d'un instantané\u202f; pour le compte de démonstration partagé, un visiteur (une adresse de client, un /64 IPv6), toutes ses sessions ensemble, sur l'API et chaque point d'accès des protocoles",
    },
    past: {
      en: "The job is refused at once: 429 with Retry-After (the API: QB_ERR_RATE_LIMITED); on XMLA and Smart View, a fault or exception with HTTP 200, without Retry-After; nothing runs",
      fr: "Le travail est refusé aussitôt\u00a0: 429 avec Retry-After (l'API\u00a0: QB_ERR_RATE_LIMITED)\u202f; sur XMLA et Smart View, une erreur SOAP ou une exception avec HTTP 200, sans Retry-After\u202f; rien n'est exécuté",
    },
    refusal: { status: 429, code: "QB_ERR_RATE_LIMITED" },
    tests: [
      "packages/server/test/api/job-queue.test.ts › counts every demo session of one client address as one user: a second session of it is refused, another address's is not",
      "packages/server/test/api/wire-jobs-ipv6.test.ts › Essbase REST: a job from another address of the same /64 is refused past the bound; another network's waits its turn",
    ],
  },
  {
    id: "jobs-total",
    setting: "jobsTotal",
    counts: {
      en: "Jobs of the embedded engine running or waiting",
      fr: "Travaux du moteur intégré en cours ou en attente",
    },
    whose: {
      en: "Every user of one API node together",
      fr: "Tous les utilisateurs d'un nœud d'API ensemble",
    },
    past: {
      en: "The job is refused at once: 429 with Retry-After (XMLA and Smart View: HTTP 200, without Retry-After), even to a user with none running",
      fr: "Le travail est refusé aussitôt\u00a0: 429 avec Retry-After (XMLA et Smart View\u00a0: HTTP 200, sans Retry-After), même à un utilisateur qui n'en a aucun en cours",
    },
    refusal: { status: 429, code: "QB_ERR_RATE_LIMITED" },
    tests: [
      "packages/server/test/api/job-queue.test.ts › leaves a place to another address when one address opens 17 sessions and floods them with rules",
      "packages/embedded/test/job-queue.test.ts › bounds every owner together, and gives a place back when a job is cancelled or fails",
    ],
  },
  {
    id: "operations-per-key",
    setting: "operationsPerKey",
    counts: {
      en: "Operations (calls that returned 202 with Prefer: respond-async) kept until they expire, running or ended",
      fr: "Opérations (appels auxquels répond un 202 avec Prefer: respond-async) conservées jusqu'à leur expiration, en cours ou terminées",
    },
    whose: {
      en: "One API key; with the public demo key, one client address",
      fr: "Une clé d'API\u202f; avec la clé publique de démonstration, une adresse de client",
    },
    past: {
      en: "Such a call returns 429 QB_ERR_OPERATION_LIMIT; nothing is run or stored",
      fr: "Un tel appel reçoit 429 QB_ERR_OPERATION_LIMIT\u202f; rien n'est exécuté ni conservé",
    },
    refusal: { status: 429, code: "QB_ERR_OPERATION_LIMIT" },
    tests: [
      "packages/server/test/api/operations-per-key.test.ts › refuses a respond-async call past the key's operations, in the caller's language, and stores nothing",
    ],
  },
  {
    id: "demo-copies",
    setting: "demoViewsMemoryMb",
    counts: {
      en: "Memory (MiB) of the demo sessions' own copies of the demo data (QIBATES_DEMO_SESSION_VIEWS)",
      fr: "Mémoire (Mio) des copies propres aux sessions de démonstration (QIBATES_DEMO_SESSION_VIEWS)",
    },
    whose: {
      en: "Every demo session of one API node together",
      fr: "Toutes les sessions de démonstration d'un nœud d'API ensemble",
    },
    past: {
      en: "Nothing is refused: the copies used longest ago are set aside and rebuilt from the journal at their session's next call, no change lost",
      fr: "Rien n'est refusé\u00a0: les copies utilisées le moins récemment sont mises de côté et reconstruites depuis le journal au prochain appel de leur session, sans perte de modification",
    },
    refusal: null,
    tests: [
      "packages/embedded/test/session-views-memory.test.ts › stay under their bound, the oldest set aside first, and none loses its changes",
    ],
  },
  {
    id: "wire-sessions-per-network",
    setting: "wireSessionsPerNetwork",
    counts: {
      en: "Sessions of one wire endpoint open at once",
      fr: "Sessions d'un point d'accès de protocole ouvertes à la fois",
    },
    whose: {
      en: "One client network (an IPv6 /48, one IPv4 address), all its users together, each endpoint apart",
      fr: "Un réseau de clients (un /48 IPv6, une adresse IPv4), tous ses utilisateurs ensemble, chaque point d'accès à part",
    },
    past: {
      en: "A new session is refused (on XMLA, a `BeginSession`; XMLA requests without a session are still served): 429 in the protocol's format; no session is ended",
      fr: "Une nouvelle session est refusée (en XMLA, un `BeginSession`\u202f; les requêtes XMLA sans session restent servies)\u00a0: 429 dans le format du protocole\u202f; aucune session n'est fermée",
    },
    refusal: { status: 429, code: null },
    tests: [
      "packages/server/test/api/wire-sessions-per-network.test.ts › Essbase REST: refused with 429 and its errorMessage, in English or French; other networks and the network's sessions are unharmed",
    ],
  },
  {
    id: "wire-sessions-per-user",
    setting: null,
    fixed: 100,
    counts: {
      en: "Sessions of one wire endpoint open at once",
      fr: "Sessions d'un point d'accès de protocole ouvertes à la fois",
    },
    whose: {
      en: "One user at one client address (an IPv6 client: its /64 network)",
      fr: "Un utilisateur à une adresse de client (un client IPv6\u00a0: son réseau /64)",
    },
    past: {
      en: "The login succeeds and ends that user's least recently used session there, nobody else's",
      fr: "La connexion réussit et ferme la session de cet utilisateur utilisée le moins récemment à cet endroit, celle de personne d'autre",
    },
    refusal: null,
    tests: [
      "packages/server/test/api/ipv6-network-limits.test.ts › holds 100 sessions of one user per /64: a new address of it ends the oldest, another network's stay",
    ],
  },
  {
    id: "wire-sessions-total",
    setting: null,
    fixed: 10_000,
    counts: {
      en: "Sessions of one wire endpoint open at once",
      fr: "Sessions d'un point d'accès de protocole ouvertes à la fois",
    },
    whose: {
      en: "Every user and network together",
      fr: "Tous les utilisateurs et tous les réseaux ensemble",
    },
    past: {
      en: "Every new session is refused (on XMLA, a `BeginSession`): 503 in the protocol's format; no session is ended",
      fr: "Toute nouvelle session est refusée (en XMLA, un `BeginSession`)\u00a0: 503 dans le format du protocole\u202f; aucune session n'est fermée",
    },
    refusal: { status: 503, code: null },
    tests: [
      "packages/wire/test/session-network-cap.test.ts › refuses any session once the endpoint holds its total, all networks together, ending none",
    ],
  },
  {
    id: "wire-login-failures",
    setting: "wireLoginFailuresPerMinute",
    counts: {
      en: "Failed logins to the wire endpoints in one minute, every endpoint together",
      fr: "Connexions refusées aux points d'accès des protocoles en une minute, tous les points d'accès ensemble",
    },
    whose: {
      en: "One client address; five times as many for one user name, whatever the address",
      fr: "Une adresse de client\u202f; cinq fois plus pour un nom d'utilisateur, quelle que soit l'adresse",
    },
    past: {
      en: "Every login from that address is refused, and every login of that user name from the addresses where it failed: 429 with Retry-After, in the protocol's format. The same user from another address is still checked, and a user name and password that logged in from that address are not held back as long as a session that sends them can stay open (SESSION_IDLE_MINUTES plus CONNECTION_TIMEOUT_SECONDS after their last login)",
      fr: "Toute connexion depuis cette adresse est refusée, ainsi que toute connexion de ce nom d'utilisateur depuis les adresses où il a échoué\u00a0: 429 avec Retry-After, dans le format du protocole. Le même utilisateur depuis une autre adresse reste vérifié, et un nom d'utilisateur et un mot de passe qui se sont connectés depuis cette adresse ne sont pas retenus tant qu'une session qui les envoie peut rester ouverte (SESSION_IDLE_MINUTES plus CONNECTION_TIMEOUT_SECONDS après leur dernière connexion)",
    },
    refusal: { status: 429, code: null },
    tests: [
      "packages/server/test/api/wire-login-retry-after.test.ts › allows 2 failed logins a minute, then answers 429 with Retry-After, the seconds the message gives, in every protocol",
      "packages/server/test/api/wire-login-owners.test.ts › past the user's count, hold back only the addresses that failed for that user",
      "packages/server/test/api/wire-login-owners.test.ts › let credentials that logged in from an address keep working after another user's failures there",
    ],
  },
  {
    id: "wire-files-total",
    setting: "wireFilesTotalMb",
    counts: {
      en: "Memory (MiB) of the Essbase REST endpoint's file catalog, names included",
      fr: "Mémoire (Mio) du catalogue de fichiers du point d'accès Essbase REST, noms compris",
    },
    whose: { en: "Every user together", fr: "Tous les utilisateurs ensemble" },
    past: {
      en: "An upload is refused (400, saying how to make room), once the files of visitors whose sessions all ended are deleted",
      fr: "Un envoi de fichier est refusé (400, en disant comment faire de la place), une fois supprimés les fichiers des visiteurs dont toutes les sessions ont pris fin",
    },
    refusal: { status: 400, code: null },
    tests: [
      "packages/server/test/api/wire-file-room.test.ts › takes WIRE_FILES_TOTAL_MB / WIRE_FILES_PER_VISITOR_MB visitors to fill, says how to make room, and makes it when one leaves",
    ],
  },
  {
    id: "wire-files-per-visitor",
    setting: "wireFilesPerVisitorMb",
    counts: {
      en: "MiB of files in the Essbase REST endpoint's file catalog",
      fr: "Mio de fichiers dans le catalogue de fichiers du point d'accès Essbase REST",
    },
    whose: {
      en: "One visitor of the shared demo user: a client address, an IPv6 client with its whole /64; deleted with its last session",
      fr: "Un visiteur de l'utilisateur de démonstration partagé\u00a0: une adresse de client, un client IPv6 avec tout son /64\u202f; supprimés avec sa dernière session",
    },
    past: {
      en: "An upload is refused (400)",
      fr: "Un envoi de fichier est refusé (400)",
    },
    refusal: { status: 400, code: null },
    tests: [
      "packages/server/test/api/wire-file-room.test.ts › counts every address of an IPv6 /64 network as one visitor, whatever the session",
    ],
  },
];

/** The setting's name and default of `limit` (`fixed` for a number no setting changes). */
export function limitSetting(limit: UsageLimit): { env: string | null; value: number } {
  if (limit.setting === null) return { env: null, value: limit.fixed ?? 0 };
  const v = variables[limit.setting];
  return { env: v.env, value: v.fallback as number };
}

/** Where the table is written, between {@link USAGE_LIMITS_START} and {@link USAGE_LIMITS_END}, by language. */
export const USAGE_LIMITS_PAGES = {
  en: "site/docs/admin/caller-limits.md",
  fr: "site/i18n/fr/docusaurus-plugin-content-docs/current/admin/caller-limits.md",
} as const;
export const USAGE_LIMITS_START =
  "<!-- usage-limits: written by site/scripts/write-usage-limits.ts from packages/server/src/usage-limits.ts -->";
export const USAGE_LIMITS_END = "<!-- end usage-limits -->";

const HEADINGS = {
  en: ["Setting (default)", "What it counts", "Whose use counts together", "Past it"],
  fr: ["Réglage (par défaut)", "Ce qu'il compte", "Qui compte ensemble", "Au-delà"],
} as const;

/** The table of {@link USAGE_LIMITS} in `locale`, as the pages hold it (defaults as `{{config:…}}` tokens). */
export function usageLimitsTable(locale: "en" | "fr"): string {
  const cell = (text: string) => text.replace(/\|/g, "\\|");
  const rows = USAGE_LIMITS.map((limit) => {
    const { env, value } = limitSetting(limit);
    const setting =
      env === null
        ? locale === "en"
          ? `none: ${value.toLocaleString("en-US")}, fixed`
          : `aucun : ${value.toLocaleString("fr-FR").replace(/\s/g, " ")}, fixe`
        : `\`${env}\` ({{config:${env}}})`;
    return `| ${[setting, limit.counts[locale], limit.whose[locale], limit.past[locale]].map(cell).join(" | ")} |`;
  });
  return [`| ${HEADINGS[locale].join(" | ")} |`, "|---|---|---|---|", ...rows].join("\n");
}

/** `page` with the table's block replaced by a fresh one (its markers must be there). */
export function withUsageLimits(page: string, locale: "en" | "fr"): string {
  const start = page.indexOf(USAGE_LIMITS_START);
  const end = page.indexOf(USAGE_LIMITS_END);
  if (start < 0 || end < start) throw new Error(`no usage-limits block in the ${locale} page`);
  return `${page.slice(0, start)}${USAGE_LIMITS_START}\n\n${usageLimitsTable(locale)}\n\n${page.slice(end)}`;
}
