/**
 * The connectors: one description per connector value of the API, and everything else about connectors derived
 * from it. A description says the server family, the path a provider address must end with (so that a login
 * cannot point one connector at another server's service), the protocol client that reaches a real server of
 * that kind, its names in both languages, and its row of the capability table. The server's wiring
 * (`@qibates/connectors`' `openProviders`), the capability profiles and the site's names all read it: adding a
 * connector whose client exists is adding its description here.
 */
import type { Capability, ConnectorCapabilities, RealServerSupport, Text } from "./capability-list.ts";
import type { Family } from "./families.ts";

export type { Family } from "./families.ts";

/**
 * The protocol clients of `@qibates/connectors`, by the id of the provider each opens: Essbase 11.x's Smart View
 * XML, XML for Analysis, Essbase 21c's REST API, Planning's REST API, and Planning REST with Smart View's
 * protocol at the same address.
 */
export type ProtocolClient = "smartview" | "xmla" | "essbase-rest" | "planning-rest" | "planning-smartview";

/** What a connector is called: every name of it the product shows comes from here. */
export interface ConnectorNames {
  /** As the add-in's Connections view names the server type: what a user chose, said beside the `connector` value. */
  serverType: string;
  /** In short, where the servers stand side by side (the site's feature matrix and tables). */
  short: Text;
  /** In full: the server, its version and the way QiBates reaches it (the capability table's profile). */
  full: Text;
}

/** Everything about one connector value. */
export interface ConnectorDescription {
  family: Family;
  /**
   * The calls of this connector alone, beside the session's and its family's (`acceptedConnectors`): a login
   * of its own, say.
   */
  operations?: readonly string[];
  /** The path a provider address must end with. */
  addressSuffix: string;
  /** The client that reaches a real server of this kind (connectors sharing one client share its provider). */
  client: ProtocolClient;
  names: ConnectorNames;
  /** Its row of the capability table. */
  capabilities: ConnectorCapabilities;
}

const SSAS_NO_VARIABLES: Text = {
  en: "SSAS has no substitution variables.",
  fr: "SSAS n'a pas de variables de substitution.",
};

const ESSBASE_11_NO_VARIABLES: Text = {
  en: "Substitution variables are not available on a real Essbase 11.x server.",
  fr: "Les variables de substitution ne sont pas disponibles sur un serveur Essbase 11.x réel.",
};

/** Why Essbase 11.x through Smart View neither lists nor sets substitution variables (a developer's words). */
const ESSBASE_11_NO_VARIABLE_MESSAGE: Text = {
  en: "Smart View has no documented message for substitution variables, so QiBates neither lists nor sets them on a real Essbase 11.x server.",
  fr: "Smart View n'a pas de message documenté pour les variables de substitution, si bien que QiBates ne les liste ni ne les définit sur un serveur Essbase 11.x réel.",
};

const SSAS_NO_FORMULAS: Text = {
  en: "SSAS calculations are MDX expressions, not outline formulas: there is no formula level to zoom to.",
  fr: "Les calculs SSAS sont des expressions MDX, pas des formules d'outline\u00a0: il n'y a pas de niveau de formule vers lequel zoomer.",
};

const NO_REST_FORM_LIST: Text = {
  en: "On a real server, nav/openform opens a simple form from Export Form Data (GET …/forms/{form}/data: EPM Cloud with AI Studio, any role). Its cells are marked writable from the dimension hierarchies (upper-level, Dynamic Calc and Label Only members are read-only; approval locks and read-only form segments show only at submit). Without AI Studio it reads the form definition (Service Administrator) and exportdataslice instead, and is otherwise refused with the server's reason. nav/listforms is refused: Planning REST has no documented call that lists forms.",
  fr: "Sur un serveur réel, nav/openform ouvre un formulaire simple par Export Form Data (GET …/forms/{form}/data\u00a0: EPM Cloud avec AI Studio, tout rôle). Ses cellules sont marquées modifiables d'après les hiérarchies des dimensions (les membres de niveau supérieur, en calcul dynamique et en libellé uniquement sont en lecture seule\u202f; les verrous d'approbation et les segments en lecture seule du formulaire n'apparaissent qu'à la soumission). Sans AI Studio, il lit à la place la définition du formulaire (administrateur de service) et exportdataslice, et sinon il est refusé avec la raison du serveur. nav/listforms est refusé\u00a0: Planning REST n'a pas d'appel documenté qui liste les formulaires.",
};

/** That Planning REST cannot list alias tables (said in the reason of `pbcs` and in its refusals). */
const NO_REST_ALIAS_LIST: Text = {
  en: "Planning REST has no documented call that lists alias tables",
  fr: "Planning REST n'a pas d'appel documenté qui liste les tables d'alias",
};

/** Why Planning REST cannot list a form's rules on save (said in the reason of `businessRules` and its refusal). */
const NO_REST_ONSAVE_PROMPTS: Text = {
  en: "a form's rules on save are in its definition (Service Administrator), but no documented Planning REST call gives their runtime prompts, which the response lists",
  fr: "les règles à l'enregistrement d'un formulaire sont dans sa définition (administrateur de service), mais aucun appel Planning REST documenté ne donne leurs invites d'exécution, que la réponse liste",
};

/** What the Planning REST connector (`planning`, `pbcs`) cannot do on a real server, and why. */
const PLANNING_REST_LIMITS: Partial<Record<Capability, RealServerSupport>> = {
  forms: { status: "partly", why: NO_REST_FORM_LIST },
  compositeForms: {
    status: "no",
    why: {
      en: "On a real server, open a composite form's simple forms one by one, by name: Planning REST has no documented call that names a composite form's subforms, so QiBates cannot open the composite form itself.",
      fr: "Sur un serveur réel, ouvrez un à un, par leur nom, les formulaires simples d'un formulaire composite\u00a0: Planning REST n'a pas d'appel documenté qui nomme les sous-formulaires d'un formulaire composite, si bien que QiBates ne peut pas ouvrir le formulaire composite lui-même.",
    },
  },
  formSubmit: {
    status: "partly",
    why: {
      en: "On a real server, action/submitform writes the grid's writable cells through importdataslice (any role), each refused cell reported with the server's reason, then launches the rules on save of the form definition (Service Administrator) as RULES jobs. Unlike a Smart View form save it is not all or nothing: a failing rule leaves the cells saved, and where the definition cannot be read no rule runs and the rules field of the response is empty. Texts over 255 characters follow enableLargeCellSubmit.",
      fr: "Sur un serveur réel, action/submitform écrit les cellules modifiables de la grille par importdataslice (tout rôle), chaque cellule refusée signalée avec la raison du serveur, puis lance comme travaux RULES les règles à l'enregistrement de la définition du formulaire (administrateur de service). Contrairement à l'enregistrement d'un formulaire par Smart View, ce n'est pas tout ou rien\u00a0: une règle en échec laisse les cellules enregistrées, et, si la définition ne peut pas être lue, aucune règle ne s'exécute et le champ rules de la réponse est vide. Les textes de plus de 255\u00a0caractères suivent enableLargeCellSubmit.",
    },
  },
  taskLists: {
    status: "no",
    why: {
      en: "Planning REST has no documented call for task lists.",
      fr: "Planning REST n'a pas d'appel documenté pour les listes de tâches.",
    },
  },
  businessRules: {
    status: "partly",
    why: {
      en: `On a real server, action/launchrule runs the rule as a RULES job and polls it; nav/listonsaverules is refused: ${NO_REST_ONSAVE_PROMPTS.en}. A form submit still runs them, for a Service Administrator only (the form's definition, which names them, is theirs to read); for other users it saves the cells and runs no rule.`,
      fr: `Sur un serveur réel, action/launchrule exécute la règle comme travail RULES et en suit l'état\u202f; nav/listonsaverules est refusé\u00a0: ${NO_REST_ONSAVE_PROMPTS.fr}. Une soumission de formulaire les exécute tout de même, pour un administrateur de service seulement (la définition du formulaire, qui les nomme, n'est lisible que par lui)\u202f; pour les autres utilisateurs, elle enregistre les cellules sans exécuter de règle.`,
    },
  },
  runtimePrompts: {
    status: "no",
    why: {
      en: "Planning REST has no documented call that gives a rule's runtime prompts or their allowed members. Give the prompt values yourself: action/launchrule sends the values you give.",
      fr: "Planning REST n'a pas d'appel documenté qui donne les invites d'exécution d'une règle ni leurs membres autorisés. Donnez vous-même les valeurs d'invite\u00a0: action/launchrule envoie celles que vous donnez.",
    },
  },
  planningAliasTables: {
    status: "partly",
    why: {
      en: `nav/listalias is refused: ${NO_REST_ALIAS_LIST.en}. action/setalias accepts Default, which every Planning application has, and another table the server's Get Dimension Details (April 2026 update) accepts; member lists and forms then carry that table's aliases (a server without dimension details: Default only).`,
      fr: `nav/listalias est refusé\u00a0: ${NO_REST_ALIAS_LIST.fr}. action/setalias accepte Default, que toute application Planning possède, et une autre table que Get Dimension Details (mise à jour d'avril 2026) du serveur accepte\u202f; les listes de membres et les formulaires portent alors les alias de cette table (un serveur sans détails des dimensions\u00a0: Default seulement).`,
    },
  },
};

/** What Planning REST cannot do on a real server, in a user's words: the same for Planning and PBCS. */
const PLANNING_REST_READER: Partial<Record<Capability, Text>> = {
  forms: {
    en: "Forms open by name only where your company's server lets QiBates read them; the list of forms is not available.",
    fr: "Les formulaires s'ouvrent par leur nom seulement là où le serveur de votre entreprise permet à QiBates de les lire\u202f; la liste des formulaires n'est pas disponible.",
  },
  compositeForms: {
    en: "QiBates cannot open a composite form from Planning or EPM Cloud, as it cannot learn which forms make it up; open its simple forms one by one, by their names.",
    fr: "QiBates ne peut pas ouvrir un formulaire composite depuis Planning ou EPM Cloud, faute de pouvoir savoir de quels formulaires il se compose\u202f; ouvrez un à un ses formulaires simples, par leur nom.",
  },
  formSubmit: {
    en: "Cells are saved first; the rules on save run only where your company's server allows it, for the users it allows; a failing one leaves the cells saved.",
    fr: "Les cellules sont d'abord enregistrées\u202f; les règles à l'enregistrement ne s'exécutent que là où le serveur de votre entreprise le permet, pour les utilisateurs qu'il autorise\u202f; une règle en échec laisse les cellules enregistrées.",
  },
  taskLists: {
    en: "QiBates cannot read task lists from Planning or EPM Cloud.",
    fr: "QiBates ne peut pas lire les listes de tâches de Planning ou d'EPM Cloud.",
  },
  businessRules: {
    en: "Rules run by name; a form's rules on save are not listed.",
    fr: "Les règles se lancent par leur nom\u202f; les règles à l'enregistrement d'un formulaire ne sont pas listées.",
  },
};

/** Export Form Data refused (the start of the reasons of a form that could not be opened another way either). */
const NO_FORM_DATA = {
  en: "Export Form Data (GET …/forms/{form}/data) was refused: it needs an EPM Cloud deployment with AI Studio ({refused})",
  fr: "Export Form Data (GET …/forms/{form}/data) a été refusé\u00a0: il faut un déploiement EPM Cloud avec AI Studio ({refused})",
};

/** The cases Planning REST refuses that the capabilities' reasons do not say alone (the connector's own words). */
const PLANNING_REST_REFUSALS: ConnectorCapabilities["refusals"] = {
  forms: {
    list: {
      en: "Planning REST has no documented call that lists forms (the 26.11 form-definition calls have no list; the document library and Migration listings are for Service Administrators).",
      fr: "Planning REST n'a pas d'appel documenté qui liste les formulaires (les appels de définition de formulaire de la version 26.11 n'ont pas de liste\u202f; la bibliothèque de documents et les listes de Migration sont réservées aux administrateurs de service).",
    },
    // The server's own words ({refused}, {message}) stay as it sent them.
    definitionRefused: {
      en: `${NO_FORM_DATA.en}; the form definition was refused too ({message}).`,
      fr: `${NO_FORM_DATA.fr}\u202f; la définition du formulaire a elle aussi été refusée ({message}).`,
    },
    definitionUnread: {
      en: `${NO_FORM_DATA.en}; the form definition's grid is not in a shape QiBates reads (Oracle does not publish its fields).`,
      fr: `${NO_FORM_DATA.fr}\u202f; la grille de la définition du formulaire n'a pas une forme que QiBates sache lire (Oracle n'en publie pas les champs).`,
    },
    noPlanType: {
      en: `${NO_FORM_DATA.en}; no plan type has the dimensions of its definition.`,
      fr: `${NO_FORM_DATA.fr}\u202f; aucun type de plan n'a les dimensions de sa définition.`,
    },
  },
  businessRules: {
    onSaveRules: { en: `${NO_REST_ONSAVE_PROMPTS.en}.`, fr: `${NO_REST_ONSAVE_PROMPTS.fr}.` },
    ruleList: {
      en: "Planning REST job definitions do not name a rule's plan type.",
      fr: "Les définitions de travaux de Planning REST ne nomment pas le type de plan d'une règle.",
    },
  },
  planningAliasTables: {
    list: { en: `${NO_REST_ALIAS_LIST.en}.`, fr: `${NO_REST_ALIAS_LIST.fr}.` },
    unchecked: {
      en: `${NO_REST_ALIAS_LIST.en}, and this server has no Get Dimension Details to check one: only Default can be chosen.`,
      fr: `${NO_REST_ALIAS_LIST.fr}, et ce serveur n'a pas Get Dimension Details pour en vérifier une\u00a0: seule la table Default peut être choisie.`,
    },
    noDimension: {
      en: "the application has no dimension to check the table with.",
      fr: "l'application n'a aucune dimension avec laquelle vérifier la table.",
    },
    membersDefaultOnly: {
      en: "this server has no Get Dimension Details (EPM Cloud's April 2026 update), and its member read gives only the Default table's aliases.",
      fr: "ce serveur n'a pas Get Dimension Details (mise à jour d'avril 2026 d'EPM Cloud), et sa lecture des membres ne donne que les alias de la table Default.",
    },
  },
};

/** {@link PLANNING_REST_REFUSALS} in the add-in's user's words: no call, API or server condition named. */
const PLANNING_REST_READER_REFUSALS: ConnectorCapabilities["readerRefusals"] = {
  forms: {
    list: {
      en: "the list of forms is not available on this server: open a form by its name",
      fr: "la liste des formulaires n'est pas disponible sur ce serveur\u00a0: ouvrez un formulaire par son nom",
    },
    definitionRefused: {
      en: "your company's server does not let QiBates read this form's data or its layout",
      fr: "le serveur de votre entreprise ne permet pas à QiBates de lire les données de ce formulaire ni sa disposition",
    },
    definitionUnread: {
      en: "your company's server does not let QiBates read this form's data, and QiBates cannot read the form's layout another way",
      fr: "le serveur de votre entreprise ne permet pas à QiBates de lire les données de ce formulaire, et QiBates ne sait pas lire sa disposition autrement",
    },
    noPlanType: {
      en: "your company's server does not let QiBates read this form's data, and no plan type has the form's dimensions",
      fr: "le serveur de votre entreprise ne permet pas à QiBates de lire les données de ce formulaire, et aucun type de plan n'a les dimensions du formulaire",
    },
  },
  businessRules: {
    onSaveRules: {
      en: "QiBates cannot list a form's rules on save on this server",
      fr: "QiBates ne peut pas lister les règles à l'enregistrement d'un formulaire sur ce serveur",
    },
    ruleList: {
      en: "QiBates cannot tell the plan type of this server's rules: run a rule by its name",
      fr: "QiBates ne peut pas connaître le type de plan des règles de ce serveur\u00a0: lancez une règle par son nom",
    },
  },
  planningAliasTables: {
    list: {
      en: "the list of alias tables is not available on this server; Default works",
      fr: "la liste des tables d'alias n'est pas disponible sur ce serveur\u202f; Default fonctionne",
    },
    unchecked: {
      en: "this server cannot check another alias table: only Default can be chosen",
      fr: "ce serveur ne permet pas de vérifier une autre table d'alias\u00a0: seule la table Default peut être choisie",
    },
    membersDefaultOnly: {
      en: "this server gives only the Default table's aliases",
      fr: "ce serveur ne donne que les alias de la table Default",
    },
  },
};

/**
 * What the `planning` connector cannot do on a real server (Planning on premises): Planning REST's limits, less
 * what Smart View's XML protocol gives at the same address (packages/connectors/src/planning-smartview; sources:
 * packages/connectors/NOTES-planning-smartview.md).
 */
const PLANNING_SMARTVIEW_LIMITS: Partial<Record<Capability, RealServerSupport>> = {
  ...PLANNING_REST_LIMITS,
  runtimePrompts: {
    status: "partly",
    why: {
      en: "On a real server, nav/enumprompt asks Smart View (EnumBusinessRules, EnumRunTimePrompts): a rule without prompts returns an empty list; a rule with prompts is refused, because Smart View's answer names each prompt, its dimension and default, but not which kind of value it takes. nav/enummembersrule is refused: Smart View has no documented message that gives a prompt's member choices. Give the prompt values yourself: action/launchrule sends the values you give.",
      fr: "Sur un serveur réel, nav/enumprompt interroge Smart View (EnumBusinessRules, EnumRunTimePrompts)\u00a0: une règle sans invite renvoie une liste vide\u202f; une règle avec invites est refusée, car la réponse de Smart View nomme chaque invite, sa dimension et sa valeur par défaut, mais pas le genre de valeur qu'elle attend. nav/enummembersrule est refusé\u00a0: Smart View n'a pas de message documenté qui donne le choix de membres d'une invite. Donnez vous-même les valeurs d'invite\u00a0: action/launchrule envoie celles que vous donnez.",
    },
  },
  planningAliasTables: {
    status: "partly",
    why: {
      en: "On a real server, nav/listalias lists the application's alias tables through Smart View (EnumAliasTables); action/setalias accepts a listed table other than Default only where Planning REST's Get Dimension Details (April 2026 update, which servers on premises may lack) gives its aliases, since member lists come from Planning REST (otherwise 422 QB_ERR_OPERATION_UNSUPPORTED).",
      fr: "Sur un serveur réel, nav/listalias liste les tables d'alias de l'application par Smart View (EnumAliasTables)\u202f; action/setalias n'accepte une table listée autre que Default que si Get Dimension Details de Planning REST (mise à jour d'avril 2026, que les serveurs sur site peuvent ne pas avoir) en donne les alias, car les listes de membres viennent de Planning REST (sinon 422 QB_ERR_OPERATION_UNSUPPORTED).",
    },
  },
};

/** The connector values, in the order the API and the capability table list them. */
const DESCRIPTIONS = {
  // Essbase 11.x through Provider Services with Smart View's XML provider protocol (packages/connectors/src/
  // smartview): only the messages public captures show, or agardiner/SmartView sends and reads, are sent; the
  // default grid is the server's (GetDefaultGrid); other grid operations are laid out by the engine over the
  // outline read with EnumDims/EnumMembers, their cells read with Refresh.
  essbase: {
    family: "essbase",
    addressSuffix: "/aps/JAPI",
    client: "smartview",
    names: {
      serverType: "Essbase",
      short: { en: "Essbase 11.x", fr: "Essbase 11.x" },
      full: {
        en: "Oracle Essbase 11.x through Provider Services",
        fr: "Oracle Essbase 11.x via Provider Services",
      },
    },
    capabilities: {
      realServers: true,
      onRealServers: {
        metadata: {
          status: "partly",
          why: {
            en: "The Smart View messages QiBates uses with Essbase 11.x give the dimensions, members, parents and aliases, not dimension types, storage, consolidation operators or formulas: on a real server every base dimension is returned as regular, without density, and every member as stored with +, whatever the outline says.",
            fr: "Les messages Smart View qu'utilise QiBates avec Essbase 11.x donnent les dimensions, les membres, leurs parents et leurs alias, pas les types de dimension, le stockage, les opérateurs de consolidation ni les formules\u00a0: sur un serveur réel, chaque dimension de base est renvoyée comme dimension standard, sans stockage dense ou dispersé, et chaque membre comme stocké avec +, quoi qu'en dise l'outline.",
          },
        },
        "zoomIn:CALC_LEVEL": {
          status: "no",
          why: {
            en: "The Smart View messages QiBates uses with Essbase 11.x do not give member formulas, so QiBates cannot tell which members a zoom to the formula level would show. Zoom in with another settings.zoomInMode, such as NEXT_LEVEL or BOTTOM_LEVEL.",
            fr: "Les messages Smart View qu'utilise QiBates avec Essbase 11.x ne donnent pas les formules des membres, si bien que QiBates ne peut pas savoir quels membres un zoom au niveau des formules afficherait. Zoomez avec un autre settings.zoomInMode, par exemple NEXT_LEVEL ou BOTTOM_LEVEL.",
          },
        },
        writeBack: {
          status: "no",
          why: {
            en: "The answer to Smart View's WriteBack message is not documented, so QiBates does not write data to a real Essbase 11.x server.",
            fr: "La réponse au message WriteBack de Smart View n'est pas documentée, si bien que QiBates n'écrit pas de données sur un serveur Essbase 11.x réel.",
          },
        },
        variables: {
          status: "no",
          why: ESSBASE_11_NO_VARIABLE_MESSAGE,
        },
        variablesSet: {
          status: "no",
          why: ESSBASE_11_NO_VARIABLE_MESSAGE,
        },
      },
      reader: {
        metadata: {
          en: "Member storage, operators and formulas are not shown.",
          fr: "Le stockage, les opérateurs et les formules des membres ne sont pas affichés.",
        },
        "zoomIn:CALC_LEVEL": {
          en: "QiBates cannot read member formulas from Essbase 11.x, so it cannot tell which members the formula level shows.",
          fr: "QiBates ne peut pas lire les formules des membres sur Essbase 11.x, ni donc savoir quels membres le niveau des formules affiche.",
        },
        writeBack: {
          en: "Submitting to a real Essbase 11.x server is not available.",
          fr: "La soumission vers un serveur Essbase 11.x réel n'est pas disponible.",
        },
        variables: ESSBASE_11_NO_VARIABLES,
        variablesSet: ESSBASE_11_NO_VARIABLES,
      },
      refusals: {
        metadata: {
          memberUdas: {
            en: "Smart View has no documented message that lists a member's UDAs.",
            fr: "Smart View n'a pas de message documenté qui liste les UDA d'un membre.",
          },
        },
      },
    },
  },
  ssas: {
    family: "essbase",
    addressSuffix: "/aps/JAPI",
    client: "xmla",
    names: {
      serverType: "SSAS",
      short: { en: "SSAS", fr: "SSAS" },
      full: { en: "Microsoft SQL Server Analysis Services", fr: "Microsoft SQL Server Analysis Services" },
    },
    capabilities: {
      refused: {
        "zoomIn:CALC_LEVEL": SSAS_NO_FORMULAS,
        calcScripts: {
          en: "SSAS has no calculation scripts: its calculations are MDX expressions defined in the cube.",
          fr: "SSAS n'a pas de scripts de calcul\u00a0: ses calculs sont des expressions MDX définies dans le cube.",
        },
        udaFilter: {
          en: "SSAS has no user-defined attributes (UDAs).",
          fr: "SSAS n'a pas d'attributs définis par l'utilisateur (UDA).",
        },
        variables: SSAS_NO_VARIABLES,
        variablesSet: SSAS_NO_VARIABLES,
      },
      // Through XMLA (packages/connectors/src/xmla): Discover for metadata, every grid operation laid out by the
      // engine over the outline read with Discover and its cells read with one MDX SELECT, UPDATE CUBE for saves.
      realServers: true,
      onRealServers: {
        metadata: {
          status: "partly",
          why: {
            en: "XMLA gives no dimension storage and no member storage or consolidation: on a real server nav/dimensions returns storage null for every dimension, and nav/dimtree does not show the server's member storage and consolidation.",
            fr: "XMLA ne donne ni le stockage des dimensions, ni le stockage ou la consolidation des membres\u00a0: sur un serveur réel, nav/dimensions renvoie storage null pour chaque dimension, et nav/dimtree ne montre pas le stockage et la consolidation des membres du serveur.",
          },
        },
        aliasTables: {
          status: "partly",
          why: {
            en: "XMLA gives one caption per member: on a real server the Default alias table holds the members' captions, and no other alias table is listed.",
            fr: "XMLA donne une seule légende par membre\u00a0: sur un serveur réel, la table d'alias Default contient les légendes des membres, et aucune autre table d'alias n'est listée.",
          },
        },
        writeBack: {
          status: "partly",
          why: {
            en: "On a real server, a save is written back with MDX UPDATE CUBE, which only a write-enabled cube accepts; otherwise the save returns 422 QB_ERR_OPERATION_UNSUPPORTED with the server's message. XMLA says which members carry a formula, not which others are dynamic or label only: before a save, a grid marks only the cells of formula members read-only.",
            fr: "Sur un serveur réel, un enregistrement est écrit par l'instruction MDX UPDATE CUBE (écriture différée), que seul un cube activé en écriture accepte\u202f; sinon l'enregistrement renvoie 422 QB_ERR_OPERATION_UNSUPPORTED avec le message du serveur. XMLA indique quels membres portent une formule, pas quels autres sont en calcul dynamique ou en libellé uniquement\u00a0: avant l'enregistrement, une grille ne marque en lecture seule que les cellules des membres à formule.",
          },
        },
      },
      reader: {
        metadata: { en: "Member storage is not shown.", fr: "Le stockage des membres n'est pas affiché." },
        "zoomIn:CALC_LEVEL": {
          en: "SSAS has no outline formulas.",
          fr: "SSAS n'a pas de formules d'outline.",
        },
        calcScripts: { en: "SSAS has no calculation scripts.", fr: "SSAS n'a pas de scripts de calcul." },
        udaFilter: { en: "SSAS has no UDAs.", fr: "SSAS n'a pas d'UDA." },
        variables: SSAS_NO_VARIABLES,
        variablesSet: SSAS_NO_VARIABLES,
        aliasTables: {
          en: "One caption per member, in the Default table.",
          fr: "Une seule légende par membre, dans la table Default.",
        },
        writeBack: {
          en: "Only on cubes your administrator enabled for writing.",
          fr: "Seulement sur les cubes que votre administrateur a activés en écriture.",
        },
      },
      refusals: {
        writeBack: {
          serverRefused: {
            en: "the server refused the write-back (UPDATE CUBE) — {reason}",
            fr: "le serveur a refusé l'écriture différée (UPDATE CUBE) — {reason}",
          },
        },
      },
      readerRefusals: {
        writeBack: {
          serverRefused: {
            en: "your company's server refused to save the data — {reason}",
            fr: "le serveur de votre entreprise a refusé d'enregistrer les données — {reason}",
          },
        },
      },
    },
  },
  // Planning on premises through the Planning REST API (packages/connectors/src/planning-rest) and Smart View's
  // XML protocol for alias tables and prompts (planning-smartview): what neither has a public call or capture
  // for is done by the demo only (sources: packages/connectors/NOTES-planning-rest.md, NOTES-planning-smartview.md).
  planning: {
    family: "planning",
    addressSuffix: "/HyperionPlanning/SmartView",
    client: "planning-smartview",
    names: {
      serverType: "Planning",
      short: { en: "Planning", fr: "Planning" },
      full: { en: "Oracle Hyperion Planning (on premises)", fr: "Oracle Hyperion Planning (sur site)" },
    },
    capabilities: {
      realServers: true,
      onRealServers: PLANNING_SMARTVIEW_LIMITS,
      reader: {
        ...PLANNING_REST_READER,
        runtimePrompts: {
          en: "A rule without prompts is shown as such, but QiBates cannot list the prompts of a rule that has some; type them under **Run a rule by name** (**☰ › Task Lists**).",
          fr: "Une règle sans invite est signalée comme telle, mais QiBates ne peut pas lister les invites d'une règle qui en a\u202f; saisissez-les sous **Lancer une règle par son nom** (**☰ › Listes de tâches**).",
        },
        planningAliasTables: {
          en: "Tables are listed; one other than Default works only where the server gives its aliases.",
          fr: "Les tables sont listées\u202f; une table autre que Default ne fonctionne que si le serveur en donne les alias.",
        },
      },
      readerRefusals: PLANNING_REST_READER_REFUSALS,
      refusals: {
        ...PLANNING_REST_REFUSALS,
        runtimePrompts: {
          prompted: {
            en: "the server names the prompts of {rule} ({prompts}) but its answer does not say which kind of value each takes.",
            fr: "le serveur nomme les invites de {rule} ({prompts}), mais sa réponse ne dit pas quel genre de valeur chacune attend.",
          },
        },
      },
    },
  },
  // Essbase 21c through its REST API (packages/connectors/src/essbase-rest). The REST API lists no member
  // formulas, so the formula level cannot be laid out without guessing; the other zoom modes REST lacks are
  // laid out with Essbase's rules over the outline and refreshed on the server.
  "essbase-stndln": {
    family: "essbase",
    addressSuffix: "/essbase/japi",
    client: "essbase-rest",
    names: {
      serverType: "Essbase 21c",
      short: { en: "Essbase 21c", fr: "Essbase 21c" },
      full: { en: "Oracle Essbase 21c (standalone)", fr: "Oracle Essbase 21c (autonome)" },
    },
    capabilities: {
      refused: {
        "zoomIn:CALC_LEVEL": {
          en: "Essbase 21c's REST API does not give member formulas, so QiBates cannot tell which members a zoom to the formula level would show.",
          fr: "L'API REST d'Essbase 21c ne donne pas les formules des membres, si bien que QiBates ne peut pas savoir quels membres un zoom au niveau des formules afficherait.",
        },
      },
      realServers: true,
      onRealServers: {
        metadata: {
          status: "partly",
          why: {
            en: "Essbase 21c's REST API does not say whether a dimension is dense or sparse: on a real server nav/dimensions returns storage null for every dimension.",
            fr: "L'API REST d'Essbase 21c ne dit pas si une dimension est dense ou dispersée\u00a0: sur un serveur réel, nav/dimensions renvoie storage null pour chaque dimension.",
          },
        },
      },
      reader: {
        metadata: {
          en: "Dense and sparse are not shown.",
          fr: "Le stockage dense ou dispersé des dimensions n'est pas affiché.",
        },
        "zoomIn:CALC_LEVEL": {
          en: "QiBates cannot read member formulas from Essbase 21c, so it cannot tell which members the formula level shows.",
          fr: "QiBates ne peut pas lire les formules des membres sur Essbase 21c, ni donc savoir quels membres le niveau des formules affiche.",
        },
      },
      refusals: {
        adhoc: {
          nameAndAlias: {
            en: "Essbase's REST grid has no name-and-alias display",
            fr: "La grille REST d'Essbase n'affiche pas le nom et l'alias ensemble",
          },
        },
      },
    },
  },
  pbcs: {
    family: "planning",
    // PBCS's login with an identity domain.
    operations: ["action/loginpbcs"],
    addressSuffix: "/HyperionPlanning/SmartView",
    client: "planning-rest",
    names: {
      serverType: "PBCS",
      short: { en: "PBCS", fr: "PBCS" },
      full: { en: "Oracle PBCS / EPM Cloud Planning", fr: "Oracle PBCS / EPM Cloud Planning" },
    },
    capabilities: {
      realServers: true,
      onRealServers: PLANNING_REST_LIMITS,
      reader: {
        ...PLANNING_REST_READER,
        runtimePrompts: {
          en: "QiBates cannot list a rule's prompts; type them under **Run a rule by name** (**☰ › Task Lists**).",
          fr: "QiBates ne peut pas lister les invites d'une règle\u202f; saisissez-les sous **Lancer une règle par son nom** (**☰ › Listes de tâches**).",
        },
        planningAliasTables: {
          en: "The list of alias tables is not available; Default works, and another table you name works where the server gives its aliases.",
          fr: "La liste des tables d'alias n'est pas disponible\u202f; Default fonctionne, ainsi qu'une autre table que vous nommez si le serveur en donne les alias.",
        },
      },
      refusals: PLANNING_REST_REFUSALS,
      readerRefusals: PLANNING_REST_READER_REFUSALS,
    },
  },
} satisfies Record<string, ConnectorDescription>;

export type Connector = keyof typeof DESCRIPTIONS;

/** Each connector's description, by connector value. */
export const CONNECTOR_DESCRIPTIONS: Readonly<Record<Connector, ConnectorDescription>> = DESCRIPTIONS;

export const CONNECTORS = Object.keys(DESCRIPTIONS) as readonly Connector[];

export function isConnector(value: string): value is Connector {
  return Object.hasOwn(DESCRIPTIONS, value);
}

export function familyOf(connector: Connector): Family {
  return CONNECTOR_DESCRIPTIONS[connector].family;
}

function byConnector<T>(pick: (d: ConnectorDescription) => T): Readonly<Record<Connector, T>> {
  return Object.fromEntries(CONNECTORS.map((c) => [c, pick(CONNECTOR_DESCRIPTIONS[c])])) as Record<
    Connector,
    T
  >;
}

/** The path a provider address must end with, per connector. */
export const PROVIDER_SUFFIX = byConnector((d) => d.addressSuffix);

/** What each connector is called. */
export const CONNECTOR_NAMES = byConnector((d) => d.names);

/** The server type a connector stands for (its names' `serverType`). */
export const SERVER_TYPE = byConnector((d) => d.names.serverType);
