/**
 * React Router's request handler for a request whose routes are known. The router tries a path
 * against its routes one by one, compiling each pattern as it goes, twice a request (the handler,
 * then its static handler): with the 250 routes of three features more, 4–5 ms of an uncached
 * page's render, and 1–2 ms of every signed-in API call. The route decision (route-sharing.ts) has
 * already matched the path once, with the router's own rules, so each request is handed to a
 * handler that knows the routes it matched and nothing else: the router finds the same match among
 * them at once. Handlers are made on first use, one per matched chain (at most one per route).
 *
 * The route manifest (client-side route discovery) must know every route, and a path that matched
 * nothing must get the root's 404 page: both go to the whole build's handler.
 */
import { type ServerBuild, createRequestHandler } from "react-router";
import { isRouteManifest } from "~/server/cache/cache-key";
import type { RouteDecision } from "~/server/cache/route-sharing";

type RequestHandler = ReturnType<typeof createRequestHandler>;

const only = <T>(all: Record<string, T>, ids: readonly string[]): Record<string, T> => Object.fromEntries(ids.map((id) => [id, all[id]!]));

/** The handler for each request of one production build. */
export function routeHandlers(build: ServerBuild): (target: string, decision: RouteDecision<unknown>) => RequestHandler {
  const whole = createRequestHandler(build, "production");
  const byChain = new Map<string, RequestHandler>();
  return (target, decision) => {
    if (decision.ids.length === 0 || isRouteManifest(target)) return whole;
    const chain = decision.ids.join("\n");
    let handler = byChain.get(chain);
    if (!handler) {
      handler = createRequestHandler(
        { ...build, routes: only(build.routes, decision.ids), assets: { ...build.assets, routes: only(build.assets.routes, decision.ids) } },
        "production",
      );
      byChain.set(chain, handler);
    }
    return handler;
  };
}
