import { newsletterSubscribers } from "../db/schema";
import type { Executor } from "../db/connection";
import { publicContentUnchanged } from "../cache/public-changes";

/** Subscribing twice is not an error: the reader sees the same confirmation either way. */
export async function subscribe(db: Executor, email: string): Promise<void> {
  publicContentUnchanged();
  await db.insert(newsletterSubscribers).values({ email: email.toLowerCase() }).onConflictDoNothing();
}
