// What to do about each API error code, in English and French, for the troubleshooting page's table
// (site/scripts/troubleshooting.ts). The code, its status and what it means come from the server's registry
// (packages/provider/src/error-codes.ts); this file only says what the reader does next. A code added to the
// registry without advice here fails the type check and site/test/troubleshooting.test.ts.
import type { ErrorCode } from "@qibates/provider";

export interface Advice {
  en: string;
  fr: string;
}

export const ADVICE: Readonly<Record<ErrorCode, Advice>> = {
  QB_ERR_VALIDATION: {
    en: "Correct the value the message names (`field`); the [API reference](/api/qibates) gives each property's type and bounds. For an unknown setting, take the name from the list the message gives (a misspelled setting is refused, never ignored). For a form's POV, send a member its `povChoices` lists.",
    fr: "Corrigez la valeur que le message nomme (`field`) ; la [référence de l'API](/api/qibates) donne le type et les bornes de chaque propriété. Pour une option inconnue, prenez son nom dans la liste que donne le message (une option mal orthographiée est refusée, jamais ignorée). Pour le PDV d'un formulaire, envoyez un membre que liste son `povChoices`.",
  },
  QB_ERR_JSON_MALFORMED: {
    en: "Send the body as valid JSON (check quotes and commas); nest at most 64 levels.",
    fr: "Envoyez un corps JSON valide (vérifiez guillemets et virgules), sur 64 niveaux d'imbrication au plus.",
  },
  QB_ERR_BODY_TOO_LARGE: {
    en: "Send a smaller grid (fewer rows or columns), or split it into several calls; keep the body of a call without a grid under {{limit:SMALL_BODY_BYTES in KiB}} KiB. The limit counts the body once decompressed: gzip shortens the transfer, not the limit.",
    fr: "Envoyez une grille plus petite (moins de lignes ou de colonnes), ou répartissez-la sur plusieurs appels ; gardez le corps d'un appel sans grille sous {{limit:SMALL_BODY_BYTES in KiB}} Kio. La limite porte sur le corps décompressé : gzip raccourcit le transfert, pas la limite.",
  },
  QB_ERR_MEDIA_TYPE: {
    en: "Add the header `content-type: application/json`.",
    fr: "Ajoutez l'en-tête `content-type: application/json`.",
  },
  QB_ERR_CONTENT_ENCODING: {
    en: "Send the body uncompressed, or with gzip, deflate or br on a grid call only.",
    fr: "Envoyez le corps non compressé, ou en gzip, deflate ou br sur un appel de grille seulement.",
  },
  QB_ERR_REQUEST_MALFORMED: {
    en: "Percent-encode the address and let your HTTP library write the headers; a proxy between you and QiBates may alter them.",
    fr: "Encodez l'adresse en pourcentage et laissez votre bibliothèque HTTP écrire les en-têtes ; un proxy entre vous et QiBates peut les altérer.",
  },
  QB_ERR_REQUEST_TIMEOUT: {
    en: "Send the whole request at once; on a slow link, ask the administrator about `REQUEST_TIMEOUT_SECONDS`.",
    fr: "Envoyez la requête d'un seul tenant ; sur une liaison lente, interrogez l'administrateur sur `REQUEST_TIMEOUT_SECONDS`.",
  },
  QB_ERR_HEADERS_TOO_LARGE: {
    en: "Remove the extra headers or cookies your client adds for this host.",
    fr: "Retirez les en-têtes ou cookies superflus que votre client ajoute pour cet hôte.",
  },
  QB_ERR_EXPECTATION_FAILED: {
    en: "Remove the `Expect` header, or send `Expect: 100-continue`.",
    fr: "Retirez l'en-tête `Expect`, ou envoyez `Expect: 100-continue`.",
  },
  QB_ERR_NOT_FOUND: {
    en: "Check the path against the [API reference](/api/qibates): every call starts with `/qibates/api/v2/`.",
    fr: "Vérifiez le chemin dans la [référence de l'API](/api/qibates) : chaque appel commence par `/qibates/api/v2/`.",
  },
  QB_ERR_METHOD_NOT_ALLOWED: {
    en: "Use one of the methods the message names (the response's `Allow` header lists them too); most calls are `POST`.",
    fr: "Utilisez l'une des méthodes que nomme le message (l'en-tête `Allow` de la réponse les donne aussi) ; la plupart des appels sont des `POST`.",
  },
  QB_ERR_AUTH_KEY_MISSING: {
    en: "Send your API key in the `qibateskey` header; in the add-in, the user pastes their own key at the first launch, and again when the pane asks for it.",
    fr: "Envoyez votre clé d'API dans l'en-tête `qibateskey` ; dans le complément, l'utilisateur colle sa propre clé au premier lancement, puis de nouveau quand le volet la redemande.",
  },
  QB_ERR_AUTH_KEY_INVALID: {
    en: "The key was deleted or mistyped: create a new one (`generatekey`) or copy it again.",
    fr: "La clé a été supprimée ou mal recopiée : créez-en une autre (`generatekey`) ou recopiez-la.",
  },
  QB_ERR_CONNECTOR_INVALID: {
    en: "Send the `connector` header with one of `essbase`, `ssas`, `planning`, `essbase-stndln`, `pbcs`.",
    fr: "Envoyez l'en-tête `connector` avec l'une des valeurs `essbase`, `ssas`, `planning`, `essbase-stndln`, `pbcs`.",
  },
  QB_ERR_CONNECTOR_FAMILY: {
    en: "Ad hoc calls take an Essbase-family connector (`essbase`, `ssas`, `essbase-stndln`); form, rule and task list calls take `planning` or `pbcs`.",
    fr: "Les appels ad hoc prennent un connecteur de la famille Essbase (`essbase`, `ssas`, `essbase-stndln`) ; les appels de formulaires, de règles et de listes de tâches prennent `planning` ou `pbcs`.",
  },
  QB_ERR_CONNECTOR_MISMATCH: {
    en: "Send the same `connector` header as at login, or log in again with the other connector.",
    fr: "Envoyez le même en-tête `connector` qu'à la connexion, ou reconnectez-vous avec l'autre connecteur.",
  },
  QB_ERR_SESSION_UNKNOWN: {
    en: "Log in again. If sessions end while the client is still busy, look for a restart of the QiBates server, or, with several QiBates servers, a load balancer without sticky sessions: a session on a real server lives on the server that opened it, even with a shared Redis (see [Several servers](../admin/server-data.md#several-servers-behind-a-load-balancer)).",
    fr: "Reconnectez-vous. Si des sessions prennent fin alors que le client est encore actif, cherchez un redémarrage du serveur QiBates ou, avec plusieurs serveurs QiBates, un répartiteur de charge sans affinité de session : une session sur un serveur réel vit sur le serveur qui l'a ouverte, même avec un Redis commun (voir [Plusieurs serveurs](../admin/server-data.md#plusieurs-serveurs-derrière-un-répartiteur-de-charge)).",
  },
  QB_ERR_OPERATION_UNKNOWN: {
    en: "Ask for the operation with the API key that started it, within `OPERATIONS_KEPT_HOURS` of its end; after that, look at the server's data (a refresh) to know whether it ran.",
    fr: "Demandez l'opération avec la clé d'API qui l'a lancée, dans les `OPERATIONS_KEPT_HOURS` qui suivent sa fin ; au-delà, regardez les données du serveur (une actualisation) pour savoir si elle s'est exécutée.",
  },
  QB_ERR_OPERATION_LOST: {
    en: "Check on the server whether the rule or script ran (its job list, or a refresh of the data) before you start it again: it may have ended after the API node stopped.",
    fr: "Vérifiez sur le serveur si la règle ou le script s'est exécuté (sa liste de travaux, ou une actualisation des données) avant de le relancer : il a pu se terminer après l'arrêt du nœud d'API.",
  },
  QB_ERR_OPERATION_LIMIT: {
    en: "Read the operations you started (`GET /operations/{operationId}`) and wait for `Retry-After`, or send the call without `Prefer: respond-async`; an administrator can raise `OPERATIONS_PER_KEY` or shorten `OPERATIONS_KEPT_HOURS`.",
    fr: "Lisez les opérations que vous avez lancées (`GET /operations/{operationId}`) et attendez `Retry-After`, ou envoyez l'appel sans `Prefer: respond-async` ; un administrateur peut relever `OPERATIONS_PER_KEY` ou raccourcir `OPERATIONS_KEPT_HOURS`.",
  },
  QB_ERR_SESSION_STORE_UNAVAILABLE: {
    en: "Try again in a moment; if it lasts, tell the QiBates administrator that Redis (`REDIS_URL`) is out of reach.",
    fr: "Réessayez dans un instant ; si cela dure, signalez à l'administrateur de QiBates que Redis (`REDIS_URL`) est injoignable.",
  },
  QB_ERR_DATA_STORE_UNAVAILABLE: {
    en: "Try again in a moment; if it lasts, tell the QiBates administrator that PostgreSQL (`DATABASE_URL`) is out of reach.",
    fr: "Réessayez dans un instant ; si cela dure, signalez à l'administrateur de QiBates que PostgreSQL (`DATABASE_URL`) est injoignable.",
  },
  QB_ERR_PROVIDER_ADDRESS: {
    en: "End the provider address with the connector's suffix: `/aps/JAPI` (`essbase`, `ssas`), `/essbase/japi` (`essbase-stndln`), `/HyperionPlanning/SmartView` (`planning`, `pbcs`).",
    fr: "Terminez l'adresse du fournisseur par le suffixe du connecteur : `/aps/JAPI` (`essbase`, `ssas`), `/essbase/japi` (`essbase-stndln`), `/HyperionPlanning/SmartView` (`planning`, `pbcs`).",
  },
  QB_ERR_HOST_NOT_ALLOWED: {
    en: "Ask the QiBates administrator to add the host to `ALLOWED_HOSTS` (see [What to ask an administrator](#what-to-ask-an-administrator)).",
    fr: "Demandez à l'administrateur de QiBates d'ajouter l'hôte à `ALLOWED_HOSTS` (voir [Ce qu'il faut demander à un administrateur](#ce-quil-faut-demander-à-un-administrateur)).",
  },
  QB_ERR_HOST_INTERNAL_ADDRESS: {
    en: "Ask the QiBates administrator to list the host's exact name in `ALLOWED_HOSTS` (a `*.domain` entry is not enough for an internal address).",
    fr: "Demandez à l'administrateur de QiBates d'inscrire le nom exact de l'hôte dans `ALLOWED_HOSTS` (une entrée `*.domaine` ne suffit pas pour une adresse interne).",
  },
  QB_ERR_LOGIN_FAILED: {
    en: "Check the user name and password on the server itself (Smart View or its web interface); on EPM Cloud, prefix the identity domain if yours has one.",
    fr: "Vérifiez le nom d'utilisateur et le mot de passe sur le serveur lui-même (Smart View ou son interface web) ; sur EPM Cloud, préfixez le domaine d'identité si le vôtre en a un.",
  },
  QB_ERR_PROVIDER_UNREACHABLE: {
    en: "Check the provider address; if it is right, the QiBates administrator finds the cause in the server log (name, refused connection, certificate: `PROVIDER_CA_FILE`). If the log says the server did not respond in time, try again later; if that server is just slow, ask the QiBates administrator about `PROVIDER_READ_TIMEOUT_SECONDS`. After a save, a form submission, a business rule or a calculation, read the note under this table before you send the call again.",
    fr: "Vérifiez l'adresse du fournisseur ; si elle est juste, l'administrateur de QiBates trouve la cause dans le journal du serveur (nom, connexion refusée, certificat : `PROVIDER_CA_FILE`). Si le journal indique que le serveur n'a pas répondu à temps, réessayez plus tard ; si ce serveur est seulement lent, interrogez l'administrateur de QiBates sur `PROVIDER_READ_TIMEOUT_SECONDS`. Après un enregistrement, la soumission d'un formulaire, une règle métier ou un calcul, lisez la note sous ce tableau avant de renvoyer l'appel.",
  },
  QB_ERR_CALL_TIMEOUT: {
    en: "After a read, try again later, or on a smaller grid; if the provider's server is slow on every call, ask the QiBates administrator about `CONNECTION_TIMEOUT_SECONDS` (and the timeout of a reverse proxy in front, which must be longer). After a write (a save, a form submission, a substitution variable or a task's status set), the change may have been made: read it back before you send it again.",
    fr: "Après une lecture, réessayez plus tard, ou sur une grille plus petite ; si le serveur du fournisseur est lent à chaque appel, interrogez l'administrateur de QiBates sur `CONNECTION_TIMEOUT_SECONDS` (et sur le délai d'un proxy inverse placé devant, qui doit être plus long). Après une écriture (enregistrement, soumission de formulaire, variable de substitution ou statut de tâche modifiés), la modification a pu être faite : relisez-la avant de la renvoyer.",
  },
  // Never returned (the registry's `returned: false`): the table says so instead of giving advice.
  QB_ERR_PROVIDER_TIMEOUT: {
    en: "None (never returned); see `QB_ERR_PROVIDER_UNREACHABLE`.",
    fr: "Aucune (jamais renvoyé) ; voir `QB_ERR_PROVIDER_UNREACHABLE`.",
  },
  QB_ERR_PROVIDER_MALFORMED: {
    en: "Check that the address points at the server's own endpoint, not a login page or proxy; a very large response needs `UPSTREAM_MAX_ANSWER_BYTES` raised.",
    fr: "Vérifiez que l'adresse désigne le point d'accès du serveur lui-même, pas une page de connexion ni un proxy ; une très grosse réponse demande d'augmenter `UPSTREAM_MAX_ANSWER_BYTES`.",
  },
  QB_ERR_PROVIDER_ERROR: {
    en: "Read the server's own message in the error; if it names a lost session, log in again.",
    fr: "Lisez le message du serveur repris dans l'erreur ; s'il parle d'une session perdue, reconnectez-vous.",
  },
  QB_ERR_SERVER_UNKNOWN: {
    en: "Take the server name from `nav/servers` (the add-in's list).",
    fr: "Prenez le nom du serveur dans `nav/servers` (la liste du complément).",
  },
  QB_ERR_APPLICATION_UNKNOWN: {
    en: "Take the name from `nav/applications`; if it is missing there, ask the server's administrator for access.",
    fr: "Prenez le nom dans `nav/applications` ; s'il n'y figure pas, demandez l'accès à l'administrateur du serveur.",
  },
  QB_ERR_CUBE_UNKNOWN: {
    en: "Take the cube from `nav/cubes`. Planning and PBCS have no call that lists plan types: take the form's (`cube` in the response of `nav/openform`).",
    fr: "Prenez le cube dans `nav/cubes`. Planning et PBCS n'ont aucun appel qui liste les types de plan : prenez celui du formulaire (`cube` dans la réponse de `nav/openform`).",
  },
  QB_ERR_DIMENSION_UNKNOWN: {
    en: "Take the dimension from `nav/dimensions`.",
    fr: "Prenez la dimension dans `nav/dimensions`.",
  },
  QB_ERR_MEMBER_UNKNOWN: {
    en: "Correct the member the message names, or find it with member search; check the alias table the grid uses.",
    fr: "Corrigez le membre que le message nomme, ou trouvez-le avec la recherche de membres ; vérifiez la table d'alias de la grille.",
  },
  QB_ERR_ALIAS_TABLE_UNKNOWN: {
    en: "Take the table from `nav/aliastables` (`nav/listalias` on Planning).",
    fr: "Prenez la table dans `nav/aliastables` (`nav/listalias` sur Planning).",
  },
  QB_ERR_SCRIPT_UNKNOWN: {
    en: "Take the script from `nav/scripts`.",
    fr: "Prenez le script dans `nav/scripts`.",
  },
  QB_ERR_CALC_FAILED: {
    en: "Read the server's message; a job still running after `CALC_JOB_TIMEOUT_SECONDS` keeps running on the server: refresh later.",
    fr: "Lisez le message du serveur ; un travail encore en cours après `CALC_JOB_TIMEOUT_SECONDS` se poursuit sur le serveur : actualisez plus tard.",
  },
  QB_ERR_OPERATION_UNSUPPORTED: {
    en: "This server cannot do it through QiBates: see [Symptoms and limits by connector](connector-limits.md) and use another option (another zoom level, for example).",
    fr: "Ce serveur ne peut pas le faire par QiBates : voir [Symptômes et limites par connecteur](connector-limits.md), et choisissez une autre option (un autre niveau de zoom, par exemple).",
  },
  QB_ERR_GRID_INVALID: {
    en: 'Put at least one dimension on the rows and one on the columns, each dimension once, one dimension per column of row headers; send a numeric member name as a string (`"100"`, or `"\'100"` as typed in a sheet).',
    fr: 'Placez au moins une dimension en lignes et une en colonnes, chaque dimension une seule fois, une dimension par colonne d\'en-têtes de ligne ; envoyez un nom de membre numérique comme chaîne (`"100"`, ou `"\'100"` tel qu\'on le saisit dans une feuille).',
  },
  QB_ERR_GRID_TOO_LARGE: {
    en: "Zoom on fewer members, suppress missing rows (`settings.missingSuppression`), or split the grid.",
    fr: "Zoomez sur moins de membres, supprimez les lignes manquantes (`settings.missingSuppression`) ou scindez la grille.",
  },
  QB_ERR_SELECTION_INVALID: {
    en: "Select member cells (row or column headers) inside the grid, whose rows and columns are numbered from 0; keep at least one member on each axis.",
    fr: "Sélectionnez des cellules de membre (en-têtes de ligne ou de colonne) dans la grille, dont les lignes et les colonnes sont numérotées à partir de 0 ; gardez au moins un membre sur chaque axe.",
  },
  QB_ERR_MDX_SYNTAX: {
    en: "Correct the query at the line and column the message gives.",
    fr: "Corrigez la requête à la ligne et à la colonne que le message indique.",
  },
  QB_ERR_MDX_INVALID: {
    en: "On the demo server, use a function listed in [MDX functions](../develop/mdx-functions.md); put one dimension per axis and the cube of the session in `FROM`.",
    fr: "Sur le serveur de démonstration, utilisez une fonction listée dans [Fonctions MDX](../develop/mdx-functions.md) ; mettez une dimension par axe et le cube de la session dans `FROM`.",
  },
  QB_ERR_PIVOT_LAST_DIMENSION: {
    en: "Add another dimension to that axis first, or pivot a different one.",
    fr: "Ajoutez d'abord une autre dimension à cet axe, ou faites pivoter une autre dimension.",
  },
  QB_ERR_SAVE_CONFLICT: {
    en: "Refresh to see the other change, then enter your values again; or save with `overwrite: true` to keep yours.",
    fr: "Actualisez pour voir l'autre modification, puis saisissez de nouveau vos valeurs ; ou enregistrez avec `overwrite: true` pour garder les vôtres.",
  },
  QB_ERR_FOLDER_UNKNOWN: {
    en: "Take the folder from `nav/listforms`; ask the Planning administrator for access if it is missing.",
    fr: "Prenez le dossier dans `nav/listforms` ; s'il manque, demandez l'accès à l'administrateur de Planning.",
  },
  QB_ERR_FORM_UNKNOWN: {
    en: "Take the form from `nav/listforms`; ask the Planning administrator for access if it is missing.",
    fr: "Prenez le formulaire dans `nav/listforms` ; s'il manque, demandez l'accès à l'administrateur de Planning.",
  },
  QB_ERR_FORM_TYPE_MISMATCH: {
    en: "Send the `type` that `nav/listforms` gives for this form (`regular` or `composite`).",
    fr: "Envoyez le `type` que `nav/listforms` donne pour ce formulaire (`regular` ou `composite`).",
  },
  QB_ERR_CELL_TOO_LONG: {
    en: "Shorten the text to 255 characters, or turn on [Submit with large cell](../QiBates/features/settings/SubmitWithLargeCell.md).",
    fr: "Raccourcissez le texte à 255 caractères, ou activez le paramètre [Soumission des cellules longues](../QiBates/features/settings/SubmitWithLargeCell.md).",
  },
  QB_ERR_RULE_UNKNOWN: {
    en: "Take the rule from `nav/listonsaverules`, or check its exact name and plan type in Calculation Manager; ask the Planning administrator for launch access if it is missing.",
    fr: "Prenez la règle dans `nav/listonsaverules`, ou vérifiez son nom exact et son type de plan dans Calculation Manager ; s'il manque, demandez le droit de la lancer à l'administrateur de Planning.",
  },
  QB_ERR_PROMPT_UNKNOWN: {
    en: "Take the prompt names from `nav/enumprompt` for this rule.",
    fr: "Prenez les noms d'invite dans `nav/enumprompt` pour cette règle.",
  },
  QB_ERR_PROMPT_MISSING: {
    en: "Give a value to every required prompt.",
    fr: "Donnez une valeur à chaque invite obligatoire.",
  },
  QB_ERR_PROMPT_INVALID: {
    en: "Pick a value among the prompt's members or within its range (`nav/enummembersrule`).",
    fr: "Choisissez une valeur parmi les membres de l'invite ou dans sa plage (`nav/enummembersrule`).",
  },
  QB_ERR_RULE_FAILED: {
    en: "Read the server's message; a job still running after `CALC_JOB_TIMEOUT_SECONDS` keeps running on the server: refresh later.",
    fr: "Lisez le message du serveur ; un travail encore en cours après `CALC_JOB_TIMEOUT_SECONDS` se poursuit sur le serveur : actualisez plus tard.",
  },
  QB_ERR_TASKLIST_UNKNOWN: {
    en: "Take the task list from `nav/listtasks`.",
    fr: "Prenez la liste de tâches dans `nav/listtasks`.",
  },
  QB_ERR_TASK_UNKNOWN: {
    en: "Take the task from the task list `nav/listtasks` returns.",
    fr: "Prenez la tâche dans la liste de tâches que renvoie `nav/listtasks`.",
  },
  QB_ERR_KEY_UNKNOWN: {
    en: "List your keys (`listkeys`) and use a name from that list.",
    fr: "Listez vos clés (`listkeys`) et prenez un nom de cette liste.",
  },
  QB_ERR_KEY_ID_UNKNOWN: {
    en: "List the keys (`admin/listkeys`) and take the id from that list: a key deleted or revoked is no longer on it.",
    fr: "Listez les clés (`admin/listkeys`) et prenez l'identifiant dans cette liste : une clé supprimée ou révoquée n'y figure plus.",
  },
  QB_ERR_KEY_PROTECTED: {
    en: "The published demo key cannot be deleted; delete your own keys only.",
    fr: "La clé de démonstration publiée ne peut pas être supprimée ; ne supprimez que vos propres clés.",
  },
  QB_ERR_KEY_NAME_TAKEN: {
    en: "Choose another name, or delete the old key first.",
    fr: "Choisissez un autre nom, ou supprimez d'abord l'ancienne clé.",
  },
  QB_ERR_OAUTH_PROVIDER_UNAVAILABLE: {
    en: "Sign in with another provider, or ask the QiBates administrator to configure this one.",
    fr: "Identifiez-vous avec un autre fournisseur, ou demandez à l'administrateur de QiBates de configurer celui-ci.",
  },
  QB_ERR_OAUTH_STATE: {
    en: "Start the sign-in again from the beginning, and finish it within 10 minutes.",
    fr: "Recommencez l'identification depuis le début, et terminez-la en moins de 10 minutes.",
  },
  QB_ERR_OAUTH_FAILED: {
    en: "Start the sign-in again; check that you accepted the access the provider asked for.",
    fr: "Recommencez l'identification ; vérifiez que vous avez accepté l'accès que le fournisseur demandait.",
  },
  QB_ERR_RATE_LIMITED: {
    en: "Wait for the number of seconds the message and the `Retry-After` header give, then send fewer requests per minute. If the call started a business rule, calculation, What-If write (`UPDATE CUBE`), data load, clear or export, wait for your jobs running to end instead (at most `QIBATES_JOBS_PER_USER` at once), then retry. If it was a login with the demo key, log out of the sessions you no longer use (`action/logout`): your network then logs in again at once, unless the demo key is at its 10,000 sessions in all.",
    fr: "Attendez les secondes que donnent le message et l'en-tête `Retry-After`, puis envoyez moins de requêtes par minute. Si l'appel lançait une règle métier, un calcul, une écriture d'analyse de scénarios (`UPDATE CUBE`), un chargement, un effacement ou un export, attendez plutôt la fin de vos travaux en cours (au plus `QIBATES_JOBS_PER_USER` à la fois). S'il s'agissait d'une connexion avec la clé de démonstration, fermez les sessions que vous n'utilisez plus (`action/logout`) : votre réseau peut alors se reconnecter aussitôt, sauf si la clé de démonstration en est à ses 10 000 sessions en tout.",
  },
  QB_ERR_INTERNAL: {
    en: "Try again; if it happens again, give the `requestId` to the QiBates administrator.",
    fr: "Réessayez ; si l'erreur revient, donnez le `requestId` à l'administrateur de QiBates.",
  },
};

/** A message of the user's troubleshooting page: what happened and what to do, in the add-in user's words. */
export interface UserAdvice {
  /**
   * The message as the user reads it, with "…" for each value: where the registry's template is made of its values
   * only (a refusal worded by the call that refuses), where it starts with a value made of words ("2 cells
   * changed"), or where an optional part follows (ended "…", so that the reader knows the message goes on).
   * Otherwise the template, its optional parts left out, says it.
   */
  seen?: string;
  what: string;
  todo: string;
  /**
   * A message's cases, where the row's cells would hold them only as a wall of over 600 characters
   * (site/test/walls.test.ts): a lead, then a list item per case, written under the page's table with the anchor
   * `<row's anchor>-cases`, to which the row's cells link.
   */
  cases?: { lead: string; items: readonly string[] };
}

/**
 * The user's troubleshooting pages, one per task a reader comes with: logging in and keeping a session (with the
 * messages about the QiBates server itself), reaching one's server, reading and shaping a grid, and forms, rules
 * and submits.
 */
export type UserTopic = "login" | "connection" | "grids" | "forms";

/**
 * The messages an add-in user is most likely to see (in a notification, or on the key page), each on the troubleshooting page of its task
 * (`page`; site/scripts/troubleshooting.ts writes each page's table of messages, and the index of them on
 * QiBates/troubleshooting.md), in the order of its page: the message as the registry words it in the page's
 * language, then these words. `server: true` marks the messages about the QiBates server itself (not the user's
 * server or data), listed after the others. Numbers are tokens (`{{config:NAME}}`), written from the code when
 * the site is built. Other pages (the Notifications pages, the developer's error page) link to those tables
 * instead of copying messages.
 */
export const USER_ADVICE: Readonly<
  Partial<Record<ErrorCode, Record<"en" | "fr", UserAdvice> & { page: UserTopic; server?: true }>>
> = {
  QB_ERR_SESSION_UNKNOWN: {
    page: "login",
    en: {
      what: "Your session ended, or your action reached a QiBates server that does not know it: see [how a session ends](troubleshooting-login.md#how-a-session-ends).",
      todo: "Log in again from the **Connections** view, then repeat the action: the grid is still in the sheet. If it happens often although you were working, tell your QiBates administrator.",
    },
    fr: {
      what: "Votre session a pris fin, ou votre action est parvenue à un serveur QiBates qui ne la connaît pas : voir [comment une session prend fin](troubleshooting-login.md#comment-une-session-prend-fin).",
      todo: "Reconnectez-vous depuis la vue **Connexions**, puis relancez l'action : la grille est toujours dans la feuille. Si cela se reproduit souvent alors que vous travailliez, prévenez votre administrateur QiBates.",
    },
  },
  QB_ERR_LOGIN_FAILED: {
    page: "login",
    en: {
      what: "The server refused your user name or password (it does not say which).",
      todo: "Check Caps Lock and type them again. If you usually sign in through single sign-on, or your account may be disabled, ask your administrator which account to use.",
    },
    fr: {
      what: "Le serveur a refusé votre nom d'utilisateur ou votre mot de passe (sans dire lequel).",
      todo: "Vérifiez la touche Verr. Maj et saisissez-les de nouveau. Si vous passez d'habitude par l'authentification unique, ou si votre compte a pu être désactivé, demandez à votre administrateur quel compte utiliser.",
    },
  },
  QB_ERR_PROVIDER_UNREACHABLE: {
    page: "connection",
    en: {
      what: "QiBates could not reach the server, or it took too long to respond: it is stopped, busy or in maintenance (EPM Cloud has a daily maintenance window), the address is wrong, or the network between them is closed.",
      todo: "Check the address in the **Connections** view and try again a few minutes later; for a large ad hoc grid, zoom in on fewer members. If it lasts, send the message and the time to your QiBates administrator. After a submit, see [what the end of the message says](#provider-unreachable-cases).",
      cases: {
        lead: "After a submit, the end of the message may say what became of your cells or of a rule:",
        items: [
          "your cells were written, or may have been: once the server responds, click **Refresh** (or open the form again), and type again only the values it does not show;",
          "the server launched a rule or calculation: it may still be running (see [When a long rule or calculation is cut off](troubleshooting-forms.md#when-a-long-rule-or-calculation-is-cut-off)).",
        ],
      },
    },
    fr: {
      what: "QiBates n'a pas pu joindre le serveur, ou celui-ci a mis trop de temps à répondre : il est arrêté, occupé ou en maintenance (EPM Cloud a une fenêtre de maintenance quotidienne), l'adresse est fausse, ou le réseau entre eux est fermé.",
      todo: "Vérifiez l'adresse dans la vue **Connexions** et réessayez quelques minutes plus tard ; pour une grande grille ad hoc, zoomez sur moins de membres. Si cela dure, envoyez le message et l'heure à votre administrateur QiBates. Après une soumission, voir [ce que dit la fin du message](#provider-unreachable-cases).",
      cases: {
        lead: "Après une soumission, la fin du message peut dire ce que sont devenues vos cellules ou une règle :",
        items: [
          "vos cellules ont été écrites, ou ont pu l'être : dès que le serveur répond, cliquez sur **Actualiser** (ou rouvrez le formulaire), et ne ressaisissez que les valeurs qui n'y figurent pas ;",
          "le serveur a lancé une règle ou un calcul : celui-ci peut être encore en cours (voir [Quand une règle ou un calcul long est interrompu](troubleshooting-forms.md#quand-une-règle-ou-un-calcul-long-est-interrompu)).",
        ],
      },
    },
  },
  QB_ERR_CALL_TIMEOUT: {
    page: "connection",
    en: {
      what: "Your server took longer than QiBates allows for one action ({{config:CONNECTION_TIMEOUT_SECONDS}} seconds, unless your administrator set another time), and QiBates stopped it. The end of the message says whether something may have been written. A rule or a calculation has [its own limit](troubleshooting-forms.md#when-a-long-rule-or-calculation-is-cut-off).",
      todo: "Try again a few minutes later, with fewer members on a large grid. If your cells or a task may have been written, click **Refresh** (or reopen the form) and check before you do it again. If it happens on every action, tell your QiBates administrator.",
    },
    fr: {
      what: "Votre serveur a mis plus de temps que QiBates n'en accorde à une action ({{config:CONNECTION_TIMEOUT_SECONDS}} secondes, sauf durée fixée par votre administrateur), et QiBates l'a arrêtée. La fin du message dit si quelque chose a pu être écrit. Une règle ou un calcul a [son propre délai](troubleshooting-forms.md#quand-une-règle-ou-un-calcul-long-est-interrompu).",
      todo: "Réessayez quelques minutes plus tard, avec moins de membres sur une grande grille. Si vos cellules ou une tâche ont pu être écrites, cliquez sur **Actualiser** (ou rouvrez le formulaire) et vérifiez avant de recommencer. Si cela se produit à chaque action, prévenez votre administrateur QiBates.",
    },
  },
  QB_ERR_PROVIDER_MALFORMED: {
    page: "connection",
    en: {
      what: "The server responded, but not with data QiBates can read: for example a web page instead of data, or a response too large.",
      todo: "Send the message and the time to your QiBates administrator.",
    },
    fr: {
      what: "Le serveur a répondu, mais pas avec des données que QiBates sait lire : par exemple une page web au lieu de données, ou une réponse trop volumineuse.",
      todo: "Envoyez le message et l'heure à votre administrateur QiBates.",
    },
  },
  QB_ERR_HOST_NOT_ALLOWED: {
    page: "connection",
    en: {
      what: "Your QiBates administrator has not yet allowed the address of this connection.",
      todo: "Send the connection's address to your QiBates administrator.",
    },
    fr: {
      what: "Votre administrateur QiBates n'a pas encore autorisé l'adresse de cette connexion.",
      todo: "Envoyez l'adresse de la connexion à votre administrateur QiBates.",
    },
  },
  QB_ERR_HOST_INTERNAL_ADDRESS: {
    page: "connection",
    en: {
      what: "The server is on your company's internal network, and your QiBates administrator has allowed its domain but not the server's exact name.",
      todo: "Send the connection's address to your QiBates administrator.",
    },
    fr: {
      what: "Le serveur se trouve sur le réseau interne de votre entreprise, et votre administrateur QiBates a autorisé son domaine, mais pas le nom exact du serveur.",
      todo: "Envoyez l'adresse de la connexion à votre administrateur QiBates.",
    },
  },
  QB_ERR_PROVIDER_ADDRESS: {
    page: "connection",
    en: {
      what: "The connection's address does not fit its server type: its end is not the one the type requires, it lacks its beginning (`https://`), or it holds a user name or password.",
      todo: "In the **Connections** view, type the address in full, from `https://`, ending as its [server type](features/features/ConnectionsView.md#options-and-defaults) requires, without user name or password; or correct the server type.",
    },
    fr: {
      what: "L'adresse de la connexion ne convient pas à son type de serveur : sa fin n'est pas celle qu'exige le type, son début (`https://`) manque, ou elle contient un nom d'utilisateur ou un mot de passe.",
      todo: "Dans la vue **Connexions**, saisissez l'adresse en entier, à partir de `https://`, terminée comme l'exige son [type de serveur](features/features/ConnectionsView.md#options-et-valeurs-par-défaut), sans nom d'utilisateur ni mot de passe ; ou corrigez le type de serveur.",
    },
  },
  QB_ERR_SERVER_UNKNOWN: {
    page: "grids",
    en: {
      what: "The sheet names a server your connection does not have (a workbook made on another environment).",
      todo: "Log in with the workbook's connection, or open a grid from **Applications** in a new sheet.",
    },
    fr: {
      what: "La feuille désigne un serveur que votre connexion n'a pas (un classeur créé sur un autre environnement).",
      todo: "Ouvrez une session avec la connexion du classeur, ou ouvrez une grille depuis **Applications** dans une nouvelle feuille.",
    },
  },
  QB_ERR_APPLICATION_UNKNOWN: {
    page: "grids",
    en: {
      what: "The application was renamed or removed, the workbook was made on another server, or you may no longer open it.",
      todo: "Log in to the workbook's server, or ask your server's administrator for access.",
    },
    fr: {
      what: "L'application a été renommée ou supprimée, le classeur a été créé sur un autre serveur, ou vous ne pouvez plus l'ouvrir.",
      todo: "Ouvrez une session sur le serveur du classeur, ou demandez l'accès à l'administrateur de votre serveur.",
    },
  },
  QB_ERR_CUBE_UNKNOWN: {
    page: "grids",
    en: {
      what: "The cube was renamed or removed, or the workbook was made on another server.",
      todo: "Open a grid on your cube from **Applications** in a new sheet, or log in to the workbook's server.",
    },
    fr: {
      what: "Le cube a été renommé ou supprimé, ou le classeur a été créé sur un autre serveur.",
      todo: "Ouvrez une grille sur votre cube depuis **Applications** dans une nouvelle feuille, ou ouvrez une session sur le serveur du classeur.",
    },
  },
  QB_ERR_ALIAS_TABLE_UNKNOWN: {
    page: "grids",
    en: {
      what: "The grid's alias table is not one of this cube's, for example in a workbook made on another server.",
      todo: "Choose one of the cube's tables under **Alias table** in ☰ › **Member Selection** (Planning, PBCS: ☰ › **Settings**), then click **Refresh**.",
    },
    fr: {
      what: "La table d'alias de la grille n'est pas l'une de celles de ce cube, par exemple dans un classeur créé sur un autre serveur.",
      todo: "Choisissez l'une des tables du cube sous **Table d'alias** dans ☰ › **Sélection de membres** (Planning, PBCS : ☰ › **Paramètres**), puis cliquez sur **Actualiser**.",
    },
  },
  QB_ERR_MEMBER_UNKNOWN: {
    page: "grids",
    en: {
      what: "A name typed in the sheet or the POV is not a member: a typing error, a renamed member, or an alias of another alias table. With [Unknown member indication](features/settings/UnknownMemberIndication.md) on, the unknown names are outlined in red.",
      todo: "Correct the name, or pick the member in [Member Selection](features/features/MemberSelection.md), then click **Refresh**.",
    },
    fr: {
      what: "Un nom saisi dans la feuille ou le PDV n'est pas un membre : une faute de frappe, un membre renommé, ou l'alias d'une autre table d'alias. Avec le [signalement des membres inconnus](features/settings/UnknownMemberIndication.md) activé, les noms inconnus sont encadrés de rouge.",
      todo: "Corrigez le nom, ou choisissez le membre dans la [Sélection de membres](features/features/MemberSelection.md), puis cliquez sur **Actualiser**.",
    },
  },
  QB_ERR_OPERATION_UNSUPPORTED: {
    page: "grids",
    en: {
      seen: "QiBates cannot do this on your server: …",
      what: "Your server does not offer this feature, or refused it; the message usually gives the reason.",
      todo: "See [Features and compatibility](features-compatibility.md) for what your server allows, and the way round when there is one.",
    },
    fr: {
      seen: "QiBates ne peut pas faire cela sur votre serveur\u00a0: …",
      what: "Votre serveur n'offre pas cette fonctionnalité, ou l'a refusée ; le message en donne le plus souvent la raison.",
      todo: "Consultez [Fonctionnalités et compatibilité](features-compatibility.md) pour savoir ce que permet votre serveur, et comment faire autrement quand c'est possible.",
    },
  },
  QB_ERR_GRID_TOO_LARGE: {
    page: "grids",
    en: {
      what: "The grid, or what the operation would return, is larger than the QiBates server accepts: see [How large a grid can be](#how-large-a-grid-can-be).",
      todo: "Zoom in on fewer members, turn on [Missing suppression](features/settings/MissingSuppression.md), or split the report over several sheets; for a form, ask your Planning administrator to shorten it.",
    },
    fr: {
      what: "La grille, ou ce que l'opération renverrait, est plus grande que ce qu'accepte le serveur QiBates : voir [Taille maximale d'une grille](#taille-maximale-dune-grille).",
      todo: "Faites un zoom avant sur moins de membres, activez [Supprimer les lignes manquantes](features/settings/MissingSuppression.md), ou répartissez le rapport sur plusieurs feuilles ; pour un formulaire, demandez à votre administrateur Planning de le raccourcir.",
    },
  },
  QB_ERR_GRID_INVALID: {
    page: "grids",
    en: {
      what: "QiBates cannot read the grid's layout, for one of [four reasons](#grid-invalid-cases).",
      todo: "Do what [the list under this table](#grid-invalid-cases) says for your case.",
      cases: {
        lead: "Why the grid cannot be read, and what to do:",
        items: [
          "No member in the row-header columns (the row labels were deleted): type there a member of a dimension that is not in the POV row or the columns (`East` when Year is across).",
          "One dimension appears twice (Year in the POV row and in the rows): remove one.",
          "Two dimensions share one row-header column or column-header row (`Qtr1` typed under `New York`): keep one dimension in each.",
          "A member cell holds a number, such as `100` typed without its apostrophe (the message names the cell): type `'100`.",
        ],
      },
    },
    fr: {
      what: "QiBates ne peut pas lire la disposition de la grille, pour l'une de [quatre raisons](#grid-invalid-cases).",
      todo: "Faites ce que [la liste sous ce tableau](#grid-invalid-cases) indique pour votre cas.",
      cases: {
        lead: "Pourquoi la grille ne peut pas être lue, et que faire :",
        items: [
          "Aucun membre dans les colonnes d'en-têtes de ligne (les libellés de ligne ont été supprimés) : saisissez-y un membre d'une dimension absente de la ligne du PDV et des colonnes (`East` quand Year est en colonnes).",
          "Une même dimension apparaît deux fois (Year dans la ligne du PDV et dans les lignes) : retirez-en une.",
          "Deux dimensions partagent une colonne d'en-têtes de ligne ou une ligne d'en-têtes de colonne (`Qtr1` saisi sous `New York`) : gardez une seule dimension dans chacune.",
          "Une cellule de membre contient un nombre, comme `100` saisi sans son apostrophe (le message désigne la cellule) : saisissez `'100`.",
        ],
      },
    },
  },
  QB_ERR_SELECTION_INVALID: {
    page: "grids",
    en: {
      what: "The selection does not fit the operation ([four cases](#selection-invalid-cases)).",
      todo: "See [the list under this table](#selection-invalid-cases).",
      cases: {
        lead: "Why the selection is refused, and what to do:",
        items: [
          "A selected cell is outside the grid (selected before the grid shrank): select the cells again.",
          "A pivot from a data or blank cell: select a member cell.",
          "**Pivot to POV** on the last cell of the POV row: use **Pivot** to bring that dimension onto the grid.",
          "The rows or the columns would have no member left: keep at least one, for example with [Keep Only](features/actions/KeepRemoveOnly.md).",
        ],
      },
    },
    fr: {
      what: "La sélection ne convient pas à l'opération ([quatre cas](#selection-invalid-cases)).",
      todo: "Voir [la liste sous ce tableau](#selection-invalid-cases).",
      cases: {
        lead: "Pourquoi la sélection est refusée, et que faire :",
        items: [
          "Une cellule sélectionnée est hors de la grille (sélectionnée avant que la grille rétrécisse) : sélectionnez de nouveau les cellules.",
          "Un pivot depuis une cellule de données ou vide : sélectionnez une cellule de membre.",
          "**Pivoter vers le PDV** sur la dernière cellule de la ligne de PDV : utilisez **Pivoter** pour amener cette dimension dans la grille.",
          "Les lignes ou les colonnes n'auraient plus aucun membre : gardez-en au moins un, par exemple avec [Conserver uniquement](features/actions/KeepRemoveOnly.md).",
        ],
      },
    },
  },
  QB_ERR_PIVOT_LAST_DIMENSION: {
    page: "grids",
    en: {
      what: "A pivot would leave the rows or the columns with no dimension; the message names your dimension.",
      todo: "Put another dimension on that axis first, then pivot.",
    },
    fr: {
      what: "Un pivot laisserait les lignes ou les colonnes sans dimension ; le message nomme votre dimension.",
      todo: "Placez d'abord une autre dimension sur cet axe, puis faites le pivot.",
    },
  },
  QB_ERR_SAVE_CONFLICT: {
    page: "forms",
    en: {
      seen: "… cells changed since the grid was read, by another submit or a calculation. Nothing was saved. Refresh the grid to see the new values, then submit again.",
      what: "In an ad hoc grid on the demo server, some cells you submit were changed since your last refresh. A Planning form does not check this: the last submit wins.",
      todo: "Click **Refresh**, check the new values, and submit yours again if they still apply.",
    },
    fr: {
      seen: "…\u00a0cellules ont changé depuis la lecture de la grille, sous l'effet d'une autre soumission ou d'un calcul. Rien n'a été enregistré. Actualisez la grille pour voir les nouvelles valeurs, puis soumettez-la de nouveau.",
      what: "Dans une grille ad hoc sur le serveur de démonstration, certaines cellules soumises ont changé depuis votre dernière actualisation. Un formulaire Planning ne le vérifie pas\u00a0: la dernière soumission l'emporte.",
      todo: "Cliquez sur **Actualiser**, vérifiez les nouvelles valeurs et soumettez de nouveau les vôtres si elles sont toujours valables.",
    },
  },
  QB_ERR_CALC_FAILED: {
    page: "forms",
    en: {
      what: "On Essbase, the calculation script stopped with an error (syntax, locked blocks, permissions); the server's reason follows the colon.",
      todo: 'Send the reason in **Details** to your Essbase administrator. "Still running": see [When a long rule is cut off](troubleshooting-forms.md#when-a-long-rule-or-calculation-is-cut-off).',
    },
    fr: {
      what: "Sur Essbase, le script de calcul s'est arrêté sur une erreur (syntaxe, blocs verrouillés, droits) ; le serveur en donne la raison après les deux-points.",
      todo: "Transmettez la raison donnée dans **Détails** à votre administrateur Essbase. « Toujours en cours » : voir [Quand une règle longue est interrompue](troubleshooting-forms.md#quand-une-règle-ou-un-calcul-long-est-interrompu).",
    },
  },
  QB_ERR_SCRIPT_UNKNOWN: {
    page: "forms",
    en: {
      what: "On Essbase, the calculation script was renamed or removed since the Forms Library listed it.",
      todo: "Reopen ☰ › **Forms Library** and pick the script there, or ask your Essbase administrator.",
    },
    fr: {
      what: "Sur Essbase, le script de calcul a été renommé ou supprimé depuis que la bibliothèque de formulaires l'a listé.",
      todo: "Rouvrez ☰ › **Bibliothèque de formulaires** et choisissez-y le script, ou demandez à votre administrateur Essbase.",
    },
  },
  QB_ERR_RULE_FAILED: {
    page: "forms",
    en: {
      what: "The business rule stopped with an error, or was still running when QiBates stopped waiting; the server's reason follows the colon.",
      todo: "Still running: [When a long rule is cut off](troubleshooting-forms.md#when-a-long-rule-or-calculation-is-cut-off). After a submit: [When a rule fails](features/actions/SubmitForm.md#when-a-rule-fails). Otherwise, correct the prompt values or the data and [run it again](features/actions/RunRule.md); if it keeps failing, send the reason to the rule's owner.",
    },
    fr: {
      what: "La règle métier s'est arrêtée sur une erreur, ou était toujours en cours quand QiBates a cessé d'attendre ; le serveur en donne la raison après les deux-points.",
      todo: "Toujours en cours : [Quand une règle longue est interrompue](troubleshooting-forms.md#quand-une-règle-ou-un-calcul-long-est-interrompu). Après une soumission : [Quand une règle échoue](features/actions/SubmitForm.md#quand-une-règle-échoue). Sinon, corrigez les valeurs des invites ou les données et [relancez-la](features/actions/RunRule.md) ; si elle échoue encore, transmettez la raison à son responsable.",
    },
  },
  QB_ERR_RULE_UNKNOWN: {
    page: "forms",
    en: {
      what: "The rule's name is not spelled as in the Planning web interface (**Rules**), the plan type you chose is not the rule's, or you may not launch the rule.",
      todo: "Copy the name and plan type from the Planning web interface; if they are right, ask your Planning administrator for the right to launch it.",
    },
    fr: {
      what: "Le nom de la règle n'est pas écrit comme dans l'interface web de Planning (**Règles**), le type de plan choisi n'est pas celui de la règle, ou vous n'avez pas le droit de la lancer.",
      todo: "Recopiez le nom et le type de plan depuis l'interface web de Planning ; s'ils sont justes, demandez le droit de la lancer à votre administrateur Planning.",
    },
  },
  QB_ERR_PROMPT_UNKNOWN: {
    page: "forms",
    en: {
      what: "A prompt name you typed is not one of the rule's.",
      todo: "Type each prompt's name exactly as the Planning web interface shows it, or leave the prompt out to keep its default value.",
    },
    fr: {
      what: "Un nom d'invite saisi ne fait pas partie de ceux de la règle.",
      todo: "Saisissez chaque nom d'invite exactement comme l'interface web de Planning l'affiche, ou omettez l'invite pour garder sa valeur par défaut.",
    },
  },
  QB_ERR_PROMPT_MISSING: {
    page: "forms",
    en: {
      what: "Demo server only: the rule asks for a value you left empty; nothing was saved or run. Your company's server reports it as [a failed rule](#rule-failed) or [a refused value](#prompt-invalid).",
      todo: "Give a value to every prompt of the rule, then run it again.",
    },
    fr: {
      what: "Serveur de démonstration seulement : la règle attend une valeur que vous avez laissée vide ; rien n'a été enregistré ni exécuté. Le serveur de votre entreprise le signale comme [un échec de la règle](#rule-failed) ou [une valeur refusée](#prompt-invalid).",
      todo: "Donnez une valeur à chaque invite de la règle, puis relancez-la.",
    },
  },
  QB_ERR_PROMPT_INVALID: {
    page: "forms",
    en: {
      seen: 'The business rule "…" refused a runtime prompt value…',
      what: "The prompt does not allow the value (the message's end names it, or gives your server's reason). On the demo server, nothing was saved or run; on your company's server, at a submit, the cells were saved and the rules after it were not launched.",
      todo: "Choose a value the prompt allows, and run the rule again ([Run a business rule](features/actions/RunRule.md)), then the rules the message names, in order.",
    },
    fr: {
      seen: "La règle métier «\u00a0…\u00a0» a refusé une valeur d'invite d'exécution…",
      what: "L'invite n'accepte pas cette valeur (la fin du message la nomme, ou donne la raison de votre serveur). Sur le serveur de démonstration, rien n'a été enregistré ni exécuté ; sur celui de votre entreprise, à une soumission, les cellules ont été enregistrées et les règles suivantes n'ont pas été lancées.",
      todo: "Choisissez une valeur que l'invite accepte et relancez la règle ([Lancer une règle métier](features/actions/RunRule.md)), puis les règles que nomme le message, dans l'ordre.",
    },
  },
  QB_ERR_VALIDATION: {
    page: "forms",
    en: {
      seen: 'The form "…" does not offer "…" for …',
      what: "A member you chose is not one the form's drop-down offers, or another value was refused ([two other messages](#validation-cases)). Nothing was saved or run.",
      todo: "Pick a member the drop-down offers.",
      cases: {
        lead: "Two other messages of the same kind:",
        items: [
          '**The form "…" fixes … to "…".** Only that member can be used for that dimension (grayed in the POV bar): open a form that lets you choose another.',
          '**The rule "…" of plan type … is a … rule, not "…".** Under **Run a rule by name**, empty the **Rule type** box.',
        ],
      },
    },
    fr: {
      seen: "Le formulaire « … » ne propose pas « … » pour …",
      what: "Un membre que vous avez choisi n'est pas proposé par la liste déroulante du formulaire, ou une autre valeur a été refusée ([deux autres messages](#validation-cases)). Rien n'a été enregistré ni exécuté.",
      todo: "Choisissez un membre que propose la liste déroulante.",
      cases: {
        lead: "Deux autres messages du même type\u00a0:",
        items: [
          "**Le formulaire « … » fixe … à « … ».** Seul ce membre peut être utilisé pour cette dimension (grisée dans la barre de PDV)\u202f: ouvrez un formulaire qui vous en laisse choisir un autre.",
          "**La règle « … » du type de plan … est de type …, et non « … ».** Sous **Lancer une règle par son nom**, videz la zone **Type de règle**.",
        ],
      },
    },
  },
  QB_ERR_CELL_TOO_LONG: {
    page: "forms",
    en: {
      what: "In a Planning form, the whole submit is refused: nothing was saved.",
      todo: "Do as the message says ([Submit with large cell](features/settings/SubmitWithLargeCell.md)).",
    },
    fr: {
      what: "Dans un formulaire Planning, toute la soumission est refusée\u202f: rien n'a été enregistré.",
      todo: "Faites ce que dit le message ([Soumission des cellules longues](features/settings/SubmitWithLargeCell.md)).",
    },
  },
  QB_ERR_FORM_UNKNOWN: {
    page: "forms",
    en: {
      seen: 'The form "…" does not exist…',
      what: "The form's name is not spelled as on the server, or the form was renamed, moved or removed, or your access to it was.",
      todo: "Check the form's exact name in the Planning web interface (on the demo server, refresh the Forms Library).",
    },
    fr: {
      seen: "Le formulaire «\u00a0…\u00a0» n'existe pas…",
      what: "Le nom du formulaire n'est pas écrit comme sur le serveur, ou le formulaire a été renommé, déplacé ou supprimé, ou votre accès retiré.",
      todo: "Vérifiez le nom exact du formulaire dans l'interface web de Planning (sur le serveur de démonstration, actualisez la bibliothèque de formulaires).",
    },
  },
  QB_ERR_FOLDER_UNKNOWN: {
    page: "forms",
    en: {
      what: "On the demo server, the folder is not spelled as in the Forms Library, or it was renamed.",
      todo: "Refresh the Forms Library and pick the folder from it.",
    },
    fr: {
      what: "Sur le serveur de démonstration, le dossier n'est pas écrit comme dans la bibliothèque de formulaires, ou il a été renommé.",
      todo: "Actualisez la bibliothèque de formulaires et choisissez-y le dossier.",
    },
  },
  QB_ERR_TASKLIST_UNKNOWN: {
    page: "forms",
    en: {
      what: "On the demo server, the task list the screen shows is no longer the server's.",
      todo: "Reopen [Task lists](features/actions/TaskLists.md).",
    },
    fr: {
      what: "Sur le serveur de démonstration, la liste de tâches affichée n'existe plus sur le serveur.",
      todo: "Rouvrez les [listes de tâches](features/actions/TaskLists.md).",
    },
  },
  QB_ERR_TASK_UNKNOWN: {
    page: "forms",
    en: {
      what: "On the demo server, the list the screen shows is no longer the server's.",
      todo: "Reopen [Task lists](features/actions/TaskLists.md).",
    },
    fr: {
      what: "Sur le serveur de démonstration, la liste affichée n'est plus celle du serveur.",
      todo: "Rouvrez les [listes de tâches](features/actions/TaskLists.md).",
    },
  },
  QB_ERR_AUTH_KEY_INVALID: {
    page: "login",
    en: {
      what: "Your API key was deleted, or another QiBates server issued it; with the demo API key, the demo server now publishes a new one.",
      todo: "Get a new key on the key page of your QiBates server and paste it when the pane asks for it, as at the first launch ([Excel](activation/Activate-on-Excel.md#first-launch), [Google Sheets](activation/Activate-on-Docs.md#first-launch)); with the demo API key, paste the new demo key. If you lack the key page's address, ask your QiBates administrator.",
    },
    fr: {
      what: "Votre clé d'API a été supprimée, ou un autre serveur QiBates l'a délivrée ; avec la clé d'API de démonstration, le serveur de démonstration en publie désormais une nouvelle.",
      todo: "Obtenez une nouvelle clé sur la page de clé de votre serveur QiBates et collez-la quand le volet la demande, comme au premier lancement ([Excel](activation/Activate-on-Excel.md#premier-lancement), [Google Sheets](activation/Activate-on-Docs.md#premier-lancement)) ; avec la clé d'API de démonstration, collez la nouvelle clé de démonstration. S'il vous manque l'adresse de la page de clé, adressez-vous à votre administrateur QiBates.",
    },
  },
  QB_ERR_OAUTH_FAILED: {
    page: "login",
    en: {
      what: "On the key page, the sign-in with Google or Microsoft was cancelled, refused sharing your e-mail address, or could not be checked; the end of the message gives the reason.",
      todo: "Open the key page again, as at the first launch ([Excel](activation/Activate-on-Excel.md#first-launch), [Google Sheets](activation/Activate-on-Docs.md#first-launch)), and accept sharing your e-mail address. If the message comes back, send it to your QiBates administrator.",
    },
    fr: {
      what: "Sur la page de clé, l'identification avec Google ou Microsoft a été annulée, a refusé de partager votre adresse e-mail, ou n'a pas pu être vérifiée ; la fin du message, en anglais, en donne la raison.",
      todo: "Rouvrez la page de clé, comme au premier lancement ([Excel](activation/Activate-on-Excel.md#premier-lancement), [Google Sheets](activation/Activate-on-Docs.md#premier-lancement)), et acceptez le partage de votre adresse e-mail. Si le message revient, transmettez-le à votre administrateur QiBates.",
    },
  },
  QB_ERR_RATE_LIMITED: {
    page: "login",
    en: {
      what: "A limit of QiBates was reached; or, when the message adds that the server you are connected to refuses, your own server refuses for a while, at any action, Refresh included. See [whose limit it is](troubleshooting-login.md#too-many-requests).",
      todo: "Wait the number of seconds the message gives, then go on. If it happens often, see [whose limit it is](troubleshooting-login.md#too-many-requests) for whom to tell.",
    },
    fr: {
      what: "Une limite de QiBates a été atteinte ; ou, quand le message ajoute que c'est le serveur auquel vous êtes connecté qui refuse, votre propre serveur refuse pendant un moment, à n'importe quelle action, actualisation comprise. Voir [à qui est la limite](troubleshooting-login.md#trop-de-requêtes).",
      todo: "Attendez le nombre de secondes que donne le message, puis continuez. Si cela se reproduit souvent, voir [à qui est la limite](troubleshooting-login.md#trop-de-requêtes) pour savoir qui prévenir.",
    },
  },
  QB_ERR_PROVIDER_ERROR: {
    page: "grids",
    en: {
      what: "Your server refused the operation; its own message follows (a security filter, a stopped application, a locked object…).",
      todo: "Click **Copy** in **Details** and send it to your server's administrator.",
    },
    fr: {
      what: "Votre serveur a refusé l'opération ; son propre message suit (un filtre de sécurité, une application arrêtée, un objet verrouillé…).",
      todo: "Cliquez sur **Copier** dans **Détails** et transmettez-le à l'administrateur de votre serveur.",
    },
  },
  QB_ERR_SESSION_STORE_UNAVAILABLE: {
    page: "login",
    server: true,
    en: {
      what: "The QiBates server cannot reach where it keeps sessions; your server and your data are not at fault.",
      todo: "Wait a minute, then try again. If it lasts, tell your QiBates administrator the time.",
    },
    fr: {
      what: "Le serveur QiBates ne peut pas joindre l'endroit où il garde les sessions ; votre serveur et vos données ne sont pas en cause.",
      todo: "Attendez une minute, puis réessayez. Si cela dure, indiquez l'heure à votre administrateur QiBates.",
    },
  },
  QB_ERR_DATA_STORE_UNAVAILABLE: {
    page: "login",
    server: true,
    en: {
      what: "The QiBates server cannot reach its own database; your server and your data are not at fault.",
      todo: "Wait a minute, then try again. If it lasts, tell your QiBates administrator, with the time it happened.",
    },
    fr: {
      what: "Le serveur QiBates ne peut pas joindre sa propre base de données ; votre serveur et vos données ne sont pas en cause.",
      todo: "Attendez une minute, puis réessayez. Si cela dure, prévenez votre administrateur QiBates en lui indiquant l'heure.",
    },
  },
  QB_ERR_INTERNAL: {
    page: "login",
    server: true,
    en: {
      what: "The QiBates server met an unexpected fault; nothing was changed. This message is in English whatever your language.",
      todo: "Try once more. If it comes back, click **Copy** in the notification's **Details** and send the text to your QiBates administrator, with the time it happened: they find the fault in the QiBates server's log.",
    },
    fr: {
      what: "Le serveur QiBates a rencontré une erreur inattendue ; rien n'a été modifié. Ce message est en anglais, quelle que soit votre langue.",
      todo: "Réessayez une fois. Si le message revient, cliquez sur **Copier** dans les **Détails** de la notification et envoyez le texte à votre administrateur QiBates en lui indiquant l'heure : il retrouve l'erreur dans le journal du serveur QiBates.",
    },
  },
};
