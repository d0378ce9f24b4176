/**
 * What a write did to the public site, as the service that made it knows best. The HTTP layer
 * clears the public cache after every successful write it does not know to be personal
 * (invalidation.ts); a service may add that its write changed nothing a reader can see, such as
 * an editor saving a draft, which is the most frequent write of a newsroom's day and would
 * otherwise make every reader of every page wait for a fresh render.
 *
 * The word is kept per request (AsyncLocalStorage), so concurrent requests never mix theirs.
 * A request whose writes said nothing clears the cache as before: silence is never taken for "no
 * change".
 */
import { AsyncLocalStorage } from "node:async_hooks";

type Word = "unchanged" | "changed";

const requestScope = new AsyncLocalStorage<{ word: Word | undefined }>();

/** Runs a request's handling and tells what its writes said of the public site, if anything. */
export async function trackPublicChanges<T>(handle: () => Promise<T>): Promise<{ result: T; word: Word | undefined }> {
  const scope: { word: Word | undefined } = { word: undefined };
  const result = await requestScope.run(scope, handle);
  return { result, word: scope.word };
}

/** This write changed nothing that a reader, a feed or the public API shows. */
export function publicContentUnchanged(): void {
  const scope = requestScope.getStore();
  if (scope && scope.word === undefined) scope.word = "unchanged";
}

/** This write changed what readers see: it overrides any "unchanged" of the same request. */
export function publicContentChanged(): void {
  const scope = requestScope.getStore();
  if (scope) scope.word = "changed";
}
