/** Version of the QiBates server, reported by `GET /qibates/api/v2/health`. */
export const SERVER_VERSION = "2.0.0";
