import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { entryCost, FileCatalog } from "../../src/essbase-rest/files.ts";
import { BASE, EssbaseClient, endpointForTests } from "../support/endpoint.ts";

/**
 * The Files API's catalog is shared fairly. Each user has a quota, a visitor of the shared demo
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
    // Every visitor here comes from one address: the next test starts with this one gone.
    expect((await next.delete("/session")).status).toBeLessThan(300);
  });
});

/**
 * Starts an upload of `declared` bytes to `path` and sends `sent` of them: the status as soon as the endpoint
 * answers (the rest of the body is then sent, for an upload answered only once it is whole), or null when it has
 * not answered within `waitMs`.
 */
function upload(client: EssbaseClient, path: string, declared: number, sent: number, waitMs = 1500) {
  const url = new URL(`${client.origin}${BASE}/files${path}`);
  const req = request(url, {
    method: "PUT",
    headers: {
      cookie: client.cookie ?? "",
      "content-type": "application/octet-stream",
      "content-length": String(declared),
    },
  });
  req.on("error", () => {});
  req.write(Buffer.alloc(sent));
  const answered = new Promise<{ status: number; text: string }>((resolve) => {
    req.on("response", (res) => {
      let text = "";
      res.on("data", (c) => {
        text += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
  });
  const first = Promise.race([
    answered,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs)),
  ]);
  return {
    first,
    /** Sends the rest of the body: the answer. */
    finish: () => {
      req.end(Buffer.alloc(declared - sent));
      return answered;
    },
    abort: () => req.destroy(),
  };
}

describe("uploads being received", () => {
  it("hold their room: one past the visitor's room left is refused before its body is read", async () => {
    const visitor = new EssbaseClient(endpoint.origin);
    await visitor.get("/files");
    // 10 MiB on its way, not yet whole: another 10 MiB would pass the visitor's 16 MiB, and is refused at once.
    const first = upload(visitor, "/users/demo/first.bin", 10 * MB, MB);
    expect(await first.first).toBeNull();
    const second = upload(visitor, "/users/demo/second.bin", 10 * MB, 0);
    const refused = await second.first;
    expect(refused?.status).toBe(400);
    expect(JSON.parse(refused?.text ?? "{}").errorMessage).toMatch(
      /^There is not enough space in your folders of the file catalog for this file: each visitor of the shared demo user keeps at most 16\u00a0MiB/,
    );
    second.abort();
    // The first one ends and is kept; its room is then its file's.
    expect((await first.finish()).status).toBe(200);
    const third = upload(visitor, "/users/demo/third.bin", 7 * MB, 0);
    expect((await third.first)?.status).toBe(400);
    third.abort();
    // An upload that fits is received, and replacing a file counts only what it adds.
    const fits = upload(visitor, "/users/demo/fits.bin", 6 * MB, 0);
    expect((await fits.finish()).status).toBe(200);
    const replace = upload(visitor, "/users/demo/first.bin?overwrite=true", 10 * MB, 0);
    expect((await replace.finish()).status).toBe(200);
    expect((await visitor.delete("/session")).status).toBeLessThan(300);
  });
});

/**
 * A chunked upload (no Content-Length) of `total` bytes to `path`, sent 64 KiB at a time until the endpoint
 * answers: its status and body.
 */
function chunkedUpload(client: EssbaseClient, path: string, total: number) {
  const req = request(new URL(`${client.origin}${BASE}/files${path}`), {
    method: "PUT",
    headers: { cookie: client.cookie ?? "", "content-type": "application/octet-stream" },
  });
  req.on("error", () => {});
  let answered = false;
  const answer = new Promise<{ status: number; text: string; chunked: boolean }>((resolve) => {
    req.on("response", (res) => {
      answered = true;
      let text = "";
      res.on("data", (c) => {
        text += c;
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          text,
          chunked: req.getHeader("content-length") === undefined,
        }),
      );
    });
  });
  void (async () => {
    for (let sent = 0; sent < total && !answered; sent += 64 * 1024) {
      const chunk = Buffer.alloc(Math.min(64 * 1024, total - sent), 7);
      if (!req.write(chunk)) await new Promise((resolve) => req.once("drain", resolve));
    }
    if (!answered) req.end();
  })();
  return answer;
}

describe("chunked uploads", () => {
  it("count their bytes as they arrive: a small one is taken beside a file, one past the room refused with nothing kept", async () => {
    const visitor = new EssbaseClient(endpoint.origin);
    await visitor.get("/files");
    expect((await put(visitor, "/users/demo/small.txt", 5)).status).toBe(200);
    // Holding 5 bytes, a second upload of 5 bytes without Content-Length: it held the largest file (16 MiB) up
    // front, and was refused with "at most 16 MiB of files".
    const second = await chunkedUpload(visitor, "/users/demo/second.txt", 5);
    expect(second.chunked).toBe(true);
    expect(second.status, second.text).toBe(200);
    const back = await fetch(`${visitor.origin}${BASE}/files/users/demo/second.txt`, {
      headers: { cookie: visitor.cookie ?? "", accept: "application/octet-stream" },
    });
    expect(Buffer.from(await back.arrayBuffer())).toEqual(Buffer.alloc(5, 7));
    // 8 MiB held, then 9 MiB sent in chunks: refused with the quota's message once it passes 16 MiB.
    expect((await put(visitor, "/users/demo/eight.bin", 8 * MB)).status).toBe(200);
    const past = await chunkedUpload(visitor, "/users/demo/nine.bin", 9 * MB);
    expect(past.status).toBe(400);
    expect(JSON.parse(past.text).errorMessage).toMatch(
      /^There is not enough space in your folders of the file catalog for this file: each visitor of the shared demo user keeps at most 16\u00a0MiB/,
    );
    // Nothing left behind: no file, and its room is free again for an upload that fits.
    const names = (await visitor.get("/files/users/demo")).json.items.map((i: { name: string }) => i.name);
    expect(names.sort()).toEqual(["eight.bin", "second.txt", "small.txt"]);
    expect((await chunkedUpload(visitor, "/users/demo/seven.bin", 7 * MB)).status).toBe(200);
    expect((await visitor.delete("/session")).status).toBeLessThan(300);
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
