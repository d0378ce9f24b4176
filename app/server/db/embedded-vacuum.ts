/**
 * The embedded database has no autovacuum: PGlite runs one backend and no background workers, so
 * nothing reclaims the rows that updates and deletes leave behind (every save of a story, every
 * session that ends, every count of reads), nothing refreshes the planner's statistics, and no
 * table's transaction ids are ever frozen. Tables grow, index scans visit dead rows, and after
 * some two billion writes the database would stop. This does autovacuum's work on a timer, by
 * autovacuum's own rules. PostgreSQL's own autovacuum does it for a `DATABASE_URL` database.
 */
import type { Pool } from "pg";
import { log } from "../platform/log";

/** How often the tables are looked at; a look at tables that need nothing costs under a millisecond. */
export const EMBEDDED_VACUUM_EVERY_MS = 10 * 60_000;

/**
 * PostgreSQL's defaults for autovacuum (autovacuum_vacuum_threshold and _scale_factor, the same for
 * inserts and analyze), and a freeze well before autovacuum_freeze_max_age (200 million): a table
 * is vacuumed when its dead rows pass 50 + 20% of its live ones, or rows inserted since its last
 * vacuum pass 1,000 + 20% (so index-only scans can trust its visibility map); analysed when rows
 * changed since its last analyze pass 50 + 10%. PGlite keeps these counts only while it runs (no
 * statistics file is written when it stops), so a table the planner knows nothing about (never
 * analysed, yet not empty) is analysed too: rows written before a restart are counted nowhere.
 */
const DUE = `
  select "table", "vacuum", "freeze" from (
    select format('%I.%I', s.schemaname, s.relname) as "table",
           s.n_dead_tup,
           s.n_dead_tup > 50 + 0.2 * s.n_live_tup or s.n_ins_since_vacuum > 1000 + 0.2 * s.n_live_tup as "vacuum",
           age(c.relfrozenxid) > 150000000 as "freeze",
           s.n_mod_since_analyze > 50 + 0.1 * s.n_live_tup or (c.reltuples < 0 and pg_relation_size(c.oid) > 0) as "analyze"
      from pg_stat_user_tables s
      join pg_class c on c.oid = s.relid
  ) as due
  where "vacuum" or "freeze" or "analyze"
  order by n_dead_tup desc`;

/**
 * Vacuums and analyses the tables that autovacuum would, one at a time (each holds the single
 * backend while it runs, as any statement does), and returns their names.
 */
export async function vacuumWhereDue(pool: Pool): Promise<string[]> {
  // Counts are sent to the statistics at most once a second; the look below must see every write.
  await pool.query("select pg_stat_force_next_flush()");
  const { rows } = await pool.query<{ table: string; vacuum: boolean; freeze: boolean }>(DUE);
  const started = performance.now();
  for (const { table, vacuum, freeze } of rows) {
    await pool.query(freeze ? `vacuum (freeze, analyze) ${table}` : vacuum ? `vacuum (analyze) ${table}` : `analyze ${table}`);
  }
  if (rows.length > 0) log.info(`Vacuumed or analysed the embedded database's ${rows.map((row) => row.table).join(", ")} in ${Math.round(performance.now() - started)} ms.`);
  return rows.map((row) => row.table);
}
