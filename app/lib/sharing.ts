/**
 * What a shared cache (ours, and a CDN's in front) may keep of a route's answers. Every route
 * module declares it as `export const sharing`; what is not declared shareable is never stored and
 * is answered `private, no-store`. The decision is taken on the route the router matched, never on
 * a pattern over the raw address (app/server/cache/route-sharing.ts).
 *
 * - `public`: a page, feed, sitemap or layout that is the same for every visitor. It is rendered
 *   without the request's credentials, and only an anonymous request stores it.
 * - `public-read`: an API read whose anonymous GET answer is the same for every anonymous client
 *   asking in the same language. A request with credentials neither reads nor stores it.
 * - `private`: everything else (the back office, the tip line, the signed-in API): never stored.
 */
export type Sharing = "public" | "public-read" | "private";
