/**
 * Lets the requests that came meanwhile have the thread that answers readers (and, on the embedded
 * database, its one session) before long work on that thread goes on: a newsletter's queue, a live
 * update's fan-out, a large file hashed or copied a slice at a time.
 */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
