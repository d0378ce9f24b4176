-- Search reads a narrow table of its own (schema.ts, articleSearch; docs/decisions.md, "A narrow
-- table for search"). Hand-written parts: the table's storage, the trigger that keeps it, the
-- backfill, and the vocabulary's trigger moved to it. The search document stays out of line
-- (toast_tuple_target, EXTENDED) so that a page holds many rows; the rank document stays in the
-- row (MAIN), as every match is ranked.
CREATE TABLE "article_search" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"is_published" boolean NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"language" text NOT NULL,
	"translation_id" integer,
	"translation_published" boolean NOT NULL,
	"rank_vector" "tsvector" NOT NULL,
	"search_vector" "tsvector" NOT NULL
) WITH (toast_tuple_target = 128);
--> statement-breakpoint
ALTER TABLE "article_search" ALTER COLUMN "rank_vector" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "article_search" ADD CONSTRAINT "article_search_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The row is written from the article as it stands, not from NEW: the translation trigger, which
-- runs first, may have changed the article since this trigger was queued. The documents are
-- computed again only when a field they are made of changed.
CREATE FUNCTION remember_article_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title OR NEW.meta_description IS DISTINCT FROM OLD.meta_description
     OR NEW.body_text IS DISTINCT FROM OLD.body_text OR NEW.language IS DISTINCT FROM OLD.language THEN
    INSERT INTO article_search AS s (article_id, is_published, published_at, language, translation_id, translation_published, rank_vector, search_vector)
      -- The search document is the rank document (title A, meta description B) and the body (C).
      SELECT a.id, a.is_published, a.published_at, a.language, a.translation_id, a.translation_published,
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
      translation_id = EXCLUDED.translation_id, translation_published = EXCLUDED.translation_published,
      rank_vector = EXCLUDED.rank_vector, search_vector = EXCLUDED.search_vector;
  ELSE
    UPDATE article_search s SET
      is_published = a.is_published, published_at = a.published_at, translation_id = a.translation_id,
      translation_published = a.translation_published
    FROM articles a
    WHERE a.id = NEW.id AND s.article_id = a.id
      AND (s.is_published, s.published_at, s.translation_id, s.translation_published)
        IS DISTINCT FROM (a.is_published, a.published_at, a.translation_id, a.translation_published);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER articles_search_sync
  AFTER INSERT OR UPDATE OF title, meta_description, body_text, language, is_published, published_at, translation_id, translation_published ON articles
  FOR EACH ROW EXECUTE FUNCTION remember_article_search();--> statement-breakpoint
-- The documents already computed are copied, not computed again.
INSERT INTO article_search (article_id, is_published, published_at, language, translation_id, translation_published, rank_vector, search_vector)
  SELECT id, is_published, published_at, language, translation_id, translation_published, rank_vector, search_vector FROM articles;--> statement-breakpoint
CREATE INDEX "article_search_idx" ON "article_search" USING gin ("search_vector") WITH (fastupdate=off);--> statement-breakpoint
-- The vocabulary (0003_search) is fed from the search document where it now lives; the function
-- reads NEW.search_vector, a column of the same name.
DROP TRIGGER articles_remember_search_words ON articles;--> statement-breakpoint
CREATE TRIGGER article_search_remember_words
  AFTER INSERT OR UPDATE OF search_vector ON article_search
  FOR EACH ROW EXECUTE FUNCTION remember_search_words();--> statement-breakpoint
DROP INDEX "articles_search_idx";--> statement-breakpoint
ALTER TABLE "articles" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "articles" DROP COLUMN "rank_vector";
