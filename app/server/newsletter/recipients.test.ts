import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { mailSuppressions, newsletterSubscribers, newsletterSubscriptions } from "../db/schema";
import { listRecipients } from "./recipients";
import { subscriberOfToken, subscriberToken } from "./subscriber-links";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
});
afterAll(() => handle.close());

describe("a list's recipients", () => {
  it("are its confirmed subscribers in id order, never a pending, departed or suppressed one", async () => {
    const rows = await handle.db
      .insert(newsletterSubscribers)
      .values([
        { email: "a@example.org", status: "confirmed", language: "ne" },
        { email: "pending@example.org", status: "pending", language: "ne" },
        { email: "left@example.org", status: "left", language: "ne" },
        { email: "Bounced@Example.org", status: "confirmed", language: "ne" },
        { email: "other-list@example.org", status: "confirmed", language: "en" },
        { email: "b@example.org", status: "confirmed", language: "ne" },
      ])
      .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
    const id = (email: string) => rows.find((row) => row.email === email)!.id;
    await handle.db
      .insert(newsletterSubscriptions)
      .values([
        ...rows.filter((row) => row.email !== "other-list@example.org").map((row) => ({ subscriberId: row.id, list: "ne" })),
        { subscriberId: id("other-list@example.org"), list: "en" },
      ]);
    await handle.db.insert(mailSuppressions).values({ email: "bounced@example.org", reason: "bounce" });

    const all = await listRecipients(handle.db, "ne");
    expect(all.map((r) => r.email)).toEqual(["a@example.org", "b@example.org"]);
    const afterFirst = await listRecipients(handle.db, "ne", id("a@example.org"), 1);
    expect(afterFirst.map((r) => r.email)).toEqual(["b@example.org"]);
  });
});

describe("a subscriber's link token", () => {
  it("names its subscriber, and nothing when altered, forged or malformed", async () => {
    const token = await subscriberToken(handle.db, 42);
    expect(await subscriberOfToken(handle.db, token)).toBe(42);
    const [, seal] = token.split(".");
    expect(await subscriberOfToken(handle.db, `43.${seal}`)).toBeUndefined();
    expect(await subscriberOfToken(handle.db, `42.${seal!.slice(0, -1)}${seal!.endsWith("A") ? "B" : "A"}`)).toBeUndefined();
    for (const bad of ["", "42", "42.", `042.${seal}`, `42.${seal}x`, "x.y"]) expect(await subscriberOfToken(handle.db, bad)).toBeUndefined();
  });
});
