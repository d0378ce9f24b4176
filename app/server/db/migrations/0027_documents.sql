CREATE TABLE "document_file_parts" (
	"document_id" integer NOT NULL,
	"file" text NOT NULL,
	"part" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "document_file_parts_document_id_file_part_pk" PRIMARY KEY("document_id","file","part")
);
--> statement-breakpoint
CREATE TABLE "document_stories" (
	"document_id" integer NOT NULL,
	"story_id" integer NOT NULL,
	CONSTRAINT "document_stories_document_id_story_id_pk" PRIMARY KEY("document_id","story_id")
);
--> statement-breakpoint
CREATE TABLE "document_tags" (
	"document_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "document_tags_document_id_tag_id_pk" PRIMARY KEY("document_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"titles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sources" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_date" date,
	"status" text DEFAULT 'examining' NOT NULL,
	"job" jsonb,
	"lease_until" timestamp with time zone,
	"progress_page" integer,
	"progress_pages" integer,
	"failure" text,
	"original_name" text DEFAULT '' NOT NULL,
	"original_sha256" text NOT NULL,
	"original_size" integer NOT NULL,
	"original_pages" integer,
	"original_findings" jsonb,
	"prepared_sha256" text,
	"prepared_size" integer,
	"prepared_pages" integer,
	"prepared_findings" jsonb,
	"prepared_with" jsonb,
	"published_at" timestamp with time zone,
	"published_url" text,
	"override_reason" text,
	"override_by" integer,
	"override_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_slug_unique" UNIQUE("slug"),
	CONSTRAINT "documents_titled" CHECK ("documents"."titles" <> '{}'::jsonb),
	CONSTRAINT "documents_titles_texts" CHECK (jsonb_typeof("documents"."titles") = 'object' and not jsonb_path_exists("documents"."titles", '$.* ? (@.type() != "string" || @ == "")')),
	CONSTRAINT "documents_descriptions_texts" CHECK (jsonb_typeof("documents"."descriptions") = 'object' and not jsonb_path_exists("documents"."descriptions", '$.* ? (@.type() != "string" || @ == "")')),
	CONSTRAINT "documents_sources_texts" CHECK (jsonb_typeof("documents"."sources") = 'object' and not jsonb_path_exists("documents"."sources", '$.* ? (@.type() != "string" || @ == "")'))
);
--> statement-breakpoint
ALTER TABLE "document_file_parts" ADD CONSTRAINT "document_file_parts_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_stories" ADD CONSTRAINT "document_stories_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_tags" ADD CONSTRAINT "document_tags_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_tags" ADD CONSTRAINT "document_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_override_by_users_id_fk" FOREIGN KEY ("override_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_stories_story_idx" ON "document_stories" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "document_tags_tag_idx" ON "document_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "documents_created_idx" ON "documents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "documents_jobs_idx" ON "documents" USING btree ("lease_until") WHERE "documents"."status" = 'examining';