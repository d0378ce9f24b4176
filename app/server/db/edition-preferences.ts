/**
 * Writes which language each edition prefers, in order (textPreference: its own, its catalog's
 * fallbacks, then the site's order), where the editions' trigger reads it (remember_editions,
 * migrations 0026 and 0036), and gives each edition its list indexes; so that a language added by its config
 * alone has its edition, its membership and its indexes without a migration. Run after the
 * migrations, under their lock.
 */
import { textPreference } from "~/lib/bilingual";
import { LANGUAGES } from "~/lib/limits";
import { editionArray } from "./schema";

/** The indexes of an edition's lists: its stories newest first, and the same per section (and their counts). */
function editionIndexes(edition: string): { name: string; definition: string }[] {
  const shown = `is_published and shown_in @> ${editionArray(edition)}`;
  return [
    { name: `articles_edition_${edition}_idx`, definition: `on articles using btree (published_at, id) where ${shown}` },
    { name: `articles_edition_${edition}_category_idx`, definition: `on articles using btree (category_id, published_at, id) where ${shown}` },
  ];
}

/** A connection of node-postgres or of PGlite: both answer a query with its rows. */
interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** Writes the preferences and the indexes; true when the stories' editions were computed again. */
export async function writeEditionPreferences(client: Queryable): Promise<boolean> {
  const rows = LANGUAGES.flatMap((edition) => textPreference(edition).map((language, rank) => ({ edition, language, rank })));
  const stored = (await client.query("select edition, language, rank from edition_preferences order by edition, rank")).rows as { edition: string; language: string; rank: number }[];
  const key = (list: { edition: string; language: string; rank: number }[]) =>
    JSON.stringify(list.map((row) => [row.edition, row.language, row.rank]).sort());
  const changed = key(stored) !== key(rows);
  if (changed) {
    // A new language or a changed fallback changes which version an edition shows of every story.
    await client.query("begin");
    try {
      await client.query("delete from edition_preferences");
      await client.query("insert into edition_preferences (edition, language, rank) select * from unnest($1::text[], $2::text[], $3::int[])", [
        rows.map((row) => row.edition),
        rows.map((row) => row.language),
        rows.map((row) => row.rank),
      ]);
      // Every story's versions may be rewritten, and each rewrite is copied to search's table: its
      // full-text index is built again once after, not entry by entry (minutes at 100,000 articles).
      const [{ definition }] = (await client.query("select pg_get_indexdef('article_search_idx'::regclass) as definition")).rows as [{ definition: string }];
      await client.query("drop index article_search_idx");
      await client.query("select remember_all_editions()");
      await client.query(definition);
      await client.query("commit");
    } catch (error) {
      await client.query("rollback");
      throw error;
    }
  }
  const wanted = LANGUAGES.flatMap(editionIndexes);
  const existing = (
    await client.query("select indexname as name from pg_indexes where schemaname = current_schema() and tablename = 'articles' and indexname like 'articles\\_edition\\_%'")
  ).rows as { name: string }[];
  // A withdrawn language's edition is no longer listed: its indexes would only slow every write.
  for (const { name } of existing) {
    if (!wanted.some((index) => index.name === name)) await client.query(`drop index if exists "${name}"`);
  }
  for (const index of wanted) await client.query(`create index if not exists "${index.name}" ${index.definition}`);
  return changed;
}
