ALTER TABLE "categories" DROP CONSTRAINT "categories_named";--> statement-breakpoint
ALTER TABLE "tags" DROP CONSTRAINT "tags_named";--> statement-breakpoint
ALTER TABLE "writers" DROP CONSTRAINT "writers_named";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "writers" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "writers" ADD COLUMN "bios" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Each language's text moves into the row's map; an empty one (the old "not named in it") is left out.
UPDATE "categories" SET "names" = jsonb_strip_nulls(jsonb_build_object('en', nullif("name_en", ''), 'ne', nullif("name_ne", ''))), "descriptions" = jsonb_strip_nulls(jsonb_build_object('en', nullif("description_en", ''), 'ne', nullif("description_ne", '')));--> statement-breakpoint
UPDATE "tags" SET "names" = jsonb_strip_nulls(jsonb_build_object('en', nullif("name_en", ''), 'ne', nullif("name_ne", '')));--> statement-breakpoint
UPDATE "writers" SET "names" = jsonb_strip_nulls(jsonb_build_object('en', nullif("name_en", ''), 'ne', nullif("name_ne", ''))), "bios" = jsonb_strip_nulls(jsonb_build_object('en', nullif("bio_en", ''), 'ne', nullif("bio_ne", '')));--> statement-breakpoint
ALTER TABLE "categories" DROP COLUMN "name_en";--> statement-breakpoint
ALTER TABLE "categories" DROP COLUMN "name_ne";--> statement-breakpoint
ALTER TABLE "categories" DROP COLUMN "description_en";--> statement-breakpoint
ALTER TABLE "categories" DROP COLUMN "description_ne";--> statement-breakpoint
ALTER TABLE "tags" DROP COLUMN "name_en";--> statement-breakpoint
ALTER TABLE "tags" DROP COLUMN "name_ne";--> statement-breakpoint
ALTER TABLE "writers" DROP COLUMN "name_en";--> statement-breakpoint
ALTER TABLE "writers" DROP COLUMN "name_ne";--> statement-breakpoint
ALTER TABLE "writers" DROP COLUMN "bio_en";--> statement-breakpoint
ALTER TABLE "writers" DROP COLUMN "bio_ne";--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_names_texts" CHECK (jsonb_typeof("categories"."names") = 'object' and not jsonb_path_exists("categories"."names", '$.* ? (@.type() != "string" || @ == "")'));--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_descriptions_texts" CHECK (jsonb_typeof("categories"."descriptions") = 'object' and not jsonb_path_exists("categories"."descriptions", '$.* ? (@.type() != "string" || @ == "")'));--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_named" CHECK ("categories"."names" <> '{}'::jsonb);--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_names_texts" CHECK (jsonb_typeof("tags"."names") = 'object' and not jsonb_path_exists("tags"."names", '$.* ? (@.type() != "string" || @ == "")'));--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_named" CHECK ("tags"."names" <> '{}'::jsonb);--> statement-breakpoint
ALTER TABLE "writers" ADD CONSTRAINT "writers_names_texts" CHECK (jsonb_typeof("writers"."names") = 'object' and not jsonb_path_exists("writers"."names", '$.* ? (@.type() != "string" || @ == "")'));--> statement-breakpoint
ALTER TABLE "writers" ADD CONSTRAINT "writers_bios_texts" CHECK (jsonb_typeof("writers"."bios") = 'object' and not jsonb_path_exists("writers"."bios", '$.* ? (@.type() != "string" || @ == "")'));--> statement-breakpoint
ALTER TABLE "writers" ADD CONSTRAINT "writers_named" CHECK ("writers"."names" <> '{}'::jsonb);