import type { Handlers } from "../api.ts";
import { CHOOSER_HEADERS, chooserPage } from "../oauth/chooser.ts";
import { flowCookie, sessionCookie } from "../oauth/cookies.ts";
import { isOAuthProvider } from "../oauth/providers.ts";
import { keyNameTaken } from "../oauth/service.ts";
import { FLOW_TTL_SECONDS, SESSION_TTL_SECONDS } from "../oauth/store.ts";

/** `generatekey/{keyname}` and its OAuth callback: an API key obtained by signing in with the identity provider. */
export const oauthHandlers = {
  generateKey: async (ctx) => {
    const oauth = ctx.services.oauth;
    const keyName = ctx.params.keyname ?? "";
    const provider = ctx.query.provider;
    if (!isOAuthProvider(provider)) {
      const accept = ctx.request.headers["accept-language"];
      const providers = oauth.providers.names();
      // The page tells the user to ask the administrator; the log tells the administrator what to set.
      if (providers.length === 0)
        ctx.request.log.warn(
          "The key page offers no sign-in: set GOOGLE_CLIENT_ID or MICROSOFT_CLIENT_ID, with its secret and PUBLIC_URL",
        );
      ctx.reply.headers(CHOOSER_HEADERS);
      return chooserPage(keyName, providers, Array.isArray(accept) ? accept[0] : accept);
    }
    const { location, browser } = await oauth.start(provider, keyName, ctx.request);
    ctx.reply.header("cache-control", "no-store");
    ctx.reply.header("set-cookie", flowCookie(browser, FLOW_TTL_SECONDS));
    return ctx.reply.redirect(location, 302);
  },

  generateKeyCallback: async (ctx) => {
    // The answer holds the key, and the address a single-use code: neither may be cached or passed on.
    ctx.reply.header("cache-control", "no-store");
    ctx.reply.header("referrer-policy", "no-referrer");
    const result = await ctx.services.oauth.finish(ctx.request, ctx.query.state ?? "");
    // The flow cookie stays (it expires with the flows): another tab may be signing in too.
    ctx.reply.header("set-cookie", sessionCookie(result.sessionToken, SESSION_TTL_SECONDS));
    if (!result.ok) throw keyNameTaken(result.keyName);
    return result.generated;
  },
} satisfies Partial<Handlers>;
