import { ApiError } from "../api-error.ts";

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
          fr: `Le nom de clé «\u00a0${name}\u00a0» ne convient pas\u00a0: un nom de clé compte de 1 à 64\u00a0lettres, chiffres, points, tirets ou traits de soulignement et commence par une lettre ou un chiffre, par exemple jdupont-portable`,
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
          fr: "Le nom de clé «\u00a0callback\u00a0» est réservé\u202f; rouvrez la page de clé avec un autre nom",
        },
      },
      "state",
    );
  }
  return undefined;
}
