CREATE TABLE "media_variants" (
	"url" text PRIMARY KEY NOT NULL,
	"widths" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
