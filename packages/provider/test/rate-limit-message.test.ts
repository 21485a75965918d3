import { describe, expect, it } from "vitest";
import { errorBody, formatErrorMessage, SERVER_REFUSAL } from "../src/index.ts";

/** "Too many requests" says whose limit refused the call, QiBates's own or the user's server's, in both languages. */
describe("the message of a refusal for too many requests", () => {
  it("says that QiBates limits the requests when the limit is QiBates's own", () => {
    expect(formatErrorMessage("QB_ERR_RATE_LIMITED", { seconds: 60 }, "en")).toBe(
      "Too many requests; retry in 60 s. QiBates limits your requests for now.",
    );
    expect(formatErrorMessage("QB_ERR_RATE_LIMITED", { seconds: 60 }, "fr")).toBe(
      "Trop de requêtes\u202f; réessayez dans 60\u202fs. QiBates limite vos requêtes pour le moment.",
    );
    expect(errorBody("QB_ERR_RATE_LIMITED", { params: { seconds: 5 }, requestId: "r" }).refusedBy).toBe(
      "qibates",
    );
  });

  it("says that the server refuses, and not that QiBates limits, when the refusal is the server's", () => {
    const params = { seconds: 30, refusedBy: SERVER_REFUSAL };
    expect(formatErrorMessage("QB_ERR_RATE_LIMITED", params, "en")).toBe(
      "Too many requests; retry in 30 s. It is the server you are connected to that refuses, not QiBates.",
    );
    expect(formatErrorMessage("QB_ERR_RATE_LIMITED", params, "fr")).toBe(
      "Trop de requêtes\u202f; réessayez dans 30\u202fs. C'est le serveur auquel vous êtes connecté qui refuse, et non QiBates.",
    );
    expect(errorBody("QB_ERR_RATE_LIMITED", { params, requestId: "r" }).refusedBy).toBe("server");
  });
});
