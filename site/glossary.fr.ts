/**
 * The French wording of the site: one term per thing. Each rule gives the term to use, the variants that must
 * not appear in French prose (docs, versioned docs, changelog, interface strings) and why.
 * site/test/glossary.test.ts checks every French page against it; code, URLs and link targets are not prose.
 * The terms of the multidimensional domain (dimension, membre, point de vue…) follow the Oracle and Microsoft
 * French documentation.
 */
export type GlossaryRule = {
  /** The term (or wording) to use. */
  preferred: string;
  /** Variants that must not appear in prose. */
  forbidden: RegExp[];
  /** Why, in one sentence. */
  reason: string;
};

export const frenchGlossary: GlossaryRule[] = [
  {
    preferred:
      "connexion (une connexion enregistrée de la vue Connexions) ; ouverture de session, se connecter (la saisie du nom d'utilisateur et du mot de passe) ; identification, s'identifier (avec Google ou Microsoft, sur la page de clé)",
    forbidden: [
      /\bconnexions? de démonstration\b/iu,
      /\bconnexions? avec (?:Google|Microsoft|…|\{provider\})/iu,
      /\bfournisseurs? de connexion\b/iu,
      /\bconnecter avec (?:Google|Microsoft|…|\{provider\})/iu,
      /(?<!\p{L})écran de connexion\b/iu,
    ],
    reason:
      "« connexion » ne nomme qu'une connexion enregistrée : l'ouverture de session avec un serveur et l'identification avec Google ou Microsoft se disent ainsi, pour qu'une phrase ne donne pas deux sens au même mot.",
  },
  {
    preferred: "“ ” pour une citation à l'intérieur de « » (« La règle métier “AggregateData” a échoué. »)",
    forbidden: [/«[^»\n]*«/u],
    reason:
      "Des guillemets français dans des guillemets français se lisent mal : la citation intérieure prend les guillemets anglais.",
  },
  {
    preferred: "Pages associées (la liste de liens en fin de page)",
    forbidden: [/\bPages liées\b/u],
    reason: "Un seul titre pour la même section sur toutes les pages.",
  },
  {
    preferred: "Enlever uniquement (Remove Only)",
    forbidden: [/\bsupprimer uniquement(?! les fichiers)/iu],
    reason:
      "La documentation Oracle en français nomme l'opération ad hoc Remove Only « Enlever uniquement » ; « Supprimer uniquement les fichiers » reste le libellé de Google pour une autorisation.",
  },
  {
    preferred: "écriture différée (write-back, table d'écriture différée)",
    forbidden: [/\bréécritures?\b/iu],
    reason:
      "Microsoft nomme le write-back d'Analysis Services « écriture différée » ; « réécrire » garde son sens courant (écrire de nouveau).",
  },
  {
    preferred: "dense / dispersée (stockage d'une dimension)",
    forbidden: [/(?<!\p{L})éparses?(?!\p{L})/iu],
    reason: "La documentation Essbase d'Oracle en français dit « dimensions denses et dispersées ».",
  },
  {
    preferred: "mise en retrait (indentation)",
    // The 1.x option, quoted in English as its interface showed it, glossed: "Indentation (mise en retrait)".
    forbidden: [/\bindentations?\b(?! \(mise en retrait\))/iu],
    reason: "Terme de Smart View en français pour l'indentation des membres.",
  },
  {
    preferred: "Se connecter à… (libellé des pages de connexion dans le menu latéral)",
    forbidden: [/^sidebar_label: Connexion à/mu],
    reason: "Les pages « Connecter QiBates à… » ont toutes le même libellé de menu, à l'infinitif.",
  },
  {
    preferred: "notification",
    forbidden: [/\btoasts?\b/iu],
    reason: "« toast » est un anglicisme : le message qui s'affiche en bas du volet est une notification.",
  },
  {
    preferred: "volet (le volet QiBates) ; écran ou vue pour une partie du volet",
    forbidden: [/\bpanneaux?\b/iu],
    reason:
      "QiBates s'ouvre dans un volet (le « volet Office » d'Excel) ; « panneau » désignait tantôt le volet, tantôt un de ses écrans.",
  },
  {
    preferred: "menu principal",
    forbidden: [/\bmenu burger\b/iu, /\bburger\b/iu, /\bhamburger\b/iu],
    reason: "Le menu ☰ du volet se nomme menu principal, dans les titres comme dans le texte.",
  },
  {
    preferred: "Manquant affiché à zéro",
    forbidden: [/\bvaleurs? manquantes? à zéro\b/iu],
    reason: "Un paramètre garde le nom de sa page, dans les titres comme dans les liens.",
  },
  {
    preferred: "Fusionner les cellules",
    forbidden: [/\bfusion des cellules\b/iu],
    reason: "Un paramètre garde le nom de sa page, dans les titres comme dans les liens.",
  },
  {
    preferred: "les noms de membres de l'outline, en anglais (East, South, Qtr1…)",
    forbidden: [/(?<![\p{L}])(?:le |l'|l’)(?:Sud|Nord|Est|Ouest)\b/u, /\bTrim(?:estre)? ?[1-4]\b/u],
    reason: "Un nom de membre est ce que l'utilisateur saisit dans la feuille : il ne se traduit jamais.",
  },
  {
    preferred: "une étape commence par un verbe : « puis cliquez sur **Actualiser** »",
    forbidden: [/\bpuis \*\*\p{Lu}/u, /\bpuis ☰/u, /^[ \t]*\d+\.[ \t]+\*\*[^*\n]*›/mu],
    reason: "Un libellé d'interface seul ne dit pas quoi faire : cliquer, choisir, ouvrir.",
  },
  {
    preferred: "« 2 terminées sur 4 »",
    forbidden: [/\b\d+ sur \d+ terminées?\b/u],
    reason: "Le compteur d'une liste de tâches se lit dans l'ordre français : le nombre fait, puis le total.",
  },
  {
    preferred: "l'interface web de Planning",
    forbidden: [/\bPlanning web\b/u],
    reason: "« Planning web » calque l'anglais ; en français, le complément du nom vient après.",
  },
  {
    preferred: "naïve saisonnière",
    forbidden: [/\bsaisonnière naïve\b/iu],
    reason: "Nom usuel de la méthode de prévision (méthode naïve, variante saisonnière).",
  },
  {
    preferred: "a renvoyé une erreur",
    forbidden: [/\brépond(?:u)? une erreur\b/iu],
    reason: "« répondre » ne prend pas de complément d'objet direct : un serveur renvoie une erreur.",
  },
  {
    preferred: "Lire la suite",
    forbidden: [/\bLire plus\b/iu],
    reason: "Formule française du lien vers la suite d'un billet.",
  },
  {
    preferred: "les cellules gris-bleu",
    forbidden: [/\bles gris-bleu\b/iu],
    reason:
      "« gris-bleu » est un adjectif de couleur (invariable) : il qualifie les cellules, il ne les remplace pas.",
  },
  {
    preferred: "calcul dynamique, libellé uniquement (stockage d'un membre)",
    forbidden: [/\bDynamic Calc\b/u, /\bLabel Only\b/u],
    reason:
      "La documentation Oracle en français dit « calcul dynamique » ; « libellé uniquement » rend Label Only (glossaire du domaine).",
  },
  {
    preferred:
      "travail, travaux (job d'un serveur : tâche RULES, export…) ; tâche pour une tâche d'une liste de tâches",
    forbidden: [/\btâches? (?:RULES|de calcul)\b/iu, /\btâches? `RULES`/iu],
    reason:
      "Oracle EPM en français nomme les jobs « travaux » (console des travaux) ; « tâche » reste l'étape d'une liste de tâches.",
  },
  {
    preferred: "outline (nom féminin : l'outline, une outline, lue)",
    forbidden: [/\b(?:un|le|cet|du) outline\b/iu, /\bl'outline (?:lu|construit|complet|entier)\b/iu],
    reason: "Un seul genre pour « outline » dans tout le site : le féminin, déjà majoritaire.",
  },
  {
    preferred: "semblables (siblings, terme d'Oracle)",
    forbidden: [/\bmembres? frères?\b/iu, /\bfrères et sœurs\b/iu],
    reason: "Oracle nomme Siblings « Semblables » dans Smart View et Planning en français.",
  },
  {
    preferred: "## Mode opératoire (titre des procédures ; en anglais, ## How to do it)",
    forbidden: [/^#{2,3} Comment faire\b/mu],
    reason: "Un seul titre pour les procédures dans tout le site.",
  },
  {
    preferred: "refusée (une cellule, une valeur, un appel que le serveur ou QiBates n'accepte pas)",
    forbidden: [/\brejet(?:ée?s?|és?|te|tent|ter|ts?)?\b/iu],
    reason:
      "Un seul verbe pour ce que le serveur n'accepte pas, comme les messages du complément : « refusé ».",
  },
  {
    preferred: "mode démonstration (QIBATES_DEMO) ; serveur de démonstration",
    forbidden: [/\bmode démo\b/iu],
    reason:
      "Le mot entier, comme dans « serveur de démonstration » ; « démo » seul reste le verdict « Démo seulement ».",
  },
  {
    preferred: "utilisateur de démonstration (`demo`), comme « clé de démonstration »",
    forbidden: [/\butilisateurs? de la démonstration\b/iu],
    reason: "Un seul nom pour l'utilisateur `demo`, sur le modèle de « clé de démonstration ».",
  },
  {
    preferred: "Sélection de membres (l'écran et la commande du complément)",
    forbidden: [/\bSélection des membres\b/u],
    reason: "Le libellé du complément, le même sur toutes les pages.",
  },
  {
    preferred: "Supprimer les lignes manquantes (le paramètre) ; il n'y a pas de suppression des zéros",
    forbidden: [/\bsuppression des lignes manquantes et à zéro\b/iu, /\bsuppression des zéros\b/iu],
    reason:
      "Le seul paramètre de suppression supprime les lignes manquantes ; « Manquant affiché à zéro » affiche, ne supprime rien.",
  },
  {
    preferred: "Oui, En partie, Démo seulement, Non (les verdicts de la matrice de compatibilité)",
    forbidden: [/\*\*(?:Partiellement|Démo uniquement|Démo|Non pris en charge)\*\*/u],
    reason: "La matrice et chaque page qui la cite emploient les quatre mêmes mots.",
  },
  {
    preferred: "instantané, masculin (ce que prend qibates-snapshot et que sert QIBATES_SNAPSHOTS)",
    // The one sentence that says what a snapshot is, at the top of its page, keeps the word « copie ».
    forbidden: [
      /(?<!Un instantané est une )\bcopies? hors ligne\b/iu,
      /\bcopies? (?:de vos|d['’]un) cubes?\b/iu,
    ],
    reason: "Un seul nom pour la même chose, comme la commande, les paramètres et les fichiers.",
  },
  {
    preferred:
      "cascade (l'action) : « lancez une cascade de la dimension Market » ; « décliner » seulement dans « décliner … en cascade »",
    // "décliné en cascade", "décliner un rapport en cascade" keep the feature's name beside the verb.
    forbidden: [
      /(?<!\p{L})déclin(?:e|es|ent|er|ez|ons|é|ée|és|ées)(?!\p{L})(?!(?:-(?:le|la|les))?(?:[ \u00A0][\p{L}'’]+){0,3}[ \u00A0]en cascade)/iu,
    ],
    reason:
      "L'action se nomme Cascade, comme dans Smart View en français : on lance une cascade ; un « décliner » seul ne dit pas de quelle action il s'agit.",
  },
  {
    preferred:
      "série (de requêtes) : l'ensemble des requêtes que QiBates envoie ensemble à votre serveur (round)",
    // The noun only (after a determiner or a number): the adjective « vague » (« une réponse vague ») stays allowed.
    forbidden: [/(?<!\p{L})(?:la|une|les|des|ses|leurs?|chaque|plusieurs|\d+)[ \u00A0]vagues?(?!\p{L})/iu],
    reason: "Un seul nom pour la même chose sur les pages de connexion et de délais.",
  },
];
