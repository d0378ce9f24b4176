DROP INDEX "articles_published_at_idx";--> statement-breakpoint
CREATE INDEX "articles_published_at_id_idx" ON "articles" USING btree ("published_at","id");