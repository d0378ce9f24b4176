/**
 * A large archive for benchmarks and capacity planning (`npm run seed -- --articles N`): articles in
 * both languages built from the demo's own paragraphs, with invented names of places, people and
 * firms mixed in so that the search vocabulary grows as a real archive's does. Written straight
 * into the database in batches, with the same derived columns as the articles service writes.
 * Deterministic: the same count gives the same archive, so runs can be compared.
 */
import { asc, count, eq, sql } from "drizzle-orm";
import { slugify } from "~/lib/slug";
import type { Database, Executor } from "../db/connection";
import { articleMedia, articleTags, articles, categories, tags, users, writers } from "../db/schema";
import { derivedFromContent } from "../services/articles";
import { DEMO_ARTICLES } from "./articles";
import { DEMO_CATEGORIES, DEMO_TAGS, DEMO_WRITERS } from "./catalogue";

export interface BulkSeedOptions {
  articles: number;
  onProgress?: (written: number) => void;
}

const BATCH = 500;
const DAY = 86_400_000;
/** Published dates spread over the last five years, newest first as ids grow. */
const SPAN_DAYS = 5 * 365;
const DRAFT_SHARE = 0.1;
const FEATURED_SHARE = 0.02;
/** Pairs of consecutive articles (one per language) that translate each other. */
const TRANSLATED_SHARE = 0.2;

type Language = "ne" | "en";

/** mulberry32: small, fast and good enough to make an archive look varied. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Corpus {
  paragraphs: string[];
  headings: string[];
  titles: string[];
  descriptions: string[];
  syllables: string[];
}

const SYLLABLES: Record<Language, string[]> = {
  en: ["ram", "sim", "bha", "pur", "chaur", "kot", "dha", "nag", "gau", "bari", "tar", "khol", "deu", "mai", "sin", "gha", "lam", "jung", "tha", "pani"],
  ne: ["राम", "सिम", "भा", "पुर", "चौर", "कोट", "धा", "नाग", "गाउँ", "बारी", "तार", "खोला", "देउ", "माई", "सिंह", "घाट", "लम", "जुङ", "था", "पानी"],
};

/** The demo's paragraphs, headings, titles and descriptions, by language. */
function corpusOf(language: Language): Corpus {
  const demo = DEMO_ARTICLES.filter((article) => article.language === language);
  const blocks = demo.flatMap((article) => article.blocks);
  return {
    // Inner markup (links) is dropped: names are put between words, which must not land inside a tag.
    paragraphs: [...new Set(blocks.flatMap((block) => [...block.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((m) => (m[1] ?? "").replace(/<[^>]*>/g, ""))))],
    headings: [...new Set(blocks.flatMap((block) => [...block.matchAll(/<h2>([\s\S]*?)<\/h2>/g)].map((m) => m[1] ?? "")))],
    titles: demo.map((article) => article.title),
    descriptions: demo.map((article) => article.metaDescription),
    syllables: SYLLABLES[language],
  };
}

function pick<T>(next: () => number, list: readonly T[]): T {
  const item = list[Math.floor(next() * list.length)];
  if (item === undefined) throw new Error("bulk seed: nothing to pick from");
  return item;
}

/** An invented proper name: a place, a person or a firm that this article is about. */
function inventedName(next: () => number, corpus: Corpus): string {
  const parts = 2 + Math.floor(next() * 2);
  const name = Array.from({ length: parts }, () => pick(next, corpus.syllables)).join("");
  return corpus.syllables === SYLLABLES.en ? name[0]!.toUpperCase() + name.slice(1) : name;
}

/** A demo sentence with one of the article's own names put into it. */
function paragraph(next: () => number, corpus: Corpus, names: string[]): string {
  const text = pick(next, corpus.paragraphs);
  const words = text.split(" ");
  const at = Math.floor(next() * words.length);
  words.splice(at, 0, pick(next, names));
  return `<p>${words.join(" ")}</p>`;
}

interface GeneratedArticle {
  language: Language;
  title: string;
  content: string;
  metaDescription: string;
}

function generate(next: () => number, corpus: Corpus): GeneratedArticle {
  const names = Array.from({ length: 3 }, () => inventedName(next, corpus));
  const blocks: string[] = [paragraph(next, corpus, names)];
  const sections = 2 + Math.floor(next() * 4);
  for (let s = 0; s < sections; s++) {
    blocks.push(`<h2>${pick(next, corpus.headings)}</h2>`);
    const paragraphs = 1 + Math.floor(next() * 3);
    for (let p = 0; p < paragraphs; p++) blocks.push(paragraph(next, corpus, names));
  }
  return {
    language: corpus.syllables === SYLLABLES.en ? "en" : "ne",
    title: `${names[0]}: ${pick(next, corpus.titles)}`,
    content: blocks.join(""),
    metaDescription: pick(next, corpus.descriptions),
  };
}

/** The demo's categories, writers and tags, when the database has none of its own yet. */
async function ensureCatalogue(db: Executor): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(categories);
  if ((existing?.n ?? 0) === 0) {
    await db.insert(categories).values(DEMO_CATEGORIES.map(({ name, description }) => ({ name, slug: slugify(name), description })));
  }
  const [writerCount] = await db.select({ n: count() }).from(writers);
  if ((writerCount?.n ?? 0) === 0) {
    await db.insert(writers).values(Object.values(DEMO_WRITERS).map(({ name, email, bio }) => ({ name, email, bio })));
  }
  const [tagCount] = await db.select({ n: count() }).from(tags);
  if ((tagCount?.n ?? 0) === 0) await db.insert(tags).values(DEMO_TAGS.map((name) => ({ name, slug: slugify(name) })));
}

export async function bulkSeed(db: Database, options: BulkSeedOptions): Promise<{ articles: number; milliseconds: number }> {
  const started = Date.now();
  await ensureCatalogue(db);
  const [categoryIds, writerIds, tagIds, banners, [admin], [before]] = await Promise.all([
    db.select({ id: categories.id }).from(categories).orderBy(asc(categories.id)),
    db.select({ id: writers.id }).from(writers).orderBy(asc(writers.id)),
    db.select({ id: tags.id }).from(tags).orderBy(asc(tags.id)),
    // The demo's banners, when it was loaded: the archive's cards then show real images.
    db.selectDistinct({ url: articleMedia.url, width: articleMedia.width, height: articleMedia.height }).from(articleMedia).where(eq(articleMedia.kind, "banner")),
    db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).orderBy(asc(users.id)).limit(1),
    db.select({ n: count() }).from(articles),
  ]);
  const offset = before?.n ?? 0;
  const corpora = { en: corpusOf("en"), ne: corpusOf("ne") };
  const next = random(0x6b68756c + offset);
  const now = Date.now();

  for (let from = 0; from < options.articles; from += BATCH) {
    const size = Math.min(BATCH, options.articles - from);
    await db.transaction(async (tx) => {
      const rows = Array.from({ length: size }, (_, i) => {
        const index = offset + from + i;
        const article = generate(next, corpora[index % 2 === 0 ? "ne" : "en"]);
        const publishedAt = new Date(now - ((options.articles - from - i) / options.articles) * SPAN_DAYS * DAY);
        return {
          title: article.title,
          slug: `${slugify(article.title)}-${index}`,
          content: article.content,
          ...derivedFromContent(article.content),
          language: article.language,
          writerId: pick(next, writerIds).id,
          categoryId: pick(next, categoryIds).id,
          authorId: admin?.id ?? null,
          metaTitle: article.title,
          metaDescription: article.metaDescription,
          isPublished: next() >= DRAFT_SHARE,
          isFeatured: next() < FEATURED_SHARE,
          publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        };
      });
      const inserted = await tx.insert(articles).values(rows).returning({ id: articles.id });
      const ids = inserted.map((row) => row.id);
      if (banners.length > 0) {
        await tx.insert(articleMedia).values(
          ids.map((articleId) => {
            const banner = pick(next, banners);
            return { articleId, url: banner.url, position: 0, kind: "banner" as const, mediaType: "image" as const, width: banner.width, height: banner.height };
          }),
        );
      }
      const tagRows = ids.flatMap((articleId) => {
        const chosen = new Set(Array.from({ length: 2 + Math.floor(next() * 3) }, () => pick(next, tagIds).id));
        return [...chosen].map((tagId) => ({ articleId, tagId }));
      });
      if (tagRows.length > 0) await tx.insert(articleTags).values(tagRows);
      // Consecutive articles alternate languages: some pairs are each other's translation.
      for (let i = 0; i + 1 < ids.length; i += 2) {
        if (next() >= TRANSLATED_SHARE) continue;
        const [a, b] = [ids[i]!, ids[i + 1]!];
        await tx.update(articles).set({ translationId: b }).where(eq(articles.id, a));
        await tx.update(articles).set({ translationId: a }).where(eq(articles.id, b));
      }
    });
    options.onProgress?.(from + size);
  }
  await db.execute(sql`analyze`);
  return { articles: options.articles, milliseconds: Date.now() - started };
}
