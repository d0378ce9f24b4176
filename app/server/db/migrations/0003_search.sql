-- Search (docs/product.md#nepali-text). Hand-written parts: drizzle-kit cannot express extensions, functions,
-- aggregates or triggers. pg_trgm is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Text as search compares it, at indexing and at query time alike: NFC; ZWJ and ZWNJ removed (one
-- engine's parser splits words at them, the other keeps them inside); chandrabindu (U+0901) written as
-- anusvara (U+0902), so that काठमाडौँ and काठमाडौं are one word.
CREATE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN translate(normalize(value, NFC), U&'\0901\200C\200D', U&'\0902');--> statement-breakpoint
CREATE FUNCTION search_config(article_language text) RETURNS regconfig
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN article_language = 'ne' THEN 'nepali'::regconfig ELSE 'english'::regconfig END;--> statement-breakpoint
-- The trigram fallback ORs the look-alikes of each typed word, and ANDs the words.
CREATE AGGREGATE search_any(tsquery) (SFUNC = tsquery_or, STYPE = tsquery);--> statement-breakpoint
CREATE AGGREGATE search_all(tsquery) (SFUNC = tsquery_and, STYPE = tsquery);--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "body_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (
  setweight(to_tsvector(search_config("language"), search_fold("title")), 'A') ||
  setweight(to_tsvector('simple', search_fold("title")), 'A') ||
  setweight(to_tsvector(search_config("language"), search_fold("meta_description")), 'B') ||
  setweight(to_tsvector('simple', search_fold("meta_description")), 'B') ||
  setweight(to_tsvector(search_config("language"), search_fold("body_text")), 'C') ||
  setweight(to_tsvector('simple', search_fold("body_text")), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector") WITH (fastupdate=off);--> statement-breakpoint
-- A trigger, not the service, so that every write (the demo seed, a bulk import) feeds the vocabulary.
-- Sorted inserts: two saves adding the same new words wait for each other instead of deadlocking.
CREATE FUNCTION remember_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT word FROM unnest(tsvector_to_array(NEW.search_vector)) AS word ORDER BY word
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER articles_remember_search_words
  AFTER INSERT OR UPDATE OF title, meta_description, body_text, language ON articles
  FOR EACH ROW EXECUTE FUNCTION remember_search_words();--> statement-breakpoint
-- Bodies of existing articles arrive with the start-up backfill of body_text, through the trigger.
INSERT INTO search_words (word)
  SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM articles
  ON CONFLICT DO NOTHING;
