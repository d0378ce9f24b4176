-- A save cost 4 ms more of the embedded database than before issue 37 (bench:compare): every
-- article UPDATE lists story_id, language and is_published, so the editions' trigger ran on each
-- save, and under plan_cache_mode=force_generic_plan its `stories IS NULL OR story_id = ANY(...)`
-- could not use the (story_id, language) index: two scans of every article, 6 ms at 2,000. Now
-- the trigger runs only when one of the three changes, and one story's editions are found through
-- the index (0.9 ms); every story's (a changed fallback, at start) is asked for by name.
CREATE OR REPLACE FUNCTION remember_editions(stories integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE articles a SET shown_in = s.shown_in
  FROM (
    SELECT v.id, coalesce(array_agg(c.edition ORDER BY c.edition) FILTER (WHERE c.edition IS NOT NULL), '{}') AS shown_in
    FROM articles v
    LEFT JOIN (
      SELECT DISTINCT ON (p.story_id, p.edition) p.id, p.edition
      FROM (
        SELECT w.id, w.story_id, e.edition, e.rank FROM articles w
        JOIN edition_preferences e ON e.language = w.language
        WHERE w.story_id = ANY(stories) AND w.is_published
      ) p
      ORDER BY p.story_id, p.edition, p.rank
    ) c ON c.id = v.id
    WHERE v.story_id = ANY(stories)
    GROUP BY v.id
  ) s
  WHERE a.id = s.id AND a.shown_in IS DISTINCT FROM s.shown_in;
END
$$;--> statement-breakpoint
-- Rare (a language added or a fallback changed): every story through the one-story path.
CREATE FUNCTION remember_all_editions() RETURNS void LANGUAGE sql AS $$
  SELECT remember_editions(ARRAY(SELECT DISTINCT story_id FROM articles));
$$;--> statement-breakpoint
DROP TRIGGER "articles_remember_editions" ON "articles";--> statement-breakpoint
-- A trigger's WHEN may not name OLD on an insert nor NEW on a delete: two triggers, one function.
CREATE TRIGGER articles_remember_editions
  AFTER INSERT OR DELETE ON articles
  FOR EACH ROW EXECUTE FUNCTION remember_story_editions();--> statement-breakpoint
CREATE TRIGGER articles_remember_editions_on_change
  AFTER UPDATE OF story_id, language, is_published ON articles
  FOR EACH ROW
  WHEN (OLD.story_id IS DISTINCT FROM NEW.story_id OR OLD.language IS DISTINCT FROM NEW.language OR OLD.is_published IS DISTINCT FROM NEW.is_published)
  EXECUTE FUNCTION remember_story_editions();
