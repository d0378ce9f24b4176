ALTER TABLE "articles" ADD COLUMN "rank_vector" "tsvector" GENERATED ALWAYS AS (
  setweight(to_tsvector(search_config("language"), search_fold("title")), 'A') ||
  setweight(to_tsvector('simple', search_fold("title")), 'A') ||
  setweight(to_tsvector(search_config("language"), search_fold("meta_description")), 'B') ||
  setweight(to_tsvector('simple', search_fold("meta_description")), 'B')) STORED NOT NULL;