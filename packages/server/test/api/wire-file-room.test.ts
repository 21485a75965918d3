import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { type App, appForBlock } from "../support/app.ts";
import { essbaseRestCookie } from "../support/wire-login.ts";

/**
 * The Essbase REST endpoint's file catalog on a public demo server: visitors of the shared demo user could fill it
 * from a few addresses (each address had 32 MiB of the 256 MiB, an IPv6 client taking a new address of its /64
 * for each session), after which every other visitor's upload was refused with a message that said neither the
 * limit nor how to make room. A visitor is now one client address, an IPv6 client's whole /64 network, with
 * WIRE_FILES_PER_VISITOR_MB of WIRE_FILES_TOTAL_MB; a refusal says the limit and how to make room, in the
 * caller's language.
 */

const MIB = 1024 * 1024;
/** A file that fits in a visitor's 1 MiB beside its entries and its folder's. */
const FILE = MIB - 4096;

describe("the file catalog's room for visitors of the demo user", () => {
  let app: App;
  appForBlock(
    {
      QIBATES_WIRE_ENDPOINTS: "essbase-rest",
      RATE_LIMIT_PER_MINUTE: "1000000",
      WIRE_FILES_TOTAL_MB: "4",
      WIRE_FILES_PER_VISITOR_MB: "1",
    },
    (built) => {
      app = built;
    },
  );

  const login = (from: string) => essbaseRestCookie(app, from);
  const upload = (from: string, cookie: string, name: string, bytes: number, language = "en") =>
    app.inject({
      method: "PUT",
      url: `/essbase/rest/v1/files/shared/${name}`,
      remoteAddress: from,
      headers: { cookie, "content-type": "application/octet-stream", "accept-language": language },
      payload: Buffer.alloc(bytes),
    });
  const message = (r: { body: string }) => JSON.parse(r.body).errorMessage as string;

  it("counts every address of an IPv6 /64 network as one visitor, whatever the session", async () => {
    const first = "2001:db8:5:1::1";
    const second = "2001:db8:5:1::2";
    expect((await upload(first, await login(first), "a.bin", FILE)).statusCode).toBe(200);
    // Another address of the same network, in a session of its own: the network's room is taken.
    const refused = await upload(second, await login(second), "b.bin", 8192);
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe(
      "There is not enough space in your folders of the file catalog for this file: each visitor of the shared demo user keeps at most 1\u00a0MiB of files (all the addresses of an IPv6 /64 network count as one visitor). Delete files you no longer need (DELETE /files/{path}); your files are also deleted when your last session ends.",
    );
    const french = await upload(second, await login(second), "b.bin", 8192, "fr-FR,fr;q=0.9");
    expect(message(french)).toBe(
      "Il n'y a pas assez de place pour ce fichier dans vos dossiers du catalogue de fichiers\u00a0: chaque visiteur de l'utilisateur de démonstration partagé garde au plus 1\u202fMio de fichiers (toutes les adresses d'un réseau IPv6 /64 comptent pour un seul visiteur). Supprimez les fichiers dont vous n'avez plus besoin (DELETE /files/{path})\u202f; vos fichiers sont aussi supprimés à la fin de votre dernière session.",
    );
    // Another network keeps its own room.
    expect((await upload("2001:db8:5:2::1", await login("2001:db8:5:2::1"), "a.bin", FILE)).statusCode).toBe(
      200,
    );
  });

  it("takes WIRE_FILES_TOTAL_MB / WIRE_FILES_PER_VISITOR_MB visitors to fill, says how to make room, and makes it when one leaves", async () => {
    // The first test's two networks hold 2 MiB; two more visitors fill the 4 MiB.
    const cookies = new Map<string, string>();
    for (const from of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      const cookie = await login(from);
      cookies.set(from, cookie);
      expect((await upload(from, cookie, "a.bin", FILE)).statusCode).toBe(from.endsWith(".3") ? 400 : 200);
    }
    const late = "198.51.100.3";
    const refused = await upload(late, cookies.get(late) as string, "a.bin", FILE);
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe(
      "There is not enough space in the file catalog for this file: the files of all users take at most 4\u00a0MiB together, and that space is used. Delete files you no longer need (DELETE /files/{path}), or try again later: a visitor's files are deleted when their last session ends (at logout, or after 30 minutes without a call).",
    );
    const french = await upload(late, cookies.get(late) as string, "a.bin", FILE, "fr");
    expect(message(french)).toBe(
      "Il n'y a pas assez de place pour ce fichier dans le catalogue de fichiers\u00a0: les fichiers de tous les utilisateurs y occupent au plus 4\u202fMio ensemble, et cet espace est pris. Supprimez les fichiers dont vous n'avez plus besoin (DELETE /files/{path}), ou réessayez plus tard\u00a0: les fichiers d'un visiteur sont supprimés à la fin de sa dernière session (à la déconnexion, ou après 30\u00a0minutes sans appel).",
    );
    // A visitor logs out: their files go, and the waiting visitor's upload fits.
    const leaving = "198.51.100.1";
    const out = await app.inject({
      method: "DELETE",
      url: "/essbase/rest/v1/session",
      remoteAddress: leaving,
      headers: { cookie: cookies.get(leaving) as string },
    });
    expect(out.statusCode).toBe(200);
    expect((await upload(late, cookies.get(late) as string, "a.bin", FILE)).statusCode).toBe(200);
  });

  it("refuses a file past the largest one unread, saying the limit, in the caller's language", async () => {
    const from = "203.0.113.9";
    const cookie = await login(from);
    const refused = await upload(from, cookie, "big.bin", 16 * MIB + 1, "fr");
    expect(refused.statusCode).toBe(413);
    expect(message(refused)).toBe(
      "Le fichier dépasse 16\u202fMio, la taille maximale d'un fichier du catalogue de fichiers\u00a0: découpez-le, ou envoyez-en un plus petit.",
    );
  });
});

describe("WIRE_FILES_PER_VISITOR_MB", () => {
  it("is refused at start when larger than WIRE_FILES_TOTAL_MB", () => {
    expect(() => loadConfig({ WIRE_FILES_TOTAL_MB: "8", WIRE_FILES_PER_VISITOR_MB: "9" })).toThrow(
      "WIRE_FILES_PER_VISITOR_MB (9): must be at most WIRE_FILES_TOTAL_MB (8), the room of all users' files together",
    );
    expect(loadConfig({}).wireFilesPerVisitorMb).toBe(16);
    expect(loadConfig({}).wireFilesTotalMb).toBe(256);
  });
});
