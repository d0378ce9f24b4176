/**
 * A large archive for benchmarks and capacity planning (`npm run seed -- --articles N`): articles in
 * both languages rebuilt from the demo's own sentences, with invented names of places, people and
 * firms and varied figures, so that the search vocabulary grows as a real archive's does and a
 * word such as "procurement" or "अख्तियार" is in some stories, not all. Each article follows one
 * demo story (its category, writer, tags, banner and most of its sentences), as a newsroom's
 * follow-ups do. Written straight into the database in batches, with the derived columns the
 * articles service writes. Deterministic: the same count on the same database gives the same
 * archive, so runs can be compared.
 */
import { asc, count, eq, sql } from "drizzle-orm";
import { slugify } from "~/lib/slug";
import type { Database } from "../db/connection";
import { articleMedia, articleTags, articles, categories, tags, users, writers } from "../db/schema";
import { derivedFromContent } from "../services/article-writes";
import { nameIn as storedNameIn } from "../services/names";
import { type DemoArticle, DEMO_ARTICLES } from "./articles";
import { DEMO_WRITERS, demoCategoryRows, demoTagRows, demoWriterRows } from "./catalogue";
import { type Random, seededRandom } from "./seeded-random";

export interface BulkSeedOptions {
  articles: number;
  onProgress?: (written: number) => void;
}

/**
 * Articles a transaction: even, so that a translation pair is always written in one statement. The
 * embedded database's memory grows to what its largest transaction needed and never shrinks: 2,000
 * articles seeded 500 at a time peaked at 456–487 MB, 200 at a time at 400 MB, as fast (27 s);
 * 100 at a time, 373 MB, took a third longer.
 */
const BATCH = 200;
const DAY = 86_400_000;
/** Published dates spread over the last five years, the newest written last. */
const SPAN_DAYS = 5 * 365;
const DRAFT_SHARE = 0.1;
const FEATURED_SHARE = 0.02;
/** Share of Nepali stories whose English neighbour is their translation. */
const TRANSLATED_SHARE = 0.2;
/** Body length in words: log-normal around 750, so that most stories have 400 to 1,500 words. */
const MEDIAN_WORDS = 750;
const WORDS_SIGMA = 0.5;
/** Of a paragraph's sentences, the share taken from the story it follows rather than any story. */
const OWN_SENTENCE_SHARE = 0.5;
const EXPLAINER_SHARE = 0.5;

type Language = "ne" | "en";


function pick<T>(next: Random, list: readonly T[]): T {
  const item = list[Math.floor(next() * list.length)];
  if (item === undefined) throw new Error("bulk seed: nothing to pick from");
  return item;
}

function shuffled<T>(next: Random, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Syllables of invented names, the same sound at the same index, so a translation keeps its names. */
const SYLLABLES: Record<Language, string[]> = {
  en: ["ram", "sim", "bha", "pur", "chaur", "kot", "dha", "nag", "gau", "bari", "tar", "khol", "deu", "mai", "sin", "gha", "lam", "jung", "tha", "pani"],
  ne: ["राम", "सिम", "भा", "पुर", "चौर", "कोट", "धा", "नाग", "गाउँ", "बारी", "तार", "खोला", "देउ", "माई", "सिंह", "घाट", "लम", "जुङ", "था", "पानी"],
};

/** An invented name as syllable indices, written out in either language. */
type Name = number[];

function inventName(next: Random): Name {
  return Array.from({ length: 2 + Math.floor(next() * 2) }, () => Math.floor(next() * SYLLABLES.en.length));
}

function nameIn(language: Language, name: Name): string {
  const text = name.map((i) => SYLLABLES[language][i]).join("");
  return language === "en" ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** One demo story, cut into the pieces its follow-ups are rebuilt from. */
interface Story {
  demo: DemoArticle;
  sentences: string[];
  headings: string[];
  quotes: string[];
  /** The shared explainer sections (a heading and a paragraph) the story carries. */
  explainers: string[];
}

interface Corpus {
  language: Language;
  stories: Story[];
  /** Every story's own sentences: what a paragraph borrows from elsewhere in the archive. */
  sentences: string[];
  headings: string[];
}

const plainText = (html: string) => html.replace(/<[^>]*>/g, "").trim();

function sentencesOf(text: string, language: Language): string[] {
  const boundary = language === "en" ? /(?<=[.?!]["”’]?)\s+(?=["“‘]?[A-Z0-9])/u : /(?<=[।?!]["”’]?)\s+/u;
  return text.split(boundary).filter((s) => s.length > 0);
}

function storyOf(demo: DemoArticle): Story {
  const story: Story = { demo, sentences: [], headings: [], quotes: [], explainers: [] };
  for (const block of demo.blocks) {
    if (/^<h2>[\s\S]*<p>/.test(block)) story.explainers.push(block);
    else if (block.startsWith("<h2>")) story.headings.push(plainText(block));
    else if (block.startsWith("<blockquote>")) story.quotes.push(block);
    // An editor's note in italics ("Updated: …") belongs to its own story only.
    else if (block.startsWith("<p>") && !block.startsWith("<p><em>")) story.sentences.push(...sentencesOf(plainText(block), demo.language));
  }
  return story;
}

function corpusOf(language: Language): Corpus {
  const stories = DEMO_ARTICLES.filter((a) => a.language === language).map(storyOf);
  const explainerHeadings = stories.flatMap((s) => s.explainers.map((e) => plainText(e.match(/<h2>([\s\S]*?)<\/h2>/)?.[1] ?? "")));
  return {
    language,
    stories,
    sentences: [...new Set(stories.flatMap((s) => s.sentences))],
    headings: [...new Set([...stories.flatMap((s) => s.headings), ...explainerHeadings])].filter(Boolean),
  };
}

const ASCII_DIGITS = "0123456789";
const DEVANAGARI_DIGITS = "०१२३४५६७८९";

/** Amounts, counts and dates differ from story to story; years (four digits and more) stay. */
function varyFigures(next: Random, text: string): string {
  return text.replace(/[0-9]+|[०-९]+/g, (figure) => {
    if (figure.length >= 4) return figure;
    const digits = /[0-9]/.test(figure) ? ASCII_DIGITS : DEVANAGARI_DIGITS;
    // No leading zero: "05 km" would read as a typo.
    return Array.from(figure, (_, i) => (i === 0 && figure.length > 1 ? digits[1 + Math.floor(next() * 9)] : digits[Math.floor(next() * 10)])).join("");
  });
}

const wordsIn = (html: string) => plainText(html).split(/\s+/).length;

/** Box–Muller: a normal deviate from two uniform ones. */
function normal(next: Random): number {
  return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

interface Text {
  title: string;
  content: string;
  metaDescription: string;
}

/** A follow-up of `story`: its own sentences first among others', its names, its explainers. */
function write(next: Random, corpus: Corpus, story: Story, names: Name[]): Text {
  const language = corpus.language;
  const own = shuffled(next, story.sentences);
  const sentence = () => varyFigures(next, own.length > 0 && next() < OWN_SENTENCE_SHARE ? own.pop()! : pick(next, corpus.sentences));
  const paragraph = () => {
    const words = Array.from({ length: 2 + Math.floor(next() * 4) }, sentence).join(" ").split(" ");
    words.splice(Math.floor(next() * words.length), 0, nameIn(language, pick(next, names)));
    return `<p>${words.join(" ")}</p>`;
  };
  const explainers = story.explainers.filter(() => next() < EXPLAINER_SHARE);
  const target = Math.min(3000, Math.max(150, MEDIAN_WORDS * Math.exp(WORDS_SIGMA * normal(next)))) - explainers.reduce((n, e) => n + wordsIn(e), 0);

  const blocks = [paragraph()];
  let words = wordsIn(blocks[0]!);
  let sinceHeading = 1;
  while (words < target) {
    let block: string;
    if (sinceHeading >= 2 && next() < 0.3) {
      block = `<h2>${next() < 0.5 && story.headings.length > 0 ? pick(next, story.headings) : pick(next, corpus.headings)}</h2>`;
      sinceHeading = 0;
    } else if (story.quotes.length > 0 && next() < 0.06) {
      block = varyFigures(next, pick(next, story.quotes));
    } else {
      block = paragraph();
      sinceHeading += 1;
    }
    blocks.push(block);
    words += wordsIn(block);
  }
  return {
    title: `${nameIn(language, names[0]!)}: ${story.demo.title}`,
    content: [...blocks, ...explainers].join(""),
    metaDescription: varyFigures(next, story.demo.metaDescription),
  };
}

/** The demo's categories, writers and tags, when the database has none of its own yet. */
async function ensureCatalogue(db: Database): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(categories);
  if ((existing?.n ?? 0) === 0) {
    await db.insert(categories).values(demoCategoryRows());
  }
  const [writerCount] = await db.select({ n: count() }).from(writers);
  if ((writerCount?.n ?? 0) === 0) {
    await db.insert(writers).values(demoWriterRows());
  }
  const [tagCount] = await db.select({ n: count() }).from(tags);
  if ((tagCount?.n ?? 0) === 0) await db.insert(tags).values(demoTagRows());
}

interface Banner {
  url: string;
  width: number | null;
  height: number | null;
}

/** What the database already holds that a story's follow-ups refer to, by the demo's names. */
interface Catalogue {
  category(story: Story): number;
  writer(story: Story): number;
  tags(story: Story): number[];
  banner(story: Story): Banner | undefined;
  admin: number | null;
}

async function catalogueOf(db: Database, next: Random): Promise<Catalogue> {
  const [categoryRows, writerRows, tagRows, bannerRows, [admin]] = await Promise.all([
    db.select({ id: categories.id, name: storedNameIn(categories, "en") }).from(categories).orderBy(asc(categories.id)),
    db.select({ id: writers.id, email: writers.email }).from(writers).orderBy(asc(writers.id)),
    db.select({ id: tags.id, name: storedNameIn(tags, "en") }).from(tags).orderBy(asc(tags.id)),
    // The demo's banners, when it was loaded, by the title of the story that shows them.
    db
      .selectDistinctOn([articles.title], { title: articles.title, url: articleMedia.url, width: articleMedia.width, height: articleMedia.height })
      .from(articleMedia)
      .innerJoin(articles, eq(articles.id, articleMedia.articleId))
      .where(eq(articleMedia.kind, "banner"))
      .orderBy(asc(articles.title), asc(articleMedia.id)),
    db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).orderBy(asc(users.id)).limit(1),
  ]);
  const byName = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [r.name, r.id]));
  const categoryIds = byName(categoryRows);
  const tagIds = byName(tagRows);
  const writerIds = new Map(writerRows.map((r) => [r.email, r.id]));
  const banners = new Map(bannerRows.map((b) => [b.title, b]));
  const writerEmails: Record<string, string> = Object.fromEntries(Object.entries(DEMO_WRITERS).map(([key, w]) => [key, w.email]));
  return {
    category: (story) => categoryIds.get(story.demo.category) ?? pick(next, categoryRows).id,
    writer: (story) => writerIds.get(writerEmails[story.demo.writer] ?? "") ?? pick(next, writerRows).id,
    tags(story) {
      const chosen = new Set(story.demo.tags.flatMap((name) => tagIds.get(name) ?? []));
      while (chosen.size < 2 || (chosen.size < 4 && next() < 0.3)) chosen.add(pick(next, tagRows).id);
      return [...chosen].slice(0, 4);
    },
    banner: (story) => banners.get(story.demo.title) ?? (bannerRows.length > 0 ? pick(next, bannerRows) : undefined),
    admin: admin?.id ?? null,
  };
}

/** The demo story in the other language that translates `story`, if there is one. */
function translationOf(story: Story, corpus: Corpus): Story | undefined {
  return corpus.stories.find((s) => s.demo.translationOf === story.demo.key || story.demo.translationOf === s.demo.key);
}

/**
 * GIN indexes that take every insert at once (fastupdate off) cost most of a bulk insert's time.
 * They collect new entries in their pending list while the archive is written, then merge it once,
 * and are set back as they were.
 */
async function withGinPendingLists<T>(db: Database, work: () => Promise<T>): Promise<T> {
  const indexes = await db
    .select({ name: sql<string>`c.relname` })
    .from(sql`pg_class c join pg_am am on am.oid = c.relam join pg_namespace n on n.oid = c.relnamespace`)
    .where(sql`am.amname = 'gin' and n.nspname = current_schema() and 'fastupdate=off' = any(c.reloptions)`);
  for (const { name } of indexes) await db.execute(sql`alter index ${sql.identifier(name)} set (fastupdate = on)`);
  try {
    return await work();
  } finally {
    for (const { name } of indexes) {
      await db.execute(sql`select gin_clean_pending_list(${name}::regclass)`);
      await db.execute(sql`alter index ${sql.identifier(name)} set (fastupdate = off)`);
    }
  }
}

export async function bulkSeed(db: Database, options: BulkSeedOptions): Promise<{ articles: number; milliseconds: number }> {
  const started = Date.now();
  await ensureCatalogue(db);
  const [before] = await db.select({ n: count() }).from(articles);
  const offset = before?.n ?? 0;
  const next = seededRandom(0x6b68756c + offset);
  const catalogue = await catalogueOf(db, next);
  const corpora = { ne: corpusOf("ne"), en: corpusOf("en") };
  const now = Date.now();
  const slot = (SPAN_DAYS * DAY) / options.articles;

  await withGinPendingLists(db, async () => {
    for (let from = 0; from < options.articles; from += BATCH) {
      const size = Math.min(BATCH, options.articles - from);
      await db.transaction(async (tx) => {
        // Ids and story numbers first, so that a translation pair can share its story in the one insert.
        const numbers = await tx
          .select({ id: sql<number>`nextval(pg_get_serial_sequence('articles', 'id'))::int`, storyId: sql<number>`nextval('article_stories_seq')::int` })
          .from(sql`generate_series(1, ${size}::int)`);
        const rows: (typeof articles.$inferInsert)[] = [];
        const tagged: { articleIds: number[]; tagIds: number[] } = { articleIds: [], tagIds: [] };
        const mediaRows: (typeof articleMedia.$inferInsert)[] = [];
        let nepali: { story: Story; names: Name[]; row: typeof articles.$inferInsert } | undefined;
        for (let i = 0; i < size; i++) {
          const { id, storyId } = numbers[i]!;
          const language: Language = (offset + from + i) % 2 === 0 ? "ne" : "en";
          const corpus = corpora[language];
          const translates = language === "en" && nepali !== undefined && next() < TRANSLATED_SHARE ? nepali : undefined;
          const story = (translates && translationOf(translates.story, corpus)) ?? pick(next, corpus.stories);
          const names = translates?.names ?? Array.from({ length: 3 }, () => inventName(next));
          const text = write(next, corpus, story, names);
          const publishedAt = new Date(now - (options.articles - from - i) * slot + next() * slot);
          const row: typeof articles.$inferInsert = {
            id,
            title: text.title,
            slug: `${slugify(text.title)}-${id}`,
            content: text.content,
            ...derivedFromContent(text.content),
            language,
            writerId: translates?.row.writerId ?? catalogue.writer(story),
            categoryId: translates?.row.categoryId ?? catalogue.category(story),
            authorId: catalogue.admin,
            storyId: translates?.row.storyId ?? storyId,
            metaTitle: text.title,
            metaDescription: text.metaDescription,
            isPublished: translates?.row.isPublished ?? next() >= DRAFT_SHARE,
            isFeatured: next() < FEATURED_SHARE,
            publishedAt,
            createdAt: publishedAt,
            updatedAt: publishedAt,
          };
          rows.push(row);
          for (const tagId of catalogue.tags(story)) {
            tagged.articleIds.push(id);
            tagged.tagIds.push(tagId);
          }
          const banner = catalogue.banner(story);
          if (banner) mediaRows.push({ articleId: id, url: banner.url, position: 0, kind: "banner", mediaType: "image", width: banner.width, height: banner.height });
          nepali = language === "ne" ? { story, names, row } : undefined;
        }
        await tx.insert(articles).values(rows);
        // Two arrays, not a row list: one statement text whatever the count, so one prepared statement.
        await tx.execute(
          sql`insert into ${articleTags} (${sql.identifier(articleTags.articleId.name)}, ${sql.identifier(articleTags.tagId.name)})
            select * from unnest(${sql.param(tagged.articleIds)}::int[], ${sql.param(tagged.tagIds)}::int[])`,
        );
        if (mediaRows.length > 0) await tx.insert(articleMedia).values(mediaRows);
      });
      options.onProgress?.(from + size);
    }
  });
  // As autovacuum would soon after a bulk insert on PostgreSQL (PGlite has none): statistics for
  // the planner, and the visibility map that lets counts read an index without the table.
  await db.execute(sql`vacuum analyze`);
  return { articles: options.articles, milliseconds: Date.now() - started };
}
