/**
 * Which writes clear the public cache, and which stored answers a change makes stale. A write
 * clears everything unless the service that made it said precisely what it changed
 * (public-changes.ts): silence is never taken for "no change", and no address is looked at to
 * decide it, because the router reads addresses in more spellings than a pattern would (a
 * `POST /API/Newsletter` is a newsletter sign-up).
 */
import { LOCALES } from "~/lib/i18n";
import { type PublicChange, articleOf } from "./public-changes";

/** A successful write may change public answers; a read or a failure changes none. */
export function mutationChangesContent(method: string, status: number): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  return status < 400;
}

const LOCALE_PREFIX = new RegExp(`^/(?:${LOCALES.join("|")})(?=/|$)`);

/**
 * A cached answer's page, as the router reads its address: decoded, in lower case (the router
 * matches without case; a slug that differs only in case is cleared with it, which errs on the
 * safe side), without the language prefix, the `.data` suffix or a trailing slash.
 */
function pageOf(key: string): string {
  const path = key.replace(/[?#].*$/, "");
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path;
  }
  const page = decoded.normalize("NFC").toLowerCase().replace(LOCALE_PREFIX, "").replace(/(?:\/_)?\.data$/, "").replace(/\/+$/, "");
  return page || "/";
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
  const articlePage = `/article/${articleOf(change).normalize("NFC").toLowerCase()}`;
  const bodyChanged = "articleBody" in change;
  return (key) => {
    const page = pageOf(key);
    if (page.startsWith("/api/")) return true;
    if (page === articlePage) return true;
    // Feeds and sitemaps are an edition's: /ne/feeds/… as much as /feeds/….
    return bodyChanged && (/^\/(feeds|sitemap)\b/.test(page) || page === "/search");
  };
}
