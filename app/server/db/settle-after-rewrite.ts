/**
 * An upgrade's migrations, or a change of the editions' preferences, may rewrite every row of an
 * archive's largest tables. Until those tables are vacuumed, every row read by an index must be
 * checked against the table (no page is marked all-visible), and the planner's statistics describe
 * the rows as they were: measured at 100,000 articles on PostgreSQL, counting an edition's stories
 * took 65–126 ms right after the stories upgrade instead of 15–20 ms, and every list page was
 * 18–38% slower until autovacuum came round. So the start that rewrote them vacuums and analyses the
 * database before it serves (about 17 s at 100,000 articles), under the migrations' lock. A new,
 * empty database has nothing to settle.
 */

/** A connection of node-postgres or of PGlite, outside any transaction (VACUUM refuses to run in one). */
interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** How many migrations the database has had applied (none before the first). */
export async function appliedMigrations(client: Queryable): Promise<number> {
  // Two statements: a query naming a table that does not exist fails as it is planned, taken or not.
  const [{ kept }] = (await client.query("select to_regclass('drizzle.__drizzle_migrations') is not null as kept")).rows as [{ kept: boolean }];
  if (!kept) return 0;
  const [{ applied }] = (await client.query("select count(*)::int as applied from drizzle.__drizzle_migrations")).rows as [{ applied: number }];
  return applied;
}

/** After a start that may have rewritten rows: vacuums and analyses, when there were rows to rewrite. */
export async function settleAfterRewrite(client: Queryable, rewritten: boolean): Promise<void> {
  if (!rewritten) return;
  const [{ held }] = (await client.query("select exists (select 1 from articles) as held")).rows as [{ held: boolean }];
  if (held) await client.query("vacuum (analyze)");
}
