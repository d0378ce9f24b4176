ALTER TABLE "tip_attachments" ALTER COLUMN "created_at" SET DEFAULT date_trunc('hour', now(), 'UTC');--> statement-breakpoint
ALTER TABLE "tip_keys" ALTER COLUMN "created_at" SET DEFAULT date_trunc('hour', now(), 'UTC');--> statement-breakpoint
-- Times written before issue 36 to the millisecond (attachments, keys, a tip's "kept"), and any other, to the hour (in UTC, as the server writes them).
UPDATE "tip_attachments" SET "created_at" = date_trunc('hour', "created_at", 'UTC');--> statement-breakpoint
UPDATE "tip_keys" SET "created_at" = date_trunc('hour', "created_at", 'UTC');--> statement-breakpoint
UPDATE "tips" SET "created_at" = date_trunc('hour', "created_at", 'UTC'), "last_message_at" = date_trunc('hour', "last_message_at", 'UTC'), "kept_at" = date_trunc('hour', "kept_at", 'UTC');--> statement-breakpoint
UPDATE "tip_messages" SET "created_at" = date_trunc('hour', "created_at", 'UTC');
