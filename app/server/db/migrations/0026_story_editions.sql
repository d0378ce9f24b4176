-- A story's versions in any number of languages (issue 37): the one-to-one translation link
-- becomes a story number shared by its versions, one per language, and "my translation is
-- published" becomes the editions that list each version (shown_in), computed from each edition's
-- preference of languages (edition_preferences, written at start). Hand-written parts: the
-- backfill, the functions and triggers, and the order of the steps. The editions' list indexes are
-- made at start, one pair per configured language (db/edition-preferences.ts).
DROP TRIGGER "articles_remember_translation_published" ON "articles";--> statement-breakpoint
DROP FUNCTION remember_translation_published();--> statement-breakpoint
DROP TRIGGER "articles_search_sync" ON "articles";--> statement-breakpoint
CREATE SEQUENCE "public"."article_stories_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "edition_preferences" (
	"edition" text NOT NULL,
	"language" text NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "edition_preferences_edition_language_pk" PRIMARY KEY("edition","language")
);
--> statement-breakpoint
ALTER TABLE "articles" DROP CONSTRAINT "articles_translation_id_articles_id_fk";
--> statement-breakpoint
DROP INDEX "articles_edition_ne_idx";--> statement-breakpoint
DROP INDEX "articles_edition_ne_category_idx";--> statement-breakpoint
DROP INDEX "articles_edition_en_idx";--> statement-breakpoint
DROP INDEX "articles_edition_en_category_idx";--> statement-breakpoint
DROP INDEX "articles_translation_idx";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "story_id" integer;--> statement-breakpoint
-- A pair becomes one story, numbered by its first article. A link that was not mutual, or that
-- joined two articles of one language (which a story cannot hold), leaves each article a story of
-- its own, as it was to every reader: such a pair was never shown as each other's translation.
UPDATE "articles" a SET "story_id" = CASE
    WHEN EXISTS (SELECT 1 FROM "articles" t WHERE t."id" = a."translation_id" AND t."translation_id" = a."id" AND t."language" <> a."language")
      THEN least(a."id", a."translation_id")
    ELSE a."id" END;--> statement-breakpoint
SELECT setval('article_stories_seq', coalesce((SELECT max("story_id") FROM "articles"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "articles" ALTER COLUMN "story_id" SET DEFAULT nextval('article_stories_seq');--> statement-breakpoint
ALTER TABLE "articles" ALTER COLUMN "story_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "shown_in" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_story_language_unique" ON "articles" USING btree ("story_id","language");--> statement-breakpoint
ALTER TABLE "article_search" ADD COLUMN "story_id" integer;--> statement-breakpoint
ALTER TABLE "article_search" ADD COLUMN "shown_in" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Every row of search's table is rewritten: its full-text index is dropped first and built again
-- after, in one pass (row by row, its entries took eight minutes at 100,000 articles).
DROP INDEX "article_search_idx";--> statement-breakpoint
UPDATE "article_search" s SET "story_id" = a."story_id" FROM "articles" a WHERE a."id" = s."article_id";--> statement-breakpoint
CREATE INDEX "article_search_idx" ON "article_search" USING gin ("search_vector") WITH (fastupdate=off);--> statement-breakpoint
ALTER TABLE "article_search" ALTER COLUMN "story_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "article_search" ALTER COLUMN "shown_in" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "article_search_story_idx" ON "article_search" USING btree ("story_id");--> statement-breakpoint
ALTER TABLE "article_search" DROP COLUMN "translation_id";--> statement-breakpoint
ALTER TABLE "article_search" DROP COLUMN "translation_published";--> statement-breakpoint
ALTER TABLE "articles" DROP COLUMN "translation_id";--> statement-breakpoint
ALTER TABLE "articles" DROP COLUMN "translation_published";--> statement-breakpoint
-- Which editions list each version of `stories` (null: of every story): for each edition, the
-- published version in the language it prefers most (the lowest rank). Writes only the rows whose
-- editions changed.
CREATE FUNCTION remember_editions(stories integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE articles a SET shown_in = s.shown_in
  FROM (
    SELECT v.id, coalesce(array_agg(c.edition ORDER BY c.edition) FILTER (WHERE c.edition IS NOT NULL), '{}') AS shown_in
    FROM articles v
    LEFT JOIN (
      SELECT DISTINCT ON (p.story_id, p.edition) p.id, p.edition
      FROM (
        SELECT w.id, w.story_id, e.edition, e.rank FROM articles w
        JOIN edition_preferences e ON e.language = w.language
        WHERE (stories IS NULL OR w.story_id = ANY(stories)) AND w.is_published
      ) p
      ORDER BY p.story_id, p.edition, p.rank
    ) c ON c.id = v.id
    WHERE stories IS NULL OR v.story_id = ANY(stories)
    GROUP BY v.id
  ) s
  WHERE a.id = s.id AND a.shown_in IS DISTINCT FROM s.shown_in;
END
$$;--> statement-breakpoint
-- A trigger, not the services, so that every write keeps a story's editions right: an edit, a
-- link, a publish, the scheduled publisher, a delete, the demo seed, a bulk import. AFTER, so that
-- versions written in one statement see each other. Its own updates set shown_in only, which fires
-- no trigger of this one's.
CREATE FUNCTION remember_story_editions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM remember_editions(ARRAY[OLD.story_id]);
  ELSIF TG_OP = 'INSERT' OR OLD.story_id = NEW.story_id THEN
    PERFORM remember_editions(ARRAY[NEW.story_id]);
  ELSE
    PERFORM remember_editions(ARRAY[OLD.story_id, NEW.story_id]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER articles_remember_editions
  AFTER INSERT OR DELETE OR UPDATE OF story_id, language, is_published ON articles
  FOR EACH ROW EXECUTE FUNCTION remember_story_editions();--> statement-breakpoint
-- Search's copy of the article (0019), now with its story and editions in place of the translation.
CREATE OR REPLACE FUNCTION remember_article_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title OR NEW.meta_description IS DISTINCT FROM OLD.meta_description
     OR NEW.body_text IS DISTINCT FROM OLD.body_text OR NEW.language IS DISTINCT FROM OLD.language THEN
    INSERT INTO article_search AS s (article_id, is_published, published_at, language, story_id, shown_in, rank_vector, search_vector)
      -- The search document is the rank document (title A, meta description B) and the body (C).
      SELECT a.id, a.is_published, a.published_at, a.language, a.story_id, a.shown_in,
        ranked.doc,
        ranked.doc ||
        setweight(to_tsvector(search_config(a.language), search_fold(a.body_text)), 'C') ||
        setweight(to_tsvector('simple', search_fold(a.body_text)), 'C')
      FROM articles a
      CROSS JOIN LATERAL (SELECT
        setweight(to_tsvector(search_config(a.language), search_fold(a.title)), 'A') ||
        setweight(to_tsvector('simple', search_fold(a.title)), 'A') ||
        setweight(to_tsvector(search_config(a.language), search_fold(a.meta_description)), 'B') ||
        setweight(to_tsvector('simple', search_fold(a.meta_description)), 'B') AS doc) AS ranked
      WHERE a.id = NEW.id
    ON CONFLICT (article_id) DO UPDATE SET
      is_published = EXCLUDED.is_published, published_at = EXCLUDED.published_at, language = EXCLUDED.language,
      story_id = EXCLUDED.story_id, shown_in = EXCLUDED.shown_in,
      rank_vector = EXCLUDED.rank_vector, search_vector = EXCLUDED.search_vector;
  ELSE
    UPDATE article_search s SET
      is_published = a.is_published, published_at = a.published_at, story_id = a.story_id, shown_in = a.shown_in
    FROM articles a
    WHERE a.id = NEW.id AND s.article_id = a.id
      AND (s.is_published, s.published_at, s.story_id, s.shown_in)
        IS DISTINCT FROM (a.is_published, a.published_at, a.story_id, a.shown_in);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER articles_search_sync
  AFTER INSERT OR UPDATE OF title, meta_description, body_text, language, is_published, published_at, story_id, shown_in ON articles
  FOR EACH ROW EXECUTE FUNCTION remember_article_search();
