ALTER TABLE "categories" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_ne" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "description_ne" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "name_ne" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "writers" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "writers" ADD COLUMN "name_ne" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "writers" ADD COLUMN "bio_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "writers" ADD COLUMN "bio_ne" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Each existing name and text goes to the language of its script: Devanagari is Nepali, the rest English.
UPDATE "categories" SET
  "name_en" = CASE WHEN "name" ~ '[ऀ-ॿ]' THEN '' ELSE "name" END,
  "name_ne" = CASE WHEN "name" ~ '[ऀ-ॿ]' THEN "name" ELSE '' END,
  "description_en" = CASE WHEN "description" ~ '[ऀ-ॿ]' THEN '' ELSE "description" END,
  "description_ne" = CASE WHEN "description" ~ '[ऀ-ॿ]' THEN "description" ELSE '' END;--> statement-breakpoint
UPDATE "tags" SET
  "name_en" = CASE WHEN "name" ~ '[ऀ-ॿ]' THEN '' ELSE "name" END,
  "name_ne" = CASE WHEN "name" ~ '[ऀ-ॿ]' THEN "name" ELSE '' END;--> statement-breakpoint
UPDATE "writers" SET
  "name_en" = CASE WHEN "name" ~ '[ऀ-ॿ]' THEN '' ELSE "name" END,
  "name_ne" = CASE WHEN "name" ~ '[ऀ-ॿ]' THEN "name" ELSE '' END,
  "bio_en" = CASE WHEN coalesce("bio", '') ~ '[ऀ-ॿ]' THEN '' ELSE coalesce("bio", '') END,
  "bio_ne" = CASE WHEN coalesce("bio", '') ~ '[ऀ-ॿ]' THEN "bio" ELSE '' END;
