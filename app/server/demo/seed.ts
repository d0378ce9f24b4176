/**
 * Fills an empty database with a believable, entirely fictional newsroom: categories, writers,
 * tags, 40 bilingual articles with generated illustrations, reader accounts and comments.
 */
import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { slugify } from "~/lib/slug";
import type { Executor } from "../db/connection";
import {
  articleMedia,
  articles,
  articleTags,
  categories,
  comments,
  relatedArticles,
  tags,
  users,
  writers,
} from "../db/schema";
import { hashPassword } from "../services/passwords";
import { derivedFromContent } from "../services/article-writes";
import { nameIn } from "../services/names";
import type { MediaStorage } from "../storage";
import { type DemoArticle, DEMO_ARTICLES } from "./articles";
import {
  BANNER_CAPTIONS,
  DEMO_COMMENTS,
  DEMO_READERS,
  DEMO_WRITERS,
  type WriterKey,
  demoCategoryRows,
  demoTagRows,
  demoWriterRows,
} from "./catalogue";
import { publishDemoImages } from "./images";
import { recordModernVariants } from "../services/media-variants";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How many related stories each article lists, cycled so the sidebar is sometimes empty or short. */
const RELATED_COUNTS = [3, 2, 0, 3, 1];

function lookup<V>(map: Map<string, V>, key: string, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo content refers to an unknown ${what}: ${key}`);
  return value;
}

/**
 * Related stories are published ones in the reader's language that share tags (or the category),
 * so that the list reads as hand-picked.
 */
function pickRelated(article: DemoArticle, index: number): DemoArticle[] {
  const wanted = RELATED_COUNTS[index % RELATED_COUNTS.length] ?? 0;
  return DEMO_ARTICLES.filter((other) => other !== article && !other.draft && other.language === article.language)
    .map((other) => ({
      other,
      score: 2 * other.tags.filter((tag) => article.tags.includes(tag)).length + (other.category === article.category ? 1 : 0),
    }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.other.hoursAgo - b.other.hoursAgo)
    .slice(0, wanted)
    .map(({ other }) => other);
}

export async function seedDemoContent(db: Executor, storage: MediaStorage): Promise<void> {
  const now = Date.now();
  const hoursAgo = (hours: number) => new Date(now - hours * HOUR);

  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.id))
    .limit(1);
  if (!admin) throw new Error("the demo content needs an admin account to author its articles");

  // Rendering and hashing run on sharp's and libuv's threads while the first inserts go out. The
  // inserts themselves stay sequential: pg deprecates overlapping queries on one client.
  // Files stored here outlive a rolled-back transaction; their random names keep that harmless.
  const insertTaxonomy = async () => ({
    categoryRows: await db.insert(categories).values(demoCategoryRows()).returning({ id: categories.id, name: nameIn(categories, "en") }),
    writerRows: await db.insert(writers).values(demoWriterRows()).returning({ id: writers.id, email: writers.email }),
    tagRows: await db.insert(tags).values(demoTagRows()).returning({ id: tags.id, name: nameIn(tags, "en") }),
  });
  const [images, readerValues, { categoryRows, writerRows, tagRows }] = await Promise.all([
    publishDemoImages(storage),
    Promise.all(
      DEMO_READERS.map(async ({ name, email }, i) => ({
        name,
        email,
        // Nobody signs in as a demo reader, so the password is thrown away.
        passwordHash: await hashPassword(randomBytes(24).toString("base64url")),
        role: "user" as const,
        // Older than every comment they wrote.
        createdAt: new Date(now - (40 - i * 3) * DAY),
      })),
    ),
    insertTaxonomy(),
  ]);

  const readerRows = await db.insert(users).values(readerValues).returning({ id: users.id, email: users.email });
  for (const image of Object.values(images)) await recordModernVariants(db, image.url, image.width);

  const categoryIds = new Map(categoryRows.map((row) => [row.name, row.id]));
  const tagIds = new Map(tagRows.map((row) => [row.name, row.id]));
  const writerIds = new Map(writerRows.map((row) => [row.email, row.id]));
  const writerId = (key: WriterKey) => lookup(writerIds, DEMO_WRITERS[key].email, "writer");

  const articleRows = await db
    .insert(articles)
    .values(
      DEMO_ARTICLES.map((article) => {
        const publishedAt = hoursAgo(article.hoursAgo);
        const content = article.blocks.join("");
        return {
          title: article.title,
          slug: slugify(article.title),
          content,
          ...derivedFromContent(content),
          language: article.language,
          writerId: writerId(article.writer),
          categoryId: lookup(categoryIds, article.category, "category"),
          authorId: admin.id,
          metaTitle: article.title,
          metaDescription: article.metaDescription,
          isPublished: !article.draft,
          isFeatured: article.featured ?? false,
          publishedAt,
          createdAt: publishedAt,
          updatedAt: hoursAgo(article.hoursAgo - (article.updatedHoursLater ?? 0)),
        };
      }),
    )
    .returning({ id: articles.id, slug: articles.slug });

  const idBySlug = new Map(articleRows.map((row) => [row.slug, row.id]));
  const articleIds = new Map(DEMO_ARTICLES.map((a) => [a.key, lookup(idBySlug, slugify(a.title), "article slug")]));
  const articleByKey = new Map(DEMO_ARTICLES.map((a) => [a.key, a]));
  const idOf = (key: string) => lookup(articleIds, key, "article");

  for (const article of DEMO_ARTICLES) {
    if (!article.translationOf) continue;
    const id = idOf(article.key);
    const otherId = idOf(article.translationOf);
    await db.update(articles).set({ storyId: sql`(select ${articles.storyId} from ${articles} where ${articles.id} = ${otherId})` }).where(eq(articles.id, id));
  }

  await db.insert(articleMedia).values(
    DEMO_ARTICLES.flatMap((article) => {
      const banner = images[article.banner];
      const rows: (typeof articleMedia.$inferInsert)[] = [
        {
          articleId: idOf(article.key),
          url: banner.url,
          caption: BANNER_CAPTIONS[article.banner][article.language],
          position: 0,
          kind: "banner",
          mediaType: "image",
          width: banner.width,
          height: banner.height,
        },
      ];
      if (article.figure) {
        const figure = images[article.figure.image];
        rows.push({
          articleId: idOf(article.key),
          url: figure.url,
          caption: article.figure.caption,
          position: 1,
          kind: "content",
          mediaType: "image",
          width: figure.width,
          height: figure.height,
        });
      }
      return rows;
    }),
  );

  await db.insert(articleTags).values(
    DEMO_ARTICLES.flatMap((article) =>
      article.tags.map((tag) => ({ articleId: idOf(article.key), tagId: lookup(tagIds, tag, "tag") })),
    ),
  );

  const related = DEMO_ARTICLES.flatMap((article, index) =>
    pickRelated(article, index).map((other, position) => ({
      articleId: idOf(article.key),
      relatedId: idOf(other.key),
      position,
    })),
  );
  if (related.length > 0) await db.insert(relatedArticles).values(related);

  const readerIds = new Map(readerRows.map((row) => [row.email, row.id]));
  await db.insert(comments).values(
    DEMO_COMMENTS.map((comment) => {
      const article = lookup(articleByKey, comment.article, "article");
      if (article.draft) throw new Error(`demo comment on a draft: ${comment.article}`);
      const published = now - article.hoursAgo * HOUR;
      // A comment never lands in the future, even on the story published minutes ago.
      const delay = Math.min(comment.hoursAfterPublication * HOUR, (now - published) * 0.9);
      return {
        articleId: idOf(comment.article),
        userId: lookup(readerIds, DEMO_READERS[comment.reader].email, "reader"),
        content: comment.text,
        isApproved: comment.approved,
        createdAt: new Date(published + delay),
      };
    }),
  );
}
