import { describe, expect, it } from "vitest";
import { WireError } from "../../src/essbase-rest/errors.ts";
import { FileCatalog } from "../../src/essbase-rest/files.ts";
import { SMALL_FILE_LIMITS } from "../support/endpoint.ts";

/**
 * Past the files and folders one user may hold (1,000 by default), an upload is refused as every other room
 * refusal of the catalog is: with the limit and how to make room, in the caller's language. It said the limit
 * alone, in English only.
 */
describe("the file catalog's entries per user", () => {
  it("refuses one past the limit, saying what to delete, in English and in French", () => {
    const catalog = new FileCatalog({ ...SMALL_FILE_LIMITS, maxOwnerEntries: 3 });
    catalog.put("alice", ["users", "alice", "a.txt"], Buffer.from("a"), false);
    let refusal: unknown = null;
    try {
      for (const name of ["b.txt", "c.txt", "d.txt"])
        catalog.put("alice", ["users", "alice", name], Buffer.from("b"), false);
    } catch (e) {
      refusal = e;
    }
    expect(refusal).toBeInstanceOf(WireError);
    const e = refusal as WireError;
    expect(e.status).toBe(400);
    expect(e.message).toBe(
      "The file catalog holds at most 3 files and folders per user. Delete files or folders you no longer need (DELETE /files/{path}).",
    );
    expect(e.fr).toBe(
      "Le catalogue de fichiers contient au plus 3 fichiers et dossiers par utilisateur. Supprimez les fichiers ou dossiers dont vous n'avez plus besoin (DELETE /files/{path}).",
    );
  });
});
