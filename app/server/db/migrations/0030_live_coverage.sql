CREATE SEQUENCE "public"."live_changes_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "live_updates" (
	"id" bigint PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"author_id" integer,
	"headline" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"change_id" bigint NOT NULL,
	"idempotency_key" text,
	"request_hash" text
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "live_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "live_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "live_key_points" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "live_change_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_updates" ADD CONSTRAINT "live_updates_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_updates" ADD CONSTRAINT "live_updates_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_updates_change_idx" ON "live_updates" USING btree ("article_id","change_id");--> statement-breakpoint
CREATE INDEX "live_updates_stream_idx" ON "live_updates" USING btree ("article_id","id") WHERE "live_updates"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "live_updates_idempotency_unique" ON "live_updates" USING btree ("article_id","author_id","idempotency_key") WHERE "live_updates"."idempotency_key" is not null;