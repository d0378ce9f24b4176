-- Each language's text search configuration is data (app/lib/languages), written into this table
-- at every start (db/search-configurations.ts). Hand-written parts: the two languages the site
-- started with, so that a database migrated by anything else indexes as before, and search_config,
-- which reads the table now (STABLE: it reads a table; since 0019 only the search trigger calls it).
CREATE TABLE "language_search_configurations" (
	"language" text PRIMARY KEY NOT NULL,
	"configuration" text NOT NULL
);
--> statement-breakpoint
INSERT INTO language_search_configurations (language, configuration) VALUES ('ne', 'nepali'), ('en', 'english');--> statement-breakpoint
-- A language the table does not know is matched word for word.
CREATE OR REPLACE FUNCTION search_config(article_language text) RETURNS regconfig
  LANGUAGE sql STABLE PARALLEL SAFE
  RETURN coalesce((SELECT configuration FROM language_search_configurations WHERE language = article_language), 'simple')::regconfig;
