import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./connection";
import { categories } from "./schema";

let handle: DatabaseHandle;

/** Rows of a raw statement: both kinds of database answer through node-postgres. */
async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
});

afterAll(async () => {
  await handle?.close();
});

describe("the embedded database", () => {
  it("runs queries off the request thread: the event loop keeps turning while a slow query runs", async () => {
    let turns = 0;
    const timer = setInterval(() => (turns += 1), 10);
    // PGlite's pg_sleep holds the thread it runs on: on the request thread, no timer would fire.
    await handle.db.execute(sql`select pg_sleep(0.5)`);
    clearInterval(timer);
    expect(turns).toBeGreaterThanOrEqual(10);
  });

  it("keeps a transaction's statements together while other queries wait their turn", async () => {
    await handle.db.execute(sql`create table counter (n int)`);
    await handle.db.execute(sql`insert into counter values (0)`);
    const outside: Promise<unknown>[] = [];
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`update counter set n = 1`);
      outside.push(handle.db.execute(sql`update counter set n = n + 10`));
      await tx.execute(sql`update counter set n = n * 2`);
    });
    await Promise.all(outside);
    expect(await rows<{ n: number }>(sql`select n from counter`)).toEqual([{ n: 12 }]);
  });

  it("rolls a failed transaction back whole", async () => {
    await handle.db.execute(sql`create table ledger (entry text)`);
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ledger values ('first')`);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    expect(await rows(sql`select * from ledger`)).toEqual([]);
  });

  it("plans a statement with parameters once, as a prepared statement of the connection, and reuses it", async () => {
    const byId = (id: number) => handle.db.select({ slug: categories.slug }).from(categories).where(eq(categories.id, id));
    await byId(1);
    await byId(2);
    const prepared = await rows<{ statement: string }>(sql`select statement from pg_prepared_statements where statement like '%from "categories"%'`);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]?.statement).toContain('where "categories"."id" = $1');
  });
});
