/**
 * JSON answers of upstream servers read without holding the event loop: a small answer is one
 * `JSON.parse`; a larger one is read by a resumable reader in slices of a few milliseconds (`JSON.parse` of
 * 8 MiB of small objects held the loop some 370 ms). The reader builds what `JSON.parse` builds (a key
 * `__proto__` is an own property, as with `JSON.parse`); a text that is not JSON throws a `SyntaxError`.
 */

/** Below this many characters an answer is one `JSON.parse` (a few milliseconds at most). */
export const JSON_SLICED_FROM = 512 * 1024;

type Container =
  | { array: unknown[]; object?: undefined }
  | { object: Record<string, unknown>; key: string | null };

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class JsonReader {
  private at = 0;
  private readonly stack: Container[] = [];
  private root: unknown;
  private done = false;
  /** What the next token may be: a value, a key (or `}`), `:`, or `,` / a closing bracket. */
  private expect: "value" | "key" | "colon" | "next" = "value";

  constructor(private readonly s: string) {}

  private fail(): never {
    throw new SyntaxError(`Unexpected token in JSON at position ${this.at}`);
  }

  private skipSpace(): void {
    const s = this.s;
    let c = s.charCodeAt(this.at);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = s.charCodeAt(++this.at);
  }

  private string(): string {
    const s = this.s;
    const start = this.at;
    let end = s.indexOf('"', start + 1);
    for (;;) {
      if (end < 0) this.fail();
      let slashes = 0;
      for (let i = end - 1; s.charCodeAt(i) === 92; i--) slashes++;
      if (slashes % 2 === 0) break;
      end = s.indexOf('"', end + 1);
    }
    this.at = end + 1;
    const raw = s.slice(start + 1, end);
    return raw.indexOf("\\") < 0 ? raw : (JSON.parse(s.slice(start, end + 1)) as string);
  }

  private put(value: unknown): void {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) {
      this.root = value;
      this.done = true;
    } else if (top.object === undefined) top.array.push(value);
    else {
      const key = top.key as string;
      if (key === "__proto__")
        Object.defineProperty(top.object, key, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else top.object[key] = value;
    }
    this.expect = "next";
  }

  /** Reads until the end (`true`) or past `deadline` (`false`: call again). */
  step(deadline: number): boolean {
    const s = this.s;
    let tokens = 0;
    for (;;) {
      if ((++tokens & 1023) === 0 && performance.now() > deadline) return false;
      this.skipSpace();
      if (this.done) {
        if (this.at < s.length) this.fail();
        return true;
      }
      const c = s.charCodeAt(this.at);
      const top = this.stack[this.stack.length - 1];
      if (this.expect === "next") {
        if (c === 44 /* , */ && top) {
          this.at++;
          this.expect = top.object === undefined ? "value" : "key";
          continue;
        }
        if ((c === 93 /* ] */ && top && top.object === undefined) || (c === 125 /* } */ && top?.object)) {
          this.at++;
          this.stack.pop();
          this.put(top.object ?? top.array);
          continue;
        }
        this.fail();
      }
      if (this.expect === "key") {
        if (c === 125 /* } */ && top?.object && top.key === null && Object.keys(top.object).length === 0) {
          this.at++;
          this.stack.pop();
          this.put(top.object);
          continue;
        }
        if (c !== 34 || !top?.object) this.fail();
        top.key = this.string();
        this.expect = "colon";
        continue;
      }
      if (this.expect === "colon") {
        if (c !== 58 /* : */) this.fail();
        this.at++;
        this.expect = "value";
        continue;
      }
      // A value.
      if (c === 123 /* { */) {
        this.at++;
        this.stack.push({ object: {}, key: null });
        this.expect = "key";
      } else if (c === 91 /* [ */) {
        this.at++;
        const array: unknown[] = [];
        this.stack.push({ array });
        this.skipSpace();
        if (s.charCodeAt(this.at) === 93) {
          this.at++;
          this.stack.pop();
          this.put(array);
        }
      } else if (c === 34 /* " */) this.put(this.string());
      else if (s.startsWith("true", this.at)) {
        this.at += 4;
        this.put(true);
      } else if (s.startsWith("false", this.at)) {
        this.at += 5;
        this.put(false);
      } else if (s.startsWith("null", this.at)) {
        this.at += 4;
        this.put(null);
      } else {
        NUMBER.lastIndex = this.at;
        const m = NUMBER.exec(s);
        if (!m || m[0] === "") this.fail();
        this.at += m[0].length;
        this.put(Number(m[0]));
      }
    }
  }

  get value(): unknown {
    return this.root;
  }
}

/**
 * `JSON.parse(text)`, in slices of about `sliceMs` ms for a text of `slicedFrom` characters or more (the event
 * loop given back between them).
 */
export async function readJson(
  text: string,
  { sliceMs = 8, slicedFrom = JSON_SLICED_FROM }: { sliceMs?: number; slicedFrom?: number } = {},
): Promise<unknown> {
  if (text.length < slicedFrom) return JSON.parse(text);
  const reader = new JsonReader(text);
  while (!reader.step(performance.now() + sliceMs)) await new Promise<void>((r) => setImmediate(r));
  return reader.value;
}
