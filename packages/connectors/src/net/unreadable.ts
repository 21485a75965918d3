import { type ProviderText, quantity } from "@qibates/provider";

/** "a" or "an" before a request's name, as it is said: an Execute answer, a Discover answer. */
const a = (method: string) => (/^[aeiou]/i.test(method) ? `an ${method}` : `a ${method}`);

/**
 * Every reason a connector gives for an answer of a company's server it cannot read (`UPSTREAM_MALFORMED`, the
 * `{reason}` of QB_ERR_PROVIDER_MALFORMED), in each language of the API's messages: QiBates' own words, which a
 * French message says in French. A request, a field or a path is quoted as its protocol spells it.
 */
export const UNREADABLE = {
  /** An Essbase REST login whose answer set no session cookie. */
  noSessionCookie: (): ProviderText => ({
    en: "the login answer set no session cookie",
    fr: "la réponse à la connexion n'a déposé aucun cookie de session",
  }),
  /** A request answered with an unexpected HTTP status (`GET /path answered 204`). */
  status: (request: string, status: number): ProviderText => ({
    en: `${request} answered ${status}`,
    fr: `${request} a répondu ${status}`,
  }),
  /** A request whose answer is not JSON (`what` names the request). */
  notJson: (what: string): ProviderText => ({
    en: `${what} did not answer JSON`,
    fr: `${what} n'a pas répondu en JSON`,
  }),
  /** A request whose answer has no body read as JSON (Planning REST). */
  withoutJson: (what: string): ProviderText => ({
    en: `${what} without JSON`,
    fr: `${what} sans JSON`,
  }),
  /** A list answer without its `items`. */
  noItems: (what: string): ProviderText => ({
    en: `${what} without an items list`,
    fr: `${what} sans liste items`,
  }),
  /** A protocol answer without one of its fields (`sso`, `sID`). */
  answerWithout: (method: string, field: string): ProviderText => ({
    en: `a ${method} answer without ${field}`,
    fr: `une réponse ${method} sans ${field}`,
  }),
  /** A Smart View answer (Refresh, ExecuteQuery) without a grid. */
  noGrid: (method: string): ProviderText => ({
    en: `${/^[AEIOU]/i.test(method) ? "an" : "a"} ${method} answer without a grid`,
    fr: `une réponse ${method} sans grille`,
  }),
  /** A Smart View ListServers answer that names no server. */
  noServer: (): ProviderText => ({
    en: "a ListServers answer without a server",
    fr: "une réponse ListServers sans aucun serveur",
  }),
  /** A Smart View answer to another request than the one sent (`res_X` to `req_Y`). */
  otherAnswer: (answer: string, method: string): ProviderText => ({
    en: `${answer} to req_${method}`,
    fr: `${answer} en réponse à req_${method}`,
  }),
  /** A document that is XML but not Smart View's (its root element). */
  notSmartView: (method: string, root: string): ProviderText => ({
    en: `${a(method)} answer that is not Smart View's (<${root}>)`,
    fr: `une réponse ${method} qui n'est pas au format Smart View (<${root}>)`,
  }),
  /** A Smart View answer that is not XML. */
  notXml: (method: string): ProviderText => ({
    en: `${a(method)} answer that is not XML`,
    fr: `une réponse ${method} qui n'est pas du XML`,
  }),
  /** An XML answer over the reader's limits, or with a document type declaration (`why`: `XML_REFUSED`). */
  xmlRefused: (method: string, why: ProviderText): ProviderText => ({
    en: `${a(method)} answer refused unread: ${why.en}`,
    fr: `une réponse ${method} refusée sans être lue\u00a0: ${why.fr}`,
  }),
  /** An XMLA answer that is not a SOAP envelope. */
  notSoap: (method: string): ProviderText => ({
    en: `${a(method)} answer that is not a SOAP envelope`,
    fr: `une réponse ${method} qui n'est pas une enveloppe SOAP`,
  }),
  /** An XMLA Execute answer that is not a multidimensional data set. */
  notDataSet: (): ProviderText => ({
    en: "an Execute answer that is not a multidimensional data set",
    fr: "une réponse Execute qui n'est pas un jeu de données multidimensionnel",
  }),
  /** A list of a cube's dimensions that names none (`request`: EnumDims, MDSCHEMA_DIMENSIONS). */
  noDimension: (request: string, cube: string): ProviderText => ({
    en: `${request} with no dimension for ${cube}`,
    fr: `${request} sans aucune dimension pour ${cube}`,
  }),
  /** An MDX answer whose columns do not match the query's tuples. */
  columnTuples: (columns: number, tuples: number): ProviderText => ({
    en: `${quantity(columns).en} tuples on the columns of a SELECT of ${quantity(tuples).en} tuples`,
    fr: `${quantity(columns).fr}\u00a0tuples en colonnes pour un SELECT de ${quantity(tuples).fr}\u00a0tuples`,
  }),
  /** An MDX answer naming a member of no dimension the cube has. */
  memberOfNoDimension: (): ProviderText => ({
    en: "an MDX answer with a member of no known dimension",
    fr: "une réponse MDX avec un membre qui n'appartient à aucune dimension connue",
  }),
  /** An outline deeper than any real one. */
  tooDeep: (base: string, max: number): ProviderText => ({
    en: `${base} is more than ${quantity(max).en} generations deep`,
    fr: `${base} compte plus de ${quantity(max).fr}\u00a0générations`,
  }),
  /** A substitution variable without its name or value (`path`: the list asked). */
  variableWithoutName: (path: string): ProviderText => ({
    en: `${path}: a variable without a name or value`,
    fr: `${path}\u00a0: une variable sans nom ni valeur`,
  }),
  /** An Essbase job record without its number. */
  jobWithoutId: (): ProviderText => ({
    en: "a job record without job_ID",
    fr: "un enregistrement de travail sans job_ID",
  }),
  /** An Essbase grid answer without its slice. */
  noSlice: (path: string): ProviderText => ({
    en: `${path} without a readable slice`,
    fr: `${path} sans tranche lisible`,
  }),
  /** An Essbase MDX answer without its grid. */
  noReadableGrid: (path: string): ProviderText => ({
    en: `${path} without a readable grid`,
    fr: `${path} sans grille lisible`,
  }),
  /** A Planning REST version list without the version QiBates speaks. */
  noVersion: (version: string): ProviderText => ({
    en: `a version list without ${version}`,
    fr: `une liste de versions sans ${version}`,
  }),
  /** A Data Management application that names no plan. */
  noPlanNames: (): ProviderText => ({
    en: "a Data Management application without plan names",
    fr: "une application Data Management sans nom de plan",
  }),
  /** A member without its name. */
  memberWithoutName: (): ProviderText => ({
    en: "a member without a name",
    fr: "un membre sans nom",
  }),
  /** A Planning job launch without its job number. */
  launchWithoutJobId: (): ProviderText => ({
    en: "a job launch without a jobId",
    fr: "un lancement de travail sans jobId",
  }),
  /** A Planning job status without its code. */
  statusWithoutCode: (): ProviderText => ({
    en: "a job status without a status code",
    fr: "un état de travail sans code d'état",
  }),
  /** A form whose dimensions are those of no plan type. */
  formOfNoPlanType: (form: string): ProviderText => ({
    en: `form ${form} whose dimensions no plan type has`,
    fr: `le formulaire ${form}, dont aucun type de plan n'a les dimensions`,
  }),
  /** One call's lists past their number of items (`ListBudget`). */
  tooManyItems: (what: string, max: number): ProviderText => ({
    en: `${what} lists more than ${quantity(max).en} items in one call`,
    fr: `${what} énumère plus de ${quantity(max).fr}\u00a0éléments en un seul appel`,
  }),
  /** One call's lists past their number of answers (`ListBudget`). */
  tooManyAnswers: (what: string, max: number): ProviderText => ({
    en: `${what} needs more than ${quantity(max).en} answers in one call`,
    fr: `${what} demande plus de ${quantity(max).fr}\u00a0réponses en un seul appel`,
  }),
  /** One call's lists past their bytes (`ListBudget`). */
  tooManyBytes: (what: string, max: number): ProviderText => ({
    en: `${what} answers more than ${quantity(max).en} bytes in one call`,
    fr: `${what} renvoie plus de ${quantity(max).fr}\u00a0octets en un seul appel`,
  }),
} as const;

/**
 * The other reasons a connector writes itself into a registry message (a failed job the server gave no words for, a
 * file it does not have, a Workspace user without Planning), in each language.
 */
export const CONNECTOR_REASONS = {
  /** A Planning job that failed without details: its number and status code. */
  jobEnded: (job: string | number, status: number): ProviderText => ({
    en: `job ${job} ended with status ${status}`,
    fr: `le travail ${job} s'est terminé avec l'état ${status}`,
  }),
  /** An Essbase calculation job that failed without a status message: its status code. */
  jobStatus: (status: number | string): ProviderText => ({
    en: `job status ${status}`,
    fr: `état du travail ${status}`,
  }),
  /** A file the server does not have. */
  noSuchFile: (): ProviderText => ({ en: "no such file", fr: "fichier introuvable" }),
  /** An EPM Workspace user offered no Planning provider. */
  noPlanningProvider: (): ProviderText => ({
    en: "EPM Workspace lists no Planning provider (Product HP) for this user",
    fr: "EPM Workspace ne propose aucun fournisseur Planning (produit HP) à cet utilisateur",
  }),
} as const;
