/**
 * The updates of a live story (issue 39). Authors, editors and admins post them, to any live
 * story they can see: starting coverage opens a story to the newsroom, and an update is published
 * as it is posted, which a contributor may not do (app/lib/roles.ts: contributors cannot publish).
 * Each edits and deletes their own; editors and admins any. Updates are posted only while the
 * coverage runs (409 before it starts and once it ends); they can be corrected or deleted after.
 *
 * Readers follow the stream by its change numbers (live-coverage.ts, live-stream.ts): a new
 * update's id is its first change, and an edit, a pin or a deletion gives it a new one, so that a
 * client asking for the changes after the last it saw learns of those too. A deletion leaves a
 * tombstone with its texts emptied.
 */
import { createHash } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { LiveUpdate } from "~/lib/api-types";
import type { LiveUpdateChange, LiveUpdateInput } from "~/lib/schemas";
import type { Database, Executor } from "../db/connection";
import { liveUpdates, users } from "../db/schema";
import { publicArticleBodyChanged, publicContentUnchanged } from "../cache/public-changes";
import { AppError } from "../errors";
import { type Actor, can, requireAbility, seesUnpublished } from "./actor";
import { lockArticle, readArticle } from "./article-access";
import { recordAudit } from "./audit";
import { sanitizeArticleHtml, showsSomething } from "./html";
import { liveUpdateJson, type LiveUpdateRow } from "./live-json";
import { nextLiveChange } from "./live-coverage";
import { liveChangeCommitted } from "./live-signals";
import { liveUpdateColumns } from "./live-stream";

const storyColumns = ["id", "slug", "title", "isPublished", "authorId", "liveStartedAt", "liveEndedAt"] as const;

/** The story the update goes to, held until the write commits; one the actor cannot see is not found. */
async function lockStory(tx: Executor, actor: Actor, slug: string) {
  const story = await lockArticle(tx, slug, storyColumns);
  if (!story.isPublished && !seesUnpublished(actor, story)) throw new AppError(404, "articleNotFound");
  return story;
}

/** Readers see the change on the story's page, in the API and in feeds; nothing shows a draft's. */
function published(story: { isPublished: boolean; slug: string }): void {
  if (story.isPublished) publicArticleBodyChanged(story.slug);
  else publicContentUnchanged();
}

/** The body as stored: sanitised like an article's, and showing something. */
function storedBody(body: string): string {
  const clean = sanitizeArticleHtml(body.normalize("NFC"));
  if (!showsSomething(clean)) throw new AppError(400, "liveUpdateBodyRequired");
  return clean;
}

/** What a post sent, as a retry with the same Idempotency-Key must send it again. */
const requestHash = (input: LiveUpdateInput) => createHash("sha256").update(JSON.stringify([input.body, input.headline, input.pinned])).digest("hex");

async function updateRow(db: Executor, id: number): Promise<LiveUpdateRow> {
  const [row] = await db.select(liveUpdateColumns).from(liveUpdates).leftJoin(users, eq(users.id, liveUpdates.authorId)).where(eq(liveUpdates.id, id));
  if (!row) throw new AppError(404, "liveUpdateNotFound");
  return row;
}

/** An update that is there to read; a deleted one is only a tombstone for the stream's followers. */
function shown(row: LiveUpdateRow): LiveUpdate {
  if (row.deletedAt) throw new AppError(404, "liveUpdateNotFound");
  return liveUpdateJson({ ...row, deletedAt: null });
}

/**
 * Refuses at once someone who may not post to the story, or change the update `id` when given,
 * before what they sent is read: they are told so, not what is wrong with a form they may never
 * send. The writes decide again under the story's lock.
 */
export async function requireLiveWriter(db: Executor, actor: Actor | null, slug: string, id?: number): Promise<Actor> {
  const writer = requireAbility(actor, "publish");
  const story = await readArticle(db, slug, ["id", "isPublished", "authorId"]);
  if (!story.isPublished && !seesUnpublished(writer, story)) throw new AppError(404, "articleNotFound");
  if (id === undefined) return writer;
  const [update] = await db
    .select({ authorId: liveUpdates.authorId })
    .from(liveUpdates)
    .where(and(eq(liveUpdates.id, id), eq(liveUpdates.articleId, story.id), isNull(liveUpdates.deletedAt)));
  if (!update) throw new AppError(404, "liveUpdateNotFound");
  if (!mayChange(writer, update)) throw new AppError(403, "roleForbidden");
  return writer;
}

/** Its author may change an update, and whoever edits every article. */
const mayChange = (staff: Actor, update: { authorId: number | null }) => can(staff, "editEveryArticle") || update.authorId === staff.id;

/**
 * POST /api/news/{slug}/updates. With an Idempotency-Key, a retry of the same post by the same
 * author to the same story finds the update the first stored (`replayed`), even once coverage has
 * ended; the same key with a different post is refused (422), and a retry of a post deleted since
 * is told so (410).
 */
export async function postLiveUpdate(
  db: Database,
  actor: Actor | null,
  slug: string,
  input: LiveUpdateInput,
  idempotencyKey: string | null,
): Promise<{ update: LiveUpdate; replayed: boolean }> {
  const writer = requireAbility(actor, "publish");
  const hash = requestHash(input);
  const { id, replayed, story } = await db.transaction(async (tx) => {
    const story = await lockStory(tx, writer, slug);
    if (idempotencyKey !== null) {
      const [earlier] = await tx
        .select({ id: liveUpdates.id, requestHash: liveUpdates.requestHash, deletedAt: liveUpdates.deletedAt })
        .from(liveUpdates)
        .where(and(eq(liveUpdates.articleId, story.id), eq(liveUpdates.authorId, writer.id), eq(liveUpdates.idempotencyKey, idempotencyKey)));
      if (earlier) {
        if (earlier.requestHash !== hash) throw new AppError(422, "idempotencyKeyReused");
        if (earlier.deletedAt) throw new AppError(410, "liveUpdateDeleted");
        return { id: earlier.id, replayed: true, story };
      }
    }
    if (story.liveStartedAt === null) throw new AppError(409, "liveNotStarted");
    if (story.liveEndedAt !== null) throw new AppError(409, "liveEnded");
    const body = storedBody(input.body);
    const headline = input.headline.normalize("NFC");
    const id = await nextLiveChange(tx, story.id);
    await tx.insert(liveUpdates).values({
      id,
      changeId: id,
      articleId: story.id,
      authorId: writer.id,
      headline,
      body,
      pinned: input.pinned,
      idempotencyKey,
      requestHash: idempotencyKey === null ? null : hash,
    });
    // The trail names the update, never its words: a deletion may be for what it said, and the trail keeps everything.
    await recordAudit(tx, writer, "live_update.create", { id, label: story.title }, input.pinned ? "pinned" : "");
    return { id, replayed: false, story };
  });
  if (replayed) publicContentUnchanged();
  else {
    published(story);
    liveChangeCommitted(story.id, id);
  }
  return { update: shown(await updateRow(db, id)), replayed };
}

/** The update `id` of the story, held with the story for a change: its author or an editor may change it. */
async function changeableUpdate(tx: Executor, staff: Actor, slug: string, id: number) {
  const story = await lockStory(tx, staff, slug);
  const [update] = await tx
    .select({ id: liveUpdates.id, authorId: liveUpdates.authorId, headline: liveUpdates.headline, body: liveUpdates.body, pinned: liveUpdates.pinned, editedAt: liveUpdates.editedAt })
    .from(liveUpdates)
    .where(and(eq(liveUpdates.id, id), eq(liveUpdates.articleId, story.id), isNull(liveUpdates.deletedAt)));
  if (!update) throw new AppError(404, "liveUpdateNotFound");
  if (!mayChange(staff, update)) throw new AppError(403, "roleForbidden");
  return { story, update };
}

/** PUT /api/news/{slug}/updates/{id}: what is sent changes; a new text shows the update as edited, a pin alone does not. */
export async function editLiveUpdate(db: Database, actor: Actor | null, slug: string, id: number, change: LiveUpdateChange): Promise<LiveUpdate> {
  const staff = requireAbility(actor, "publish");
  const changed = await db.transaction(async (tx) => {
    const { story, update } = await changeableUpdate(tx, staff, slug, id);
    const next = {
      headline: change.headline === undefined ? update.headline : change.headline.normalize("NFC"),
      body: change.body === undefined ? update.body : storedBody(change.body),
      pinned: change.pinned ?? update.pinned,
    };
    const reworded = next.headline !== update.headline || next.body !== update.body;
    if (!reworded && next.pinned === update.pinned) return null;
    const changeId = await nextLiveChange(tx, story.id);
    await tx
      .update(liveUpdates)
      .set({ ...next, changeId, editedAt: reworded ? new Date() : update.editedAt })
      .where(eq(liveUpdates.id, update.id));
    const what = [...(reworded ? ["reworded"] : []), ...(next.pinned === update.pinned ? [] : [next.pinned ? "pinned" : "unpinned"])].join(", ");
    await recordAudit(tx, staff, "live_update.update", { id: update.id, label: story.title }, what);
    return { story, changeId };
  });
  if (changed) {
    published(changed.story);
    liveChangeCommitted(changed.story.id, changed.changeId);
  } else publicContentUnchanged();
  return shown(await updateRow(db, id));
}

/**
 * DELETE /api/news/{slug}/updates/{id}: the update leaves the stream for good. Its row stays as a
 * tombstone, texts emptied (a deletion may be for what the text said), so that the stream's
 * followers learn to remove it; the audit trail keeps who deleted it and when.
 */
export async function deleteLiveUpdate(db: Database, actor: Actor | null, slug: string, id: number): Promise<void> {
  const staff = requireAbility(actor, "publish");
  const { story, changeId } = await db.transaction(async (tx) => {
    const { story, update } = await changeableUpdate(tx, staff, slug, id);
    const changeId = await nextLiveChange(tx, story.id);
    await tx.update(liveUpdates).set({ headline: "", body: "", pinned: false, deletedAt: new Date(), changeId }).where(eq(liveUpdates.id, update.id));
    await recordAudit(tx, staff, "live_update.delete", { id: update.id, label: story.title });
    return { story, changeId };
  });
  published(story);
  liveChangeCommitted(story.id, changeId);
}
