/**
 * Writes each language's text search configuration (app/lib/languages) where the search trigger
 * reads it (search_config, migration 0025), so that a language added by its config alone is
 * stemmed as it says without a migration. Run after the migrations, under their lock.
 */
import type { PoolClient } from "pg";
import { LANGUAGE_CONFIGS } from "~/lib/languages";

export async function writeSearchConfigurations(client: PoolClient): Promise<void> {
  const languages = LANGUAGE_CONFIGS.map((language) => language.code);
  const configurations = LANGUAGE_CONFIGS.map((language) => language.searchConfiguration);
  // A configuration the database lacks would fail every save of an article in that language.
  const { rows: missing } = await client.query<{ language: string; configuration: string }>(
    "select language, configuration from unnest($1::text[], $2::text[]) as c(language, configuration) where not exists (select 1 from pg_ts_config where cfgname = configuration)",
    [languages, configurations],
  );
  if (missing.length > 0) {
    const named = missing.map((row) => `${row.language}: "${row.configuration}"`).join(", ");
    throw new Error(`The database has no text search configuration for ${named}; give the language one it has (or "simple") in app/lib/languages`);
  }
  await client.query(
    `insert into language_search_configurations (language, configuration)
       select * from unnest($1::text[], $2::text[])
     on conflict (language) do update set configuration = excluded.configuration
       where language_search_configurations.configuration is distinct from excluded.configuration`,
    [languages, configurations],
  );
}
