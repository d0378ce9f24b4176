/**
 * The tip line's service on a clock the test holds: times kept to the hour, retention (a kept tip
 * stays, an attachment never sent goes within a day), and a rotated key refusing late messages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { newNewsroomKey, open, signNewKey, sourceKeys, newCodename } from "~/lib/tips/crypto";
import { ATTACHMENT_BUCKETS, MESSAGE_BUCKETS, encryptedAttachmentBytes, sealedMessageBytes } from "~/lib/tips/protocol";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { tipAttachmentParts, tipAttachments, tipMessages, tips, users } from "../db/schema";
import type { Actor } from "./actor";
import { addTipKey, keepTip, listTips, purgeExpiredTips, sendTipFromForm, startAttachment, storeAttachmentPart, tipSetup } from "./tips";

let handle: DatabaseHandle;
let admin: Actor;
let newsroom: Awaited<ReturnType<typeof newNewsroomKey>>;
const T0 = new Date("2026-12-01T06:42:17.000Z");
const days = (n: number) => new Date(T0.getTime() + n * 24 * 60 * 60 * 1000);

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  const [row] = await handle.db.insert(users).values({ name: "Gita Admin", email: "gita@example.com", passwordHash: "x", role: "admin" }).returning();
  // A session that proved its second factor just now: making a key asks for one (issue 35).
  admin = { id: row!.id, name: "Gita Admin", email: "gita@example.com", role: "admin", session: { id: 1, secondFactorAt: new Date(), hasSecondFactor: true } };
});

afterAll(() => handle.close());

describe("the tip line's service", () => {
  it("seals a form's words for the newsroom and the source, and keeps the hour it came, not the second", async () => {
    newsroom = await newNewsroomKey("passphrase");
    await addTipKey(handle.db, admin, { public_key: newsroom.file.publicKey, signing_public_key: newsroom.file.signingPublicKey });
    const codename = await sendTipFromForm(handle.db, { message: "  The tender was rigged.\r\n", contact: "" }, T0);
    const [tip] = await handle.db.select().from(tips);
    expect(tip!.createdAt.toISOString()).toBe("2026-12-01T06:00:00.000Z");
    const [message] = await handle.db.select().from(tipMessages).where(eq(tipMessages.tipId, tip!.id));
    expect(await open(message!.forNewsroom, newsroom.keys)).toEqual({ text: "The tender was rigged." });
    const { keys } = await sourceKeys(codename, (await tipSetup(handle.db)).codenameSalt);
    expect(await open(message!.forSource, keys)).toEqual({ text: "The tender was rigged." });
    expect(JSON.stringify(tip) + JSON.stringify(message)).not.toContain("rigged");
  });

  it("deletes what the retention period let go, but a kept tip, and attachments never sent after a day", async () => {
    await sendTipFromForm(handle.db, { message: "Kept one" }, T0);
    const ids = (await handle.db.select({ id: tips.id }).from(tips).orderBy(tips.id)).map((row) => row.id);
    await keepTip(handle.db, admin, ids[1]!, true, T0);
    const smallest = encryptedAttachmentBytes(ATTACHMENT_BUCKETS[0]!);
    const unsent = await startAttachment(handle.db, smallest, new Date(days(89).getTime() - 60 * 60 * 1000));
    await storeAttachmentPart(handle.db, unsent.id, 0, new Uint8Array(smallest));

    expect(await purgeExpiredTips(handle.db, 90, days(89))).toBe(0);
    expect((await handle.db.select().from(tipAttachments)).map((a) => a.id)).toEqual([unsent.id]);
    expect(await purgeExpiredTips(handle.db, 90, days(91))).toBe(1);
    expect((await handle.db.select({ id: tips.id }).from(tips)).map((row) => row.id)).toEqual([ids[1]]);
    expect(await handle.db.select().from(tipAttachments)).toEqual([]);
    expect(await handle.db.select().from(tipAttachmentParts)).toEqual([]);
    expect((await listTips(handle.db, admin, 1, 90)).tips).toEqual([expect.objectContaining({ id: ids[1], kept: true, expires_at: null })]);

    await keepTip(handle.db, admin, ids[1]!, false, days(92));
    expect((await listTips(handle.db, admin, 1, 90)).tips[0]).toMatchObject({ kept: false, expires_at: "2027-03-01T06:00:00.000Z" });
  });

  it("refuses a codename that is not one, and answers a message sealed to a rotated key with 409", async () => {
    const { sendTip, conversationFromForm } = await import("./tips");
    await expect(conversationFromForm(handle.db, "two words")).rejects.toMatchObject({ status: 400, key: "tipCodenameInvalid" });
    await expect(conversationFromForm(handle.db, await newCodename())).rejects.toMatchObject({ status: 404, key: "tipNotFound" });
    const old = (await tipSetup(handle.db)).publicKey!;
    // A sealed message of the smallest padded size, in base64: all the server can check of it.
    const smallestSealed = "A".repeat(Math.ceil((sealedMessageBytes(MESSAGE_BUCKETS[0]!) * 4) / 3));
    const next = (await newNewsroomKey("new passphrase")).file;
    await addTipKey(handle.db, admin, { public_key: next.publicKey, signing_public_key: next.signingPublicKey, signature: await signNewKey(next, newsroom.keys.signing!.privateKey) });
    await expect(sendTip(handle.db, { public_key: old, source_public_key: old, access_token: "abc", message: { forNewsroom: smallestSealed, forSource: smallestSealed } })).rejects.toMatchObject({
      status: 409,
      key: "tipKeyChanged",
    });
  });
});
