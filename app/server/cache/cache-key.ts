/**
 * Which requests share the public cache, and under which key. What may be shared is declared by
 * the route the router matches (route-sharing.ts): a public page is the same for every visitor, and
 * so is an anonymous GET of a public API read; everything else, any route added later included, is
 * personal and never shared. A request with credentials (the session cookie, any Authorization
 * header) never stores an answer for anyone else: it may be given a stored public page, which is
 * the same for everyone, and nothing from the API.
 *
 * The key keeps only the query parameters that change the answer, so that a campaign link
 * (`utm_*`, `fbclid`) or a crawler's invented parameter cannot fill the cache with copies of real
 * pages and push them out. The request is then served as if it had been made to that normalised
 * address, so what is stored under a key is exactly what that key names.
 */
import type { IncomingHttpHeaders } from "node:http";
import { localeFromAcceptLanguage } from "~/lib/i18n";
import { PREVIEW_PARAM } from "~/lib/preview";
import { liveUpdatesQuerySchema, newsQuerySchema } from "~/lib/schemas";
import { LIVE_PAGE_PARAMS, livePageNumber } from "~/lib/live-address";
import { SESSION_COOKIE } from "../platform/session-cookie";
import type { Sharing } from "~/lib/sharing";
import { requestPathname } from "./route-sharing";

/**
 * What the reader pages read from the query (page number, search words, where to go after sign-in,
 * which form the sign-in page opens on), and React Router's own parameters of a client-side data
 * request.
 */
const PAGE_PARAMS = new Set(["page", "q", "redirect", "mode", "_routes", "index", ...LIVE_PAGE_PARAMS]);
/**
 * The API's filtered lists are GET /api/news and a live story's updates (their schemas name their
 * parameters); `lang` picks the language of any answer.
 */
const API_PARAMS = new Set([...Object.keys(newsQuerySchema.shape), ...Object.keys(liveUpdatesQuerySchema.shape), "lang"]);

/**
 * React Router's route manifest for client-side navigation (routeDiscovery "lazy"): the same for
 * every visitor, but its parameters (the paths asked about, the build's version) are its own.
 */
const ROUTE_MANIFEST = "/__manifest";

/** Whether a request target (path and query) asks for the route manifest. */
export const isRouteManifest = (url: string): boolean => url.includes(ROUTE_MANIFEST) && requestPathname(url) === ROUTE_MANIFEST;

const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`);

/** Whether a request carries credentials: any Authorization header, or the session cookie. */
function hasCredentials(headers: IncomingHttpHeaders): boolean {
  return headers.authorization !== undefined || SESSION_COOKIE_PATTERN.test(headers.cookie ?? "");
}

export interface SharedRequest {
  /** What the answer is stored under. */
  key: string;
  /** The address the application is asked for: the path with only the parameters that matter. */
  url: string;
  /** A search (a page's `q`, the API's `search`): most are asked once. */
  search: boolean;
  /** An API read (else a page, feed or the route manifest). */
  api: boolean;
  /** Sent with credentials: may be given a stored page, never stores one. */
  credentialed: boolean;
}

const LIVE_PARAMS = new Set<string>(LIVE_PAGE_PARAMS);
const NO_PARAMS = new Set<string>();

const SEARCH_PARAM = /(?:^|&)(?:q|search)=/;

/** `numeric`: parameters kept only when their value is a plain number. */
function keptQuery(query: string, allowed: Set<string>, numeric: Set<string>): string | null {
  const kept: string[] = [];
  for (const pair of query.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    let name: string;
    try {
      name = decodeURIComponent((equals === -1 ? pair : pair.slice(0, equals)).replace(/\+/g, " "));
    } catch {
      return null;
    }
    if (name === PREVIEW_PARAM) return null;
    if (!allowed.has(name)) continue;
    // A live page's `update` and `before` (issue 39) are kept only as the page reads them, plain
    // numbers: `?update=x` is the story itself, not a copy of it under a key of its own.
    if (!numeric.has(name) || livePageNumber(equals === -1 ? null : pair.slice(equals + 1)) !== undefined) kept.push(pair);
  }
  // The order of parameters never changes an answer.
  return kept.sort().join("&");
}

/**
 * The shared-cache identity of a request, or null when its answer is personal. `url` is the raw
 * request target (path and query, as Node's `req.url` has it); `sharing` what its route declares.
 */
export function sharedRequest(method: string | undefined, url: string, headers: IncomingHttpHeaders, sharing: Sharing): SharedRequest | null {
  if (method !== "GET" && method !== "HEAD") return null;
  const credentialed = hasCredentials(headers);
  // The router answers its manifest at exactly this path, before any route.
  if (isRouteManifest(url)) return { key: url, url, search: false, api: false, credentialed };
  if (sharing === "private") return null;
  const api = sharing === "public-read";
  if (api && credentialed) return null;
  const queryAt = url.indexOf("?");
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  let normalised = pathname;
  let search = false;
  if (queryAt !== -1) {
    const query = keptQuery(url.slice(queryAt + 1), api ? API_PARAMS : PAGE_PARAMS, api ? NO_PARAMS : LIVE_PARAMS);
    if (query === null) return null;
    if (query !== "") normalised = `${pathname}?${query}`;
    search = SEARCH_PARAM.test(query);
  }
  // API errors and (with editions) names follow the client's language; pages carry theirs in the path.
  const key = api ? `${normalised}#${localeFromAcceptLanguage(headers["accept-language"] ?? null, "en")}` : normalised;
  return { key, url: normalised, search, api, credentialed };
}
