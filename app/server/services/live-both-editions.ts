/**
 * Both editions at once (issue 39): a live story exists per language like any story (its versions
 * share a story number), and a number or a picture with a caption in each language is posted to
 * both in one go. postLiveUpdate (live-updates.ts) stores the twin in the same transaction, under
 * the same Idempotency-Key; this module finds the other edition and holds it.
 */
import { asc, eq, sql } from "drizzle-orm";
import { textPreference } from "~/lib/bilingual";
import type { Language } from "~/lib/limits";
import type { Executor } from "../db/connection";
import { articles } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, seesUnpublished } from "./actor";

const twinColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  language: articles.language,
  isPublished: articles.isPublished,
  authorId: articles.authorId,
  liveStartedAt: articles.liveStartedAt,
  liveEndedAt: articles.liveEndedAt,
};

export type TwinStory = Pick<typeof articles.$inferSelect, keyof typeof twinColumns>;

/**
 * The other edition of the story at `slug` that the twin goes to, with every version of the story
 * locked until the transaction ends. They are locked in the order of their ids, whichever edition
 * the post was sent from, so that two desks posting to both editions at once wait for each other
 * instead of each holding the row the other needs. `language` names the edition; absent, the
 * version a reader of the story's language goes to next (ArticleDetail's `translation`). 422 when
 * the story has no such version the actor may see.
 */
export async function lockTwinEdition(tx: Executor, actor: Actor, slug: string, language: Language | undefined): Promise<TwinStory> {
  const story = sql`(select ${articles.storyId} from ${articles} where ${articles.slug} = ${slug.normalize("NFC")})`;
  const versions = await tx.select(twinColumns).from(articles).where(eq(articles.storyId, story)).orderBy(asc(articles.id)).for("update");
  const own = versions.find((version) => version.slug === slug.normalize("NFC"));
  if (!own) throw new AppError(404, "articleNotFound");
  const others = versions.filter((version) => version.id !== own.id && (version.isPublished || seesUnpublished(actor, version)));
  const wanted = language ? [language] : textPreference(own.language);
  for (const each of wanted) {
    const twin = others.find((version) => version.language === each);
    if (twin) return twin;
  }
  throw new AppError(422, "liveTranslationNotLive");
}

/** A new twin goes only to an edition whose coverage runs: the desk of each language starts its own. */
export function requireTwinLive(twin: TwinStory): void {
  if (twin.liveStartedAt === null || twin.liveEndedAt !== null) throw new AppError(422, "liveTranslationNotLive");
}
