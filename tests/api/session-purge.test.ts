/**
 * Expired sessions are deleted by the hourly job every instance runs (services/sessions.ts), on the
 * embedded database and on PostgreSQL, where two instances running it at the same moment delete
 * each expired row once and neither fails.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../../app/server/db/connection";
import { sessions, users } from "../../app/server/db/schema";
import { startSessionPurge } from "../../app/server/services/sessions";
import { type TestCluster, startCluster } from "../support/postgres-cluster.mjs";

const DAY = 24 * 60 * 60 * 1000;

/** A user with `expired` sessions past their expiry and one still live; returns their ids. */
async function sessionsToPurge(db: DatabaseHandle["db"], expired: number): Promise<{ expiredIds: number[]; liveId: number }> {
  const [user] = await db.insert(users).values({ name: "Purged Sessions", email: `purge-${Date.now()}@example.com`, passwordHash: "x" }).returning();
  const row = (n: number, expiresAt: Date) => ({ tokenHash: `purge-${user!.id}-${n}`, userId: user!.id, expiresAt });
  const gone = await db.insert(sessions).values(Array.from({ length: expired }, (_, n) => row(n, new Date(Date.now() - DAY)))).returning({ id: sessions.id });
  const [live] = await db.insert(sessions).values(row(expired, new Date(Date.now() + DAY))).returning({ id: sessions.id });
  return { expiredIds: gone.map((session) => session.id), liveId: live!.id };
}

const remaining = async (db: DatabaseHandle["db"], ids: number[]) => (await db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids))).map((row) => row.id);

/** One run of the job as an instance starts it: it looks at once; stopping waits for that look. */
const runPurgeOnce = (db: DatabaseHandle["db"]) => startSessionPurge(async () => db)();

describe("the purge of expired sessions", () => {
  describe("on the embedded database", () => {
    let handle: DatabaseHandle;

    beforeAll(async () => {
      handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
    });
    afterAll(() => handle?.close());

    it("deletes expired sessions and leaves live ones", async () => {
      const { expiredIds, liveId } = await sessionsToPurge(handle.db, 3);
      await runPurgeOnce(handle.db);
      expect(await remaining(handle.db, [...expiredIds, liveId])).toEqual([liveId]);
    });
  });

  describe("on PostgreSQL", () => {
    let cluster: TestCluster;
    let instances: DatabaseHandle[] = [];

    beforeAll(async () => {
      cluster = await startCluster();
      cluster.createDatabase("purge");
      // One after the other: each migrates on open.
      for (let n = 0; n < 2; n += 1) instances.push(await openDatabase({ kind: "postgres", url: cluster.url("purge") }));
    });
    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.close()));
      cluster?.stop();
    });

    it("two instances purging at once delete every expired session and keep the live one", async () => {
      const [a, b] = instances as [DatabaseHandle, DatabaseHandle];
      const { expiredIds, liveId } = await sessionsToPurge(a.db, 12_000);
      await Promise.all([runPurgeOnce(a.db), runPurgeOnce(b.db)]);
      expect(await remaining(b.db, [...expiredIds, liveId])).toEqual([liveId]);
    });
  });
});
