CREATE TABLE "tip_attachment_parts" (
	"attachment_id" text NOT NULL,
	"part" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "tip_attachment_parts_attachment_id_part_pk" PRIMARY KEY("attachment_id","part")
);
--> statement-breakpoint
CREATE TABLE "tip_attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"tip_id" integer,
	"message_id" integer,
	"size" integer NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tip_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tip_keys_public_key_unique" UNIQUE("public_key")
);
--> statement-breakpoint
CREATE TABLE "tip_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"tip_id" integer NOT NULL,
	"sender" text NOT NULL,
	"key_id" integer NOT NULL,
	"author_id" integer,
	"for_newsroom" text NOT NULL,
	"for_source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"access_hash" text NOT NULL,
	"source_public_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"unread" boolean DEFAULT true NOT NULL,
	"kept_at" timestamp with time zone,
	"kept_by" integer,
	CONSTRAINT "tips_access_hash_unique" UNIQUE("access_hash")
);
--> statement-breakpoint
ALTER TABLE "tip_attachment_parts" ADD CONSTRAINT "tip_attachment_parts_attachment_id_tip_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."tip_attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_attachments" ADD CONSTRAINT "tip_attachments_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_attachments" ADD CONSTRAINT "tip_attachments_message_id_tip_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."tip_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_keys" ADD CONSTRAINT "tip_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_messages" ADD CONSTRAINT "tip_messages_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_messages" ADD CONSTRAINT "tip_messages_key_id_tip_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."tip_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_messages" ADD CONSTRAINT "tip_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_kept_by_users_id_fk" FOREIGN KEY ("kept_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tip_attachments_message_idx" ON "tip_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "tip_messages_tip_idx" ON "tip_messages" USING btree ("tip_id","id");--> statement-breakpoint
CREATE INDEX "tips_last_message_idx" ON "tips" USING btree ("last_message_at");