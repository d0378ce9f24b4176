import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { mailSuppressions, newsletterSubscribers, newsletterSubscriptions } from "../db/schema";
import { claimUninvited, confirmSubscription, pendingConfirmation, purgeUnconfirmed, signUp } from "./opt-in";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
});
afterAll(() => handle.close());

const DAY = 86_400_000;
const tokenOf = (text: string) => /[?&]token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
const statusOf = async (email: string) =>
  (await handle.db.select({ status: newsletterSubscribers.status }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]?.status;

describe("a sign-up's confirmation", () => {
  it("confirms within 7 days, not after; reading it confirms nothing", async () => {
    const start = new Date("2026-11-01T00:00:00Z");
    const mail = await signUp(handle.db, { email: "Late@Example.org", lists: ["en"], language: "en" }, start);
    const token = tokenOf(mail!.text);
    expect(await pendingConfirmation(handle.db, token, new Date(start.getTime() + 6 * DAY))).toEqual({ email: "late@example.org", lists: ["en"] });
    expect(await statusOf("late@example.org")).toBe("pending");
    await expect(confirmSubscription(handle.db, token, new Date(start.getTime() + 7 * DAY + 1))).rejects.toMatchObject({
      status: 404,
      key: "newsletterConfirmationInvalid",
    });
    expect(await pendingConfirmation(handle.db, token, new Date(start.getTime() + 7 * DAY + 1))).toBeUndefined();
  });

  it("is spent by confirming, and only confirms", async () => {
    const now = new Date();
    const mail = await signUp(handle.db, { email: "once@example.org", lists: ["ne"], language: "ne" }, now);
    const token = tokenOf(mail!.text);
    await confirmSubscription(handle.db, token, now);
    expect(await statusOf("once@example.org")).toBe("confirmed");
    await expect(confirmSubscription(handle.db, token, now)).rejects.toMatchObject({ status: 404 });
  });

  it("is never mailed to a suppressed address", async () => {
    await handle.db.insert(mailSuppressions).values({ email: "bounced@example.org", reason: "bounce" });
    expect(await signUp(handle.db, { email: "Bounced@example.org", lists: ["en"], language: "en" })).toBeNull();
  });
});

describe("unconfirmed sign-ups", () => {
  it("are deleted once their link expired; addresses from before double opt-in wait for their invitation", async () => {
    const start = new Date("2026-10-01T00:00:00Z");
    await signUp(handle.db, { email: "forgotten@example.org", lists: ["en"], language: "en" }, start);
    await handle.db.insert(newsletterSubscribers).values({ email: "old-reader@example.org", language: "ne" });
    const later = new Date(start.getTime() + 8 * DAY);
    expect(await purgeUnconfirmed(handle.db, later)).toBeGreaterThanOrEqual(1);
    expect(await statusOf("forgotten@example.org")).toBeUndefined();
    expect(await statusOf("old-reader@example.org")).toBe("pending");
  });

  it("from before double opt-in are each claimed for one invitation, once; confirming puts them on their edition's list", async () => {
    const claimed = await claimUninvited(handle.db, 100);
    const old = claimed.find((entry) => entry.email === "old-reader@example.org")!;
    expect(old.language).toBe("ne");
    expect((await claimUninvited(handle.db, 100)).map((entry) => entry.email)).not.toContain("old-reader@example.org");
    await confirmSubscription(handle.db, old.token);
    const [row] = await handle.db
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "old-reader@example.org"));
    const lists = await handle.db
      .select({ list: newsletterSubscriptions.list })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.subscriberId, row!.id));
    expect(lists.map((entry) => entry.list)).toEqual(["ne"]);
  });
});
