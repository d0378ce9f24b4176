/**
 * Migration 0026 turns the one-to-one translation link into stories (a number shared by an
 * article's versions, one per language), and "my translation is published" into the editions that
 * list each version, on the embedded database and on PostgreSQL: pairs written in the old shape
 * become stories, each edition lists each story once, in its own language where it has a published
 * version, and a link the old shape could hold but a story cannot (one-sided, or two articles of one
 * language) leaves each article a story of its own, as every reader saw it.
 */
import { expect } from "vitest";
import { onBothDatabases } from "../../../tests/support/migration-run";
import { writeEditionPreferences } from "./edition-preferences";
import { appliedMigrations, settleAfterRewrite } from "./settle-after-rewrite";

const article = (id: number, language: string, published: boolean) =>
  `(${id}, 'Story ${id}', 'story-${id}', '<p>x</p>', '${language}', ${published}, now() - interval '${id} hours')`;

const OLD_ROWS = [
  `insert into articles (id, title, slug, content, language, is_published, published_at) values
    ${[article(1, "en", true), article(2, "ne", true), article(3, "en", true), article(4, "ne", false), article(5, "en", true), article(6, "en", true), article(7, "en", true), article(8, "ne", true)].join(", ")}`,
  // Pairs linked both ways (1-2 published, 3-4 with a Nepali draft); 6-7 of one language; 8 to 5 one way.
  "update articles set translation_id = case id when 1 then 2 when 2 then 1 when 3 then 4 when 4 then 3 when 6 then 7 when 7 then 6 when 8 then 5 end where id in (1, 2, 3, 4, 6, 7, 8)",
  "select setval(pg_get_serial_sequence('articles', 'id'), 8)",
];

onBothDatabases("migration 0026: stories and their editions, made of translation pairs", async ({ connection, migrateBefore, migrateAll }) => {
  const query = async (text: string) => (await connection.query(text)).rows;
  expect(await appliedMigrations(connection)).toBe(0);
  const applied = await migrateBefore("0026_story_editions");
  expect(await appliedMigrations(connection)).toBe(applied);
  for (const statement of OLD_ROWS) await query(statement);
  await migrateAll();
  expect(await appliedMigrations(connection)).toBeGreaterThan(applied);
  // What the app does after the migrations at every start: the first computes every story's editions.
  expect(await writeEditionPreferences(connection)).toBe(true);
  expect(await writeEditionPreferences(connection)).toBe(false);
  // The rewritten table is vacuumed: its pages marked all-visible, so that an index-only count needs no table read.
  const allVisiblePages = async () => ((await query("select relallvisible from pg_class where relname = 'articles'")) as { relallvisible: number }[])[0]!.relallvisible;
  expect(await allVisiblePages()).toBe(0);
  await settleAfterRewrite(connection, true);
  expect(await allVisiblePages()).toBeGreaterThan(0);

  expect(await query("select id, story_id, shown_in from articles order by id")).toEqual([
    { id: 1, story_id: 1, shown_in: ["en"] },
    { id: 2, story_id: 1, shown_in: ["ne"] },
    { id: 3, story_id: 3, shown_in: ["en", "ne"] },
    { id: 4, story_id: 3, shown_in: [] },
    { id: 5, story_id: 5, shown_in: ["en", "ne"] },
    { id: 6, story_id: 6, shown_in: ["en", "ne"] },
    { id: 7, story_id: 7, shown_in: ["en", "ne"] },
    { id: 8, story_id: 8, shown_in: ["en", "ne"] },
  ]);
  // Search's copy follows.
  expect(await query("select count(*)::int as n from articles a join article_search s on s.article_id = a.id where (a.story_id, a.shown_in) is distinct from (s.story_id, s.shown_in)")).toEqual([{ n: 0 }]);
  expect(await query("select column_name from information_schema.columns where table_name in ('articles', 'article_search') and column_name like 'translation%'")).toEqual([]);
  // Each edition's list has its indexes, made at start.
  const indexes = (await query("select indexname from pg_indexes where tablename = 'articles' and indexname like 'articles_edition_%' order by indexname")) as { indexname: string }[];
  expect(indexes.map((row) => row.indexname)).toEqual(["articles_edition_en_category_idx", "articles_edition_en_idx", "articles_edition_ne_category_idx", "articles_edition_ne_idx"]);

  // Publishing the Nepali draft gives the Nepali edition its own version of the story.
  await query("update articles set is_published = true where id = 4");
  expect(await query("select id, shown_in from articles where story_id = 3 order by id")).toEqual([
    { id: 3, shown_in: ["en"] },
    { id: 4, shown_in: ["ne"] },
  ]);
  // A new article is a story of its own, numbered after every story there was.
  await query("insert into articles (title, slug, content, language, is_published) values ('New', 'new', '<p>x</p>', 'ne', true)");
  const [fresh] = (await query("select story_id, shown_in from articles where slug = 'new'")) as { story_id: number; shown_in: string[] }[];
  expect(fresh!.story_id).toBeGreaterThan(8);
  expect(fresh!.shown_in).toEqual(["en", "ne"]);
  // A story holds one version per language.
  await expect(query("insert into articles (title, slug, content, language, story_id) values ('Again', 'again', '<p>x</p>', 'en', 1)")).rejects.toThrow(/articles_story_language_unique|duplicate/);
  // Deleting the version an edition showed brings the other back into it.
  await query("delete from articles where id = 2");
  expect(await query("select id, shown_in from articles where story_id = 1")).toEqual([{ id: 1, shown_in: ["en", "ne"] }]);
});
