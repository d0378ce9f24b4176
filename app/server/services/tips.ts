/**
 * The tip line (issue 17, docs/tips.md): sources' conversations with the newsroom, kept as
 * ciphertext only. What the server sees of a tip is its size bucket, the hour it came and, on the
 * path without JavaScript, the words for the instant it seals them.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { accessHash, isWellFormedCodename, keyFingerprint, newCodename, newKeySignedBy, open, sealForBoth, sourceKeys } from "~/lib/tips/crypto";
import {
  ATTACHMENT_BUCKETS,
  MESSAGE_BUCKETS,
  type ReadableTipMessage,
  type SealedMessage,
  TIP_LIMITS,
  type TipKeyLink,
  type TipMessageBody,
  type TipSetup,
  UPLOAD_PART_BYTES,
  encryptedAttachmentBytes,
  sealedMessageBytes,
} from "~/lib/tips/protocol";
import type { TipSender } from "~/lib/limits";
import { startOfHour } from "~/lib/dates";
import type { Database, Executor } from "../db/connection";
import { tipAttachmentParts, tipAttachments, tipKeys, tipMessages, tips } from "../db/schema";
import { AppError } from "../errors";
import { argon2idInWorkers } from "../platform/argon2id-pool";
import { repeatEvery } from "../platform/repeat";
import { sharedSecret } from "./shared-secrets";
import { puzzleKey, spendingSolution } from "./tip-puzzle";
import { type Actor, requireAbility } from "./actor";
import { recordAudit } from "./audit";
import { requireRecentReauthentication } from "./second-factor-policy";
import { publicContentUnchanged } from "../cache/public-changes";

const MB = 1024 * 1024;
const MAX_ATTACHMENT_BYTES = TIP_LIMITS.maxAttachmentMb * MB;
/** Base64url without padding: four characters for every three bytes, the last group cut short. */
const base64Chars = (bytes: number) => Math.ceil((bytes * 4) / 3);
/** What a sealed message may measure, in characters: a bucket's, and no other (issue 36). */
const SEALED_MESSAGE_CHARS = new Set(MESSAGE_BUCKETS.map((bucket) => base64Chars(sealedMessageBytes(bucket))));
const MAX_SEALED_CHARS = Math.max(...SEALED_MESSAGE_CHARS);
/** What an attachment's ciphertext may measure, in bytes: a bucket's, and no other. */
const ATTACHMENT_BYTES = new Set(ATTACHMENT_BUCKETS.map(encryptedAttachmentBytes));
const MAX_ENCRYPTED_ATTACHMENT_BYTES = Math.max(...ATTACHMENT_BYTES);
/** An attachment uploaded but never named by a sent message is deleted after this long. */
const UNSENT_ATTACHMENT_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** An X25519 public key: 32 bytes, 43 characters of base64url. */
const isPublicKey = (value: unknown): value is string => typeof value === "string" && value.length === 43 && BASE64URL.test(value);
/** An Ed25519 signature: 64 bytes, 86 characters of base64url. */
const isSignature = (value: unknown): value is string => typeof value === "string" && value.length === 86 && BASE64URL.test(value);
/** A sealed box is at least its 48 bytes of overhead. */
const isSealed = (value: unknown): value is string => typeof value === "string" && value.length >= 64 && value.length <= MAX_SEALED_CHARS && BASE64URL.test(value);

function sealedMessage(value: unknown): SealedMessage {
  const message = value as Partial<SealedMessage> | null;
  if (!message || !isSealed(message.forNewsroom) || !isSealed(message.forSource)) throw new AppError(400, "tipSealedInvalid");
  if (!SEALED_MESSAGE_CHARS.has(message.forNewsroom.length) || !SEALED_MESSAGE_CHARS.has(message.forSource.length)) throw new AppError(400, "tipNotPadded");
  return { forNewsroom: message.forNewsroom, forSource: message.forSource };
}

/** The newsroom's current key: sources' messages are sealed to it. */
export async function currentTipKey(db: Executor): Promise<{ id: number; publicKey: string; signingPublicKey: string | null } | null> {
  const [key] = await db.select({ id: tipKeys.id, publicKey: tipKeys.publicKey, signingPublicKey: tipKeys.signingPublicKey }).from(tipKeys).orderBy(desc(tipKeys.id)).limit(1);
  return key ?? null;
}

async function requireCurrentKey(db: Executor, sealedTo?: string): Promise<{ id: number; publicKey: string; signingPublicKey: string | null }> {
  const key = await currentTipKey(db);
  if (!key) throw new AppError(503, "tipLineClosed");
  if (sealedTo !== undefined && sealedTo !== key.publicKey) throw new AppError(409, "tipKeyChanged");
  return key;
}

/** The site's salt for deriving a source's keys from a codename: public, the same on every instance. */
async function codenameSalt(db: Executor): Promise<string> {
  return Buffer.from(await sharedSecret(db, "tip_codename_salt"), "base64url").subarray(0, 16).toString("base64url");
}

/** Every key, oldest first, with the signature each carries by the key before it. */
async function keyChain(db: Executor): Promise<TipKeyLink[]> {
  const rows = await db.select().from(tipKeys).orderBy(asc(tipKeys.id));
  return rows.map((row) => ({ publicKey: row.publicKey, signingPublicKey: row.signingPublicKey, signature: row.signature, createdAt: row.createdAt.toISOString() }));
}

/** GET /api/tips/setup: what a source's browser needs to send a tip, and to decide whether to trust the key. */
export async function tipSetup(db: Executor): Promise<TipSetup> {
  const chain = await keyChain(db);
  const key = chain.at(-1);
  return {
    publicKey: key?.publicKey ?? null,
    signingPublicKey: key?.signingPublicKey ?? null,
    chain,
    codenameSalt: await codenameSalt(db),
    maxAttachmentBytes: MAX_ATTACHMENT_BYTES,
    maxAttachments: TIP_LIMITS.maxAttachments,
    maxMessageChars: TIP_LIMITS.maxMessageChars,
  };
}

export interface NewTipKeyInput {
  public_key?: unknown;
  signing_public_key?: unknown;
  /** The current key's signature of the new key's two public keys (crypto.ts, signNewKey). */
  signature?: unknown;
}

/**
 * POST /api/tips/keys: an admin's new key, made in the browser; only the public halves come here.
 * Once a key can sign, the next must carry its signature: a stolen admin session with a fresh
 * second factor is not enough to swap the key sources encrypt to, the old key file is needed too.
 * A key made before keys could sign cannot sign its successor, so that successor starts the chain.
 */
export async function addTipKey(db: Database, actor: Actor | null, input: NewTipKeyInput): Promise<{ id: number; public_key: string; signing_public_key: string }> {
  publicContentUnchanged();
  const admin = requireAbility(actor, "manageTipKeys");
  requireRecentReauthentication(admin);
  const { public_key: publicKey, signing_public_key: signingPublicKey, signature } = input;
  if (!isPublicKey(publicKey) || !isPublicKey(signingPublicKey)) throw new AppError(400, "tipKeyInvalid");
  return db.transaction(async (tx) => {
    // One rotation at a time: two admins signing with the same current key must not both succeed.
    await tx.execute(sql`lock table ${tipKeys} in share row exclusive mode`);
    const current = await currentTipKey(tx);
    const mustSign = !!current?.signingPublicKey;
    if (mustSign && signature === undefined) throw new AppError(400, "tipKeySignatureRequired");
    if (mustSign && !(isSignature(signature) && (await newKeySignedBy({ publicKey, signingPublicKey }, signature, current.signingPublicKey!)))) {
      throw new AppError(403, "tipKeySignatureInvalid");
    }
    const [key] = await tx
      .insert(tipKeys)
      .values({ publicKey, signingPublicKey, signature: mustSign ? (signature as string) : null, createdBy: admin.id })
      .onConflictDoNothing()
      .returning({ id: tipKeys.id });
    if (!key) throw new AppError(409, "conflict");
    const how = mustSign ? "signed by the previous key" : current ? "after a key that cannot sign" : "the first key";
    await recordAudit(tx, admin, "tipkey.create", { id: key.id, label: await keyFingerprint(publicKey, signingPublicKey) }, how);
    return { id: key.id, public_key: publicKey, signing_public_key: signingPublicKey };
  });
}

/** GET /api/tips/keys: every key, newest first, for the inbox to match tips with key files, and the key page to show their fingerprints. */
export async function listTipKeys(db: Executor, actor: Actor | null) {
  requireAbility(actor, "readTips");
  const rows = await db.select().from(tipKeys).orderBy(desc(tipKeys.id));
  return Promise.all(
    rows.map(async (row, index) => {
      const previous = rows[index + 1];
      return {
        id: row.id,
        public_key: row.publicKey,
        signing_public_key: row.signingPublicKey,
        fingerprint: await keyFingerprint(row.publicKey, row.signingPublicKey),
        signed_by_previous: previous ? await signedByPrevious(row, previous) : null,
        created_at: row.createdAt.toISOString(),
        current: index === 0,
      };
    }),
  );
}

/** Whether a key carries a valid signature by the key before it. */
export async function signedByPrevious(key: { publicKey: string; signingPublicKey: string | null; signature: string | null }, previous: { signingPublicKey: string | null }): Promise<boolean> {
  if (!key.signingPublicKey || !previous.signingPublicKey) return false;
  return newKeySignedBy({ publicKey: key.publicKey, signingPublicKey: key.signingPublicKey }, key.signature, previous.signingPublicKey);
}

/** POST /api/tips/attachments: room for one attachment's ciphertext, filled part by part; its size is a bucket's. */
export async function startAttachment(db: Executor, size: unknown, now = new Date()): Promise<{ id: string; part_bytes: number }> {
  publicContentUnchanged();
  await requireCurrentKey(db);
  if (typeof size !== "number" || !Number.isInteger(size) || size < 1) throw new AppError(400, "invalidInput");
  if (size > MAX_ENCRYPTED_ATTACHMENT_BYTES) throw new AppError(413, "tipAttachmentTooLarge", { max: TIP_LIMITS.maxAttachmentMb });
  if (!ATTACHMENT_BYTES.has(size)) throw new AppError(400, "tipNotPadded");
  const id = randomBytes(16).toString("base64url");
  await db.insert(tipAttachments).values({ id, size, createdAt: startOfHour(now) });
  return { id, part_bytes: UPLOAD_PART_BYTES };
}

/**
 * PUT /api/tips/attachments/{id}/parts/{n}: one part of the ciphertext; sending a part again
 * replaces it. Every part is UPLOAD_PART_BYTES but the last, which is what remains of the size.
 */
export async function storeAttachmentPart(db: Database, id: string, part: number, data: Uint8Array): Promise<void> {
  publicContentUnchanged();
  if (data.byteLength === 0 || data.byteLength > UPLOAD_PART_BYTES) throw new AppError(400, "invalidInput");
  await db.transaction(async (tx) => {
    const [attachment] = await tx.select().from(tipAttachments).where(eq(tipAttachments.id, id)).for("update");
    if (!attachment || attachment.messageId !== null) throw new AppError(404, "notFound");
    if (part < 0 || part >= Math.ceil(attachment.size / UPLOAD_PART_BYTES)) throw new AppError(400, "invalidInput");
    if (data.byteLength !== Math.min(UPLOAD_PART_BYTES, attachment.size - part * UPLOAD_PART_BYTES)) throw new AppError(400, "tipNotPadded");
    await tx
      .insert(tipAttachmentParts)
      .values({ attachmentId: id, part, data: Buffer.from(data) })
      .onConflictDoUpdate({ target: [tipAttachmentParts.attachmentId, tipAttachmentParts.part], set: { data: Buffer.from(data) } });
    const [{ received }] = (await tx
      .select({ received: sql<number>`coalesce(sum(length(${tipAttachmentParts.data})), 0)`.mapWith(Number) })
      .from(tipAttachmentParts)
      .where(eq(tipAttachmentParts.attachmentId, id))) as [{ received: number }];
    await tx.update(tipAttachments).set({ received }).where(eq(tipAttachments.id, id));
  });
}

/** Names the uploaded attachments as the message's; each must be whole and not already someone's. */
async function attach(tx: Executor, tipId: number, messageId: number, ids: unknown): Promise<void> {
  if (ids === undefined) return;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string")) throw new AppError(400, "invalidInput");
  if (ids.length > TIP_LIMITS.maxAttachments) throw new AppError(400, "tipTooManyAttachments", { max: TIP_LIMITS.maxAttachments });
  if (ids.length === 0) return;
  const rows = await tx.select().from(tipAttachments).where(inArray(tipAttachments.id, ids as string[]));
  if (rows.length !== new Set(ids).size || rows.some((row) => row.messageId !== null || row.received !== row.size)) {
    throw new AppError(400, "tipAttachmentIncomplete");
  }
  await tx.update(tipAttachments).set({ tipId, messageId }).where(inArray(tipAttachments.id, ids as string[]));
}

export interface SendTipInput {
  /** The newsroom key the message was sealed to: a rotation since the page loaded is a 409. */
  public_key?: unknown;
  source_public_key?: unknown;
  access_token?: unknown;
  message?: unknown;
  attachments?: unknown;
}

/** POST /api/tips: a source's first message, sealed in the browser. */
export async function sendTip(db: Database, input: SendTipInput, now = new Date()): Promise<void> {
  publicContentUnchanged();
  const message = sealedMessage(input.message);
  if (!isPublicKey(input.source_public_key) || typeof input.access_token !== "string" || !BASE64URL.test(input.access_token)) {
    throw new AppError(400, "invalidInput");
  }
  if (typeof input.public_key !== "string") throw new AppError(400, "invalidInput");
  const key = await requireCurrentKey(db, input.public_key);
  const hash = await accessHash(input.access_token);
  await db.transaction(async (tx) => {
    const at = startOfHour(now);
    const [tip] = await tx
      .insert(tips)
      .values({ accessHash: hash, sourcePublicKey: input.source_public_key as string, createdAt: at, lastMessageAt: at })
      .onConflictDoNothing()
      .returning({ id: tips.id });
    if (!tip) throw new AppError(409, "conflict");
    const messageId = await insertMessage(tx, tip.id, "source", key.id, null, message, at);
    await attach(tx, tip.id, messageId, input.attachments);
  });
}

/**
 * POST /api/tips: a source's first message from the browser, paid for with a solved puzzle
 * (issue 36: limits that do not count addresses). A tip refused for any reason leaves the
 * solution unspent, so the source can send again without solving again.
 */
export async function sendTipWithPuzzle(db: Database, input: SendTipInput & { puzzle?: unknown }): Promise<void> {
  await spendingSolution(await puzzleKey(db), input.puzzle, () => sendTip(db, input));
}

async function insertMessage(tx: Executor, tipId: number, sender: TipSender, keyId: number, authorId: number | null, message: SealedMessage, at: Date): Promise<number> {
  const [row] = await tx
    .insert(tipMessages)
    .values({ tipId, sender, keyId, authorId, forNewsroom: message.forNewsroom, forSource: message.forSource, createdAt: at })
    .returning({ id: tipMessages.id });
  return row!.id;
}

export async function tipByAccess(db: Executor, accessToken: unknown) {
  if (typeof accessToken !== "string" || !BASE64URL.test(accessToken)) throw new AppError(404, "tipNotFound");
  const [tip] = await db.select().from(tips).where(eq(tips.accessHash, await accessHash(accessToken)));
  if (!tip) throw new AppError(404, "tipNotFound");
  return tip;
}

async function messagesOf(db: Executor, tipId: number) {
  const rows = await db
    .select({ message: tipMessages, publicKey: tipKeys.publicKey })
    .from(tipMessages)
    .innerJoin(tipKeys, eq(tipKeys.id, tipMessages.keyId))
    .where(eq(tipMessages.tipId, tipId))
    .orderBy(asc(tipMessages.id));
  const attachments = await db
    .select({ id: tipAttachments.id, messageId: tipAttachments.messageId, size: tipAttachments.size })
    .from(tipAttachments)
    .where(eq(tipAttachments.tipId, tipId));
  return rows.map(({ message, publicKey }) => ({
    id: message.id,
    sender: message.sender,
    created_at: message.createdAt.toISOString(),
    public_key: publicKey,
    for_newsroom: message.forNewsroom,
    for_source: message.forSource,
    attachments: attachments.filter((a) => a.messageId === message.id).map((a) => ({ id: a.id, size: a.size })),
  }));
}

/** POST /api/tips/conversation: what a source's codename opens, still sealed (their browser opens it). */
export async function sourceConversation(db: Executor, accessToken: unknown) {
  const tip = await tipByAccess(db, accessToken);
  const messages = await messagesOf(db, tip.id);
  return { messages: messages.map(({ for_newsroom: _, public_key: __, ...message }) => message) };
}

/** POST /api/tips/conversation/messages: a source's later message. */
export async function sourceReply(db: Database, input: SendTipInput, now = new Date()): Promise<void> {
  publicContentUnchanged();
  const message = sealedMessage(input.message);
  if (typeof input.public_key !== "string") throw new AppError(400, "invalidInput");
  const tip = await tipByAccess(db, input.access_token);
  const key = await requireCurrentKey(db, input.public_key);
  await db.transaction(async (tx) => {
    const at = startOfHour(now);
    const messageId = await insertMessage(tx, tip.id, "source", key.id, null, message, at);
    await attach(tx, tip.id, messageId, input.attachments);
    await tx.update(tips).set({ lastMessageAt: at, unread: true }).where(eq(tips.id, tip.id));
  });
}

// The path without JavaScript: the server seals the words the moment they arrive.

function plainText(value: unknown, max: number, required: boolean): string {
  const text = typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : "";
  if (required && text === "") throw new AppError(400, "tipMessageRequired");
  if (text.length > max) throw new AppError(400, "tipMessageTooLong", { max });
  return text;
}

/** POST /tips without JavaScript: seals the message here and returns the source's new codename. */
export async function sendTipFromForm(db: Database, form: { message?: unknown; contact?: unknown }, now = new Date()): Promise<string> {
  const text = plainText(form.message, TIP_LIMITS.maxMessageChars, true);
  const contact = plainText(form.contact, TIP_LIMITS.maxContactChars, false);
  const key = await requireCurrentKey(db);
  const codename = await newCodename();
  const { keys, accessToken } = await sourceKeys(codename, await codenameSalt(db), argon2idInWorkers);
  const message = await sealForBoth(contact ? { text, contact } : { text }, key.publicKey, keys.publicKey);
  await sendTip(db, { public_key: key.publicKey, source_public_key: keys.publicKey, access_token: accessToken, message }, now);
  return codename;
}

/** POST /tips with a codename, without JavaScript: the conversation, opened here for this answer only. */
export async function conversationFromForm(db: Executor, codename: unknown): Promise<ReadableTipMessage[]> {
  if (typeof codename !== "string" || !isWellFormedCodename(codename)) throw new AppError(400, "tipCodenameInvalid");
  const { keys, accessToken } = await sourceKeys(codename, await codenameSalt(db), argon2idInWorkers);
  const { messages } = await sourceConversation(db, accessToken);
  return Promise.all(
    messages.map(async (message) => {
      const body = await open<TipMessageBody>(message.for_source, keys);
      return {
        id: message.id,
        sender: message.sender,
        created_at: message.created_at,
        text: body.text,
        ...(body.contact ? { contact: body.contact } : {}),
        attachments: message.attachments.length,
      };
    }),
  );
}

/** POST /tips with a codename and an answer, without JavaScript. */
export async function replyFromForm(db: Database, form: { codename?: unknown; message?: unknown }, now = new Date()): Promise<void> {
  if (typeof form.codename !== "string" || !isWellFormedCodename(form.codename)) throw new AppError(400, "tipCodenameInvalid");
  const text = plainText(form.message, TIP_LIMITS.maxMessageChars, true);
  const key = await requireCurrentKey(db);
  const { accessToken } = await sourceKeys(form.codename, await codenameSalt(db), argon2idInWorkers);
  const tip = await tipByAccess(db, accessToken);
  await sourceReply(db, { public_key: key.publicKey, access_token: accessToken, message: await sealForBoth({ text }, key.publicKey, tip.sourcePublicKey) }, now);
}

// The newsroom's side: editors and admins, every action in the audit trail.

const TIPS_PER_PAGE = 50;

/** GET /api/tips/inbox: conversations, the latest message first; no content, which only the key opens. */
export async function listTips(db: Executor, actor: Actor | null, page = 1, retentionDays: number) {
  requireAbility(actor, "readTips");
  const rows = await db
    .select({
      tip: tips,
      // Written out: drizzle names a column without its table here, which the subquery would read as its own.
      messages: sql<number>`(select count(*) from "tip_messages" as m where m.tip_id = "tips"."id")`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(tips)
    .orderBy(desc(tips.lastMessageAt), desc(tips.id))
    .limit(TIPS_PER_PAGE)
    .offset((page - 1) * TIPS_PER_PAGE);
  return {
    tips: rows.map(({ tip, messages }) => ({
      id: tip.id,
      created_at: tip.createdAt.toISOString(),
      last_message_at: tip.lastMessageAt.toISOString(),
      unread: tip.unread,
      kept: tip.keptAt !== null,
      expires_at: tip.keptAt ? null : new Date(tip.lastMessageAt.getTime() + retentionDays * 24 * HOUR_MS).toISOString(),
      messages,
    })),
    total: rows[0]?.total ?? 0,
    page,
    per_page: TIPS_PER_PAGE,
  };
}

async function tipById(db: Executor, id: number) {
  const [tip] = await db.select().from(tips).where(eq(tips.id, id));
  if (!tip) throw new AppError(404, "tipNotFoundInbox");
  return tip;
}

/** GET /api/tips/inbox/{id}: one conversation, sealed; opening it is audited and marks it read. */
export async function openTip(db: Database, actor: Actor | null, id: number) {
  publicContentUnchanged();
  const editor = requireAbility(actor, "readTips");
  const tip = await tipById(db, id);
  const messages = await messagesOf(db, id);
  await db.transaction(async (tx) => {
    await tx.update(tips).set({ unread: false }).where(eq(tips.id, id));
    await recordAudit(tx, editor, "tip.open", { id, label: `#${id}` });
  });
  return {
    id,
    source_public_key: tip.sourcePublicKey,
    kept: tip.keptAt !== null,
    messages: messages.map(({ for_source: _, ...message }) => message),
  };
}

/** GET /api/tips/inbox/{id}/attachments/{attachment}: the ciphertext, for the editor's browser to open. */
export async function tipAttachmentCiphertext(db: Database, actor: Actor | null, id: number, attachmentId: string): Promise<Buffer> {
  const editor = requireAbility(actor, "readTips");
  const [attachment] = await db
    .select({ id: tipAttachments.id })
    .from(tipAttachments)
    .where(and(eq(tipAttachments.id, attachmentId), eq(tipAttachments.tipId, id)));
  if (!attachment) throw new AppError(404, "notFound");
  const parts = await db.select({ data: tipAttachmentParts.data }).from(tipAttachmentParts).where(eq(tipAttachmentParts.attachmentId, attachmentId)).orderBy(asc(tipAttachmentParts.part));
  await recordAudit(db, editor, "tip.download", { id, label: `#${id}` });
  return Buffer.concat(parts.map((part) => part.data));
}

/** POST /api/tips/inbox/{id}/replies: the newsroom's answer, sealed in the editor's browser to both keys. */
export async function replyToTip(db: Database, actor: Actor | null, id: number, input: { public_key?: unknown; message?: unknown }, now = new Date()): Promise<void> {
  publicContentUnchanged();
  const editor = requireAbility(actor, "readTips");
  const message = sealedMessage(input.message);
  if (typeof input.public_key !== "string") throw new AppError(400, "invalidInput");
  await tipById(db, id);
  const key = await requireCurrentKey(db, input.public_key);
  await db.transaction(async (tx) => {
    const at = startOfHour(now);
    await insertMessage(tx, id, "newsroom", key.id, editor.id, message, at);
    await tx.update(tips).set({ lastMessageAt: at }).where(eq(tips.id, id));
    await recordAudit(tx, editor, "tip.reply", { id, label: `#${id}` });
  });
}

/** POST /api/tips/inbox/{id}/keep: kept beyond the retention period, or (keep false) let go with it. */
export async function keepTip(db: Database, actor: Actor | null, id: number, keep: boolean, now = new Date()): Promise<void> {
  publicContentUnchanged();
  const editor = requireAbility(actor, "readTips");
  await tipById(db, id);
  await db.transaction(async (tx) => {
    await tx.update(tips).set(keep ? { keptAt: startOfHour(now), keptBy: editor.id } : { keptAt: null, keptBy: null }).where(eq(tips.id, id));
    await recordAudit(tx, editor, keep ? "tip.keep" : "tip.release", { id, label: `#${id}` });
  });
}

/** DELETE /api/tips/inbox/{id}: the conversation and its attachments, gone from the database. */
export async function deleteTip(db: Database, actor: Actor | null, id: number): Promise<void> {
  publicContentUnchanged();
  const editor = requireAbility(actor, "readTips");
  await tipById(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(tips).where(eq(tips.id, id));
    await recordAudit(tx, editor, "tip.delete", { id, label: `#${id}` });
  });
}

/** How often each instance deletes what the retention period let go. */
const PURGE_EVERY_MS = HOUR_MS;

/** Runs `purgeExpiredTips` now and every hour; returns the stop. */
export function startTipPurge(db: () => Promise<Database>, retentionDays: number): () => Promise<void> {
  return repeatEvery(async () => purgeExpiredTips(await db(), retentionDays), PURGE_EVERY_MS, "Deleting expired tips failed; trying again in an hour");
}

/**
 * Deletes conversations whose last message is older than the retention period and nobody kept, and
 * attachments uploaded but never sent. Returns how many conversations went.
 */
export async function purgeExpiredTips(db: Database, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * HOUR_MS);
  return db.transaction(async (tx) => {
    const gone = await tx.delete(tips).where(and(isNull(tips.keptAt), lt(tips.lastMessageAt, cutoff))).returning({ id: tips.id });
    await tx.delete(tipAttachments).where(and(isNull(tipAttachments.messageId), lt(tipAttachments.createdAt, new Date(now.getTime() - UNSENT_ATTACHMENT_MS))));
    return gone.length;
  });
}
