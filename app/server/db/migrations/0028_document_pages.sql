DROP INDEX "documents_jobs_idx";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "page_sizes" jsonb;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "has_text" boolean;--> statement-breakpoint
CREATE INDEX "documents_jobs_idx" ON "documents" USING btree ("lease_until") WHERE "documents"."job" is not null;