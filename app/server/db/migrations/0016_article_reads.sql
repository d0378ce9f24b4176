CREATE TABLE "article_reads" (
	"article_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"reads" integer NOT NULL,
	CONSTRAINT "article_reads_article_id_hour_pk" PRIMARY KEY("article_id","hour")
);
--> statement-breakpoint
ALTER TABLE "article_reads" ADD CONSTRAINT "article_reads_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_reads_hour_idx" ON "article_reads" USING btree ("hour");