/**
 * Scheduled publishing (issue 15): a story saved as published with a future time waits,
 * unpublished, until that time (article-writes.ts); every instance then looks every few seconds for
 * stories that are due and publishes them. No outside cron: a restart finds the schedule in the
 * database. Several instances on one PostgreSQL publish each story exactly once: the due rows are
 * taken FOR UPDATE SKIP LOCKED, so an instance never waits for, nor repeats, another's work.
 */
import { and, eq, isNotNull, lte } from "drizzle-orm";
import type { Database } from "../db/connection";
import { articles } from "../db/schema";
import { type AuditActor, recordAudit } from "./audit";
import { repeatEvery } from "~/server/platform/repeat";

/** The audit trail's name for the site's own publishing of a scheduled story. */
const SCHEDULER: AuditActor = { id: null, name: "Scheduled publishing", email: "" };

/** Publishes the stories due at `now` and returns their slugs (none: nothing to clear). */
export async function publishDue(db: Database, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: articles.id, slug: articles.slug, title: articles.title, scheduledAt: articles.scheduledAt, updatedAt: articles.updatedAt })
      .from(articles)
      .where(and(isNotNull(articles.scheduledAt), lte(articles.scheduledAt, now)))
      .for("update", { skipLocked: true });
    for (const story of due) {
      const at = story.scheduledAt ?? now;
      await tx
        .update(articles)
        .set({
          isPublished: true,
          scheduledAt: null,
          // Live at its time: published then, and changed then as far as feeds and sitemaps know.
          publishedAt: at,
          updatedAt: new Date(Math.max(at.getTime(), story.updatedAt.getTime() + 1)),
          submittedAt: null,
        })
        .where(eq(articles.id, story.id));
      await recordAudit(tx, SCHEDULER, "article.publish", { id: story.id, label: story.title }, `scheduled for ${at.toISOString()}`);
    }
    return due.map((story) => story.slug);
  });
}

/**
 * Looks for due stories now and then every `everyMs`, telling `onPublished` when some went live;
 * returns a stop that waits for a look under way. A failed look is logged and tried again.
 */
export function startScheduler(look: () => Promise<string[]>, onPublished: (slugs: string[]) => void, everyMs: number): () => Promise<void> {
  return repeatEvery(
    async () => {
      const slugs = await look();
      if (slugs.length > 0) onPublished(slugs);
    },
    everyMs,
    "Scheduled publishing failed; trying again shortly",
  );
}
