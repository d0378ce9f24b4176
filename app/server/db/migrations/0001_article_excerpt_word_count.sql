ALTER TABLE "articles" ADD COLUMN "excerpt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "word_count" integer DEFAULT 0 NOT NULL;