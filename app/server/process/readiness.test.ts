import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { readiness } from "./readiness";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
});
afterAll(() => handle.close());

describe("readiness", () => {
  it("is ready with every migration applied, and not while one this build ships is missing", async () => {
    expect(await readiness(handle.db)).toEqual({ ready: true });
    await handle.db.execute(sql`create table drizzle.kept as select * from drizzle.__drizzle_migrations`);
    await handle.db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
    expect(await readiness(handle.db)).toEqual({ ready: false, reason: "migrations_pending" });
    await handle.db.execute(sql`insert into drizzle.__drizzle_migrations select * from drizzle.kept where id not in (select id from drizzle.__drizzle_migrations)`);
    expect(await readiness(handle.db)).toEqual({ ready: true });
  });

  it("is not ready when the database does not answer in time, or fails", async () => {
    const silent = { execute: () => new Promise(() => undefined) } as unknown as DatabaseHandle["db"];
    expect(await readiness(silent, 50)).toEqual({ ready: false, reason: "database_unreachable" });
    const failing = { execute: () => Promise.reject(new Error("Connection terminated")) } as unknown as DatabaseHandle["db"];
    expect(await readiness(failing)).toEqual({ ready: false, reason: "database_unreachable" });
  });
});
