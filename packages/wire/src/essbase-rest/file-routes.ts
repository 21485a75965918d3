import { createReadStream } from "node:fs";
import { type Readable, Transform } from "node:stream";
import { getLink, page, type RestLink } from "@qibates/protocols/essbase-rest";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EssbaseContext } from "./context.ts";
import { badRequest } from "./errors.ts";
import {
  type CatalogFile,
  catalogPath,
  type FileCatalog,
  FileRoomRefused,
  ROOT_FOLDERS,
  type UploadRoom,
} from "./files.ts";
import { bool, enc, JSON_TYPE, linkBase, TEXT_TYPE, whole } from "./request.ts";
import type { WireSession } from "./sessions.ts";

/** `FileBean` of the swagger. */
interface FileBean {
  name: string;
  fullPath: string;
  /** `folder` (what appliedolap's client tests), else the file's extension (`txt`), or `file` without one. */
  type: string;
  permissions?: { addFolder: boolean; addFile: boolean };
  links?: RestLink[];
}

const fullPathOf = (parts: readonly string[]) => `/${parts.join("/")}`;

/**
 * The body of an upload of unknown length, its bytes held in `room` as they arrive: past the room, the body fails
 * with the refusal (`FileRoomRefused`), which the parser answers, and nothing is kept.
 */
function countedAsItArrives(payload: Readable, room: UploadRoom): Readable {
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      try {
        room.grow(received);
      } catch (refusal) {
        done(refusal as Error);
        return;
      }
      done(null, chunk);
    },
  });
  payload.once("error", (e) => counted.destroy(e));
  return payload.pipe(counted);
}

/**
 * The bidirectional controls (embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, the marks U+200E,
 * U+200F and U+061C): in a file name they reorder what a user sees, so that `invoice\u202Etxt.exe` shows as
 * `invoiceexe.txt` (Unicode TR 36 §2.1, "bidirectional text spoofing"). No name needs them to be read.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/gu;

/**
 * `Content-Disposition` for every download (Files API, MDX reports; RFC 6266): `filename` in quotes for a name of
 * printable ASCII, and for any other name also `filename*=UTF-8''…` (RFC 8187), beside an ASCII `filename` where
 * the other characters read `_` (for clients that read only that one). A header value must be Latin-1: a name
 * like `日.txt` put as is in `filename` makes Node refuse the header. Bidirectional controls are removed first.
 */
export function contentDisposition(asked: string): string {
  const name = asked.replace(BIDI_CONTROLS, "") || "download";
  const plain = name.replace(/[^\x20-\x7e]|["\\]/gu, "_");
  if (plain === name) return `attachment; filename="${name}"`;
  let encoded: string;
  try {
    encoded = encodeURIComponent(name).replace(
      /['()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  } catch {
    return `attachment; filename="${plain}"`; // a lone surrogate has no UTF-8 form
  }
  return `attachment; filename="${plain}"; filename*=UTF-8''${encoded}`;
}

function bean(
  parts: readonly string[],
  file: CatalogFile | null,
  writable: boolean,
  base: string | null,
): FileBean {
  const name = parts[parts.length - 1] as string;
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  const b: FileBean = {
    name,
    fullPath: fullPathOf(parts),
    type: file ? (ext ?? "file") : "folder",
    ...(file ? {} : { permissions: { addFolder: writable, addFile: writable } }),
  };
  if (base !== null) b.links = [getLink("self", `${base}/files${parts.map((p) => `/${enc(p)}`).join("")}`)];
  return b;
}

/**
 * The Files API (`/files`, `/files/{path}`): the catalog Essbase keeps its cubes' files in, which data load jobs
 * read and export jobs write (`job-routes.ts`). `GET` lists a folder (`offset`, `limit`, `type`, `filter`,
 * `recursive`) or downloads a file (`Content-Disposition` names it, as appliedolap's client reads it); `PUT`
 * with `Content-Type: application/octet-stream` uploads a file (`overwrite`), without it creates a folder;
 * `DELETE` removes a file or a folder; `/files/homepath` and `/files/sharedpath` name the caller's folder and the
 * shared one. Each owner sees only their own files (`files.ts`), but an administrator, who reads and manages
 * every user's folder (`users/<name>`). Sources: `NOTES.md`.
 */
export function registerFileRoutes(scope: FastifyInstance, ctx: EssbaseContext, catalog: FileCatalog): void {
  /** The served applications and their cubes, as the catalog's `applications` folders. */
  async function servedFolders(s: WireSession): Promise<string[][]> {
    const server = await ctx.server(s);
    const apps = await ctx.provider.applications(s.provider, server, false);
    const out: string[][] = [];
    for (const a of apps.applications) {
      out.push(["applications", a.name]);
      const cubes = await ctx.provider.cubes(s.provider, { server, application: a.name });
      for (const c of cubes.cubes) out.push(["applications", a.name, c.name]);
    }
    return out;
  }

  /** Whether `parts` is under another user's folder (`users/<name>`) that the caller administers. */
  function othersFolder(s: WireSession, parts: readonly string[]): string | null {
    const [root, second] = parts;
    if (root !== "users" || second === undefined || second.toLowerCase() === s.username.toLowerCase())
      return null;
    return ctx.isAdministrator(s) ? second : null;
  }

  /**
   * Whose files `parts` are: the caller's own (`quotaOwnerOf`), or, under another user's folder, that user's for an
   * administrator (Essbase's service administrator reads and manages every user's folder).
   */
  function ownerAt(s: WireSession, parts: readonly string[]): string {
    const other = othersFolder(s, parts);
    return other === null ? ctx.quotaOwnerOf(s) : (catalog.ownerNamed(other) ?? other);
  }

  /**
   * Where a user may write: their own `users/<name>` (an administrator: any user's), `shared`, and served
   * applications and cubes.
   */
  async function writable(s: WireSession, parts: readonly string[]): Promise<boolean> {
    const [root, second] = parts;
    if (root === "shared") return true;
    if (othersFolder(s, parts) !== null) return true;
    if (root === "users") return second !== undefined && second.toLowerCase() === s.username.toLowerCase();
    if (root !== "applications" || parts.length < 2) return false;
    const served = await servedFolders(s);
    const prefix = parts.slice(0, Math.min(3, parts.length)).join("/").toLowerCase();
    return served.some((f) => f.join("/").toLowerCase() === prefix);
  }

  /** A folder's entries: the owner's, and under `applications`, the served applications and cubes. */
  async function entries(s: WireSession, parts: readonly string[], recursive: boolean, base: string | null) {
    const owner = ownerAt(s, parts);
    const found = new Map<string, FileBean>();
    const add = (p: readonly string[], file: CatalogFile | null, canWrite: boolean) => {
      const key = p.join("/").toLowerCase();
      if (!found.has(key)) found.set(key, bean(p, file, canWrite, base));
    };
    if (parts.length === 0) {
      for (const r of ROOT_FOLDERS) add([r], null, r === "shared");
      return [...found.values()];
    }
    const known = parts.length <= 1 || (await folderExists(s, parts));
    if (!known) throw badRequest(`Folder ${fullPathOf(parts)} does not exist.`);
    if (parts[0] === "applications") {
      for (const f of await servedFolders(s)) {
        const under =
          f.length > parts.length &&
          f.slice(0, parts.length).join("/").toLowerCase() === parts.join("/").toLowerCase();
        if (under && (recursive || f.length === parts.length + 1)) add(f, null, true);
      }
    }
    if (parts[0] === "users" && parts.length === 1) {
      add(["users", s.username], null, true);
      // An administrator sees every user's folder that holds something.
      if (ctx.isAdministrator(s)) for (const name of catalog.userNames()) add(["users", name], null, true);
    }
    for (const e of catalog.list(owner, parts, recursive)) add(e.path, e.file, await writable(s, e.path));
    return [...found.values()];
  }

  async function folderExists(s: WireSession, parts: readonly string[]): Promise<boolean> {
    if (parts.length <= 1) return true;
    if (catalog.isFolder(ownerAt(s, parts), parts)) return true;
    if (parts[0] === "users" && parts.length === 2)
      return (
        parts[1]?.toLowerCase() === s.username.toLowerCase() ||
        (othersFolder(s, parts) !== null && catalog.ownerNamed(parts[1] ?? "") !== null)
      );
    if (parts[0] !== "applications" || parts.length > 3) return false;
    const key = parts.join("/").toLowerCase();
    return (await servedFolders(s)).some((f) => f.join("/").toLowerCase() === key);
  }

  /** The room each upload being received holds (`FileCatalog.reserve`), given back before its file is put. */
  const reservations = new WeakMap<FastifyRequest, () => void>();

  const pathOf = (request: FastifyRequest) => catalogPath((request.params as { "*": string })["*"] ?? "");

  scope.register(async (files) => {
    // An upload past the largest file is refused unread (413) saying so, in the caller's language; every other
    // error goes on to the endpoint's handler (`faults.ts`).
    files.setErrorHandler((error, _request, _reply) => {
      if ((error as { code?: unknown }).code === "FST_ERR_CTP_BODY_TOO_LARGE")
        throw new FileRoomRefused("file", catalog.limits.maxFileBytes, undefined, 413);
      throw error;
    });
    // Uploads arrive as bytes; a folder is created by a PUT whose JSON body is empty (appliedolap's client).
    files.addContentTypeParser(
      "application/octet-stream",
      { parseAs: "buffer", bodyLimit: catalog.limits.maxFileBytes },
      (_request, body, done) => done(null, body),
    );
    files.removeContentTypeParser("application/json");
    files.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 65_536 },
      (_request, body, done) => {
        const text = String(body).trim();
        if (text === "") return done(null, null);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(badRequest("The request body is not valid JSON."), undefined);
        }
      },
    );

    // An upload holds its room before its body is read (`FileCatalog.reserve`), refused at once past it; the room is
    // given back when the upload ends (the route puts the file first). A body over the largest file is the
    // parser's refusal (413). A chunked upload (no Content-Length) holds what has arrived, counted chunk by chunk:
    // holding the largest file up front refused it whenever its sender held any file at all.
    files.addHook("preParsing", async (request, reply, payload) => {
      if (request.method !== "PUT" || !request.essbaseSession) return payload;
      if (!/^application\/octet-stream/i.test(request.headers["content-type"] ?? "")) return payload;
      const header = request.headers["content-length"];
      const declared = header === undefined ? null : Number(header);
      if (declared !== null && !(Number.isSafeInteger(declared) && declared >= 0)) return payload;
      if (declared !== null && declared > catalog.limits.maxFileBytes) return payload;
      const parts = pathOf(request);
      if (parts.length < 2) return payload;
      const room = catalog.reserve(ownerAt(request.essbaseSession, parts), parts, declared ?? 0);
      reservations.set(request, room.release);
      reply.raw.once("close", room.release);
      return declared === null ? countedAsItArrives(payload, room) : payload;
    });

    files.get("/files", async (request, reply) => {
      ctx.sessionOf(request);
      const items = await entries(ctx.sessionOf(request), [], false, linkBase(request));
      return reply.type(JSON_TYPE).send({ ...page(items, 0, 0), properties: {} });
    });

    // The caller's own folder and the shared one, as plain text (appliedolap's client reads `/files/homepath`
    // as text: "Essbase returns plain text such as /users/admin").
    files.get("/files/homepath", async (request, reply) =>
      reply.type(TEXT_TYPE).send(`/users/${ctx.sessionOf(request).username}`),
    );
    files.get("/files/sharedpath", async (request, reply) => {
      ctx.sessionOf(request);
      return reply.type(TEXT_TYPE).send("/shared");
    });

    files.get("/files/*", async (request, reply) => {
      const s = ctx.sessionOf(request);
      const parts = pathOf(request);
      const file = parts.length > 1 ? catalog.file(ownerAt(s, parts), parts) : null;
      if (file) {
        const name = parts[parts.length - 1] as string;
        reply.type("application/octet-stream").header("Content-Disposition", contentDisposition(name));
        // An export on disk is streamed from its file (opened now: a later DELETE does not cut the download).
        if (file.spool !== null)
          return reply.header("Content-Length", file.size).send(createReadStream(file.spool));
        return reply.send(file.bytes);
      }
      const q = request.query as Record<string, string | undefined>;
      let items = await entries(s, parts, bool(q.recursive), linkBase(request));
      const type = (q.type ?? "").toLowerCase();
      if (type !== "") items = items.filter((i) => i.type.toLowerCase() === type);
      const filter = (q.filter ?? "").toLowerCase();
      if (filter !== "") items = items.filter((i) => i.name.toLowerCase().includes(filter));
      const result = page(items, whole(q.offset, 0, "offset"), whole(q.limit, 0, "limit"));
      return reply.type(JSON_TYPE).send({ ...result, properties: {} });
    });

    files.put("/files/*", async (request, reply) => {
      const s = ctx.sessionOf(request);
      const parts = pathOf(request);
      if (parts.length < 2 || !(await writable(s, parts)))
        throw badRequest(`User ${s.username} cannot write to ${fullPathOf(parts)}.`);
      const q = request.query as Record<string, string | undefined>;
      if (Buffer.isBuffer(request.body)) {
        reservations.get(request)?.();
        catalog.put(ownerAt(s, parts), parts, request.body, bool(q.overwrite));
        request.log.info(
          { path: fullPathOf(parts), bytes: request.body.length },
          "essbase-rest: file uploaded",
        );
      } else {
        if (catalog.file(ownerAt(s, parts), parts)) throw badRequest(`${fullPathOf(parts)} is a file.`);
        catalog.addFolder(ownerAt(s, parts), parts);
      }
      return reply
        .type(JSON_TYPE)
        .send(bean(parts, catalog.file(ownerAt(s, parts), parts), true, linkBase(request)));
    });

    files.delete("/files/*", async (request, reply) => {
      const s = ctx.sessionOf(request);
      const parts = pathOf(request);
      if (!catalog.delete(ownerAt(s, parts), parts))
        throw badRequest(`${fullPathOf(parts)} does not exist or cannot be deleted.`);
      return reply.code(204).send();
    });
  });
}
