/**
 * Functions of Oracle's MDX list that need a feature the engine does not have. A query that calls one is refused
 * with `MDX_UNSUPPORTED_FUNCTION`, the message naming the function and what it needs (never "unknown function").
 * Each reason is given in English and French: the documentation's table reads them from here.
 */
export interface Refusal {
  /** What the function needs that the engine lacks, completing "<Name>(…) …". */
  en: string;
  fr: string;
}

const VARYING_ATTRIBUTES: Refusal = {
  en: "needs varying attributes (attribute values that change along another dimension), which the engine's outlines do not have",
  fr: "demande des attributs variables (des valeurs d'attribut qui changent selon une autre dimension), que les outlines du moteur n'ont pas",
};

const TEXT_LISTS: Refusal = {
  en: "needs text lists (typed measures whose cells hold a list entry), which the engine does not have",
  fr: "demande des listes de texte (des mesures typées dont les cellules portent une entrée de liste), que le moteur n'a pas",
};

const PROPERTY_EXPR: Refusal = {
  en: "is read only inside a PROPERTY_EXPR property expression, which the engine does not run",
  fr: "ne se lit que dans une expression de propriété PROPERTY_EXPR, que le moteur n'exécute pas",
};

const DATE_TIME_DIMENSION: Refusal = {
  en: "needs a date-time dimension (a calendar hierarchy whose members carry dates), which the engine's outlines do not have",
  fr: "demande une dimension date-heure (une hiérarchie de calendrier dont les membres portent des dates), que les outlines du moteur n'ont pas",
};

export const REFUSED_FUNCTIONS: Readonly<Record<string, Refusal>> = {
  ATTRIBUTEEX: VARYING_ATTRIBUTES,
  WITHATTREX: VARYING_ATTRIBUTES,
  ENUMTEXT: TEXT_LISTS,
  ENUMVALUE: TEXT_LISTS,
  CURRENTAXISMEMBER: PROPERTY_EXPR,
  DATETOMEMBER: DATE_TIME_DIMENSION,
  GETFIRSTDATE: DATE_TIME_DIMENSION,
  GETLASTDATE: DATE_TIME_DIMENSION,
};

/** What a refused function needs (for the error's reason), or `undefined` when it is not refused. */
export function refusal(name: string): Refusal | undefined {
  return REFUSED_FUNCTIONS[name.toUpperCase()];
}
