ALTER TABLE "articles" ADD COLUMN "translation_published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_edition_ne_idx" ON "articles" USING btree ("published_at","id") WHERE "articles"."is_published" and ("articles"."language" = 'ne' or not "articles"."translation_published");--> statement-breakpoint
CREATE INDEX "articles_edition_en_idx" ON "articles" USING btree ("published_at","id") WHERE "articles"."is_published" and ("articles"."language" = 'en' or not "articles"."translation_published");--> statement-breakpoint
CREATE INDEX "articles_translation_idx" ON "articles" USING btree ("translation_id");--> statement-breakpoint
-- A trigger, not the services, so that every write keeps both articles of a pair right: an edit, a
-- link or unlink, a publish, the unlinking a delete makes (ON DELETE SET NULL), the demo seed, a
-- bulk import. AFTER, so that a pair written in one statement sees both rows. Its own updates set
-- translation_published only, which fires no trigger. Partners point at each other, so the one to
-- tell is NEW.translation_id, found by its key.
CREATE FUNCTION remember_translation_published() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  published boolean := coalesce((SELECT t.is_published FROM articles t WHERE t.id = NEW.translation_id), false);
BEGIN
  UPDATE articles SET translation_published = published
    WHERE id = NEW.id AND translation_published IS DISTINCT FROM published;
  UPDATE articles SET translation_published = NEW.is_published
    WHERE id = NEW.translation_id AND translation_id = NEW.id AND translation_published IS DISTINCT FROM NEW.is_published;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER articles_remember_translation_published
  AFTER INSERT OR UPDATE OF translation_id, is_published ON articles
  FOR EACH ROW EXECUTE FUNCTION remember_translation_published();--> statement-breakpoint
UPDATE articles a SET translation_published = true
  FROM articles t WHERE t.id = a.translation_id AND t.is_published;
