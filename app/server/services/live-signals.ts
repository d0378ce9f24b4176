/**
 * The word that a live story has changed (issue 39), as small as it can be: the story's id and its
 * change number. The changes themselves are read from the database, once per instance, by whoever
 * pushes them to readers (live-push.ts).
 *
 * On PostgreSQL the word is a NOTIFY sent inside the write's transaction, so it reaches every
 * instance when, and only if, the write commits. The embedded database cannot carry it: its one
 * session is shared by every connection, so a notification comes back to the connection that sent
 * it, never to the one listening (docs/decisions.md, "Live updates pushed"). There, with one
 * instance by construction, the services say it in-process once the write has committed.
 */
import { sql } from "drizzle-orm";

export const LIVE_CHANNEL = "khulasa_live";

/** A notification's payload: `{article id}:{change number}`. */
export const liveSignalPayload = (articleId: number, changeId: number): string => `${articleId}:${changeId}`;

/** The SQL of the payload, for a statement that knows both numbers only as columns. */
export const liveSignalSql = (articleId: unknown, changeId: unknown) => sql`pg_notify(${LIVE_CHANNEL}, ${articleId} || ':' || ${changeId})`;

export interface LiveSignal {
  articleId: number;
  changeId: number;
}

/** A payload read back; anything else is null. */
export function liveSignalFrom(payload: string): LiveSignal | null {
  const match = /^(\d+):(\d+)$/.exec(payload);
  return match ? { articleId: Number(match[1]), changeId: Number(match[2]) } : null;
}

type Listener = (signal: LiveSignal) => void;
let committedListener: Listener | undefined;

/** Who hears the in-process word: the embedded database's instance (process/runtime.ts). */
export function onLiveChangeCommitted(listener: Listener | undefined): void {
  committedListener = listener;
}

/** Said by a write once its transaction has committed the story's change `changeId`. */
export function liveChangeCommitted(articleId: number, changeId: number): void {
  committedListener?.({ articleId, changeId });
}
