import { describe, expect, it } from "vitest";
import { entryCost, FileCatalog } from "../../src/essbase-rest/files.ts";
import { BASE, EssbaseClient, endpointForTests } from "../support/endpoint.ts";

/**
 * Issue 57 (part 5): the Files API's catalog is shared fairly. Each user has a quota, a visitor of the shared demo
 * user (one client address, an IPv6 client's /64 network) a smaller one; a visitor's files go with their last session, and what departed
 * visitors left is dropped before a file is refused for the catalog's total. One user filling their folders
 * leaves another's uploads working.
 */
const endpoint = endpointForTests({ sharedUser: (u: string) => u === "demo" }, { alice: "alice-pw" });

const MB = 1024 * 1024;

async function put(client: EssbaseClient, path: string, bytes: number) {
  const res = await fetch(`${client.origin}${BASE}/files${path}`, {
    method: "PUT",
    headers: {
      cookie: client.cookie ?? "",
      "content-type": "application/octet-stream",
      accept: "application/json",
    },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, text: await res.text() };
}

describe("the Files API's quotas", () => {
  it("holds a demo visitor to their quota, leaves another user's uploads working, and drops the visitor's files at logout", async () => {
    const visitor = new EssbaseClient(endpoint.origin);
    await visitor.get("/files");
    expect((await put(visitor, "/users/demo/a.txt", 8 * MB)).status).toBe(200);
    expect((await put(visitor, "/users/demo/b.txt", 8 * MB)).status).toBe(200);
    const full = await put(visitor, "/users/demo/c.txt", MB);
    expect(full.status).toBe(400);
    expect(JSON.parse(full.text).errorMessage).toBe(
      "There is not enough space in your folders of the file catalog for this file: each visitor of the shared demo user keeps at most 16\u00a0MiB of files (all the addresses of an IPv6 /64 network count as one visitor). Delete files you no longer need (DELETE /files/{path}); your files are also deleted when your last session ends.",
    );
    // Another user's upload works beside a full one.
    const alice = new EssbaseClient(endpoint.origin, { username: "alice", password: "alice-pw" });
    await alice.get("/files");
    expect((await put(alice, "/users/alice/a.txt", 16 * MB)).status).toBe(200);
    // The visitor leaves: their files go with their session; the next visit starts empty.
    expect((await visitor.delete("/session")).status).toBeLessThan(300);
    const next = new EssbaseClient(endpoint.origin);
    const mine = await next.get("/files/users/demo");
    expect(mine.json.items).toEqual([]);
    expect((await put(next, "/users/demo/c.txt", 16 * MB)).status).toBe(200);
  });
});

describe("the file catalog's total", () => {
  it("drops what departed visitors left before refusing a file, never a user's own files", () => {
    const live = new Set(["demo\n10.0.0.2"]);
    // The total counts the names of files and folders beside their bytes: here, room for three files of 10 bytes.
    const names = (user: string, ...files: string[]) =>
      [`users/${user}`, ...files.map((f) => `users/${user}/${f}`)].reduce((n, p) => n + entryCost(p), 0);
    const total = 30 + 2 * names("demo", "a") + names("alice", "a");
    const catalog: FileCatalog = new FileCatalog(
      {
        maxFileBytes: 10,
        maxOwnerBytes: 20,
        maxVisitorBytes: 10,
        maxTotalBytes: total,
        maxOwnerEntries: 100,
      },
      () => {
        for (const owner of catalog.ownersKept())
          if (FileCatalog.isVisitor(owner) && !live.has(owner)) catalog.dropOwner(owner);
      },
    );
    catalog.put("demo\n10.0.0.1", ["users", "demo", "a"], Buffer.alloc(10), false);
    catalog.put("demo\n10.0.0.2", ["users", "demo", "a"], Buffer.alloc(10), false);
    catalog.put("alice", ["users", "alice", "a"], Buffer.alloc(10), false);
    // Full: the visitor at 10.0.0.1 has left, so their file makes room for Alice's.
    catalog.put("alice", ["users", "alice", "b"], Buffer.alloc(10), false);
    expect(catalog.bytesOf("demo\n10.0.0.1")).toBe(0);
    expect(catalog.bytesOf("demo\n10.0.0.2")).toBe(10);
    // Nothing left to reclaim: refused, and nobody's files were touched.
    expect(() => catalog.put("bob", ["users", "bob", "a"], Buffer.alloc(10), false)).toThrow(
      `There is not enough space in the file catalog for this file: the files of all users take at most ${total}\u00a0bytes together, and that space is used.`,
    );
    expect(catalog.bytesOf("alice")).toBe(20);
  });

  it("counts the names of files and folders, so that folders with long names cannot fill the memory unseen", () => {
    const catalog = new FileCatalog({
      maxFileBytes: 1000,
      maxOwnerBytes: 100_000,
      maxVisitorBytes: 100_000,
      maxTotalBytes: 150_000,
      maxOwnerEntries: 1000,
      maxOwnerNameBytes: 100_000,
    });
    const long = "x".repeat(250);
    const folders = (owner: string) => () => {
      for (let i = 0; i < 1000; i++) catalog.addFolder(owner, ["shared", `${long}${i}`]);
    };
    // Folders only, no file: the room for a visitor's names ends them…
    expect(folders("demo\n10.0.0.1")).toThrow(
      "There is not enough space in your folders of the file catalog for this name: the names of your files and folders take at most 100,000\u00a0bytes. Delete files or folders you no longer need (DELETE /files/{path}), or give them shorter names.",
    );
    // …and the catalog's total another visitor's, names and files together.
    expect(folders("demo\n10.0.0.2")).toThrow(
      /the files of all users take at most 150,000\u00a0bytes together/,
    );
    expect(() => catalog.put("demo\n10.0.0.3", ["shared", "a"], Buffer.alloc(1000), false)).toThrow(
      /the files of all users take at most 150,000/,
    );
    // Deleting folders gives their room back.
    expect(catalog.delete("demo\n10.0.0.1", ["shared", `${long}0`])).toBe(true);
    expect(catalog.delete("demo\n10.0.0.1", ["shared", `${long}1`])).toBe(true);
    catalog.put("demo\n10.0.0.3", ["shared", "a"], Buffer.alloc(1000), false);
    expect(catalog.bytesOf("demo\n10.0.0.3")).toBe(1000);
  });
});
