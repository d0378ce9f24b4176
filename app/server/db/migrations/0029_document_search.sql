ALTER TABLE "documents" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "documents_search_idx" ON "documents" USING gin ("search_vector") WITH (fastupdate=off);