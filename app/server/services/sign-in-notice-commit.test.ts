/**
 * The staff sign-in notice of a new device (issue 40) goes out only once the sign-in's transaction
 * has committed: a sign-in that rolls back mails no one of a device that never signed in.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { knownDevices, sessions, users } from "../db/schema";
import type { OutgoingMail } from "../mail/transport";
import { createSession, login } from "./auth";
import { hashPassword } from "./passwords";

const handed: OutgoingMail[] = [];
vi.mock("../mail/send-soon", () => ({ sendSoon: (mail: OutgoingMail) => handed.push(mail), mailSent: async () => {} }));

const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0";
const CHROME_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PASSWORD = "a long editor passphrase for tests";

let handle: DatabaseHandle;
let editorId: number;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  const [row] = await handle.db
    .insert(users)
    .values({ name: "Gita Rai", email: "gita@khulasa.example", passwordHash: await hashPassword(PASSWORD), role: "editor" })
    .returning();
  editorId = row!.id;
  // The account's first device only starts its list.
  await createSession(handle.db, editorId, { userAgent: FIREFOX_ANDROID });
});

afterAll(() => handle.close());
beforeEach(() => {
  handed.length = 0;
});

describe("the sign-in notice of a new device", () => {
  it("is returned by createSession, not sent, and a transaction that rolls back sends nothing and remembers no device", async () => {
    const rolledBack = handle.db.transaction(async (tx) => {
      const session = await createSession(tx, editorId, { userAgent: CHROME_WINDOWS });
      expect(session.notice?.to).toBe("gita@khulasa.example");
      throw new Error("the sign-in failed after its session was written");
    });
    await expect(rolledBack).rejects.toThrow("the sign-in failed");
    expect(handed).toEqual([]);
    expect((await handle.db.select().from(knownDevices).where(eq(knownDevices.userId, editorId))).map((row) => row.device)).toEqual(["Firefox on Android"]);
  });

  it("goes out once for a committed sign-in from the new device, whose session is then stored", async () => {
    const signedIn = await login(handle.db, { username: "gita@khulasa.example", password: PASSWORD }, { userAgent: CHROME_WINDOWS });
    expect(handed).toHaveLength(1);
    expect(handed[0]!.to).toBe("gita@khulasa.example");
    expect(handed[0]!.text).toContain("Chrome");
    expect("token" in signedIn && signedIn.token).toBeTruthy();
    expect((await handle.db.select().from(sessions).where(eq(sessions.userId, editorId))).map((row) => row.device)).toContain("Chrome on Windows");

    await login(handle.db, { username: "gita@khulasa.example", password: PASSWORD }, { userAgent: CHROME_WINDOWS });
    expect(handed).toHaveLength(1);
  });
});
