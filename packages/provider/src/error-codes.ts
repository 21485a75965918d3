/**
 * The registry of API error codes: one entry per `QB_ERR_*` code of `openapi/qibates.yaml`
 * (schema `ErrorCode`), with its HTTP status and its English and French message templates.
 *
 * Plain data and pure functions only, so that the server, the documentation and the tests share it.
 * Templates name their parameters in braces (`{field}`); `formatErrorMessage` fills them.
 */

export type ErrorStatus =
  | 400
  | 401
  | 403
  | 404
  | 405
  | 408
  | 409
  | 413
  | 415
  | 417
  | 422
  | 429
  | 431
  | 500
  | 502
  | 503
  | 504;

export type ErrorLocale = "en" | "fr";

/** A parameter worded in each language (a reason the server writes itself rather than a name it quotes). */
export interface LocalizedText {
  readonly en: string;
  readonly fr: string;
}

/** The parameters of a message template: values quoted as they are, or words given in each language. */
export type ErrorParams = Readonly<Record<string, string | number | LocalizedText>>;

export interface ErrorCodeDefinition {
  /** HTTP status answered with this code. */
  readonly status: ErrorStatus;
  /** Message template in English. */
  readonly en: string;
  /** Message template in French; same placeholders as `en`. */
  readonly fr: string;
  /** When the code is answered, for the error catalogue (English). */
  readonly when: string;
  /** When the code is answered, for the error catalogue (French). */
  readonly whenFr: string;
  /**
   * `false` for a code kept in the contract that the server no longer returns: the error catalogue lists it last,
   * apart from the codes a client can meet, and the documentation gives no advice for it.
   */
  readonly returned?: false;
  /**
   * A line for the developer, in English, naming what the message leaves out for the person who reads it (an
   * operation, an API field, a setting, a connector value, a reason in a developer's words): answered as the
   * error's `detail` when every parameter it names is given (a part in brackets, when its own parameters are).
   */
  readonly detail?: string;
  /**
   * The words of a parameter the caller does not give, in each language: a message that names whose refusal it is
   * when the caller says nothing of it (QiBates's own limit, unless the server's refusal is given).
   */
  readonly defaults?: Readonly<Record<string, LocalizedText>>;
}

/** The 500 message is fixed by the product specification, in every locale. */
export const INTERNAL_ERROR_MESSAGE = "Internal server error";

/**
 * The sentence `QB_ERR_RATE_LIMITED` says when the refusal is QiBates's own (its limits on use): the server's own
 * refusal says {@link SERVER_REFUSAL} instead, so that either message says whose limit it is.
 */
export const QIBATES_REFUSAL: LocalizedText = {
  en: "QiBates limits your requests for now.",
  fr: "QiBates limite vos requêtes pour le moment.",
};

export const ERROR_CODES = {
  QB_ERR_VALIDATION: {
    status: 400,
    en: "[Invalid value for {field}: {reason}][{sentence}].",
    fr: "[Valeur invalide pour {field} : {reason}][{sentence}].",
    when: "A parameter, header or body property does not match the contract (type, enumeration, pattern, bounds, required, a name settings does not list): the message names the field. Or the call's target refuses a value the add-in's user may have chosen (a POV member a Planning form does not offer, a rule type, a rule on save or a subform the form does not have): the message says it in the user's words and field names the API field.",
    whenFr:
      "Un paramètre, un en-tête ou une propriété du corps ne respecte pas le contrat (type, énumération, motif, bornes, obligatoire, un nom que settings ne liste pas)\u00a0: le message nomme le champ. Ou la cible de l'appel refuse une valeur que l'utilisateur du complément a pu choisir (un membre du PDV qu'un formulaire Planning ne propose pas, un type de règle, une règle à l'enregistrement ou un sous-formulaire que le formulaire n'a pas)\u00a0: le message le dit dans ses mots et field nomme le champ de l'API.",
  },
  QB_ERR_JSON_MALFORMED: {
    status: 400,
    en: "The request body is not valid JSON: {reason}.",
    fr: "Le corps de la requête n'est pas un JSON valide : {reason}.",
    when: "The body cannot be parsed as JSON, or nests arrays and objects more than 64 levels deep.",
    whenFr:
      "Le corps ne peut pas être lu comme du JSON, ou imbrique tableaux et objets sur plus de 64\u00a0niveaux.",
  },
  QB_ERR_BODY_TOO_LARGE: {
    status: 413,
    en: "The request body exceeds {limit} bytes.",
    fr: "Le corps de la requête dépasse {limit} octets.",
    when: "The body is larger than the call accepts: BODY_LIMIT_BYTES (10 MiB by default) for the calls that carry a grid (beside the grid, at most 64 KiB plus 32 bytes per cell of the grid, room for a list of its cells), 64 KiB for the others, or BODY_LIMIT_BYTES when it is smaller.",
    whenFr:
      "Le corps dépasse ce que l'appel accepte\u00a0: BODY_LIMIT_BYTES (10\u202fMio par défaut) pour les appels qui portent une grille (hors de la grille, 64\u202fKio au plus, plus 32\u00a0octets par cellule de la grille pour une liste de ses cellules), 64\u202fKio pour les autres, ou BODY_LIMIT_BYTES s'il est plus petit.",
  },
  QB_ERR_MEDIA_TYPE: {
    status: 415,
    en: "Unsupported content type {contentType}; send application/json.",
    fr: "Type de contenu {contentType} non pris en charge ; envoyez application/json.",
    when: "A POST body is not sent as application/json.",
    whenFr: "Le corps d'un POST n'est pas envoyé en application/json.",
  },
  QB_ERR_CONTENT_ENCODING: {
    status: 415,
    en: "Unsupported content encoding {encoding}; {accepted}.",
    fr: "Encodage de contenu {encoding} non pris en charge ; {accepted}.",
    when: "The body is compressed (Content-Encoding) on a call that takes it uncompressed, or with an encoding other than gzip, deflate or br on a grid call.",
    whenFr:
      "Le corps est compressé (Content-Encoding) pour un appel qui le prend non compressé, ou avec un autre encodage que gzip, deflate ou br pour un appel de grille.",
  },
  QB_ERR_REQUEST_MALFORMED: {
    status: 400,
    en: "The HTTP request cannot be read: {reason}.",
    fr: "La requête HTTP est illisible : {reason}.",
    when: "The address is not validly percent-encoded, or the request line, headers, Content-Length or chunked encoding are malformed.",
    whenFr:
      "L'adresse n'est pas correctement encodée en pourcentage, ou la ligne de requête, les en-têtes, le Content-Length ou le découpage en blocs sont mal formés.",
  },
  QB_ERR_REQUEST_TIMEOUT: {
    status: 408,
    en: "The request was not received in full within the time allowed ({seconds} s).",
    fr: "La requête n'a pas été reçue en entier dans le délai imparti ({seconds} s).",
    when: "Headers and body did not arrive within REQUEST_TIMEOUT_SECONDS (60 seconds by default); the connection is closed. A request cut off in its headers gets the message in the language of the connection's previous request, else in English (the Accept-Language line of an unfinished head is not read).",
    whenFr:
      "Les en-têtes et le corps ne sont pas arrivés dans le délai REQUEST_TIMEOUT_SECONDS (60\u00a0secondes par défaut)\u202f; la connexion est fermée. Une requête interrompue dans ses en-têtes reçoit le message dans la langue de la requête précédente de la connexion, sinon en anglais (la ligne Accept-Language d'en-têtes inachevés n'est pas lue).",
  },
  QB_ERR_HEADERS_TOO_LARGE: {
    status: 431,
    en: "The request headers are larger than {limit} bytes.",
    fr: "Les en-têtes de la requête dépassent {limit} octets.",
    when: "The request line and headers together exceed 16 KiB; the connection is closed.",
    whenFr:
      "La ligne de requête et les en-têtes dépassent ensemble 16\u202fKio\u202f; la connexion est fermée.",
  },
  QB_ERR_EXPECTATION_FAILED: {
    status: 417,
    en: "The expectation {expect} cannot be met; send the request without Expect, or with Expect: 100-continue.",
    fr: "L'attente {expect} ne peut pas être satisfaite\u202f; envoyez la requête sans Expect, ou avec Expect: 100-continue.",
    when: "The request has an Expect header other than 100-continue; the body, if any, is not read.",
    whenFr:
      "La requête porte un en-tête Expect autre que 100-continue\u202f; son corps éventuel n'est pas lu.",
  },
  QB_ERR_NOT_FOUND: {
    status: 404,
    en: "No route {method} {path}.",
    fr: "Aucune route {method} {path}.",
    when: "The path is not part of the API.",
    whenFr: "Le chemin ne fait pas partie de l'API.",
  },
  QB_ERR_METHOD_NOT_ALLOWED: {
    status: 405,
    en: "Method {method} is not allowed on {path}; use {allowed}.",
    fr: "La méthode {method} n'est pas autorisée sur {path} ; utilisez {allowed}.",
    when: "The path exists with another HTTP method.",
    whenFr: "Le chemin existe avec une autre méthode HTTP.",
  },
  QB_ERR_AUTH_KEY_MISSING: {
    status: 401,
    en: "The qibateskey header is missing.",
    fr: "L'en-tête qibateskey est absent.",
    when: "A call that needs an API key has no qibateskey header (nor session cookie where accepted).",
    whenFr:
      "Un appel qui exige une clé d'API n'a pas d'en-tête qibateskey (ni de cookie de session là où il est accepté).",
  },
  QB_ERR_AUTH_KEY_INVALID: {
    status: 401,
    en: "The API key is unknown or has been deleted.",
    fr: "La clé d'API est inconnue ou a été supprimée.",
    when: "The qibateskey header does not match a live key.",
    whenFr: "L'en-tête qibateskey ne correspond à aucune clé en vigueur.",
  },
  QB_ERR_CONNECTOR_INVALID: {
    status: 400,
    en: "QiBates does not know the server type of this connection; choose its server type again.",
    fr: "QiBates ne connaît pas le type de serveur de cette connexion ; choisissez de nouveau son type de serveur.",
    detail: "The connector header must be one of {accepted}.",
    when: "The connector header is missing or not one of the five connectors.",
    whenFr: "L'en-tête connector est absent ou ne désigne aucun des cinq connecteurs.",
  },
  QB_ERR_CONNECTOR_FAMILY: {
    status: 400,
    en: "This action is not available for this type of server.",
    fr: "Cette action n'est pas disponible pour ce type de serveur.",
    detail: "This call accepts the connectors {accepted}; got {connector}.",
    when: "The connector is not in the x-qibates-connectors list of the call (Essbase family vs planning family).",
    whenFr:
      "Le connecteur ne figure pas dans la liste x-qibates-connectors de l'appel (famille Essbase ou famille Planning).",
  },
  QB_ERR_CONNECTOR_MISMATCH: {
    status: 400,
    en: "This session was opened for another type of server; log in again with this connection.",
    fr: "Cette session a été ouverte pour un autre type de serveur ; reconnectez-vous avec cette connexion.",
    detail: "The session was opened with connector {expected}; got {connector}.",
    when: "The connector header differs from the connector the loginid was opened with.",
    whenFr: "L'en-tête connector diffère du connecteur avec lequel le loginid a été ouvert.",
  },
  QB_ERR_SESSION_UNKNOWN: {
    status: 401,
    en: "The session does not exist or has expired; log in again.",
    fr: "La session n'existe pas ou a expiré ; reconnectez-vous.",
    when: "The loginid is unknown or logged out, idle for more than SESSION_IDLE_MINUTES (30 by default), older than SESSION_MAX_HOURS (12 by default), ended by a newer login of the same key owner beyond MAX_SESSIONS_PER_KEY (100 by default), or held by a QiBates server that has restarted since, or by another server than the one the call reached; also a loginid opened with a key of another account, treated as one that does not exist.",
    whenFr:
      "Le loginid est inconnu ou fermé, inactif depuis plus de SESSION_IDLE_MINUTES (30 par défaut), plus ancien que SESSION_MAX_HOURS (12 par défaut), fermé par une connexion plus récente du même propriétaire de clé au-delà de MAX_SESSIONS_PER_KEY (100 par défaut), ou détenu par un serveur QiBates qui a redémarré depuis, ou par un autre serveur que celui que l'appel a atteint\u202f; aussi un loginid ouvert avec une clé d'un autre compte, traité comme s'il n'existait pas.",
  },
  QB_ERR_OPERATION_UNKNOWN: {
    status: 404,
    en: "The operation {operationId} does not exist, has expired or belongs to another API key.",
    fr: "L'opération {operationId} n'existe pas, a expiré ou appartient à une autre clé d'API.",
    when: "GET /operations/{operationId} names no operation started with this API key, or one that ended more than OPERATIONS_KEPT_HOURS (24 by default) ago.",
    whenFr:
      "GET /operations/{operationId} ne désigne aucune opération lancée avec cette clé d'API, ou une opération terminée depuis plus de OPERATIONS_KEPT_HOURS (24 par défaut).",
  },
  QB_ERR_OPERATION_LOST: {
    status: 503,
    en: "The API node running this operation stopped before it ended; the job may have run on the server: check before running it again.",
    fr: "Le nœud d'API qui exécutait cette opération s'est arrêté avant la fin ; le travail a pu s'exécuter sur le serveur : vérifiez avant de le relancer.",
    when: "An operation that returned 202 was running on an API node that stopped (restart, crash) before the call ended: its status in GET /operations/{operationId} is failed with this error.",
    whenFr:
      "Une opération pour laquelle l'appel a renvoyé 202 s'exécutait sur un nœud d'API qui s'est arrêté (redémarrage, panne) avant la fin de l'appel\u00a0: GET /operations/{operationId} la donne en échec avec cette erreur.",
  },
  QB_ERR_OPERATION_LIMIT: {
    status: 429,
    en: "This API key holds as many operations as the server keeps for one key ({limit}); retry in {seconds} s.",
    fr: "Cette clé d'API détient autant d'opérations que le serveur en conserve pour une clé ({limit})\u202f; réessayez dans {seconds}\u202fs.",
    detail: "The same call without Prefer: respond-async is not counted: it answers when it ends.",
    when: "A call with Prefer: respond-async while its API key holds OPERATIONS_PER_KEY (1,000 by default) operations not yet expired, running or ended (with the public demo API key: those started from the same client address, an IPv6 client's whole /64 network); the seconds are those until the first of them expires. Nothing is run or stored; the same call without respond-async returns its result when it ends.",
    whenFr:
      "Un appel avec Prefer: respond-async alors que sa clé d'API détient OPERATIONS_PER_KEY (1\u202f000 par défaut) opérations pas encore expirées, en cours ou terminées (avec la clé d'API de démonstration publique\u00a0: celles lancées depuis la même adresse du client, tout le réseau /64 d'un client IPv6)\u202f; le nombre de secondes est celui avant que la première d'entre elles n'expire. Rien n'est exécuté ni conservé\u202f; le même appel sans respond-async reçoit sa réponse quand il se termine.",
  },
  QB_ERR_SESSION_STORE_UNAVAILABLE: {
    status: 503,
    en: "Sessions cannot be read or written now: their store is unavailable. Try again in a moment.",
    fr: "Les sessions ne peuvent pas être lues ni écrites pour l'instant : leur stockage est indisponible. Réessayez dans un instant.",
    when: "The session store (Redis, REDIS_URL) cannot be reached: login, logout and every call with a loginid are refused until it is back.",
    whenFr:
      "Le stockage des sessions (Redis, REDIS_URL) est injoignable\u00a0: la connexion, la déconnexion et chaque appel avec un loginid sont refusés jusqu'à son retour.",
  },
  QB_ERR_DATA_STORE_UNAVAILABLE: {
    status: 503,
    en: "The server's database cannot be reached now. Try again in a moment.",
    fr: "La base de données du serveur est injoignable pour l'instant. Réessayez dans un instant.",
    when: "The database (PostgreSQL, DATABASE_URL) cannot be reached: calls that read API keys, the journal or saved state are refused until it is back.",
    whenFr:
      "La base de données (PostgreSQL, DATABASE_URL) est injoignable\u00a0: les appels qui lisent les clés d'API, le journal ou l'état enregistré sont refusés jusqu'à son retour.",
  },
  QB_ERR_PROVIDER_ADDRESS: {
    status: 400,
    en: "The provider address for server type {serverType} must end with {suffix}[ and {also}].",
    fr: "L'adresse du fournisseur pour le type de serveur {serverType} doit se terminer par {suffix}[ et {also}].",
    detail: "The providerAddress of connector {connector} must end with {suffix}.",
    when: "providerAddress does not end with the suffix of the connector, does not start with https:// (or http://), or holds a user name or password; the message adds the last two.",
    whenFr:
      "providerAddress ne se termine pas par le suffixe du connecteur, ne commence pas par https:// (ou http://), ou contient un nom d'utilisateur ou un mot de passe\u202f; le message ajoute ces deux derniers cas.",
  },
  QB_ERR_HOST_NOT_ALLOWED: {
    status: 403,
    en: "The host {host} is not on the allow-list of this server.",
    fr: "L'hôte {host} ne figure pas dans la liste des hôtes autorisés de ce serveur.",
    when: "The host of providerAddress is not on the server's allow-list (checked before any connection).",
    whenFr:
      "L'hôte de providerAddress ne figure pas dans la liste des hôtes autorisés du serveur (vérifié avant toute connexion).",
  },
  QB_ERR_HOST_INTERNAL_ADDRESS: {
    status: 403,
    en: "The host {host} resolves to an internal address ({address}); only a host listed exactly in the allow-list may.",
    fr: "L'hôte {host} correspond à une adresse interne ({address}) ; seul un hôte inscrit sous son nom exact dans la liste des hôtes autorisés peut y correspondre.",
    when: "The provider's host resolves to a loopback, private, link-local or cloud metadata address and is not listed by its exact name in ALLOWED_HOSTS.",
    whenFr:
      "L'hôte du fournisseur correspond à une adresse de bouclage, privée, locale au lien ou de métadonnées cloud et ne figure pas sous son nom exact dans ALLOWED_HOSTS.",
  },
  QB_ERR_LOGIN_FAILED: {
    status: 401,
    en: "The provider rejected the user name or password.",
    fr: "Le fournisseur a refusé le nom d'utilisateur ou le mot de passe.",
    when: "The provider refused the credentials.",
    whenFr: "Le fournisseur a refusé les identifiants.",
  },
  QB_ERR_PROVIDER_UNREACHABLE: {
    status: 502,
    en: "The provider at {address} cannot be reached: {reason}.",
    fr: "Le fournisseur à l'adresse {address} est injoignable : {reason}.",
    when: "The provider gave no usable response: its name does not resolve, the connection is refused, reset or timed out, its TLS certificate is not trusted, it redirects, or it returned an HTTP error without its protocol's own error message. The response is the same in every case; the QiBates log tells which.",
    whenFr:
      "Le fournisseur n'a donné aucune réponse exploitable\u00a0: son nom ne se résout pas, la connexion est refusée, interrompue ou expirée, son certificat TLS n'est pas reconnu, il redirige, ou il a renvoyé une erreur HTTP sans le message d'erreur de son protocole. La réponse est la même dans tous les cas\u202f; le journal de QiBates précise lequel.",
  },
  QB_ERR_PROVIDER_TIMEOUT: {
    status: 502,
    en: "The provider at {address} did not answer within {seconds} seconds.",
    fr: "Le fournisseur à l'adresse {address} n'a pas répondu en {seconds} secondes.",
    when: "Not returned (kept in the contract for compatibility). A provider that does not answer in time gets QB_ERR_PROVIDER_UNREACHABLE, so that an answer does not tell an open port from a closed one.",
    whenFr:
      "Jamais renvoyé (conservé dans le contrat par compatibilité). Un fournisseur qui ne répond pas à temps donne QB_ERR_PROVIDER_UNREACHABLE, pour qu'une réponse ne permette pas de distinguer un port ouvert d'un port fermé.",
    returned: false,
  },
  QB_ERR_PROVIDER_MALFORMED: {
    status: 502,
    en: "The provider at {address} returned something QiBates cannot read: {reason}.",
    fr: "Le fournisseur à l'adresse {address} a renvoyé une réponse illisible pour QiBates : {reason}.",
    when: "The provider's response does not follow its protocol (not JSON, a missing field, a response too large). The reason is in the language of the message, English or French.",
    whenFr:
      "La réponse du fournisseur ne respecte pas son protocole (pas du JSON, un champ manquant, une réponse trop volumineuse). La raison est dans la langue du message, anglais ou français.",
  },
  QB_ERR_PROVIDER_ERROR: {
    status: 502,
    en: "The provider returned an error: {reason}",
    fr: "Le fournisseur a renvoyé une erreur : {reason}",
    when: "The provider returned an error that QiBates cannot map to a more precise code.",
    whenFr: "Le fournisseur a renvoyé une erreur que QiBates ne sait pas rattacher à un code plus précis.",
  },
  QB_ERR_CALL_TIMEOUT: {
    status: 504,
    en: "The request did not end within {seconds} seconds and QiBates stopped it: {outcome}.",
    fr: "La requête ne s'est pas terminée en {seconds} secondes et QiBates l'a arrêtée : {outcome}.",
    detail: "The call's deadline, CONNECTION_TIMEOUT_SECONDS, is {seconds} s.",
    when: "A request other than a calculation or a business rule (an API call through a connector, or a Smart View, XMLA or REST request to a protocol endpoint in front of a server, QIBATES_WIRE_UPSTREAM) was still under way CONNECTION_TIMEOUT_SECONDS (900 by default) after it started, every exchange with the server behind QiBates counted: that server was slow on each answer, or trickled its answer. The message says what may already have been written (nothing, for a read). Calculations and business rules are bounded by CALC_JOB_TIMEOUT_SECONDS instead.",
    whenFr:
      "Une requête autre qu'un calcul ou une règle métier (un appel de l'API par un connecteur, ou une requête Smart View, XMLA ou REST à un point d'accès de protocole placé devant un serveur, QIBATES_WIRE_UPSTREAM) était encore en cours CONNECTION_TIMEOUT_SECONDS (900 par défaut) après son début, chaque échange avec le serveur placé derrière QiBates compris\u00a0: ce serveur était lent à chaque réponse, ou envoyait sa réponse au compte-gouttes. Le message dit ce qui a déjà pu être écrit (rien, pour une lecture). Les calculs et les règles métier sont bornés par CALC_JOB_TIMEOUT_SECONDS.",
  },
  QB_ERR_SERVER_UNKNOWN: {
    status: 404,
    en: 'The server "{server}" does not exist.',
    fr: "Le serveur « {server} » n'existe pas.",
    when: "server names no server of the provider.",
    whenFr: "server ne désigne aucun serveur du fournisseur.",
  },
  QB_ERR_APPLICATION_UNKNOWN: {
    status: 404,
    en: 'The application "{application}" does not exist on server "{server}".',
    fr: "L'application « {application} » n'existe pas sur le serveur « {server} ».",
    when: "application names no application of the server, or one the user may not open.",
    whenFr:
      "application ne désigne aucune application du serveur, ou une application que l'utilisateur ne peut pas ouvrir.",
  },
  QB_ERR_CUBE_UNKNOWN: {
    status: 404,
    en: 'The cube "{cube}" does not exist in application "{application}".',
    fr: "Le cube « {cube} » n'existe pas dans l'application « {application} ».",
    when: "cube names no cube (or plan type) of the application.",
    whenFr: "cube ne désigne aucun cube (ou type de plan) de l'application.",
  },
  QB_ERR_DIMENSION_UNKNOWN: {
    status: 404,
    en: 'The dimension "{dimension}" does not exist in cube "{cube}".',
    fr: "La dimension « {dimension} » n'existe pas dans le cube « {cube} ».",
    when: "A dimension named in the body does not exist.",
    whenFr: "Une dimension nommée dans le corps n'existe pas.",
  },
  QB_ERR_MEMBER_UNKNOWN: {
    status: 422,
    en: 'Unknown member "{member}".',
    fr: "Membre inconnu « {member} ».",
    when: "A grid label, POV member or member argument is neither a member name nor an alias of the active table.",
    whenFr:
      "Un libellé de la grille, un membre du PDV ou un membre passé en argument n'est ni un nom de membre ni un alias de la table active.",
  },
  QB_ERR_ALIAS_TABLE_UNKNOWN: {
    status: 404,
    en: 'The alias table "{aliasTable}" does not exist.',
    fr: "La table d'alias « {aliasTable} » n'existe pas.",
    when: "aliastable, settings.aliasTable or aliasId names no alias table.",
    whenFr: "aliastable, settings.aliasTable ou aliasId ne désigne aucune table d'alias.",
  },
  QB_ERR_SCRIPT_UNKNOWN: {
    status: 404,
    en: 'The calculation script "{script}" does not exist in cube "{cube}".',
    fr: "Le script de calcul « {script} » n'existe pas dans le cube « {cube} ».",
    when: "action.script names no calculation script of the cube.",
    whenFr: "action.script ne désigne aucun script de calcul du cube.",
  },
  QB_ERR_CALC_FAILED: {
    status: 422,
    en: 'The calculation script "{script}" failed: {reason}',
    fr: "Le script de calcul « {script} » a échoué : {reason}",
    when: "The calculation script stopped with an error, or was still running after CALC_JOB_TIMEOUT_SECONDS (600 by default): QiBates stopped waiting; it keeps running on the server.",
    whenFr:
      "Le script de calcul s'est arrêté sur une erreur, ou tournait encore après CALC_JOB_TIMEOUT_SECONDS (600 par défaut)\u00a0: QiBates a cessé d'attendre, il se poursuit sur le serveur.",
  },
  QB_ERR_OPERATION_UNSUPPORTED: {
    status: 422,
    en: "QiBates cannot do this on your server[: {reason}].",
    fr: "QiBates ne peut pas faire cela sur votre serveur[ : {reason}].",
    detail: "{operation} is not supported by connector {connector}.[ {why}]",
    when: "The provider cannot do this operation or option (for example CALC_LEVEL zoom on SSAS). The message gives the reason; detail names the operation and the connector.",
    whenFr:
      "Le fournisseur ne sait pas faire cette opération ou cette option (par exemple le zoom CALC_LEVEL sur SSAS). Le message en donne la raison\u202f; detail nomme l'opération et le connecteur.",
  },
  QB_ERR_GRID_INVALID: {
    status: 422,
    en: "The grid cannot be read: {reason}.",
    fr: "La grille ne peut pas être lue : {reason}.",
    detail: "[Essbase's wording of this refusal: {essbaseWords}.]",
    when: "The grid has no row or column dimension, repeats a dimension, mixes dimensions on one axis, or holds a number (a JSON number, not a string) where a member name is expected: a row header, a column-header row or the POV row.",
    whenFr:
      "La grille n'a pas de dimension en ligne ou en colonne, répète une dimension, mélange des dimensions sur un axe, ou contient un nombre (un nombre JSON, et non une chaîne) là où un nom de membre est attendu\u00a0: un en-tête de ligne, une ligne d'en-têtes de colonne ou la ligne de PDV.",
  },
  QB_ERR_GRID_TOO_LARGE: {
    status: 413,
    en: "The grid is too large: {reason}.",
    fr: "La grille est trop grande : {reason}.",
    when: "The grid sent, or the grid the call would return, has more cells than MAX_GRID_CELLS (500,000 by default), a grid counted as its rows × its longest row. Rows and columns go up to a spreadsheet's (1,048,576 and 16,384): a grid sent with more is refused as QB_ERR_VALIDATION, and an answer that would have more as QB_ERR_GRID_TOO_LARGE, so that any grid a call returns can be sent back.",
    whenFr:
      "La grille envoyée, ou celle que l'appel renverrait, compte plus de cellules que MAX_GRID_CELLS (500\u202f000 par défaut), le nombre de cellules d'une grille étant son nombre de lignes × la longueur de sa plus longue ligne. Lignes et colonnes vont jusqu'à celles d'un tableur (1\u202f048\u202f576 et 16\u202f384)\u00a0: une grille envoyée qui en a plus est refusée avec QB_ERR_VALIDATION, et une réponse qui en aurait plus avec QB_ERR_GRID_TOO_LARGE, de sorte que toute grille qu'un appel renvoie peut être renvoyée au serveur.",
  },
  QB_ERR_SELECTION_INVALID: {
    status: 422,
    en: "Invalid selection: {reason}.",
    fr: "Sélection invalide : {reason}.",
    detail:
      "[Essbase's wording of this refusal: {essbaseWords}.][Outside the grid: {cell}, rows and columns numbered from 0.]",
    when: "A selected cell is outside the grid (a row or column beyond it), a pivot starts from a cell that holds no member or would leave its dimension where it is, or the operation would empty an axis. Zoom, Keep Only and Remove Only on a data or blank cell are not refused: the grid comes back refreshed.",
    whenFr:
      "Une cellule sélectionnée est hors de la grille (une ligne ou une colonne au-delà), un pivot part d'une cellule qui ne contient aucun membre ou laisserait sa dimension où elle est, ou l'opération viderait un axe. Le zoom, Conserver uniquement et Enlever uniquement sur une cellule de données ou vide ne sont pas refusés\u00a0: la grille revient actualisée.",
  },
  QB_ERR_MDX_SYNTAX: {
    status: 400,
    en: 'The MDX query is not valid MDX: [unexpected "{token}"][{end},] at line {line}, column {column}.',
    fr: "La requête MDX n'est pas du MDX valide : [« {token} » inattendu][{end},] à la ligne {line}, colonne {column}.",
    when: "action/mdx: the query cannot be read as MDX (an unexpected token, an unbalanced brace or parenthesis, an unterminated string or name).",
    whenFr:
      "action/mdx\u00a0: la requête ne peut pas être lue comme du MDX (un élément inattendu, une accolade ou une parenthèse non fermée, une chaîne ou un nom non terminé).",
  },
  QB_ERR_MDX_INVALID: {
    status: 422,
    en: 'The MDX query cannot run: {reason} (at "{token}", line {line}, column {column}).',
    fr: "La requête MDX ne peut pas s'exécuter : {reason} (sur « {token} », ligne {line}, colonne {column}).",
    when: "action/mdx: the query is MDX but cannot run: a function MDX or the provider lacks, an argument of the wrong kind, a dimension on two axes, another cube in FROM. The reason is in the language of the message, English or French.",
    whenFr:
      "action/mdx\u00a0: la requête est du MDX mais ne peut pas s'exécuter\u00a0: une fonction que MDX ou le fournisseur n'a pas, un argument du mauvais type, une dimension sur deux axes, un autre cube dans FROM. La raison est dans la langue du message, anglais ou français.",
  },
  QB_ERR_PIVOT_LAST_DIMENSION: {
    status: 422,
    en: "The dimension {dimension} is the last one on its axis and cannot move.",
    fr: "La dimension {dimension} est la dernière de son axe et ne peut pas être déplacée.",
    when: "Pivot of the only row or column dimension. Pivot to POV moves it all the same when a dimension is in the POV (on the POV row, or left off the sheet, at its top member): the first one takes its place. It is refused only when every dimension of the cube is on the rows or the columns.",
    whenFr:
      "Pivot de la seule dimension en ligne ou en colonne. Pivoter vers le PDV la déplace tout de même quand une dimension est au PDV (sur la ligne de PDV, ou absente de la feuille, à son membre de tête)\u00a0: la première prend sa place. Le pivot n'est refusé que si toutes les dimensions du cube sont en ligne ou en colonne.",
  },
  QB_ERR_SAVE_CONFLICT: {
    status: 409,
    en: "{changed} since the grid was read, by another submit or a calculation. Nothing was saved. Refresh the grid to see the new values, then submit again.",
    fr: "{changed} depuis la lecture de la grille, sous l'effet d'une autre soumission ou d'un calcul. Rien n'a été enregistré. Actualisez la grille pour voir les nouvelles valeurs, puis soumettez-la de nouveau.",
    when: "action/save with dataVersion would write cells that another save or a calculation changed since the grid was read (embedded engine); conflicts lists them. Nothing is written; overwrite: true writes them all the same.",
    whenFr:
      "action/save avec dataVersion écrirait des cellules qu'une autre soumission ou un calcul a modifiées depuis la lecture de la grille (moteur intégré)\u202f; conflicts les liste. Rien n'est écrit\u202f; overwrite\u00a0: true les écrit tout de même.",
    detail:
      "[The grid was read at data version {dataVersion}. ]Send action/save again with overwrite: true to write these cells all the same; conflicts lists them.",
  },
  QB_ERR_FOLDER_UNKNOWN: {
    status: 404,
    en: 'The form folder "{folder}" does not exist.',
    fr: "Le dossier de formulaires « {folder} » n'existe pas.",
    when: "folder names no form folder the user may read.",
    whenFr: "folder ne désigne aucun dossier de formulaires lisible par l'utilisateur.",
  },
  QB_ERR_FORM_UNKNOWN: {
    status: 404,
    en: 'The form "{form}" does not exist[ in folder "{folder}"].',
    fr: "Le formulaire « {form} » n'existe pas[ dans le dossier « {folder} »].",
    when: "formName names no form of the folder the user may open.",
    whenFr: "formName ne désigne aucun formulaire du dossier que l'utilisateur peut ouvrir.",
  },
  QB_ERR_FORM_TYPE_MISMATCH: {
    status: 422,
    en: 'The form "{form}" is {actual}, not {expected}.',
    fr: "Le formulaire « {form} » est de type {actual}, et non {expected}.",
    when: "type says regular for a composite form or the reverse.",
    whenFr: "type indique regular pour un formulaire composite, ou l'inverse.",
  },
  QB_ERR_CELL_TOO_LONG: {
    status: 422,
    en: "The text in row {row}, column {column} of the form has {length} characters; a text cell holds at most 255. Shorten it, or turn on the Submit with large cell setting to submit its first 255 characters.",
    fr: "Le texte de la ligne {row}, colonne {column} du formulaire compte {length} caractères ; une cellule texte en contient au plus 255. Raccourcissez-le, ou activez le paramètre « Soumission des cellules longues » pour n'en soumettre que les 255 premiers.",
    when: "A submitted text cell is longer than 255 characters and enableLargeCellSubmit is false. The message names the first such cell by its 1-based row and column in the grid (the setting as users see it: Submit with large cell); field gives it 0-based (grid[row][column]).",
    whenFr:
      "Une cellule texte soumise dépasse 255\u00a0caractères et enableLargeCellSubmit vaut false. Le message désigne la première de ces cellules par sa ligne et sa colonne dans la grille, comptées à partir de 1 (et le paramètre tel que les utilisateurs le voient\u00a0: Soumission des cellules longues)\u202f; field la donne comptée à partir de 0 (grid[ligne][colonne]).",
  },
  QB_ERR_RULE_UNKNOWN: {
    status: 404,
    en: 'The business rule "{rule}" does not exist in plan type "{cube}".',
    fr: "La règle métier « {rule} » n'existe pas dans le type de plan « {cube} ».",
    when: "ruleName names no business rule the user may launch. Prompts of action/submitform for a rule the form does not run on save are QB_ERR_VALIDATION on prompts[i].ruleinfo.ruleName.",
    whenFr:
      "ruleName ne désigne aucune règle métier que l'utilisateur peut lancer. Des invites d'action/submitform pour une règle que le formulaire n'exécute pas à l'enregistrement donnent QB_ERR_VALIDATION sur prompts[i].ruleinfo.ruleName.",
  },
  QB_ERR_PROMPT_UNKNOWN: {
    status: 404,
    en: 'The business rule "{rule}" has no runtime prompt "{prompt}".',
    fr: "La règle métier « {rule} » n'a pas d'invite d'exécution « {prompt} ».",
    when: "promptName or a prompt value names no runtime prompt of the rule.",
    whenFr: "promptName ou une valeur d'invite ne désigne aucune invite d'exécution de la règle.",
  },
  QB_ERR_PROMPT_MISSING: {
    status: 422,
    en: 'The runtime prompt "{prompt}" of rule "{rule}" needs a value.',
    fr: "L'invite d'exécution « {prompt} » de la règle « {rule} » exige une valeur.",
    when: "A required runtime prompt has neither a value nor a default.",
    whenFr: "Une invite d'exécution obligatoire n'a ni valeur ni valeur par défaut.",
  },
  QB_ERR_PROMPT_INVALID: {
    status: 422,
    en: 'The business rule "{rule}" refused a runtime prompt value[: "{value}" for prompt "{prompt}"].[ {reason}]',
    fr: "La règle métier « {rule} » a refusé une valeur d'invite d'exécution[ : « {value} » pour l'invite « {prompt} »].[ {reason}]",
    when: "A runtime prompt value is outside the members or range the prompt allows. A Planning server names neither the value nor the prompt: the reason it gives follows the message, in its own words.",
    whenFr:
      "Une valeur d'invite d'exécution sort des membres ou de la plage permis par l'invite. Un serveur Planning ne nomme ni la valeur ni l'invite\u00a0: la raison qu'il donne suit le message, dans ses propres mots.",
  },
  QB_ERR_RULE_FAILED: {
    status: 422,
    en: 'The business rule "{rule}" failed: {reason}',
    fr: "La règle métier « {rule} » a échoué : {reason}",
    when: "The business rule stopped with an error, or was still running after CALC_JOB_TIMEOUT_SECONDS (600 by default): QiBates stopped waiting; it keeps running on the server. At a form's submit, its rules on save share that wait, counted from the first one's launch: a rule whose turn comes once it has run out is not launched.",
    whenFr:
      "La règle métier s'est arrêtée sur une erreur, ou tournait encore après CALC_JOB_TIMEOUT_SECONDS (600 par défaut)\u00a0: QiBates a cessé d'attendre, elle se poursuit sur le serveur. À la soumission d'un formulaire, ses règles à l'enregistrement se partagent cette attente, comptée à partir du lancement de la première\u00a0: une règle dont le tour vient une fois celle-ci écoulée n'est pas lancée.",
  },
  QB_ERR_TASKLIST_UNKNOWN: {
    status: 404,
    en: 'The task list "{taskList}" does not exist.',
    fr: "La liste de tâches « {taskList} » n'existe pas.",
    when: "taskListID names no task list of the user.",
    whenFr: "taskListID ne désigne aucune liste de tâches de l'utilisateur.",
  },
  QB_ERR_TASK_UNKNOWN: {
    status: 404,
    en: 'The task "{task}" does not exist in task list "{taskList}".',
    fr: "La tâche « {task} » n'existe pas dans la liste de tâches « {taskList} ».",
    when: "taskID names no task of the task list.",
    whenFr: "taskID ne désigne aucune tâche de la liste de tâches.",
  },
  QB_ERR_KEY_UNKNOWN: {
    status: 404,
    en: 'The account has no key named "{name}".',
    fr: "Le compte n'a pas de clé nommée “{name}”.",
    when: "deletekey names no key of the account.",
    whenFr: "deletekey ne désigne aucune clé du compte.",
  },
  QB_ERR_KEY_ID_UNKNOWN: {
    status: 404,
    en: "No key has the id {id}.",
    fr: "Aucune clé n'a l'identifiant {id}.",
    when: "admin/revokekey names no key: never issued, or already deleted or revoked.",
    whenFr: "admin/revokekey ne désigne aucune clé : jamais émise, ou déjà supprimée ou révoquée.",
  },
  QB_ERR_KEY_PROTECTED: {
    status: 403,
    en: 'The key "{name}" is the shared demo key and cannot be deleted.',
    fr: "La clé “{name}” est la clé de démonstration partagée et ne peut pas être supprimée.",
    when: "deletekey or admin/revokekey names the demo key published on GET /qibates/api/v2/health (demo mode).",
    whenFr:
      "deletekey ou admin/revokekey désigne la clé de démonstration publiée par GET /qibates/api/v2/health (mode démonstration).",
  },
  QB_ERR_KEY_NAME_TAKEN: {
    status: 409,
    en: 'The account already has a key named "{name}".',
    fr: "Le compte a déjà une clé nommée “{name}”.",
    when: "generatekey is called with the name of an existing key of the account.",
    whenFr: "generatekey est appelé avec le nom d'une clé existante du compte.",
  },
  QB_ERR_OAUTH_PROVIDER_UNAVAILABLE: {
    status: 400,
    en: "Sign-in with {provider} is not configured on this server.",
    fr: "L'identification avec {provider} n'est pas configurée sur ce serveur.",
    when: "provider names an OAuth provider this deployment has no credentials for.",
    whenFr: "provider désigne un fournisseur OAuth pour lequel ce déploiement n'a pas d'identifiants.",
  },
  QB_ERR_OAUTH_STATE: {
    status: 400,
    en: "The sign-in request has expired or was altered; open the key page again.",
    fr: "La demande d'identification a expiré ou a été modifiée ; rouvrez la page de clé.",
    when: "The OAuth callback state is unknown, reused or older than 10 minutes.",
    whenFr: "Le state du retour OAuth est inconnu, réutilisé ou date de plus de 10\u00a0minutes.",
  },
  QB_ERR_OAUTH_FAILED: {
    status: 401,
    en: "The sign-in with {provider} failed: {reason}",
    fr: "L'identification avec {provider} a échoué : {reason}",
    when: "The provider refused the sign-in or the code exchange failed.",
    whenFr: "Le fournisseur a refusé l'identification ou l'échange du code a échoué.",
  },
  QB_ERR_RATE_LIMITED: {
    status: 429,
    en: "Too many requests; retry in {seconds} s.[ {refusedBy}]",
    fr: "Trop de requêtes ; réessayez dans {seconds} s.[ {refusedBy}]",
    defaults: { refusedBy: QIBATES_REFUSAL },
    when: "More than RATE_LIMIT_PER_MINUTE requests (600 by default) in a minute with one key (with the public demo key, an unknown key or none: per client address); a login with the public demo key refused by DEMO_SESSIONS_PER_NETWORK or by the demo's 10,000 sessions in all, the seconds being those until the first of them ends if left unused; or a job of the embedded engine past QIBATES_JOBS_PER_USER (4 by default) for one user or QIBATES_JOBS_TOTAL (64 by default) for all. What each limit counts, and for whom: [Limits on use](#limits-on-use).",
    whenFr:
      "Plus de RATE_LIMIT_PER_MINUTE requêtes (600 par défaut) en une minute par clé (clé d'API de démonstration, clé inconnue ou absente\u00a0: par adresse du client)\u202f; une connexion avec la clé de démonstration refusée par DEMO_SESSIONS_PER_NETWORK ou le total de 10\u202f000\u00a0sessions de la démonstration (attente\u00a0: jusqu'à la fin de la première si elle reste inutilisée)\u202f; ou un travail du moteur intégré au-delà de QIBATES_JOBS_PER_USER (4 par défaut) pour un utilisateur ou de QIBATES_JOBS_TOTAL (64 par défaut) pour tous. Ce que compte chaque limite, et pour qui\u00a0: [Limites d'utilisation](#limits-on-use).",
  },
  QB_ERR_INTERNAL: {
    status: 500,
    en: INTERNAL_ERROR_MESSAGE,
    fr: INTERNAL_ERROR_MESSAGE,
    when: "An internal fault. Nothing was changed; the requestId identifies the fault in the server logs.",
    whenFr:
      "Une panne interne. Rien n'a été modifié\u202f; le requestId identifie la panne dans les journaux du serveur.",
  },
} as const satisfies Record<string, ErrorCodeDefinition>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_LIST: readonly ErrorCode[] = Object.keys(ERROR_CODES) as ErrorCode[];

/** The body of every error answer (schema `Error` of the contract). */
export interface ErrorBody {
  readonly code: ErrorCode;
  readonly message: string;
  readonly field: string | null;
  readonly requestId: string;
  /** For the developer: what the message leaves out (the operation, the connector, the setting), in English. */
  readonly detail?: string;
  /** With `QB_ERR_RATE_LIMITED`: whose limit refused the call, QiBates's own or the server's behind it. */
  readonly refusedBy?: RefusedBy;
}

/** Whose limit answered a 429: QiBates's own (its limits on use) or the server the session reaches. */
export type RefusedBy = "qibates" | "server";

/**
 * The parameter of `QB_ERR_RATE_LIMITED` that says the refusal is the server's (its own 429), not QiBates's: its
 * message then names the server, and the body's `refusedBy` is `server`.
 */
export const SERVER_REFUSAL: LocalizedText = {
  en: "It is the server you are connected to that refuses, not QiBates.",
  fr: "C'est le serveur auquel vous êtes connecté qui refuse, et non QiBates.",
};

/** Whose limit a `QB_ERR_RATE_LIMITED` with these parameters is; `undefined` for another code. */
export function refusedBy(code: ErrorCode, params: ErrorParams = {}): RefusedBy | undefined {
  if (code !== "QB_ERR_RATE_LIMITED") return undefined;
  return Object.hasOwn(params, "refusedBy") ? "server" : "qibates";
}

/** The developer's line of a code ({@link ErrorCodeDefinition.detail}), filled; `undefined` when it has none. */
export function errorDetail(code: ErrorCode, params: ErrorParams = {}): string | undefined {
  const given: string | undefined = (ERROR_CODES[code] as ErrorCodeDefinition).detail;
  if (given === undefined) return undefined;
  // A part in brackets is said only when every parameter it names is given, as in a message.
  const template = given.replace(/\[([^[\]]*)\]/g, (_whole, part: string) =>
    templateParameters(part).every((n) => Object.hasOwn(params, n) && typeof params[n] !== "object")
      ? part
      : "",
  );
  // Nothing left to say when every part was in brackets and none was given.
  if (template.trim() === "") return undefined;
  const names = templateParameters(template);
  if (!names.every((n) => Object.hasOwn(params, n) && typeof params[n] !== "object")) return undefined;
  return template.replace(/\{([A-Za-z]+)\}/g, (_whole, name: string) => String(params[name]));
}

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CODES, value);
}

/** Placeholder names of a template, in order of appearance, without duplicates. */
export function templateParameters(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(/\{([A-Za-z]+)\}/g)) {
    const name = match[1] ?? "";
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** Picks French for `fr`, `fr_FR`, `fr-CA`…, English otherwise. */
export function errorLocale(locale: string | null | undefined): ErrorLocale {
  return locale?.toLowerCase().startsWith("fr") ? "fr" : "en";
}

/** A narrow no-break space: French groups the thousands of a number with it (« 65 536 octets »). */
export const NARROW_NBSP = "\u202F";

/**
 * A count, a size or a limit as a message says it: English groups thousands with commas from 1,000 on, as the
 * English documentation writes them ("exceeds 65,536 bytes"); French groups them with a narrow no-break space from
 * 10 000 on, with a decimal comma (« dépasse 65 536 octets »), as the French pages do (site/src/plugins/
 * french-typography.ts). Not for a number that names rather than counts (a row, a line, a data version): those
 * are said as they are.
 */
export function formatNumber(n: number, locale: ErrorLocale): string {
  if (!Number.isFinite(n)) return String(n);
  const [whole = "", fraction] = String(Math.abs(n)).split(".");
  if (/e/i.test(whole)) return String(n);
  const grouped =
    whole.length >= (locale === "fr" ? 5 : 4)
      ? whole.replace(/\B(?=(\d{3})+$)/g, locale === "fr" ? NARROW_NBSP : ",")
      : whole;
  const sign = n < 0 ? "-" : "";
  return fraction === undefined
    ? `${sign}${grouped}`
    : `${sign}${grouped}${locale === "fr" ? "," : "."}${fraction}`;
}

/** A count, a size or a limit in each language ({@link formatNumber}): for the words of a reason. */
export function quantity(n: number): LocalizedText {
  return { en: formatNumber(n, "en"), fr: formatNumber(n, "fr") };
}

/**
 * A reason worded in each language, as English says it after a colon: in lower case, as French does ("The grid cannot
 * be read: dimension Year is used both in the rows and the POV" / « La grille ne peut pas être lue : la dimension
 * Year… »), whichever way it starts on its own. Its first word keeps its capital when French starts with a capital
 * too, or when French says that word as it is: a name, spelled alike in both languages ("Filter is not supported" /
 * « la fonction Filter… »).
 */
export function afterColon(reason: LocalizedText): string {
  const first = /^[A-Z][a-z]*(?= )/.exec(reason.en)?.[0];
  const frenchLower = /^\p{Ll}/u.test(reason.fr);
  if (
    first === undefined ||
    !frenchLower ||
    new RegExp(`(?<![\\p{L}])${first}(?![\\p{L}])`, "u").test(reason.fr)
  ) {
    return reason.en;
  }
  return `${first.toLowerCase()}${reason.en.slice(first.length)}`;
}

/**
 * A reason as French says it after a colon: in lower case (« … par le connecteur ssas : les calculs SSAS… »), unless
 * its first word is a name, which English says the same way (« Essbase… », « Planning REST… »).
 */
export function afterColonFrench(reason: LocalizedText): string {
  const first = /^\p{Lu}\p{Ll}*(?=[ '’])/u.exec(reason.fr)?.[0];
  if (first === undefined || new RegExp(`(?<![\\p{L}])${first}(?![\\p{L}])`, "u").test(reason.en)) {
    return reason.fr;
  }
  return `${first.toLowerCase()}${reason.fr.slice(first.length)}`;
}

/** A text the template follows with a period, without the period it may end with itself. */
function endsSentence(text: string): string {
  return text.endsWith(".") ? text.slice(0, -1) : text;
}

/** Parameters that hold a sentence or its end (a server's own reason), rather than a name. */
const SENTENCE_PARAMETERS: ReadonlySet<string> = new Set(["reason", "sentence", "why"]);

/** Parameters that name a place (`grid[3][0]` is row 4, line 12 of a query): said as they are, never grouped. */
const PLACE_PARAMETERS: ReadonlySet<string> = new Set(["row", "column", "line"]);

/**
 * Fills a code's template; a missing parameter stays visible as `{name}` rather than failing. A number is a
 * count, a size or a limit, said in the message's language ({@link formatNumber}), unless it names a place.
 */
export function formatErrorMessage(
  code: ErrorCode,
  params: ErrorParams = {},
  locale: ErrorLocale = "en",
): string {
  // A parameter the caller does not give is said in the code's own words for it, where the code has some.
  const defaults = (ERROR_CODES[code] as ErrorCodeDefinition).defaults;
  if (defaults) params = { ...defaults, ...params };
  // A part in brackets is said only when every parameter it names is given (an optional reason).
  const template = ERROR_CODES[code][locale].replace(/\[([^[\]]*)\]/g, (_whole, part: string) =>
    [...part.matchAll(/\{([A-Za-z]+)\}/g)].every((m) => Object.hasOwn(params, m[1] as string)) ? part : "",
  );
  return template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string, at: number) => {
    if (!Object.hasOwn(params, name)) return whole;
    // A value that ends its own sentence ("… is not on form.") lends its period to the template's.
    const ended = template[at + whole.length] === "." ? endsSentence : (text: string) => text;
    const value = params[name];
    if (typeof value === "object") {
      if (!template.slice(0, at).endsWith(": ")) return ended(value[locale]);
      return ended(locale === "en" ? afterColon(value) : afterColonFrench(value));
    }
    if (typeof value === "number" && !PLACE_PARAMETERS.has(name)) return formatNumber(value, locale);
    // A name (a member, a key) is said as it is, a final dot included.
    return SENTENCE_PARAMETERS.has(name) ? ended(String(value)) : String(value);
  });
}

export function errorStatus(code: ErrorCode): ErrorStatus {
  return ERROR_CODES[code].status;
}

/** Builds an error body; the 500 message is always the fixed one. */
export function errorBody(
  code: ErrorCode,
  options: {
    readonly params?: ErrorParams;
    readonly locale?: ErrorLocale;
    readonly field?: string | null;
    readonly requestId: string;
  },
): ErrorBody {
  const detail = errorDetail(code, options.params);
  const refused = refusedBy(code, options.params);
  return {
    code,
    message: formatErrorMessage(code, options.params, options.locale),
    field: options.field ?? null,
    requestId: options.requestId,
    ...(detail !== undefined ? { detail } : {}),
    ...(refused !== undefined ? { refusedBy: refused } : {}),
  };
}

/**
 * A regular expression that matches any message the template can produce, for checking
 * examples and documentation against the registry.
 */
export function templatePattern(template: string): RegExp {
  const literal = (text: string) =>
    text
      .split(/\{[A-Za-z]+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".+");
  // A part in brackets is said only when its parameters are given: it may be there or not.
  const source = template
    .split(/(\[[^[\]]*\])/)
    .map((piece) => (/^\[.*\]$/s.test(piece) ? `(?:${literal(piece.slice(1, -1))})?` : literal(piece)))
    .join("");
  return new RegExp(`^${source}$`, "s");
}

export interface ErrorCatalogueRow {
  readonly code: ErrorCode;
  readonly status: ErrorStatus;
  /** Message template in the requested language. */
  readonly message: string;
  /** When the code is answered, in the requested language. */
  readonly when: string;
  /** `false` for a code kept in the contract that the server no longer returns. */
  readonly returned: boolean;
}

/**
 * The error catalogue in one language, in registry order, with the codes the server no longer returns last —
 * what the documentation's error pages list.
 */
export function errorCatalogue(locale: ErrorLocale = "en"): ErrorCatalogueRow[] {
  const rows = ERROR_CODE_LIST.map((code) => {
    const def: ErrorCodeDefinition = ERROR_CODES[code];
    return {
      code,
      status: def.status,
      message: locale === "fr" ? def.fr : def.en,
      when: locale === "fr" ? def.whenFr : def.when,
      returned: def.returned !== false,
    };
  });
  return [...rows.filter((r) => r.returned), ...rows.filter((r) => !r.returned)];
}
