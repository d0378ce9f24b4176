/**
 * Which answers a shared cache may keep, and what the log may keep of a request, decided on the
 * route the router matches, from what each route module declares (`export const sharing`,
 * app/lib/sharing.ts; `export const logging`, app/lib/request-logging.ts). The router folds case and
 * percent-encoding (`/Admin/users`, `/%61dmin/users` and `/admin/users` are one route) and reads
 * `/x.data` as `/x`; a pattern over the raw address would not, so nothing here looks at one.
 * A route that declares nothing, or anything unknown, is private, and logged only by the hour.
 * A route may also have a `direct` handler (app/server/http/direct.ts), which answers its requests
 * before Express and React Router once its path has been matched here.
 */
import { type Params, type RouteObject, createStaticHandler } from "react-router";
import type { RequestLogging } from "~/lib/request-logging";
import type { Sharing } from "~/lib/sharing";

/** A route as the server build lists it (`build.routes`), with its module's declaration. */
export interface SharingRoute<Direct = unknown> {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  /** The module's `sharing` export, as found: anything but a known value counts as private. */
  sharing: unknown;
  /** The module's `logging` export, as found: anything but `timed` counts as hourly. */
  logging?: unknown;
  /** Its handler of node requests (app/server/http/direct-routes.ts), if it has one. */
  direct?: Direct;
}

/** What the matched routes declare of a request target. */
export interface RouteDecision<Direct = unknown> {
  sharing: Sharing;
  logging: RequestLogging;
  /** The matched route's pattern (`/api/tips/attachments/:id/parts/:part`), or `(unmatched)`: never the path asked for. */
  route: string;
  /** The deepest matched route's own handler of node requests, if it declares one. */
  direct?: Direct;
  /** The path's parameters, as the router reads them (decoded). */
  params: Params;
  /** The matched routes' ids, the root's first; none when nothing matched. */
  ids: readonly string[];
}

/** The route of a path that matches none: no part of the path is kept. */
const UNMATCHED_ROUTE = "(unmatched)";

const SHARINGS: readonly Sharing[] = ["public", "public-read", "private"];
const isSharing = (value: unknown): value is Sharing => SHARINGS.includes(value as Sharing);

/** The path of a request target (path and query, as Node's `req.url`), parsed as the application's Request is (server/app.ts). */
export const requestPathname = (target: string): string => new URL(target, "http://localhost").pathname;

/**
 * The path the router matches for a request target: its path without React Router's data suffix
 * (`/x.data`, and `/x/_.data` for `/x/`, under v8_trailingSlashAwareDataRequests).
 */
export function routerPathname(target: string): string {
  const pathname = requestPathname(target);
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/** Remembered decisions, by raw path: the same path always matches the same routes. */
const REMEMBERED_PATHS = 10_000;

/** What the routes declare of request targets (path and query, as Node's `req.url`). */
export interface SharingOf<Direct = unknown> {
  /** Decides it, by matching the target's path as the router does. */
  of(target: string): Promise<RouteDecision<Direct>>;
  /** The decision already taken for the target's path, if any: synchronous, for cache hits. */
  known(target: string): RouteDecision<Direct> | undefined;
}

/** Loads no data: the static handler is asked only which routes match. */
const matchOnly = async () => ({});

/**
 * The sharing of request targets: their matched routes' declarations, every one of them shareable
 * (the root and layouts render into the page too), the deepest deciding which kind. No match, or
 * any route private or undeclared, is private.
 *
 * Matching goes through React Router's static handler, which ranks the routes once; matching
 * without it ranks them again on every call (4.6 ms over this app's routes, against 0.6 ms).
 */
export function routeSharing<Direct = unknown>(routes: Iterable<SharingRoute<Direct>>): SharingOf<Direct> {
  const byParent = new Map<string | undefined, SharingRoute<Direct>[]>();
  for (const route of routes) byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  const declared = new Map<string, Sharing>();
  const timed = new Set<string>();
  const direct = new Map<string, Direct>();
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      declared.set(route.id, isSharing(route.sharing) ? route.sharing : "private");
      if (route.logging === "timed") timed.add(route.id);
      if (route.direct !== undefined) direct.set(route.id, route.direct);
      const children = tree(route.id);
      return route.index
        ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children };
    });
  const handler = createStaticHandler(tree(undefined));

  const sharingOf = (ids: string[]): Sharing => {
    const sharings = ids.map((id) => declared.get(id) ?? "private");
    if (sharings.length === 0 || sharings.includes("private")) return "private";
    const own = sharings.at(-1)!;
    // Only the route that answers may be an API read; a layout above it is a page's.
    return sharings.slice(0, -1).every((sharing) => sharing === "public") ? own : "private";
  };
  const unmatched: RouteDecision<Direct> = { sharing: "private", logging: "hourly", route: UNMATCHED_ROUTE, params: {}, ids: [] };

  const decide = async (pathname: string): Promise<RouteDecision<Direct>> => {
    const context = await handler.query(new Request(new URL(pathname, "http://localhost")), { dataStrategy: matchOnly });
    if (context instanceof Response || context.errors || context.matches.length === 0) return unmatched;
    const ids = context.matches.map((match) => match.route.id);
    const deepest = context.matches.at(-1)!;
    return {
      sharing: sharingOf(ids),
      // Like sharing, every matched route must say so: the tip page sits under the reader's layout.
      logging: ids.every((id) => timed.has(id)) ? "timed" : "hourly",
      route: `/${context.matches.flatMap((match) => (match.route.path ? [match.route.path] : [])).join("/")}`,
      direct: direct.get(deepest.route.id),
      params: deepest.params,
      ids,
    };
  };

  const remembered = new Map<string, RouteDecision<Direct>>();
  // The raw path decides the parsed one, so it is what is remembered: no parsing on a repeat.
  const pathOf = (target: string) => target.split(/[?#]/, 1)[0]!;
  const decision = async (target: string): Promise<RouteDecision<Direct>> => {
    const path = pathOf(target);
    let decided = remembered.get(path);
    if (decided === undefined) {
      decided = await decide(routerPathname(path));
      // Any path may be asked for: the memory is bounded, and starts again when full.
      if (remembered.size >= REMEMBERED_PATHS) remembered.clear();
      remembered.set(path, decided);
    }
    return decided;
  };
  return { of: decision, known: (target) => remembered.get(pathOf(target)) };
}
