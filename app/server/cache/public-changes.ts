/**
 * What a write did to the public site, as the service that made it knows best. The HTTP layer
 * clears the public cache after every successful write it does not know to be personal
 * (invalidation.ts); a service may say more precisely what changed:
 *
 * - nothing a reader can see (an editor saving a draft, the newsroom's most frequent write),
 *   so that no reader of any page has to wait for a fresh render;
 * - only the body of one published article (a correction further down a story, the usual edit
 *   while a story breaks): its own pages, and the answers that quote whole bodies or search them,
 *   are cleared, while the home page, the listings and every other article keep their cache;
 * - only the comments under one article (a moderator approving or removing one, many times an
 *   hour on a story readers argue about): its own pages and the API, nothing else.
 *
 * The word is kept per request (AsyncLocalStorage), so concurrent requests never mix theirs.
 * A request whose writes said nothing clears the cache as before: silence is never taken for "no
 * change".
 */
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Everything changed, nothing did, the body of the published article at this slug, or the comments
 * shown under it.
 */
export type PublicChange = "everything" | "nothing" | { articleBody: string } | { articleComments: string };

const requestScope = new AsyncLocalStorage<{ change: PublicChange | undefined }>();

/** Runs a request's handling and tells what its writes said of the public site, if anything. */
export async function trackPublicChanges<T>(handle: () => Promise<T>): Promise<{ result: T; change: PublicChange | undefined }> {
  const scope: { change: PublicChange | undefined } = { change: undefined };
  const result = await requestScope.run(scope, handle);
  return { result, change: scope.change };
}

/**
 * Two writes of one request: the wider of the two. A body's change clears all that its comments'
 * change does; two different articles make everything.
 */
function wider(a: PublicChange | undefined, b: PublicChange): PublicChange {
  if (a === undefined || a === "nothing") return b;
  if (b === "nothing") return a;
  if (a === "everything" || b === "everything") return "everything";
  if (articleOf(a) !== articleOf(b)) return "everything";
  return "articleBody" in a ? a : b;
}

/** The slug of the one article a narrow change is about. */
export function articleOf(change: { articleBody: string } | { articleComments: string }): string {
  return "articleBody" in change ? change.articleBody : change.articleComments;
}

function say(change: PublicChange): void {
  const scope = requestScope.getStore();
  if (scope) scope.change = wider(scope.change, change);
}

/** This write changed nothing that a reader, a feed or the public API shows. */
export function publicContentUnchanged(): void {
  say("nothing");
}

/** This write changed only what the published article at `slug` says, not how any list shows it. */
export function publicArticleBodyChanged(slug: string): void {
  say({ articleBody: slug });
}

/** This write changed only which comments show under the article at `slug`. */
export function publicArticleCommentsChanged(slug: string): void {
  say({ articleComments: slug });
}

/** This write changed what readers see, anywhere. */
export function publicContentChanged(): void {
  say("everything");
}
