import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./connection";
import { vacuumWhereDue } from "./embedded-vacuum";

let handle: DatabaseHandle;

interface TableStats {
  n_dead_tup: string;
  vacuum_count: string;
  analyze_count: string;
}

async function statsOf(table: string): Promise<TableStats> {
  await handle.pool.query("select pg_stat_force_next_flush()");
  const { rows } = await handle.pool.query<TableStats>(
    "select n_dead_tup, vacuum_count, analyze_count from pg_stat_user_tables where relname = $1",
    [table],
  );
  return rows[0]!;
}

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  // Whatever the migrations left due is done first, so that only this test's writes count below.
  await vacuumWhereDue(handle.pool);
});

afterAll(async () => {
  await handle?.close();
});

describe("the embedded database's vacuum", () => {
  it("reclaims the rows that updates left behind and analyses the table, and leaves alone a table that needs nothing", async () => {
    await handle.db.execute(sql`create table churned (id int primary key, n int)`);
    await handle.db.execute(sql`insert into churned select g, 0 from generate_series(1, 200) g`);
    await handle.db.execute(sql`create table quiet (id int primary key)`);
    await handle.db.execute(sql`insert into quiet select g from generate_series(1, 10) g`);
    await handle.db.execute(sql`analyze quiet`);
    for (let round = 0; round < 5; round++) await handle.db.execute(sql`update churned set n = n + 1`);
    expect(Number((await statsOf("churned")).n_dead_tup)).toBeGreaterThan(500);

    const done = await vacuumWhereDue(handle.pool);

    expect(done).toContain("public.churned");
    expect(done).not.toContain("public.quiet");
    const churned = await statsOf("churned");
    expect(Number(churned.n_dead_tup)).toBe(0);
    expect(Number(churned.vacuum_count)).toBe(1);
    expect(Number(churned.analyze_count)).toBe(1);
    const quiet = await statsOf("quiet");
    expect(Number(quiet.vacuum_count)).toBe(0);
    expect(Number(quiet.analyze_count)).toBe(1);
    // Nothing is due again until new writes make it so.
    expect(await vacuumWhereDue(handle.pool)).toEqual([]);
  });

  it("analyses a table whose rows changed without vacuuming it when few rows are dead", async () => {
    await handle.db.execute(sql`create table grown (id int primary key)`);
    await handle.db.execute(sql`insert into grown select g from generate_series(1, 100) g`);

    expect(await vacuumWhereDue(handle.pool)).toEqual(["public.grown"]);

    const grown = await statsOf("grown");
    expect(Number(grown.analyze_count)).toBe(1);
    expect(Number(grown.vacuum_count)).toBe(0);
  });

  it("analyses a table the planner knows nothing about, however few its rows: the counts of writes before a restart are lost", async () => {
    await handle.db.execute(sql`create table unknown_to_planner (id int primary key)`);
    expect(await vacuumWhereDue(handle.pool)).toEqual([]);
    await handle.db.execute(sql`insert into unknown_to_planner values (1), (2), (3)`);

    expect(await vacuumWhereDue(handle.pool)).toEqual(["public.unknown_to_planner"]);

    const { rows } = await handle.pool.query<{ reltuples: number }>("select reltuples from pg_class where relname = 'unknown_to_planner'");
    expect(rows[0]!.reltuples).toBe(3);
    expect(await vacuumWhereDue(handle.pool)).toEqual([]);
  });
});
