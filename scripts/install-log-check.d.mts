/** The warning lines npm printed before the tests started (`> name@version test`). */
export function installWarnings(log: string): string[];
