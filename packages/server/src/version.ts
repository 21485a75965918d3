import product from "../../../package.json" with { type: "json" };

/**
 * Version of the QiBates product, reported by `GET /qibates/api/v2/health` (and the protocol endpoints' "about"):
 * the repository's package.json, its one source (read when the server is built; the release notes and the API
 * reference's example give the same, which a test checks).
 */
export const SERVER_VERSION: string = product.version;
