import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedSubscribers } from "../../../tests/support/newsletter-fixtures";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { newsletterDeliveries, newsletterIssues } from "../db/schema";
import { dueDeliveries, ENQUEUE_CHUNK, forgetQueued, startDueIssues } from "./send-queue";

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

describe("claiming the next messages", () => {
  it("reads on from where the last claim ended, and finds a retry that came due behind it from the start", async () => {
    const [issue] = await handle.db
      .insert(newsletterIssues)
      .values({ edition: "en", subject: "Claims", articleIds: [], status: "sending" })
      .returning({ id: newsletterIssues.id });
    const id = issue!.id;
    const now = new Date();
    await handle.db
      .insert(newsletterDeliveries)
      .values(
        [1, 2, 3, 4, 5].map((subscriberId) => ({
          issueId: id,
          subscriberId: 900_000 + subscriberId,
          email: `claim${subscriberId}@example.org`,
          nextAttemptAt: now,
        })),
      );
    const ours = async (after?: { issueId: number; subscriberId: number }) =>
      (await dueDeliveries(handle.db, now, 5000, after)).filter((row) => row.issueId === id).map((row) => row.subscriberId - 900_000);

    expect(await ours()).toEqual([1, 2, 3, 4, 5]);
    expect(await ours({ issueId: id, subscriberId: 900_002 })).toEqual([3, 4, 5]);
    // Reader 1 was sent; reader 2 failed for now and came due again: only a claim from the start sees it.
    await handle.db.update(newsletterDeliveries).set({ status: "sent" }).where(eq(newsletterDeliveries.subscriberId, 900_001));
    await handle.db.update(newsletterDeliveries).set({ attempts: 1 }).where(eq(newsletterDeliveries.subscriberId, 900_002));
    expect(await ours({ issueId: id, subscriberId: 900_005 })).toEqual([]);
    expect(await ours()).toEqual([2, 3, 4, 5]);
  });
});
