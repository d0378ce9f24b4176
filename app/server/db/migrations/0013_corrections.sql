CREATE TABLE "article_note_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"note_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_by" integer
);
--> statement-breakpoint
CREATE TABLE "article_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"amended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "article_note_versions" ADD CONSTRAINT "article_note_versions_note_id_article_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."article_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_note_versions" ADD CONSTRAINT "article_note_versions_replaced_by_users_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_notes" ADD CONSTRAINT "article_notes_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_notes" ADD CONSTRAINT "article_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_note_versions_note_idx" ON "article_note_versions" USING btree ("note_id","replaced_at");--> statement-breakpoint
CREATE INDEX "article_notes_article_idx" ON "article_notes" USING btree ("article_id","created_at");--> statement-breakpoint
CREATE INDEX "article_notes_kind_idx" ON "article_notes" USING btree ("kind","created_at");