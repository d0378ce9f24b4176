ALTER TABLE "categories" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "categories" DROP COLUMN "description";--> statement-breakpoint
ALTER TABLE "tags" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "writers" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "writers" DROP COLUMN "bio";--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_named" CHECK ("categories"."name_en" <> '' or "categories"."name_ne" <> '');--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_named" CHECK ("tags"."name_en" <> '' or "tags"."name_ne" <> '');--> statement-breakpoint
ALTER TABLE "writers" ADD CONSTRAINT "writers_named" CHECK ("writers"."name_en" <> '' or "writers"."name_ne" <> '');