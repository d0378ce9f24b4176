import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedSubscribers } from "../../../tests/support/newsletter-fixtures";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { newsletterDeliveries, newsletterIssues } from "../db/schema";
import { ENQUEUE_CHUNK, forgetQueued, startDueIssues } from "./send-queue";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
});
afterAll(() => handle.close());

async function scheduledIssue(sendAt: Date): Promise<number> {
  const [issue] = await handle.db
    .insert(newsletterIssues)
    .values({ edition: "en", subject: "Queue", articleIds: [], status: "scheduled", sendAt })
    .returning({ id: newsletterIssues.id });
  return issue!.id;
}

const queuedOf = async (issueId: number) =>
  (await handle.db.select({ subscriberId: newsletterDeliveries.subscriberId }).from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, issueId))).map(
    (row) => row.subscriberId,
  );
const statusOf = async (issueId: number) => (await handle.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId)))[0]!.status;

describe("queuing an issue's readers", () => {
  // More readers than one chunk holds, so that queuing takes several transactions.
  const readers = ENQUEUE_CHUNK * 2 + 7;
  let subscribers: number[];
  beforeAll(async () => {
    subscribers = await seedSubscribers(handle.db, "en", readers, "queue-reader");
  });

  it("queues every reader once, chunk by chunk, and only then marks the issue sending", async () => {
    const id = await scheduledIssue(new Date());
    expect(await startDueIssues(handle.db, new Date())).toEqual([id]);
    expect((await queuedOf(id)).sort((a, b) => a - b)).toEqual(subscribers);
    expect(await statusOf(id)).toBe("sending");
  });

  it("carries on where a stopped start left off: the readers queued before are not queued again", async () => {
    const id = await scheduledIssue(new Date());
    // As a process killed between two chunks leaves it: some rows, the issue still scheduled.
    await handle.db
      .insert(newsletterDeliveries)
      .values(
        subscribers
          .slice(0, ENQUEUE_CHUNK)
          .map((subscriberId, i) => ({ issueId: id, subscriberId, email: `queue-reader${i + 1}@example.org`, nextAttemptAt: new Date() })),
      );
    expect(await statusOf(id)).toBe("scheduled");
    expect(await startDueIssues(handle.db, new Date())).toEqual([id]);
    const queued = await queuedOf(id);
    expect(queued).toHaveLength(readers);
    expect(new Set(queued).size).toBe(readers);
  });

  it("leaves an issue timed for later alone, and an issue re-timed starts its queue afresh", async () => {
    const id = await scheduledIssue(new Date(Date.now() + 60_000));
    expect(await startDueIssues(handle.db, new Date())).toEqual([]);
    expect(await queuedOf(id)).toEqual([]);
    await handle.db
      .insert(newsletterDeliveries)
      .values({ issueId: id, subscriberId: subscribers[0]!, email: "queue-reader1@example.org", nextAttemptAt: new Date() });
    await forgetQueued(handle.db, id);
    expect(await queuedOf(id)).toEqual([]);
  });
});
