import { SnapshotUsers } from "@qibates/server/snapshot-users";
import { describe, expect, it } from "vitest";
import { jsonFileWriter } from "../../server/test/support/json-files.ts";
import { firstLine, main } from "../src/snapshot-cli.ts";

/**
 * `qibates-snapshot hash-password`: a hash for the server's QIBATES_SNAPSHOT_USERS, checked here by the server's
 * own reader of that file (`SnapshotUsers`, which its logins call), the password never an argument.
 */
const write = jsonFileWriter("qibates-hash-password-");

/** `qibates-snapshot hash-password` with `readStdin` as its standard input: its exit code and what it printed. */
async function hashPassword(readStdin: () => Promise<string>): Promise<{ code: number; out: string }> {
  let out = "";
  const code = await main(["hash-password"], {
    out: (s) => {
      out += s;
    },
    err: () => {},
    tty: false,
    env: {},
    readStdin,
  });
  return { code, out };
}

describe("qibates-snapshot hash-password", () => {
  it("makes a hash of the password read from standard input, which the users file accepts", async () => {
    const { code, out } = await hashPassword(async () => "s3cret\n");
    expect(code).toBe(0);
    const users = SnapshotUsers.read(
      write("made.json", { users: [{ name: "eve", passwordHash: out.trim(), applications: "all" }] }),
    );
    expect(await users.valid("eve", "s3cret")).toBe(true);
    expect(await users.valid("eve", "s3cret\n")).toBe(false);
    // Never an argument.
    expect(
      await main(["hash-password", "s3cret"], { out: () => {}, err: () => {}, tty: false, env: {} }),
    ).toBe(2);
  });
});

describe("qibates-snapshot hash-password's standard input", () => {
  it("reads the first line only, never the rest (yes | hash-password)", async () => {
    let pulled = 0;
    async function* yes() {
      for (;;) {
        pulled++;
        yield Buffer.from("y\n".repeat(8192));
      }
    }
    expect(await firstLine(yes())).toBe("y");
    expect(pulled).toBe(1);
  });

  it("refuses a line longer than its bound without reading on", async () => {
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled++;
        yield "y".repeat(1000);
      }
    }
    await expect(firstLine(endless())).rejects.toThrow(
      "the first line of standard input is longer than 4096 bytes",
    );
    expect(pulled).toBe(5);
  });

  it("drops a byte-order mark and a carriage return: the hash is the password's", async () => {
    const { code, out } = await hashPassword(() => firstLine([Buffer.from("\uFEFFs3cret\r\nnext line\n")]));
    expect(code).toBe(0);
    const users = SnapshotUsers.read(
      write("bom.json", { users: [{ name: "eve", passwordHash: out.trim(), applications: "all" }] }),
    );
    expect(await users.valid("eve", "s3cret")).toBe(true);
    // The mark dropped in main as well, whatever reads standard input.
    const { out: again } = await hashPassword(async () => "\uFEFFs3cret\n");
    const file = write("bom2.json", {
      users: [{ name: "eve", passwordHash: again.trim(), applications: "all" }],
    });
    expect(await SnapshotUsers.read(file).valid("eve", "s3cret")).toBe(true);
  });
});
