/**
 * Which writes clear the public cache. Erring towards clearing is safe (a missed clearing would
 * show stale news), but every needless clearing makes the next readers of every page wait for a
 * render, so the writes known to change no public answer are listed here.
 */
import { LOCALES } from "~/lib/i18n";
import { type PublicChange, articleOf } from "./public-changes";

/** A page path in any language: unprefixed, or under /ne, /en. */
const inAnyLocale = (path: string) => new RegExp(`^(?:/(?:${LOCALES.join("|")}))?${path}$`);

/**
 * Signing in and out, registering, bookmarks, new comments (they wait for approval: no public
 * answer shows them yet), the newsletter, a read's beacon, and a bare upload (a page changes only when an article
 * is saved with it).
 */
const NON_CONTENT_WRITES = [
  /^\/api\/admin\/login$/,
  /^\/api\/users\/register$/,
  /^\/api\/users\/logout$/,
  /^\/api\/users\/me\/bookmarks(\/|$)/,
  /^\/api\/news\/[^/]+\/comments$/,
  /^\/api\/newsletter$/,
  /^\/api\/upload$/,
  // A read counted: "Most read" changes when its ranking is next worked out, not with each read.
  /^\/api\/reads$/,
  // The login page's own form, sent before JavaScript loads, and its client-side data request.
  inAnyLocale("/login(?:\\.data)?"),
];

/** A successful write may change public answers unless it is one of the known personal ones. */
export function mutationChangesContent(method: string, pathname: string, status: number): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  if (status >= 400) return false;
  return !NON_CONTENT_WRITES.some((pattern) => pattern.test(pathname));
}

const LOCALE_PREFIX = new RegExp(`^/(?:${LOCALES.join("|")})(?=/|$)`);

/** A cached answer's page, as routes name it: no query, no language prefix, no `.data` suffix. */
function pageOf(key: string): string {
  const path = key.replace(/[?#].*$/, "");
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path;
  }
  return decoded.normalize("NFC").replace(LOCALE_PREFIX, "").replace(/\.data$/, "") || "/";
}

/**
 * The cached answers a change makes stale, or undefined for all of them. A change to one published
 * article's body reaches its own pages and the answers that quote or search whole bodies, or show
 * when an article last changed: the API (its summaries carry `updated_at` and reading time), feeds,
 * sitemaps and search results. Cards elsewhere show only what did not change. A change to its
 * comments reaches its own pages and the API (an article's answer carries its comments); no feed,
 * sitemap, search or card shows comments.
 */
export function staleAnswers(change: PublicChange): ((key: string) => boolean) | undefined {
  if (change === "everything") return undefined;
  if (change === "nothing") return () => false;
  const articlePage = `/article/${articleOf(change).normalize("NFC")}`;
  const bodyChanged = "articleBody" in change;
  return (key) => {
    if (key.startsWith("/api/")) return true;
    const page = pageOf(key);
    if (page === articlePage) return true;
    // Feeds and sitemaps are an edition's: /ne/feeds/… as much as /feeds/….
    return bodyChanged && (/^\/(feeds|sitemap)\b/.test(page) || page === "/search");
  };
}
