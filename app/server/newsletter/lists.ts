/**
 * The lists a reader may join (issue 40): one per edition, named by its language code, for every
 * language the site is configured with, and the topic lists an editor offers ("topic:{slug}").
 */
import { asc, count, eq, sql } from "drizzle-orm";
import { storedTexts } from "~/lib/language-texts";
import type { NewsletterTopic, OfferedList } from "~/lib/newsletter-lists";
import { LANGUAGES } from "~/lib/limits";
import type { NewsletterTopicInput } from "~/lib/schemas";
import { slugify } from "~/lib/slug";
import type { Database, Executor } from "../db/connection";
import { newsletterSubscriptions, newsletterTopics } from "../db/schema";
import { AppError, isUniqueViolation } from "../errors";
import { type Actor, requireAbility } from "../services/actor";
import { publicContentUnchanged } from "../cache/public-changes";

const TOPIC_PREFIX = "topic:";

export const topicList = (slug: string) => `${TOPIC_PREFIX}${slug}`;

/** The editions' lists first, in the languages' order, then the topics by slug. */
export async function offeredLists(db: Executor): Promise<OfferedList[]> {
  const topics = await db.select({ slug: newsletterTopics.slug, names: newsletterTopics.names }).from(newsletterTopics).orderBy(asc(newsletterTopics.slug));
  return [
    ...LANGUAGES.map((language): OfferedList => ({ list: language, kind: "edition", language })),
    ...topics.map((topic): OfferedList => ({ list: topicList(topic.slug), kind: "topic", names: topic.names })),
  ];
}

/** The lists asked for, each once, refused (400) when one is not offered. */
export async function offeredOnly(db: Executor, asked: readonly string[]): Promise<string[]> {
  const offered = new Set((await offeredLists(db)).map((entry) => entry.list));
  const lists = [...new Set(asked)];
  if (lists.some((list) => !offered.has(list))) throw new AppError(400, "newsletterListUnknown");
  return lists;
}

/** GET /api/newsletter/topics for the back office: each topic with how many are on its list. */
export async function listTopics(db: Executor): Promise<NewsletterTopic[]> {
  const rows = await db
    .select({
      id: newsletterTopics.id,
      slug: newsletterTopics.slug,
      names: newsletterTopics.names,
      subscribers:
        sql<number>`(select ${count()} from ${newsletterSubscriptions} where ${newsletterSubscriptions.list} = ${TOPIC_PREFIX} || ${newsletterTopics.slug})`.mapWith(
          Number,
        ),
    })
    .from(newsletterTopics)
    .orderBy(asc(newsletterTopics.slug));
  return rows.map((row) => ({ ...row, list: topicList(row.slug) }));
}

/** POST /api/newsletter/topics: an editor offers a new topic list (manageSections). */
export async function createTopic(db: Database, actor: Actor | null, input: NewsletterTopicInput): Promise<NewsletterTopic> {
  publicContentUnchanged();
  requireAbility(actor, "manageSections");
  const slug = slugify(input.slug || Object.values(input.names).find(Boolean) || "");
  if (!slug) throw new AppError(400, "newsletterTopicNameRequired");
  try {
    const [row] = await db
      .insert(newsletterTopics)
      .values({ slug, names: storedTexts(input.names) })
      .returning();
    return { id: row!.id, slug, list: topicList(slug), names: row!.names, subscribers: 0 };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, "newsletterTopicExists");
    throw error;
  }
}

/** DELETE /api/newsletter/topics/{id}: the topic goes, and everyone leaves its list with it. */
export async function deleteTopic(db: Database, actor: Actor | null, id: number): Promise<void> {
  publicContentUnchanged();
  requireAbility(actor, "manageSections");
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(newsletterTopics).where(eq(newsletterTopics.id, id)).returning({ slug: newsletterTopics.slug });
    if (!gone) throw new AppError(404, "newsletterTopicNotFound");
    await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.list, topicList(gone.slug)));
  });
}
