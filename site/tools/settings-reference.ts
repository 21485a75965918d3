/**
 * The settings reference (admin/settings-reference.md, en and fr): every setting of the server's registry
 * (packages/server/src/config.ts), grouped by the task an administrator has in hand, each with its default (read
 * from the registry), one or two sentences saying what it does and why one would change it, and the page that
 * explains it. The sentences live here, in both languages; the list of settings and their defaults come from the
 * registry, so a setting added there without an entry here fails site/test/settings-reference.test.ts, and so does
 * an entry naming a setting the registry no longer has. site/scripts/write-settings-reference.ts writes the pages.
 */
import { readFileSync } from "node:fs";
import { posix } from "node:path";
import { parse } from "yaml";
import { formatNumber, type Locale, type ServerSetting } from "../src/product-values.ts";

export type Text = Readonly<Record<Locale, string>>;

export const LOCALES: readonly Locale[] = ["en", "fr"];

/** The page's path under each locale's docs folder. */
export const REFERENCE_PAGE = "admin/settings-reference.md";

/** The docs folder of each locale, from the site's folder. */
export const DOCS_FOLDER: Record<Locale, string> = {
  en: "docs",
  fr: "i18n/fr/docusaurus-plugin-content-docs/current",
};

/** The tasks the page is grouped by, in the page's order. */
const GROUPS = {
  serve: { en: "Listen and serve", fr: "Écoute et service" },
  data: { en: "Data and several servers", fr: "Données et plusieurs serveurs" },
  demo: {
    en: "Demo, snapshots and the embedded engine",
    fr: "Démonstration, instantanés et moteur intégré",
  },
  servers: { en: "Your servers (Essbase, Planning, SSAS)", fr: "Vos serveurs (Essbase, Planning, SSAS)" },
  calls: { en: "Calls: time limits and sizes", fr: "Appels : délais et tailles" },
  sessions: { en: "Sessions and limits on callers", fr: "Sessions et limites imposées aux appelants" },
  wire: { en: "Protocol endpoints", fr: "Points d'accès des protocoles" },
  signIn: { en: "Sign-in and API keys", fr: "Identification et clés d'API" },
} as const satisfies Record<string, Text>;

export type Group = keyof typeof GROUPS;

/** A documentation page, by its path under the docs folder (the same in both languages). */
type DocPage =
  | "admin/run-the-server.md"
  | "admin/network-and-security.md"
  | "admin/caller-limits.md"
  | "admin/server-responses.md"
  | "admin/protocol-endpoints-security.md"
  | "admin/api-keys-and-sign-in.md"
  | "admin/manage-api-keys.md"
  | "admin/server-start-problems.md"
  | "admin/server-data.md"
  | "admin/server-timeouts.md"
  | "admin/long-calls.md"
  | "admin/protocol-endpoints-upstream.md"
  | "admin/serve-snapshots.md"
  | "admin/snapshot-users.md"
  | "admin/connect-ssas.md"
  | "develop/errors-and-limits.md"
  | "develop/xmla-endpoint.md";

export interface SettingEntry {
  readonly group: Group;
  /** What the setting does and why an administrator would change it: one or two sentences. */
  readonly text: Text;
  /** The page that explains it; it names the setting (checked). None when no page does. */
  readonly page?: DocPage;
}

/** One entry per setting of the registry, by its environment name, in the order of the page within a group. */
export const SETTING_ENTRIES: Readonly<Record<string, SettingEntry>> = {
  PORT: {
    group: "serve",
    text: {
      en: "The port the site, the API and the demo are served on. Change it when another service holds that port or your proxy expects another one.",
      fr: "Le port sur lequel sont servis le site, l'API et la démonstration. Changez-le quand un autre service occupe ce port ou que votre proxy inverse en attend un autre.",
    },
    page: "admin/run-the-server.md",
  },
  HOST: {
    group: "serve",
    text: {
      en: "The interface the server listens on. Set `127.0.0.1` when a reverse proxy on the same machine is the only way in.",
      fr: "L'interface d'écoute du serveur. Donnez `127.0.0.1` quand un proxy inverse sur la même machine est le seul accès.",
    },
    page: "admin/run-the-server.md",
  },
  PUBLIC_URL: {
    group: "serve",
    text: {
      en: "The address users reach, without a user name or password; an `https` address also turns on HSTS. Required once a Google or Microsoft sign-in is configured, in `https` (`http` only for `localhost`, `127.0.0.1` or `[::1]`, for a trial on one machine): it is the start of the sign-in's redirect address.",
      fr: "L'adresse que joignent les utilisateurs, sans nom d'utilisateur ni mot de passe ; une adresse `https` active aussi HSTS. Obligatoire dès qu'une identification avec Google ou Microsoft est configurée, en `https` (`http` seulement pour `localhost`, `127.0.0.1` ou `[::1]`, pour un essai sur une seule machine) : elle commence l'adresse de redirection de l'identification.",
    },
    page: "admin/run-the-server.md",
  },
  SITE_DIR: {
    group: "serve",
    text: {
      en: "The built documentation site served at `/` and `/fr/`. Leave it empty (`SITE_DIR=`) to serve the API only, or point it at a site built elsewhere.",
      fr: "Le site de documentation construit, servi à `/` et `/fr/`. Laissez-le vide (`SITE_DIR=`) pour ne servir que l'API, ou faites-le pointer vers un site construit ailleurs.",
    },
    page: "admin/run-the-server.md",
  },
  LOG_LEVEL: {
    group: "serve",
    text: {
      en: "How much the server logs: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. Raise it to `debug` while you look for a fault; passwords and keys are never logged.",
      fr: "Ce que le serveur journalise : `fatal`, `error`, `warn`, `info`, `debug`, `trace` ou `silent`. Passez à `debug` le temps de chercher une panne ; les mots de passe et les clés ne sont jamais journalisés.",
    },
    page: "admin/run-the-server.md",
  },
  TRUST_PROXY: {
    group: "serve",
    text: {
      en: "The reverse proxies whose `X-Forwarded-For` gives the client's address: `off`, their number, or their addresses and CIDRs. Set it behind a proxy, or every client counts as the proxy's one address for the rate limits and the logs.",
      fr: "Les proxys inverses dont l'en-tête `X-Forwarded-For` donne l'adresse du client : `off`, leur nombre, ou leurs adresses et CIDR. Réglez-le derrière un proxy, sinon tous les clients comptent comme la seule adresse du proxy pour les limites et les journaux.",
    },
    page: "admin/server-timeouts.md",
  },
  KEEP_ALIVE_TIMEOUT_SECONDS: {
    group: "serve",
    text: {
      en: "An idle keep-alive connection is closed after this many seconds. Keep it above the idle timeout of a load balancer in front, so that the balancer never reuses a connection the server is closing.",
      fr: "Une connexion persistante inactive est fermée après ce nombre de secondes. Gardez-le au-dessus du délai d'inactivité du répartiteur de charge placé devant, pour qu'il ne réutilise jamais une connexion que le serveur ferme.",
    },
    page: "admin/server-timeouts.md",
  },
  METRICS: {
    group: "serve",
    text: {
      en: "Serve Prometheus metrics at `/metrics` (request durations by route and status, process metrics). Set `false` when nothing collects them.",
      fr: "Sert les métriques Prometheus à `/metrics` (durée des requêtes par route et par statut, métriques du processus). Mettez `false` quand rien ne les collecte.",
    },
    page: "admin/run-the-server.md",
  },
  METRICS_TOKEN: {
    group: "serve",
    text: {
      en: "The bearer token `/metrics` requires; unset, `/metrics` serves only requests over the loopback address (`127.0.0.1` or `::1`), not those sent to the machine's network address, even from the machine itself. Set one when Prometheus scrapes from another machine or through a proxy on this one; never logged.",
      fr: "Le jeton (`Bearer`) qu'exige `/metrics` ; sans lui, `/metrics` ne répond qu'aux requêtes arrivées par l'adresse de bouclage (`127.0.0.1` ou `::1`), pas à celles envoyées à l'adresse réseau de la machine, même depuis la machine elle-même. Donnez-en un quand Prometheus collecte depuis une autre machine ou à travers un proxy sur celle-ci ; il n'est jamais journalisé.",
    },
    page: "admin/run-the-server.md",
  },
  DATA_DIR: {
    group: "data",
    text: {
      en: "The folder of the embedded database (API keys, operations, the demo's journal) when `DATABASE_URL` is unset; one server at a time (a second one exits with code 3). Point it at a disk that is backed up.",
      fr: "Le dossier de la base intégrée (clés d'API, opérations, journal de la démonstration) quand `DATABASE_URL` n'est pas défini ; un seul serveur à la fois (un second s'arrête avec le code 3). Placez-le sur un disque sauvegardé.",
    },
    page: "admin/server-data.md",
  },
  DATABASE_URL: {
    group: "data",
    text: {
      en: "A PostgreSQL connection string: keys and data are stored there instead of `DATA_DIR`. Set it to run several servers over the same data; never logged, and an unreachable database stops the start with code 4.",
      fr: "Une chaîne de connexion PostgreSQL : les clés et les données y sont enregistrées au lieu de `DATA_DIR`. Donnez-la pour faire tourner plusieurs serveurs sur les mêmes données ; elle n'est jamais journalisée, et une base injoignable arrête le démarrage avec le code 4.",
    },
    page: "admin/server-data.md",
  },
  REDIS_URL: {
    group: "data",
    text: {
      en: "A Redis connection string: with several servers behind a load balancer, they share through it the list of sessions, the rate limits and the failed-login counts (a session's calls must still return to the server that opened it: sticky sessions); never logged.",
      fr: "Une chaîne de connexion Redis : avec plusieurs serveurs derrière un répartiteur de charge, ils partagent par elle la liste des sessions, les limites de débit et les comptes d'échecs d'ouverture de session (les appels d'une session doivent tout de même revenir au serveur qui l'a ouverte : sessions persistantes) ; elle n'est jamais journalisée.",
    },
    page: "admin/server-data.md",
  },
  STORE_CONNECT_TIMEOUT_SECONDS: {
    group: "data",
    text: {
      en: "How long the start waits for PostgreSQL and Redis to accept a connection before it stops with code 4. Raise it when the database starts alongside QiBates or the network is slow.",
      fr: "Combien de temps le démarrage attend que PostgreSQL et Redis acceptent une connexion avant de s'arrêter avec le code 4. Augmentez-le quand la base démarre en même temps que QiBates ou que le réseau est lent.",
    },
    page: "admin/server-start-problems.md",
  },
  JOURNAL_CHECKPOINT_ENTRIES: {
    group: "data",
    text: {
      en: "The demo applications and the snapshots journal every change and save a checkpoint of their state after this many changes (formerly `JOURNAL_SNAPSHOT_ENTRIES`). Lower it for a faster start after many writes, at the cost of more frequent checkpoints.",
      fr: "Les applications de démonstration et les instantanés journalisent chaque modification et enregistrent un point de reprise de leur état après ce nombre de modifications (anciennement `JOURNAL_SNAPSHOT_ENTRIES`). Baissez-le pour un démarrage plus rapide après beaucoup d'écritures, au prix de points de reprise plus fréquents.",
    },
    page: "admin/server-data.md",
  },
  JOURNAL_CHECKPOINT_BYTES: {
    group: "data",
    text: {
      en: "… or once the changes since the last checkpoint hold this many bytes, whichever comes first (formerly `JOURNAL_SNAPSHOT_BYTES`): a few large submits or data loads count here, not in entries. Lower it when they leave much journal in the database and a long replay at start; raise it when checkpoints, each of which saves the whole application, come too often under bulk loads.",
      fr: "… ou dès que les modifications depuis le dernier point de reprise occupent ce nombre d'octets, au premier des deux atteint (anciennement `JOURNAL_SNAPSHOT_BYTES`) : quelques grosses soumissions ou chargements de données comptent ici, pas en modifications. Baissez-le quand ils laissent beaucoup de journal dans la base et une longue relecture au démarrage ; augmentez-le quand les points de reprise, qui enregistrent chacun toute l'application, reviennent trop souvent lors de chargements massifs.",
    },
    page: "admin/server-data.md",
  },
  OPERATIONS_KEPT_HOURS: {
    group: "data",
    text: {
      en: "How long an operation returned with `202` (`Prefer: respond-async`) can still be read after it ends, from every server over the same database. Raise it when clients poll their results the next day.",
      fr: "Combien de temps une opération (un appel envoyé avec `Prefer: respond-async`, auquel le serveur a répondu `202`) peut encore être lue après sa fin, depuis chaque serveur sur la même base. Augmentez-le quand les clients relèvent leurs résultats le lendemain.",
    },
    page: "admin/server-data.md",
  },
  OPERATIONS_PER_KEY: {
    group: "data",
    text: {
      en: "Operations returned with `202` (`Prefer: respond-async`) one API key may hold, running or ended, until they expire (per client address for the public demo key); past it, such a call returns `429 QB_ERR_OPERATION_LIMIT` and runs nothing. Raise it for an integration that starts many long calls a day.",
      fr: "Les opérations (appels envoyés avec `Prefer: respond-async`, auxquels le serveur a répondu `202`) qu'une clé d'API peut détenir, en cours ou terminées, jusqu'à leur expiration (par adresse du client pour la clé de démonstration publique) ; au-delà, un tel appel répond `429 QB_ERR_OPERATION_LIMIT` et n'exécute rien. Augmentez-le pour une intégration qui lance beaucoup d'appels longs par jour.",
    },
    page: "admin/caller-limits.md",
  },
  QIBATES_DEMO: {
    group: "demo",
    text: {
      en: "Demo mode: a demo API key, the demo user `demo`/`demo` and the demo applications Sample.Basic and Vision. Set `false` in production.",
      fr: "Le mode démonstration : une clé d'API de démonstration, l'utilisateur `demo`/`demo` et les applications de démonstration Sample.Basic et Vision. Mettez `false` en production.",
    },
    page: "admin/run-the-server.md",
  },
  QIBATES_DEMO_SESSION_VIEWS: {
    group: "demo",
    text: {
      en: "Each session of the demo key, and each session of the demo user on the protocol endpoints, writes to a copy of the demo data of its own, dropped when the session ends; a session opened with another key writes the shared demo data. Set `false` when a class should see one another's changes in the shared demo data.",
      fr: "Chaque session de la clé de démonstration, et chaque session de l'utilisateur de démonstration sur les points d'accès des protocoles, écrit dans une copie des données de démonstration qui lui est propre, abandonnée à la fin de la session ; une session ouverte avec une autre clé écrit dans les données de démonstration partagées. Mettez `false` quand une classe doit voir les modifications des uns et des autres dans les données de démonstration partagées.",
    },
    page: "admin/run-the-server.md",
  },
  QIBATES_DEMO_VIEWS_MEMORY_MB: {
    group: "demo",
    text: {
      en: "The most memory, in MiB, those copies hold together on one server; past it, the copies used longest ago are set aside and rebuilt from the journal when their session calls again, nothing lost. Size it to the machine behind a public demo.",
      fr: "La mémoire maximale, en Mio, qu'occupent ensemble ces copies sur un serveur ; au-delà, les copies utilisées le moins récemment sont mises de côté et reconstruites depuis le journal au prochain appel de leur session, sans rien perdre. Réglez-la selon la mémoire de la machine qui sert une démonstration publique.",
    },
    page: "admin/server-data.md",
  },
  DEMO_SESSIONS_PER_NETWORK: {
    group: "demo",
    text: {
      en: "Sessions of the public demo key one client network (an IPv6 /48, or one IPv4 address) may hold at once, past which a demo-key login from there is refused with `429` (raise it when many people reach the demo from one network). Past the demo key's 10,000 sessions in all, a login is refused the same way; neither refuses a client address (for IPv6, its /64) that holds `MAX_SESSIONS_PER_KEY` sessions: that address's oldest session ends instead.",
      fr: "Les sessions de la clé de démonstration publique qu'un réseau de clients (un /48 IPv6 ou une adresse IPv4) peut détenir à la fois ; au-delà, une ouverture de session avec cette clé depuis ce réseau est refusée avec `429` (augmentez-le quand beaucoup de personnes joignent la démonstration depuis un même réseau). Au-delà des 10 000 sessions de la clé en tout, une ouverture de session est refusée de même ; une adresse (un /64 IPv6) qui détient `MAX_SESSIONS_PER_KEY` sessions n'est jamais refusée : sa session la plus ancienne se ferme.",
    },
    page: "admin/caller-limits.md",
  },
  QIBATES_SNAPSHOTS: {
    group: "demo",
    text: {
      en: "A folder of snapshots taken with `npx --no-install qibates-snapshot`, each served as an application of the embedded engine, beside the demo or instead of it. Set it to let users work on a cube without its server; a snapshot that fails its checks stops the start (code 2).",
      fr: "Un dossier d'instantanés pris avec `npx --no-install qibates-snapshot`, chacun servi comme une application du moteur intégré, à côté de la démonstration ou à sa place. Donnez-le pour que les utilisateurs travaillent sur un cube sans son serveur ; un instantané qui échoue à ses vérifications arrête le démarrage (code 2).",
    },
    page: "admin/serve-snapshots.md",
  },
  QIBATES_SNAPSHOT_USERS: {
    group: "demo",
    text: {
      en: "A JSON file of the users who may log in to the snapshots, each with a password hash made by `npx --no-install qibates-snapshot hash-password` and the applications it may open. Required when `QIBATES_SNAPSHOTS` is set with `QIBATES_DEMO=false`, refused without `QIBATES_SNAPSHOTS`; a bad file stops the start (code 2).",
      fr: "Un fichier JSON des utilisateurs qui peuvent se connecter aux instantanés, chacun avec une empreinte de mot de passe faite par `npx --no-install qibates-snapshot hash-password` et les applications qu'il peut ouvrir. Obligatoire quand `QIBATES_SNAPSHOTS` est donné avec `QIBATES_DEMO=false`, refusé sans `QIBATES_SNAPSHOTS` ; un fichier incorrect arrête le démarrage (code 2).",
    },
    page: "admin/snapshot-users.md",
  },
  QIBATES_GRID_WORKERS: {
    group: "demo",
    text: {
      en: "Worker threads that run the embedded engine's heavy work (large grids, calculations, business rules) off the event loop, so that small calls keep their speed; a call in a worker runs at most 30 s with 512 MiB of memory. Raise it on a machine with spare processors that serves many demo or snapshot users; `0` runs everything on the event loop.",
      fr: "Les threads de travail qui exécutent le gros du travail du moteur intégré (grandes grilles, calculs, règles métier) hors de la boucle d'événements, pour que les petits appels gardent leur rapidité ; un appel dans un thread dure au plus 30 s avec 512 Mio de mémoire. Augmentez-le sur une machine dotée de processeurs libres qui sert beaucoup d'utilisateurs de démonstration ou des instantanés ; `0` exécute tout sur la boucle d'événements.",
    },
  },
  QIBATES_JOBS_PER_USER: {
    group: "demo",
    text: {
      en: "Jobs of the embedded engine (business rules, calculations, What-If writes, data loads, clears, exports) one user may have running or waiting at once (for the shared demo accounts, one client address, an IPv6 client's /64); past it, a job is refused at once: `429` with `Retry-After` on the API, Essbase REST and Planning REST, an error in an HTTP `200` on XMLA and Smart View. Raise it for users who start many rules in a row.",
      fr: "Les travaux du moteur intégré (règles métier, calculs, écritures de l'analyse de scénarios, chargements, effacements et exports de données) qu'un utilisateur peut avoir en cours ou en attente à la fois (pour les comptes de démonstration partagés, par adresse du client, le /64 en IPv6) ; au-delà, un travail est refusé aussitôt : `429` avec `Retry-After` sur l'API, Essbase REST et Planning REST, une erreur dans un HTTP `200` sur XMLA et Smart View. Augmentez-le pour des utilisateurs qui lancent beaucoup de règles d'affilée.",
    },
    page: "admin/caller-limits.md",
  },
  QIBATES_JOBS_TOTAL: {
    group: "demo",
    text: {
      en: "Jobs of all users running or waiting at once; past it, a job is refused the same way. Raise it with the number of users who run rules at the same time.",
      fr: "Les travaux de tous les utilisateurs en cours ou en attente à la fois ; au-delà, un travail est refusé de la même façon. Augmentez-le avec le nombre d'utilisateurs qui lancent des règles en même temps.",
    },
    page: "admin/caller-limits.md",
  },
  ALLOWED_HOSTS: {
    group: "servers",
    text: {
      en: "The host names (or `*.domain`) of your Essbase, Planning and SSAS servers: any other host is refused before a connection is made. Every deployment that reaches a server of its own sets it; an internal address must be listed by its exact name.",
      fr: "Les noms d'hôte (ou `*.domaine`) de vos serveurs Essbase, Planning et SSAS : tout autre hôte est refusé avant toute connexion. Tout déploiement qui joint ses propres serveurs le règle ; une adresse interne doit être listée par son nom exact.",
    },
    page: "admin/network-and-security.md",
  },
  PROVIDER_CA_FILE: {
    group: "servers",
    text: {
      en: "A PEM file of extra certificate authorities trusted for your servers' TLS certificates (certificates are always verified). Set it when a server's certificate is signed by your company's own authority.",
      fr: "Un fichier PEM d'autorités de certification supplémentaires, reconnues pour les certificats TLS de vos serveurs (les certificats sont toujours vérifiés). Donnez-le quand le certificat d'un serveur est signé par l'autorité propre à votre entreprise.",
    },
    page: "admin/network-and-security.md",
  },
  SSAS_XMLA_URLS: {
    group: "servers",
    text: {
      en: "`providerAddress=xmlaUrl` pairs: the XMLA address an `ssas` provider address stands for. Set it when your SSAS server's `msmdpump.dll` is not at `/olap/msmdpump.dll` on the same host.",
      fr: "Des paires `providerAddress=xmlaUrl` : l'adresse XMLA que désigne une adresse de fournisseur `ssas`. Réglez-le quand le `msmdpump.dll` de votre serveur SSAS n'est pas à `/olap/msmdpump.dll` sur le même hôte.",
    },
    page: "admin/connect-ssas.md",
  },
  PROVIDER_CONNECT_TIMEOUT_SECONDS: {
    group: "servers",
    text: {
      en: "The longest wait for a connection to one of your servers: raise it for a server far away or slow to accept, lower it to report an unreachable server sooner. The start refuses it unless `CONNECTION_TIMEOUT_SECONDS`, every call's deadline, stays longer than it plus `CALC_JOB_TIMEOUT_SECONDS` and `PROVIDER_READ_TIMEOUT_SECONDS`.",
      fr: "L'attente maximale d'une connexion à l'un de vos serveurs : augmentez-la pour un serveur lointain ou lent à accepter, baissez-la pour signaler plus tôt un serveur injoignable. Le démarrage la refuse si `CONNECTION_TIMEOUT_SECONDS`, l'échéance de chaque appel, ne reste pas plus long qu'elle plus `CALC_JOB_TIMEOUT_SECONDS` et `PROVIDER_READ_TIMEOUT_SECONDS`.",
    },
    page: "admin/server-timeouts.md",
  },
  PROVIDER_READ_TIMEOUT_SECONDS: {
    group: "servers",
    text: {
      en: "The longest wait for the status line and all the headers of one of your servers' response to a request, and then between two parts of its body: raise it for queries your server takes long to compute. A whole call still ends at `CONNECTION_TIMEOUT_SECONDS`, which the start keeps longer than this plus `CALC_JOB_TIMEOUT_SECONDS` and `PROVIDER_CONNECT_TIMEOUT_SECONDS`.",
      fr: "L'attente maximale de la ligne d'état et de tous les en-têtes de la réponse de l'un de vos serveurs à une requête, puis entre deux parties de son corps : augmentez-la pour des requêtes longues à calculer sur votre serveur. Un appel entier s'arrête tout de même à `CONNECTION_TIMEOUT_SECONDS`, que le démarrage garde plus long que cette attente plus `CALC_JOB_TIMEOUT_SECONDS` et `PROVIDER_CONNECT_TIMEOUT_SECONDS`.",
    },
    page: "admin/server-timeouts.md",
  },
  UPSTREAM_MAX_ANSWER_BYTES: {
    group: "servers",
    text: {
      en: "The largest response read from one of your servers, in bytes; a larger one is refused (`QB_ERR_PROVIDER_MALFORMED`) before it is parsed. Raise it for very large Essbase grids, an SSAS or Essbase 11.x member with tens of thousands of children, an SSAS dimension of more than about 21,000 members read in one response, an SSAS MDX result of more than about 160,000 cells with a value, or a Planning dimension of more than about 100,000 members; past 1,000,000 XML elements in one SSAS response, no value helps.",
      fr: "La plus grande réponse lue depuis l'un de vos serveurs, en octets ; plus grande, elle est refusée (`QB_ERR_PROVIDER_MALFORMED`) avant d'être analysée. Augmentez-la pour de très grandes grilles Essbase, un membre SSAS ou Essbase 11.x à des dizaines de milliers d'enfants, une dimension SSAS lue en entier de plus de 21 000 membres environ, un résultat MDX SSAS de plus de 160 000 cellules non vides environ ou une dimension Planning de plus de 100 000 membres environ ; au-delà de 1 000 000 d'éléments XML par réponse SSAS, aucune valeur ne suffit.",
    },
    page: "admin/server-responses.md",
  },
  MEMBERS_HELD_MAX: {
    group: "servers",
    text: {
      en: "The most members of your servers' cubes (Essbase, SSAS, Smart View) QiBates keeps in memory for every session together: past it, those of the cubes and sessions used least recently are dropped and read again when a call needs them, and a call that would still go past it is refused (`QB_ERR_PROVIDER_MALFORMED`). Raise it with the memory limit (`--max-old-space-size`) when many users browse dimensions of hundreds of thousands of members.",
      fr: "Le plus grand nombre de membres des cubes de vos serveurs (Essbase, SSAS, Smart View) que QiBates garde en mémoire pour toutes les sessions ensemble : au-delà, ceux des cubes et des sessions utilisés le moins récemment sont abandonnés et relus quand un appel en a besoin, et un appel qui dépasserait encore la limite est refusé (`QB_ERR_PROVIDER_MALFORMED`). Augmentez-le avec la limite de mémoire (`--max-old-space-size`) quand beaucoup d'utilisateurs parcourent des dimensions de centaines de milliers de membres.",
    },
    page: "admin/server-responses.md",
  },
  CALC_JOB_TIMEOUT_SECONDS: {
    group: "servers",
    text: {
      en: "How long a calculation or a business rule run on your server is followed before the call returns that it is still running (it goes on on the server). Raise it for rules that take longer, with `CONNECTION_TIMEOUT_SECONDS` above it.",
      fr: "Combien de temps un calcul ou une règle métier lancé sur votre serveur est suivi avant que l'appel réponde qu'il est toujours en cours (il se poursuit sur le serveur). Augmentez-le pour des règles plus longues, avec `CONNECTION_TIMEOUT_SECONDS` au-dessus.",
    },
    page: "admin/long-calls.md",
  },
  CONNECTION_TIMEOUT_SECONDS: {
    group: "calls",
    text: {
      en: "The deadline of each call except a rule or a calculation, all its requests to your server together (past it, `504 QB_ERR_CALL_TIMEOUT`), for the API and for the protocol endpoints in front of your server (`QIBATES_WIRE_UPSTREAM`) alike; it must exceed `CALC_JOB_TIMEOUT_SECONDS` + `PROVIDER_CONNECT_TIMEOUT_SECONDS` + `PROVIDER_READ_TIMEOUT_SECONDS`, or the server does not start. Change it with those settings, and set a reverse proxy in front to wait longer (for example 10 seconds more).",
      fr: "L'échéance de chaque appel autre qu'une règle ou un calcul, toutes ses requêtes à votre serveur comprises (au-delà, `504 QB_ERR_CALL_TIMEOUT`), pour l'API comme pour les points d'accès des protocoles placés devant votre serveur (`QIBATES_WIRE_UPSTREAM`) ; le paramètre doit dépasser `CALC_JOB_TIMEOUT_SECONDS` + `PROVIDER_CONNECT_TIMEOUT_SECONDS` + `PROVIDER_READ_TIMEOUT_SECONDS`, sinon le serveur ne démarre pas. Changez-le avec ces paramètres, et réglez le délai du proxy inverse placé devant au-dessus (par exemple 10 secondes de plus).",
    },
    page: "admin/server-timeouts.md",
  },
  REQUEST_TIMEOUT_SECONDS: {
    group: "calls",
    text: {
      en: "The time a client has to send a whole request, headers and body; past it, `408 QB_ERR_REQUEST_TIMEOUT`, except that a client that sends nothing for `CONNECTION_TIMEOUT_SECONDS` partway through a request is cut off then, without a response, when that setting is the shorter. Raise it for users who send large grids over slow links.",
      fr: "Le temps dont dispose un client pour envoyer une requête entière, en-têtes et corps ; au-delà, `408 QB_ERR_REQUEST_TIMEOUT`, sauf qu'un client qui n'envoie plus rien pendant `CONNECTION_TIMEOUT_SECONDS` au milieu d'une requête est alors coupé, sans réponse, si ce paramètre est le plus court. Augmentez-le pour des utilisateurs qui envoient de grandes grilles sur des liaisons lentes.",
    },
    page: "admin/server-timeouts.md",
  },
  MAX_GRID_CELLS: {
    group: "calls",
    text: {
      en: "The largest grid, in cells (its rows × its longest row, POV row included), a call accepts or returns: on the API an ad hoc grid or a form (`413 QB_ERR_GRID_TOO_LARGE`), on the protocol endpoints in their own format ([each one's refusal](caller-limits-past.md#a-grid-too-large)). Raise it when users need larger sheets and the server has the memory; lower it to protect a small one.",
      fr: "La plus grande grille, en cellules (ses lignes × sa plus longue ligne, ligne de point de vue comprise), qu'un appel accepte ou renvoie : sur l'API une grille ad hoc ou un formulaire (`413 QB_ERR_GRID_TOO_LARGE`), sur les points d'accès des protocoles dans leur propre format ([le refus de chacun](caller-limits-past.md#a-grid-too-large)). Augmentez-la quand les utilisateurs ont besoin de feuilles plus grandes et que le serveur a la mémoire nécessaire ; baissez-la pour protéger un petit serveur.",
    },
    page: "admin/caller-limits.md",
  },
  BODY_LIMIT_BYTES: {
    group: "calls",
    text: {
      en: "The largest request body a grid call accepts, in bytes (other calls accept 64 KiB); past it, `413 QB_ERR_BODY_TOO_LARGE`. Raise it with `MAX_GRID_CELLS` for larger sheets.",
      fr: "Le plus grand corps de requête qu'accepte un appel de grille, en octets (les autres appels acceptent 64 Kio) ; au-delà, `413 QB_ERR_BODY_TOO_LARGE`. Augmentez-le avec `MAX_GRID_CELLS` pour des feuilles plus grandes.",
    },
    page: "admin/caller-limits.md",
  },
  SESSION_IDLE_MINUTES: {
    group: "sessions",
    text: {
      en: "A session ends after this many minutes without a call, on the API and on the protocol endpoints. Match it to your own servers' session timeout, or shorten it on shared computers.",
      fr: "Une session se termine après ce nombre de minutes sans appel, sur l'API comme sur les points d'accès des protocoles. Alignez-le sur le délai de session de vos propres serveurs, ou raccourcissez-le sur des ordinateurs partagés.",
    },
    page: "admin/caller-limits.md",
  },
  SESSION_MAX_HOURS: {
    group: "sessions",
    text: {
      en: "A session ends this many hours after login, however busy; a protocol endpoint's session lasts `CONNECTION_TIMEOUT_SECONDS` longer and ends after the request it is running, if any, so an API session that reaches these endpoints through a connector always ends before the endpoint session it uses. Shorten it when your security policy asks users to log in again more often.",
      fr: "Une session prend fin ce nombre d'heures après son ouverture, même active\u202f; une session d'un point d'accès de protocole dure `CONNECTION_TIMEOUT_SECONDS` de plus et, si l'une de ses requêtes est en cours, prend fin après elle\u00a0: une session de l'API qui passe par ces points d'accès au moyen d'un connecteur se termine donc toujours avant celle qu'elle y utilise. Raccourcissez-le quand votre politique de sécurité demande aux utilisateurs de se reconnecter plus souvent.",
    },
    page: "admin/caller-limits.md",
  },
  MAX_SESSIONS_PER_KEY: {
    group: "sessions",
    text: {
      en: "Sessions one API key's owner may hold at once, all their keys together (with the public demo key: per client address); a login beyond it ends that owner's oldest session. Raise it for an integration that keeps many sessions open.",
      fr: "Les sessions que le propriétaire d'une clé d'API peut détenir à la fois, toutes ses clés ensemble (avec la clé de démonstration publique : par adresse du client) ; une ouverture de session au-delà ferme la plus ancienne session de ce propriétaire. Augmentez-le pour une intégration qui garde beaucoup de sessions ouvertes.",
    },
    page: "admin/api-keys-and-sign-in.md",
  },
  RATE_LIMIT_PER_MINUTE: {
    group: "sessions",
    text: {
      en: "Calls allowed per API key per minute (per client address with the public demo key, an unknown key or none, as for every request to the protocol endpoints); past it, `429` with `Retry-After`. Raise it for scripts and integrations that call in bursts.",
      fr: "Les appels permis par clé d'API et par minute (par adresse du client avec la clé de démonstration publique, une clé inconnue ou sans clé, comme pour toute requête aux points d'accès des protocoles) ; au-delà, `429` avec `Retry-After`. Augmentez-le pour des scripts et des intégrations qui appellent par rafales.",
    },
    page: "admin/caller-limits.md",
  },
  QIBATES_WIRE_ENDPOINTS: {
    group: "wire",
    text: {
      en: "The protocol endpoints to serve: `essbase-rest`, `planning-rest`, `xmla`, `smartview`, or `all`. Set it to let existing Essbase, Planning or XMLA clients work against QiBates.",
      fr: "Les points d'accès des protocoles à servir : `essbase-rest`, `planning-rest`, `xmla`, `smartview`, ou `all`. Réglez-le pour que des clients Essbase, Planning ou XMLA existants travaillent avec QiBates.",
    },
    page: "admin/protocol-endpoints-security.md",
  },
  QIBATES_WIRE_UPSTREAM: {
    group: "wire",
    text: {
      en: "`connector=providerAddress`: the protocol endpoints stand in front of that server of yours, reached with that connector, instead of the embedded engine (its host must be on `ALLOWED_HOSTS`). Set it to give such clients one address in front of your own server.",
      fr: "`connector=providerAddress` : les points d'accès des protocoles se placent devant l'un de vos serveurs, joint avec ce connecteur, au lieu du moteur intégré (son hôte doit figurer dans `ALLOWED_HOSTS`). Réglez-le pour donner à ces clients une seule adresse devant votre propre serveur.",
    },
    page: "admin/protocol-endpoints-upstream.md",
  },
  QIBATES_WIRE_ADMINISTRATORS: {
    group: "wire",
    text: {
      en: "User names with the administrator's role on the protocol endpoints: they see and manage every user's sessions, jobs and files. Name the people who run Essbase's or Planning's service administration; the demo users never have the role.",
      fr: "Les noms d'utilisateur qui ont le rôle d'administrateur sur les points d'accès des protocoles : ils voient et gèrent les sessions, travaux et fichiers de tous les utilisateurs. Nommez les personnes qui administrent le service Essbase ou Planning ; les utilisateurs de démonstration n'ont jamais ce rôle.",
    },
    page: "admin/protocol-endpoints-security.md",
  },
  WIRE_LOGIN_FAILURES_PER_MINUTE: {
    group: "wire",
    text: {
      en: "Failed logins on the protocol endpoints allowed per client address per minute, and five times as many per user name; past them, `429` without checking the password. Lower it to slow password guessing further.",
      fr: "Les échecs d'ouverture de session permis sur les points d'accès des protocoles par adresse du client et par minute, et cinq fois plus par nom d'utilisateur ; au-delà, `429` sans vérifier le mot de passe. Baissez-le pour freiner davantage les essais de mots de passe.",
    },
    page: "admin/caller-limits.md",
  },
  WIRE_SESSIONS_PER_NETWORK: {
    group: "wire",
    text: {
      en: "Sessions one client network (an IPv4 address, or an IPv6 /48) may hold at once on each protocol endpoint; past it, a login from there is refused. Raise it for a larger site behind one address.",
      fr: "Les sessions qu'un réseau de clients (une adresse IPv4, ou un /48 IPv6) peut ouvrir à la fois sur chaque point d'accès des protocoles ; au-delà, une ouverture de session depuis ce réseau est refusée. Augmentez-le pour un site plus grand derrière une même adresse.",
    },
    page: "admin/caller-limits.md",
  },
  WIRE_FILES_TOTAL_MB: {
    group: "wire",
    text: {
      en: "The most memory, in MiB, the files of the Essbase REST endpoint's file catalog take, all users together; past it, an upload is refused. Size it to the machine's memory.",
      fr: "La mémoire maximale, en Mio, qu'occupent les fichiers du catalogue de fichiers du point d'accès Essbase REST, tous utilisateurs confondus ; au-delà, un téléversement est refusé. Réglez-la selon la mémoire de la machine.",
    },
    page: "admin/caller-limits.md",
  },
  WIRE_FILES_PER_VISITOR_MB: {
    group: "wire",
    text: {
      en: "The most, in MiB, one visitor of the shared demo user keeps in that catalog, deleted with the visitor's last session; at most `WIRE_FILES_TOTAL_MB`. Lower it on a public demo so that one visitor cannot fill the catalog.",
      fr: "Le maximum, en Mio, qu'un visiteur de l'utilisateur de démonstration partagé garde dans ce catalogue, supprimé avec sa dernière session ; au plus `WIRE_FILES_TOTAL_MB`. Baissez-le sur une démonstration publique pour qu'un seul visiteur ne puisse pas remplir le catalogue.",
    },
    page: "admin/caller-limits.md",
  },
  GOOGLE_CLIENT_ID: {
    group: "signIn",
    text: {
      en: "The OAuth client ID of the Google sign-in that issues API keys; unset, Google is not offered. Set it, with its secret and `PUBLIC_URL`, to let users get a key with a Google account.",
      fr: "L'ID client OAuth de l'identification avec Google qui délivre les clés d'API ; sans lui, Google n'est pas proposé. Donnez-le, avec son secret et `PUBLIC_URL`, pour que les utilisateurs obtiennent une clé avec un compte Google.",
    },
    page: "admin/api-keys-and-sign-in.md",
  },
  GOOGLE_CLIENT_SECRET: {
    group: "signIn",
    text: {
      en: "The OAuth client secret of the Google sign-in, given with `GOOGLE_CLIENT_ID`; never logged.",
      fr: "Le secret client OAuth de l'identification avec Google, donné avec `GOOGLE_CLIENT_ID` ; il n'est jamais journalisé.",
    },
    page: "admin/api-keys-and-sign-in.md",
  },
  MICROSOFT_CLIENT_ID: {
    group: "signIn",
    text: {
      en: "The application (client) ID of the Microsoft Entra sign-in that issues API keys; unset, Microsoft is not offered. Set it, with its secret and `PUBLIC_URL`, to let users get a key with a Microsoft account (work, school or personal, as `MICROSOFT_TENANT` allows).",
      fr: "L'identifiant d'application (client) de l'identification avec Microsoft (Microsoft Entra) qui délivre les clés d'API ; sans lui, Microsoft n'est pas proposé. Donnez-le, avec son secret et `PUBLIC_URL`, pour que les utilisateurs obtiennent une clé avec un compte Microsoft (professionnel, scolaire ou personnel, selon ce que permet `MICROSOFT_TENANT`).",
    },
    page: "admin/api-keys-and-sign-in.md",
  },
  MICROSOFT_CLIENT_SECRET: {
    group: "signIn",
    text: {
      en: "The client secret of the Microsoft sign-in, given with `MICROSOFT_CLIENT_ID`; never logged.",
      fr: "Le secret client de l'identification avec Microsoft, donné avec `MICROSOFT_CLIENT_ID` ; il n'est jamais journalisé.",
    },
    page: "admin/api-keys-and-sign-in.md",
  },
  MICROSOFT_TENANT: {
    group: "signIn",
    text: {
      en: "The Microsoft Entra tenant whose accounts may sign in: `common`, `organizations`, `consumers`, or one tenant's ID or domain. Set your own tenant so that only your company's accounts get keys.",
      fr: "Le locataire Microsoft Entra dont les comptes peuvent se connecter : `common`, `organizations`, `consumers`, ou l'identifiant ou le domaine d'un locataire. Donnez votre propre locataire pour que seuls les comptes de votre entreprise obtiennent des clés.",
    },
    page: "admin/api-keys-and-sign-in.md",
  },
  ADMINISTRATORS: {
    group: "signIn",
    text: {
      en: "The e-mail addresses, separated by commas, of the accounts that list and revoke every user's API keys and read the event log of keys; unset, nobody can. A Microsoft account counts only when `MICROSOFT_TENANT` names your own tenant.",
      fr: "Les adresses e-mail, séparées par des virgules, des comptes qui listent et révoquent les clés d'API de tous les utilisateurs et lisent le journal des clés ; sans elles, personne ne le peut. Un compte Microsoft ne compte que lorsque `MICROSOFT_TENANT` désigne votre propre locataire.",
    },
    page: "admin/manage-api-keys.md",
  },
  ADMINISTRATOR_GROUPS: {
    group: "signIn",
    text: {
      en: "The object IDs (GUIDs), separated by commas, of the Microsoft Entra groups whose members are administrators as with `ADMINISTRATORS`, read from the groups claim of the ID token (which the app registration must emit); unset, no group is. Google accounts carry no groups, an account in too many groups for its token is not counted by group, and a group counts only when `MICROSOFT_TENANT` names your own tenant.",
      fr: "Les identifiants d'objet (des GUID), séparés par des virgules, des groupes Microsoft Entra dont les membres sont administrateurs comme avec `ADMINISTRATORS`, lus dans la revendication de groupes du jeton d'ID (que l'inscription d'application doit émettre) ; sans eux, aucun groupe ne l'est. Les comptes Google ne portent aucun groupe, un compte membre de trop de groupes pour son jeton ne compte pas par groupe, et un groupe ne compte que lorsque `MICROSOFT_TENANT` désigne votre propre locataire.",
    },
    page: "admin/manage-api-keys.md",
  },
};

/** Settings whose default is not one literal value: the words of each language. */
const DEFAULT_WORDS: Record<string, Text> = {
  "(empty)": { en: "(empty)", fr: "(vide)" },
  "1 (0 on one processor)": { en: "`1` (`0` on one processor)", fr: "`1` (`0` sur un seul processeur)" },
  "a quarter of the heap": {
    en: "a quarter of the memory limit at 1.2 KB a member (about `900000` with 4 GiB)",
    fr: "un quart de la limite de mémoire à 1,2 Ko par membre (environ `900000` avec 4 Gio)",
  },
};

/** A setting's default as the page writes it; throws for a default that needs words this file does not have. */
export function defaultCell(setting: Pick<ServerSetting, "env" | "defaultText">, locale: Locale): string {
  const text = setting.defaultText;
  if (text === undefined) return locale === "en" ? "(unset)" : "(non défini)";
  const words = DEFAULT_WORDS[text];
  if (words) return words[locale];
  if (/\s/.test(text)) {
    throw new Error(
      `${setting.env}: its default "${text}" needs words in both languages (DEFAULT_WORDS, site/tools/settings-reference.ts)`,
    );
  }
  return `\`${text}\`${byteSize(setting.env, text, locale)}`;
}

/** A default in bytes (a `…_BYTES` setting) in whole MiB, with its size after it: ` (64 MiB)`, else nothing. */
function byteSize(env: string, text: string, locale: Locale): string {
  const mib = 1024 * 1024;
  if (!env.endsWith("_BYTES") || !/^\d+$/.test(text) || Number(text) % mib !== 0) return "";
  return ` (${Number(text) / mib} ${locale === "en" ? "MiB" : "Mio"})`;
}

/** The unit a number setting counts in, from its name (`…_SECONDS`, `…_BYTES`, `…_MB`); none for a plain count. */
function unitOf(env: string): "seconds" | "minutes" | "hours" | "bytes" | "MiB" | undefined {
  if (env.endsWith("_SECONDS")) return "seconds";
  if (env.endsWith("_MINUTES")) return "minutes";
  if (env.endsWith("_HOURS")) return "hours";
  if (env.endsWith("_BYTES")) return "bytes";
  if (env.endsWith("_MB")) return "MiB";
  return undefined;
}

const UNIT_WORDS: Record<string, Text> = {
  seconds: { en: "seconds", fr: "secondes" },
  minutes: { en: "minutes", fr: "minutes" },
  hours: { en: "hours", fr: "heures" },
  bytes: { en: "bytes", fr: "octets" },
  KiB: { en: "KiB", fr: "Kio" },
  MiB: { en: "MiB", fr: "Mio" },
  GiB: { en: "GiB", fr: "Gio" },
};

/** A bound of a range and its unit: a whole number of GiB, MiB or KiB where a byte count is one. */
function bound(n: number, unit: string | undefined, locale: Locale): [string, string | undefined] {
  const scales =
    unit === "bytes"
      ? ([
          ["GiB", 1024 ** 3],
          ["MiB", 1024 ** 2],
          ["KiB", 1024],
        ] as const)
      : unit === "MiB"
        ? ([["GiB", 1024]] as const)
        : [];
  for (const [name, size] of scales) {
    if (n >= size && n % size === 0) return [formatNumber(n / size, locale), UNIT_WORDS[name]?.[locale]];
  }
  return [formatNumber(n, locale), unit === undefined ? undefined : UNIT_WORDS[unit]?.[locale]];
}

/** A range as a reader says it: `1 to 600 seconds`, `1 KiB to 16 GiB`, `de 0 à 65 535`. */
function range(min: number, max: number, unit: string | undefined, locale: Locale): string {
  const [from, fromUnit] = bound(min, unit, locale);
  const [to, toUnit] = bound(max, unit, locale);
  const low = fromUnit !== undefined && fromUnit !== toUnit ? `${from} ${fromUnit}` : from;
  const high = toUnit === undefined ? to : `${to} ${toUnit}`;
  return locale === "en" ? `${low} to ${high}` : `de ${low} à ${high}`;
}

/** A range of a plain count with what it counts: `1 to 10,000,000 cells`, `de 1 à 100 000 sessions`. */
function countRange(min: number, max: number, unit: Text, locale: Locale): string {
  const [from, to] = [formatNumber(min, locale), formatNumber(max, locale)];
  return locale === "en" ? `${from} to ${to} ${unit.en}` : `de ${from} à ${to} ${unit.fr}`;
}

/** Code spans joined as a reader lists them: `a`, `b` or `c` (`and` for a list's items). */
function either(values: readonly string[], locale: Locale, joiner: "or" | "and" = "or"): string {
  const spans = values.map((v) => `\`${v}\``);
  const last = spans.pop() ?? "";
  const word = { or: { en: "or", fr: "ou" }, and: { en: "and", fr: "et" } }[joiner][locale];
  return spans.length === 0 ? last : `${spans.join(", ")} ${word} ${last}`;
}

/**
 * What a setting accepts, as the page writes it: a number's range with its unit, the values a choice takes, or
 * the form of a text. Read from the registry, which checks the same at start-up.
 */
export function acceptsCell(setting: Pick<ServerSetting, "env" | "accepts">, locale: Locale): string {
  const a = setting.accepts;
  const en = locale === "en";
  switch (a.kind) {
    case "integer":
      return a.unit === undefined
        ? range(a.min, a.max, unitOf(setting.env), locale)
        : countRange(a.min, a.max, a.unit, locale);
    case "boolean":
      return either(["true", "false"], locale);
    case "oneOf":
      return either(a.values, locale);
    case "url":
      return en
        ? `an address starting with ${either(a.protocols, locale)}`
        : `une adresse commençant par ${either(a.protocols, locale)}`;
    case "list":
      if (a.values) {
        return en
          ? `a comma-separated list of values among ${either(a.values, locale, "and")}`
          : `une liste, séparée par des virgules, de valeurs parmi ${either(a.values, locale, "and")}`;
      }
      return en ? "a comma-separated list" : "une liste séparée par des virgules";
    case "text":
      return en ? "text" : "texte";
    case "file":
      return en ? "a file's path" : "le chemin d'un fichier";
    case "host":
      return en
        ? "an IP address (IPv4 or IPv6) or a host name"
        : "une adresse IP (IPv4 ou IPv6) ou un nom d'hôte";
    case "proxies":
      return en
        ? `\`off\`, a number of proxies from 0 to ${a.maxHops}, or a comma-separated list of IP addresses, CIDR ranges, ${either(a.ranges, locale, "and")}`
        : `\`off\`, un nombre de proxys de 0 à ${a.maxHops}, ou une liste, séparée par des virgules, d'adresses IP, de plages CIDR, de ${either(a.ranges, locale, "and")}`;
    case "tenant":
      return en
        ? `${a.values.map((v) => `\`${v}\``).join(", ")}, a tenant ID or a domain name`
        : `${a.values.map((v) => `\`${v}\``).join(", ")}, un ID de locataire ou un nom de domaine`;
    case "upstream":
      return en
        ? `\`connector=address\`: a connector among ${either(a.connectors, locale, "and")}, and an address starting with ${either(a.protocols, locale)} whose path ends as that connector requires`
        : `\`connecteur=adresse\` : un connecteur parmi ${either(a.connectors, locale, "and")}, et une adresse commençant par ${either(a.protocols, locale)} dont le chemin se termine comme l'exige ce connecteur`;
    case "emails":
      return en
        ? "a comma-separated list of e-mail addresses (`name@domain`)"
        : "une liste, séparée par des virgules, d'adresses e-mail (`nom@domaine`)";
    case "groupIds":
      return en
        ? "a comma-separated list of group object IDs (GUIDs)"
        : "une liste, séparée par des virgules, d'identifiants d'objet de groupe (des GUID)";
  }
}

const PAGE_TEXT = {
  title: { en: "Settings reference", fr: "Référence des paramètres" },
  description: {
    en: "Every setting of the QiBates server, grouped by task: its default, the values it accepts, what it does, why you would change it, and the page that explains it.",
    fr: "Chaque paramètre du serveur QiBates, regroupé par usage : sa valeur par défaut, les valeurs admises, ce qu'il fait, pourquoi le changer, et la page qui l'explique.",
  },
  intro: {
    en: "Every setting is an environment variable of the server process (a systemd unit, a container's definition), read and checked at start-up: a wrong value stops the start with one line per faulty setting and exit code `2` (see {run}). A first deployment sets `PUBLIC_URL`, `QIBATES_DEMO=false`, `ALLOWED_HOSTS`, the Google or Microsoft sign-in that gives users their API keys and, behind a proxy, `TRUST_PROXY`; the others have defaults that suit a single server.",
    fr: "Chaque paramètre est une variable d'environnement du processus du serveur (une unité systemd, la définition d'un conteneur), lue et vérifiée au démarrage : une valeur incorrecte arrête le démarrage avec une ligne par paramètre fautif et le code de sortie `2` (voir {run}). Un premier déploiement règle `PUBLIC_URL`, `QIBATES_DEMO=false`, `ALLOWED_HOSTS`, l'identification avec Google ou Microsoft qui donne aux utilisateurs leurs clés d'API et, derrière un proxy, `TRUST_PROXY` ; les autres ont des valeurs par défaut qui conviennent à un seul serveur.",
  },
  see: { en: "See", fr: "Voir" },
  header: {
    en: "| Setting | Default | Allowed values | What it does, and when to change it |",
    fr: "| Paramètre | Par défaut | Valeurs admises | Ce qu'il fait, et quand le changer |",
  },
} as const satisfies Record<string, Text>;

/** The title a page shows in the sidebar, in one language: its `sidebar_label`, else its `title`. */
function pageLabel(siteDir: string, page: string, locale: Locale): string {
  const source = readFileSync(posix.join(siteDir, DOCS_FOLDER[locale], page), "utf8");
  const front = /^---\n([\s\S]*?)\n---\n/.exec(source)?.[1] ?? "";
  const data = (parse(front) ?? {}) as { sidebar_label?: string; title?: string };
  const label = data.sidebar_label ?? data.title;
  if (!label) throw new Error(`${DOCS_FOLDER[locale]}/${page}: no sidebar_label or title to link with`);
  return label;
}

/** A link from the reference page to another page of the same docs folder. */
function relativeLink(page: string): string {
  const rel = posix.relative(posix.dirname(REFERENCE_PAGE), page);
  return rel.startsWith(".") ? rel : `./${rel}`;
}

/** A table cell's text: a `|` would end the cell. */
const cell = (s: string): string => s.replaceAll("|", "\\|");

/**
 * The whole page in one language, from the registry's settings (their order within a group) and this file's
 * entries. `siteDir` is the site's folder, whose pages give the linked pages' titles.
 */
export function settingsReferencePage(
  settings: readonly ServerSetting[],
  locale: Locale,
  siteDir: string,
): string {
  const lines: string[] = [
    "---",
    `title: ${PAGE_TEXT.title[locale]}`,
    `sidebar_label: ${PAGE_TEXT.title[locale]}`,
    `description: ${JSON.stringify(PAGE_TEXT.description[locale])}`,
    "sidebar_position: 10",
    "---",
    "",
    "<!-- Generated from packages/server/src/config.ts and site/tools/settings-reference.ts by site/scripts/write-settings-reference.ts: edit those, then run it. -->",
    "",
    `# ${PAGE_TEXT.title[locale]}`,
    "",
    PAGE_TEXT.intro[locale].replace(
      "{run}",
      `[${pageLabel(siteDir, "admin/run-the-server.md", locale)}](${relativeLink("admin/run-the-server.md")})`,
    ),
  ];
  for (const [group, heading] of Object.entries(GROUPS) as [Group, Text][]) {
    const rows = settings.filter((s) => SETTING_ENTRIES[s.env]?.group === group);
    if (rows.length === 0) continue;
    lines.push("", `## ${heading[locale]}`, "", PAGE_TEXT.header[locale], "|---|---|---|---|");
    for (const s of rows) {
      const entry = SETTING_ENTRIES[s.env] as SettingEntry;
      let text = entry.text[locale];
      if (entry.page) {
        text += ` ${PAGE_TEXT.see[locale]} [${pageLabel(siteDir, entry.page, locale)}](${relativeLink(entry.page)}).`;
      }
      lines.push(
        `| \`${s.env}\` | ${defaultCell(s, locale)} | ${cell(acceptsCell(s, locale))} | ${cell(text)} |`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}
