/**
 * Sessions on a clock the test holds: what a new one records of its client, the hour of its last
 * use (written at most once an hour), and what the list shows its owner.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { sessions, users } from "../db/schema";
import type { Actor } from "./actor";
import { createSession } from "./auth";
import { listSessions, noteSessionUsed } from "./sessions";

const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0";
const HOUR = 60 * 60 * 1000;

let handle: DatabaseHandle;
let sita: Actor;
let ram: Actor;

async function account(name: string, email: string): Promise<Actor> {
  const [row] = await handle.db.insert(users).values({ name, email, passwordHash: "x", role: "editor" }).returning();
  return { id: row!.id, name, email, role: "editor" };
}

const sessionRow = async (id: number) => (await handle.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;
const newestSessionOf = async (userId: number) => (await handle.db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(sessions.id)).at(-1)!;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  sita = await account("Sita Sharma", "sita@example.com");
  ram = await account("Ram Thapa", "ram@example.com");
});

afterAll(() => handle.close());

describe("a session", () => {
  it("keeps a coarse device name, never the agent, and its last use to the hour", async () => {
    await createSession(handle.db, sita.id, { userAgent: FIREFOX_ANDROID });
    const row = await newestSessionOf(sita.id);
    expect(row.device).toBe("Firefox on Android");
    expect(JSON.stringify(row)).not.toContain("Gecko");
    expect(row.lastUsedAt.getTime() % HOUR).toBe(0);
    expect(Date.now() - row.lastUsedAt.getTime()).toBeLessThan(HOUR);
  });

  it("moves its last use to a new hour once, and not within the hour", async () => {
    await createSession(handle.db, sita.id, { userAgent: null });
    const { id, lastUsedAt } = await newestSessionOf(sita.id);
    const laterThisHour = new Date(lastUsedAt.getTime() + 59 * 60 * 1000);
    await noteSessionUsed(handle.db, { id, lastUsedAt }, laterThisHour);
    expect((await sessionRow(id)).lastUsedAt).toEqual(lastUsedAt);

    const nextHour = new Date(lastUsedAt.getTime() + HOUR + 17 * 60 * 1000);
    await noteSessionUsed(handle.db, { id, lastUsedAt }, nextHour);
    expect((await sessionRow(id)).lastUsedAt).toEqual(new Date(lastUsedAt.getTime() + HOUR));

    // A request that read the old hour before the write above writes nothing: the update is conditional.
    await handle.db.update(sessions).set({ lastUsedAt: new Date(lastUsedAt.getTime() + 2 * HOUR) }).where(eq(sessions.id, id));
    await noteSessionUsed(handle.db, { id, lastUsedAt }, nextHour);
    expect((await sessionRow(id)).lastUsedAt).toEqual(new Date(lastUsedAt.getTime() + 2 * HOUR));
  });

  it("is listed to its owner alone, newest first, this one marked, times to the hour, expired ones left out", async () => {
    await createSession(handle.db, ram.id, { userAgent: FIREFOX_ANDROID });
    const ramsOwn = await newestSessionOf(ram.id);
    const expired = await newestSessionOf(sita.id);
    await handle.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, expired.id));
    await createSession(handle.db, sita.id, { userAgent: FIREFOX_ANDROID });
    const current = await newestSessionOf(sita.id);

    const listed = await listSessions(handle.db, { ...sita, session: { id: current.id, secondFactorAt: null, hasSecondFactor: false } });
    const ids = listed.map((session) => session.id);
    expect(ids).not.toContain(ramsOwn.id);
    expect(ids).not.toContain(expired.id);
    expect(ids[0]).toBe(current.id);
    expect(listed.filter((session) => session.current).map((session) => session.id)).toEqual([current.id]);
    for (const session of listed) {
      expect(session.created_at).toMatch(/T\d\d:00:00\.000Z$/);
      expect(session.last_used_at).toMatch(/T\d\d:00:00\.000Z$/);
    }
    expect(listed[0]).toMatchObject({ device: "Firefox on Android", current: true });
  });
});
