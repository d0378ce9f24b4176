/**
 * The tip line over HTTP (issue 17), on a server of its own: closed until an admin sets up a key;
 * a tip sealed in the browser and one sent without JavaScript, both opened by an editor with the
 * key and answered; a source back with the codename; retention and the audit trail; sizes that are
 * only ever a padding bucket's; and, searched afterwards, no byte of any tip's words in the
 * database's files, the uploads folder or the log.
 */
import { randomBytes } from "node:crypto";
import { readFile, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import { ne } from "../../app/lib/messages.ne";
import { type NewsroomKeys, decryptAttachment, encryptAttachment, keyFingerprint, newCodename, newNewsroomKey, open, sealForBoth, signNewKey, sodium, sourceKeys } from "../../app/lib/tips/crypto";
import {
  ATTACHMENT_BUCKETS,
  MESSAGE_BUCKETS,
  type TipMessageBody,
  type TipSetup,
  UPLOAD_PART_BYTES,
  encryptedAttachmentBytes,
  sealedMessageBytes,
} from "../../app/lib/tips/protocol";
import { openDatabase } from "../../app/server/db/connection";
import { tipAttachmentParts, tipAttachments, tipMessages } from "../../app/server/db/schema";
import { isSolution } from "../../app/lib/tips/puzzle";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";
import { type ApiResponse, type RequestOptions, callAt, reauthenticated } from "./client";
import { afterArgon2, newTipKey, sealedForBoth, sendTip, setUpTipKey, signedReply, solvedPuzzle } from "./tip-fixtures";

const ONION = "http://khulasaexample2345.onion";
/** Words that must never be found in plain anywhere on the server's side. */
const SECRET = {
  browser: `browser-sealed-${randomBytes(6).toString("hex")}`,
  form: `form-sealed-${randomBytes(6).toString("hex")}`,
  reply: `newsroom-reply-${randomBytes(6).toString("hex")}`,
  answer: `source-answer-${randomBytes(6).toString("hex")}`,
  attachment: `attachment-bytes-${randomBytes(6).toString("hex")}`,
};

let server: RunningServer;
let adminToken: string;
let editorToken: string;
let newsroom: NewsroomKeys;

const call = (pathname: string, options?: RequestOptions): Promise<ApiResponse> => callAt(server.baseUrl, pathname, options);

/** The page's forms, as a browser without JavaScript sends them. */
const postForm = (fields: Record<string, string>, pathname = "/tips") =>
  fetch(server.baseUrl + pathname, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl }, body: new URLSearchParams(fields) });

const codenameIn = (html: string) => html.match(/data-testid="tip-codename"[^>]*>([^<]+)</)?.[1]?.trim();

async function signIn(username: string, password: string): Promise<string> {
  const res = await call("/api/admin/login", { method: "POST", json: { username, password } });
  if (res.status !== 200) throw new Error(`login: ${res.status}`);
  return res.body.token;
}

async function newestTip() {
  const list = await call("/api/tips/inbox", { token: editorToken });
  return list.body.tips[0] as { id: number; unread: boolean; messages: number; kept: boolean; expires_at: string | null };
}

beforeAll(async () => {
  server = await startServer({ ONION_URL: ONION });
  adminToken = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const email = `editor-${Date.now()}@test.example`;
  const registered = await call("/api/users/register", { method: "POST", json: { name: "Editor Tips", email, password: "editor-password-1" } });
  await call(`/api/users/${registered.body.user.id}`, { method: "PUT", token: await reauthenticated(call, adminToken), json: { role: "editor" } });
  editorToken = await signIn(email, "editor-password-1");
});

afterAll(async () => {
  await server?.stop();
});

describe("the tip line", () => {
  it("says it is closed and takes nothing until a key is set up; its page is never cached nor referred", async () => {
    const page = await fetch(`${server.baseUrl}/tips`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(en.tipLineClosed);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    expect(page.headers.get("onion-location")).toBe(`${ONION}/tips`);
    expect((await fetch(`${server.baseUrl}/tips`)).headers.get("x-page-cache")).not.toBe("hit");
    expect((await fetch(`${server.baseUrl}/ne/tips`)).headers.get("onion-location")).toBe(`${ONION}/ne/tips`);

    expect((await call("/api/tips/setup")).body.publicKey).toBeNull();
    const closed = { error: en.tipLineClosed, code: "tip_line_closed" };
    expect(await call("/api/tips", { method: "POST", json: {} })).toMatchObject({ status: 400 });
    expect(await call("/api/tips/attachments", { method: "POST", json: { size: 10, puzzle: await solvedPuzzle(call) } })).toMatchObject({ status: 503, body: closed });
    const form = await postForm({ intent: "send", message: "Anything" });
    expect(form.status).toBe(503);
    expect(await form.text()).toContain(en.tipLineClosed);
  });

  it("lets an admin, not an editor, set up the key, and only a real public key", async () => {
    const editorTry = await call("/api/tips/keys", { method: "POST", token: editorToken, json: { public_key: (await newNewsroomKey("x")).keys.publicKey } });
    expect(editorTry).toMatchObject({ status: 403, body: { error: en.roleForbidden, code: "role_forbidden" } });
    expect(await call("/api/tips/keys", { method: "POST", token: await reauthenticated(call, adminToken), json: { public_key: "not-a-key" } })).toMatchObject({
      status: 400,
      body: { error: en.tipKeyInvalid, code: "tip_key_invalid" },
    });
    // A key without a signing key is no longer made (issue 36).
    const unsigning = (await newNewsroomKey("x")).file.publicKey;
    await afterArgon2();
    expect(await call("/api/tips/keys", { method: "POST", token: await reauthenticated(call, adminToken), json: { public_key: unsigning } })).toMatchObject({
      status: 400,
      body: { code: "tip_key_invalid" },
    });
    // The first key needs no signature: there is no key before it.
    newsroom = (await setUpTipKey(call, adminToken)).keys;
    const setup = (await call("/api/tips/setup")).body as TipSetup;
    expect(setup).toMatchObject({ publicKey: newsroom.publicKey, signingPublicKey: newsroom.signing!.publicKey });
    expect(setup.chain).toEqual([{ publicKey: newsroom.publicKey, signingPublicKey: newsroom.signing!.publicKey, signature: null, createdAt: expect.any(String) }]);
    expect(await fetch(`${server.baseUrl}/tips`).then((res) => res.text())).not.toContain(en.tipLineClosed);
  });

  it("carries a tip sealed in the browser, with an attachment in parts, to the editor and the answer back", async () => {
    // Over a megabyte, so that it travels in two parts.
    const document = new Uint8Array(1_300_000).map((_, i) => (i * 7) % 256);
    document.set(new TextEncoder().encode(SECRET.attachment), 1_000_000);
    const sent = await sendTip(call, { text: `The ward chair took Rs 40 lakh. ${SECRET.browser}`, contact: "Signal, evenings" }, [
      { name: "ledger.pdf", type: "application/pdf", bytes: document },
    ]);
    expect(await newestTip()).toMatchObject({ unread: true, messages: 1, kept: false });

    const opened = await call(`/api/tips/inbox/${(await newestTip()).id}`, { token: editorToken });
    expect(opened.status).toBe(200);
    const [first] = opened.body.messages;
    expect(first).not.toHaveProperty("for_source");
    expect(first.public_key).toBe(newsroom.publicKey);
    const body = await open<TipMessageBody>(first.for_newsroom, newsroom);
    expect(body).toMatchObject({ text: `The ward chair took Rs 40 lakh. ${SECRET.browser}`, contact: "Signal, evenings" });
    expect(body.attachments).toEqual([expect.objectContaining({ id: first.attachments[0].id, name: "ledger.pdf", size: document.length })]);
    expect((await newestTip()).unread).toBe(false);

    const download = await fetch(`${server.baseUrl}/api/tips/inbox/${opened.body.id}/attachments/${first.attachments[0].id}`, { headers: { authorization: `Bearer ${editorToken}` } });
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    const decrypted = await decryptAttachment(new Uint8Array(await download.arrayBuffer()), body.attachments![0]!.key, true);
    // Compared as buffers: an element-by-element comparison of a megabyte takes seconds.
    expect(Buffer.from(decrypted).equals(Buffer.from(document))).toBe(true);

    const reply = await call(`/api/tips/inbox/${opened.body.id}/replies`, {
      method: "POST",
      token: editorToken,
      json: { public_key: newsroom.publicKey, message: await signedReply(`Can we meet? ${SECRET.reply}`, newsroom, opened.body.source_public_key) },
    });
    expect(reply.status).toBe(201);

    const conversation = await call("/api/tips/conversation", { method: "POST", json: { access_token: sent.accessToken } });
    expect(conversation.status).toBe(200);
    const texts = await Promise.all(conversation.body.messages.map(async (m: { for_source: string }) => (await open<{ text: string }>(m.for_source, sent.source)).text));
    expect(texts).toEqual([`The ward chair took Rs 40 lakh. ${SECRET.browser}`, `Can we meet? ${SECRET.reply}`]);
    expect(conversation.body.messages.map((m: { sender: string }) => m.sender)).toEqual(["source", "newsroom"]);
    expect(conversation.body.messages[0]).not.toHaveProperty("for_newsroom");

    const answer = await call("/api/tips/conversation/messages", {
      method: "POST",
      json: { access_token: sent.accessToken, public_key: newsroom.publicKey, message: await sealedForBoth(`Tuesday. ${SECRET.answer}`, newsroom.publicKey, sent.source.publicKey) },
    });
    expect(answer.status).toBe(201);
    expect(await newestTip()).toMatchObject({ unread: true, messages: 3 });

    expect(await call("/api/tips/conversation", { method: "POST", json: { access_token: "bm90LWEtdG9rZW4" } })).toMatchObject({
      status: 404,
      body: { error: en.tipNotFound, code: "tip_not_found" },
    });
  });

  it("seals a tip sent without JavaScript as it arrives, and opens the conversation with the codename", async () => {
    const homeCache = async () => (await fetch(`${server.baseUrl}/`)).headers.get("x-page-cache");
    await homeCache();
    expect(await homeCache()).toBe("hit");
    const sent = await postForm({ intent: "send", message: `The bridge audit was faked. ${SECRET.form}`, contact: "" });
    expect(sent.status).toBe(200);
    expect(sent.headers.get("cache-control")).toBe("private, no-store");
    // A source's message changes nothing readers see: no reader waits for a render because of it.
    expect(await homeCache()).toBe("hit");
    const codename = codenameIn(await sent.text());
    expect(codename?.split(" ")).toHaveLength(8);

    const tip = await call(`/api/tips/inbox/${(await newestTip()).id}`, { token: editorToken });
    expect(await open(tip.body.messages[0].for_newsroom, newsroom)).toEqual({ text: `The bridge audit was faked. ${SECRET.form}` });
    await call(`/api/tips/inbox/${tip.body.id}/replies`, {
      method: "POST",
      token: editorToken,
      json: { public_key: newsroom.publicKey, message: await signedReply("Which bridge?", newsroom, tip.body.source_public_key) },
    });

    const back = await postForm({ intent: "open", codename: `  ${codename!.toUpperCase()} ` });
    expect(back.status).toBe(200);
    const page = await back.text();
    expect(page).toContain(`The bridge audit was faked. ${SECRET.form}`);
    expect(page).toContain("Which bridge?");

    const answered = await postForm({ intent: "reply", codename: codename!, message: "The one at Melamchi." });
    expect(answered.status).toBe(200);
    const after = await answered.text();
    expect(after).toContain(en.tipsReplySent);
    expect(after).toContain("The one at Melamchi.");

    const malformed = await postForm({ intent: "open", codename: "two words" });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain(en.tipCodenameInvalid);
    const unknown = await postForm({ intent: "open", codename: await newCodename() });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(en.tipNotFound);
    const empty = await postForm({ intent: "send", message: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(en.tipMessageRequired);
  });

  it("keeps, lets go and deletes, with every inbox action in the audit trail", async () => {
    const { id } = await newestTip();
    expect((await call(`/api/tips/inbox/${id}/keep`, { method: "POST", token: editorToken, json: { keep: true } })).status).toBe(200);
    expect(await newestTip()).toMatchObject({ id, kept: true, expires_at: null });
    await call(`/api/tips/inbox/${id}/keep`, { method: "POST", token: editorToken, json: { keep: false } });
    expect((await newestTip()).expires_at).toMatch(/^\d{4}-/);
    expect((await call(`/api/tips/inbox/${id}`, { method: "DELETE", token: editorToken })).status).toBe(200);
    expect(await call(`/api/tips/inbox/${id}`, { token: editorToken })).toMatchObject({ status: 404, body: { code: "tip_not_found_inbox" } });

    const audit = await call("/api/audit?limit=100", { token: adminToken });
    const actions = audit.body.entries.filter((e: { object_type: string }) => e.object_type === "tip" || e.object_type === "tipkey");
    const seen = new Set(actions.map((e: { action: string }) => e.action));
    for (const action of ["tipkey.create", "tip.open", "tip.download", "tip.reply", "tip.keep", "tip.release", "tip.delete"]) expect(seen, action).toContain(action);
    expect(actions.find((e: { action: string }) => e.action === "tip.open")).toMatchObject({ actor_name: "Editor Tips" });
  });

  it("refuses a new key the current key did not sign, takes one it did, and tells every editor who changed it and when", async () => {
    const { file: next, keys: nextKeys, body } = await newTipKey(call, "the next passphrase");
    const stranger = (await newNewsroomKey("a stranger's passphrase")).keys;
    await afterArgon2();
    const proposed = { public_key: next.publicKey, signing_public_key: next.signingPublicKey };
    const post = async (json: Record<string, string>) => call("/api/tips/keys", { method: "POST", token: await reauthenticated(call, adminToken), json });
    // An admin with a fresh second factor but without the current key's file: refused.
    expect(await post(proposed)).toMatchObject({ status: 400, body: { error: en.tipKeySignatureRequired, code: "tip_key_signature_required" } });
    const nepali = await call("/api/tips/keys", { method: "POST", token: adminToken, json: proposed, headers: { "accept-language": "ne" } });
    expect(nepali.body).toMatchObject({ code: "tip_key_signature_required", error: (await import("../../app/lib/messages.ne")).ne.tipKeySignatureRequired });
    for (const signature of [await signNewKey(next, stranger.signing!.privateKey), await signNewKey({ ...next, publicKey: newsroom.publicKey }, newsroom.signing!.privateKey), "not-a-signature"]) {
      expect(await post({ ...proposed, signature })).toMatchObject({ status: 403, body: { error: en.tipKeySignatureInvalid, code: "tip_key_signature_invalid" } });
    }
    expect((await call("/api/tips/setup")).body.publicKey).toBe(newsroom.publicKey);
    // Signed with the current key's signing key: accepted.
    const signature = await signNewKey(next, newsroom.signing!.privateKey);
    expect(body.signature).toBe(signature);
    expect(await post({ ...proposed, signature })).toMatchObject({ status: 201 });
    const setup = (await call("/api/tips/setup")).body as TipSetup;
    expect(setup.chain.map((link) => link.publicKey)).toEqual([newsroom.publicKey, next.publicKey]);
    expect(setup.chain[1]).toMatchObject({ signingPublicKey: next.signingPublicKey, signature });

    // The back office tells the editor on their next page, until they dismiss it; the audit trail has it.
    const words = await keyFingerprint(next.publicKey, next.signingPublicKey);
    const dashboard = () => fetch(`${server.baseUrl}/admin/dashboard`, { headers: { cookie: `session=${editorToken}` } }).then((res) => res.text());
    const page = await dashboard();
    expect(page).toContain('data-testid="tip-key-notice"');
    expect(page).toContain(words);
    expect(page).toContain(en.tipKeyNoticeSigned);
    const keyId = ((await call("/api/tips/keys", { token: editorToken })).body as { id: number }[])[0]!.id;
    expect((await call("/api/tips/key-notice", { method: "POST", token: editorToken, json: { key_id: keyId } })).status).toBe(200);
    expect(await dashboard()).not.toContain('data-testid="tip-key-notice"');
    // Dismissed for that editor only: the admin still sees it.
    expect(await fetch(`${server.baseUrl}/admin/dashboard`, { headers: { cookie: `session=${adminToken}` } }).then((res) => res.text())).toContain(words);
    const audit = await call("/api/audit?limit=100", { token: adminToken });
    expect(audit.body.entries.find((e: { action: string; object_label: string }) => e.action === "tipkey.create" && e.object_label === words)).toMatchObject({
      actor_name: expect.any(String),
      summary: "signed by the previous key",
      at: expect.any(String),
    });
    newsroom = nextKeys;
  });

  it("refuses a message sealed to a key rotated since, and keeps naming the old key on its tips", async () => {
    const before = (await call("/api/tips/setup")).body.publicKey as string;
    await setUpTipKey(call, adminToken, "the new passphrase");
    const late = await call("/api/tips", {
      method: "POST",
      json: {
        public_key: before,
        source_public_key: newsroom.publicKey,
        access_token: "c29tZS10b2tlbg",
        message: await sealedForBoth("late", before, newsroom.publicKey),
        puzzle: await solvedPuzzle(call),
      },
    });
    expect(late).toMatchObject({ status: 409, body: { error: en.tipKeyChanged, code: "tip_key_changed" } });
    const list = await call("/api/tips/inbox", { token: editorToken });
    const old = await call(`/api/tips/inbox/${list.body.tips.at(-1).id}`, { token: editorToken });
    // The oldest tip came before both rotations: it names the first key.
    expect(old.body.messages[0].public_key).toBe(((await call("/api/tips/setup")).body as TipSetup).chain[0]!.publicKey);
  });

  it("refuses a sealed message or an attachment whose size is not a padding bucket's, in the client's language", async () => {
    const setup = (await call("/api/tips/setup")).body as { publicKey: string; codenameSalt: string };
    const { keys, accessToken } = await sourceKeys(await newCodename(), setup.codenameSalt);
    const lib = await sodium();
    // Sealed as a modified client would: the JSON as it is, its exact size showing.
    const exact = (value: unknown, key: string) => lib.to_base64(lib.crypto_box_seal(new TextEncoder().encode(JSON.stringify(value)), lib.from_base64(key)));
    const unpadded = { forNewsroom: exact({ text: "exact" }, setup.publicKey), forSource: exact({ text: "exact" }, keys.publicKey) };
    // Paid for with a solved puzzle, so that the size is what is refused (a refused tip leaves its solution unspent).
    const puzzle = await solvedPuzzle(call);
    const tip = { public_key: setup.publicKey, source_public_key: keys.publicKey, access_token: accessToken, message: unpadded, puzzle };
    expect(await call("/api/tips", { method: "POST", json: tip })).toMatchObject({ status: 400, body: { error: en.tipNotPadded, code: "tip_not_padded" } });
    expect(await call("/api/tips", { method: "POST", json: tip, headers: { "accept-language": "ne" } })).toMatchObject({
      status: 400,
      body: { error: ne.tipNotPadded, code: "tip_not_padded" },
    });
    expect((await call("/api/tips/conversation", { method: "POST", json: { access_token: accessToken } })).status).toBe(404);

    const bucketBytes = encryptedAttachmentBytes(ATTACHMENT_BUCKETS[0]!);
    expect(await call("/api/tips/attachments", { method: "POST", json: { size: bucketBytes + 1, puzzle } })).toMatchObject({ status: 400, body: { code: "tip_not_padded" } });
    expect(await call("/api/tips/attachments", { method: "POST", json: { size: bucketBytes - 17, puzzle } })).toMatchObject({ status: 400, body: { code: "tip_not_padded" } });
    // A bucket's size, but its one part cut short: the stored bytes would be exact again.
    const started = await call("/api/tips/attachments", { method: "POST", json: { size: bucketBytes, puzzle } });
    expect(started.status).toBe(201);
    const { ciphertext } = await encryptAttachment(new Uint8Array(10));
    expect(ciphertext.length).toBe(bucketBytes);
    expect(await call(`/api/tips/attachments/${started.body.id}/parts/0`, { method: "PUT", bytes: ciphertext.subarray(0, 1000) })).toMatchObject({
      status: 400,
      body: { error: en.tipNotPadded, code: "tip_not_padded" },
    });
    expect((await call(`/api/tips/attachments/${started.body.id}/parts/0`, { method: "PUT", bytes: ciphertext })).status).toBe(204);

    // The server pads what it seals for a browser without JavaScript, and stores it (its size is read in the database below).
    expect((await postForm({ intent: "send", message: "Sealed by the server, padded like the rest" })).status).toBe(200);
  });

  it("asks every new conversation for a solved puzzle, and takes each solution once", async () => {
    const setup = (await call("/api/tips/setup")).body;
    const pair = await sourcePair();
    const tip = async (puzzle: unknown, headers?: Record<string, string>) =>
      call("/api/tips", {
        method: "POST",
        headers,
        json: { public_key: setup.publicKey, source_public_key: pair.publicKey, access_token: randomBytes(32).toString("base64url"), message: await sealForBoth({ text: "x" }, setup.publicKey, pair.publicKey), puzzle },
      });
    expect(await tip(undefined)).toMatchObject({ status: 400, body: { error: en.tipPuzzleRequired, code: "tip_puzzle_required" } });
    expect(await tip(undefined, { "accept-language": "ne" })).toMatchObject({ status: 400, body: { error: ne.tipPuzzleRequired, code: "tip_puzzle_required" } });
    const solution = await solvedPuzzle(call);
    let wrong = solution.nonce + 1;
    while (isSolution(solution.challenge, Number(solution.challenge.split(".")[1]), wrong)) wrong++;
    expect(await tip({ challenge: solution.challenge, nonce: wrong })).toMatchObject({ status: 403, body: { error: en.tipPuzzleInvalid, code: "tip_puzzle_invalid" } });
    expect(await tip(solution, { "accept-language": "ne" })).toMatchObject({ status: 201 });
    expect(await tip(solution, { "accept-language": "ne" })).toMatchObject({ status: 403, body: { error: ne.tipPuzzleInvalid, code: "tip_puzzle_invalid" } });
    // Nor can a spent solution start attachments, nor can a bare request.
    expect(await call("/api/tips/attachments", { method: "POST", json: { size: 10, puzzle: solution } })).toMatchObject({ status: 403, body: { code: "tip_puzzle_invalid" } });
    expect(await call("/api/tips/attachments", { method: "POST", json: { size: 10 } })).toMatchObject({ status: 400, body: { code: "tip_puzzle_required" } });
    expect(await call("/api/tips/attachments", { method: "POST", json: { size: 10, access_token: "bm90LWEtdG9rZW4" } })).toMatchObject({ status: 404, body: { code: "tip_not_found" } });
  });

  describe("behind one shared address, as every source behind the onion service is", () => {
    let limited: RunningServer;
    const at = (pathname: string, options?: RequestOptions) => callAt(limited.baseUrl, pathname, options);
    const postFormAt = (fields: Record<string, string>) =>
      fetch(`${limited.baseUrl}/tips`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: limited.baseUrl }, body: new URLSearchParams(fields) });

    beforeAll(async () => {
      // The old limit, 30 actions per address, refused the 31st of anything; here it would refuse the 3rd.
      limited = await startServer({
        TIP_ACTIONS_PER_HOUR: "2",
        TIP_CONVERSATION_ACTIONS_PER_HOUR: "3",
        TIP_ATTACHMENTS_PER_CONVERSATION: "2",
        TIP_PARTS_PER_ATTACHMENT: "2",
      });
      const login = await at("/api/admin/login", { method: "POST", json: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } });
      await setUpTipKey(at, login.body.token);
    });

    afterAll(async () => {
      await limited?.stop();
    });

    /** A new conversation, paid for with its own solved puzzle: its access token and the source's key. */
    async function newConversation() {
      const setup = (await at("/api/tips/setup")).body;
      const pair = await sourcePair();
      const accessToken = randomBytes(32).toString("base64url");
      const res = await at("/api/tips", {
        method: "POST",
        json: { public_key: setup.publicKey, source_public_key: pair.publicKey, access_token: accessToken, message: await sealForBoth({ text: "a tip" }, setup.publicKey, pair.publicKey), puzzle: await solvedPuzzle(at) },
      });
      return { status: res.status, accessToken, publicKey: pair.publicKey, newsroomKey: setup.publicKey as string };
    }

    it("takes 40 new conversations from one address, each with its own puzzle", async () => {
      const statuses = [];
      for (let i = 0; i < 40; i++) statuses.push((await newConversation()).status);
      expect(statuses).toEqual(Array(40).fill(201));
    });

    it("limits one conversation's answers and looks without touching another's", async () => {
      const [flooder, other] = [await newConversation(), await newConversation()];
      const answer = async (conversation: typeof flooder) =>
        at("/api/tips/conversation/messages", {
          method: "POST",
          json: { access_token: conversation.accessToken, public_key: conversation.newsroomKey, message: await sealForBoth({ text: "again" }, conversation.newsroomKey, conversation.publicKey) },
        });
      expect([(await answer(flooder)).status, (await answer(flooder)).status, (await answer(flooder)).status]).toEqual([201, 201, 201]);
      expect(await answer(flooder)).toMatchObject({ status: 429, body: { error: en.tooManyRequests, code: "too_many_requests" } });
      expect(await at("/api/tips/conversation", { method: "POST", json: { access_token: flooder.accessToken } })).toMatchObject({ status: 429 });
      expect((await answer(other)).status).toBe(201);
      expect((await at("/api/tips/conversation", { method: "POST", json: { access_token: other.accessToken } })).status).toBe(200);
    });

    it("limits the attachments of one conversation, and the parts of one attachment", async () => {
      const puzzle = await solvedPuzzle(at);
      // The smallest padding bucket's ciphertext, in one part.
      const size = encryptedAttachmentBytes(ATTACHMENT_BUCKETS[0]!);
      const start = (owner: Record<string, unknown>) => at("/api/tips/attachments", { method: "POST", json: { size, ...owner } });
      const [first, second] = [await start({ puzzle }), await start({ puzzle })];
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(await start({ puzzle })).toMatchObject({ status: 429, body: { code: "too_many_requests" } });
      expect((await start({ puzzle: await solvedPuzzle(at) })).status).toBe(201);
      const conversation = await newConversation();
      expect((await start({ access_token: conversation.accessToken })).status).toBe(201);

      const put = (id: string) => at(`/api/tips/attachments/${id}/parts/0`, { method: "PUT", bytes: new Uint8Array(size) });
      expect([(await put(first.body.id)).status, (await put(first.body.id)).status]).toEqual([204, 204]);
      expect(await put(first.body.id)).toMatchObject({ status: 429, body: { code: "too_many_requests" } });
      expect((await put(second.body.id)).status).toBe(204);
    });

    it("still limits the form path without JavaScript per address", async () => {
      const sent = [await postFormAt({ intent: "send", message: "one" }), await postFormAt({ intent: "send", message: "two" })];
      expect(sent.map((res) => res.status)).toEqual([200, 200]);
      const refused = await postFormAt({ intent: "open", codename: await newCodename() });
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain(en.tooManyRequests);
      // The JSON API is not: a new conversation from the same address goes through.
      expect((await newConversation()).status).toBe(201);
    });
  });

  it("leaves no byte of any tip's words in the database's files, the uploads folder or the log", async () => {
    await server.stop({ keepData: true });
    const files = await listFiles(server.dataDir);
    const contents = await Promise.all(files.map((file) => readFile(file)));
    const haystacks = [...contents, Buffer.from(server.output())];
    // The search can find what is there: the admin's e-mail is in the database's files.
    expect(contents.some((bytes) => bytes.includes(TEST_ADMIN.email))).toBe(true);
    for (const secret of Object.values(SECRET)) {
      expect(haystacks.filter((bytes) => bytes.includes(secret)).length, secret).toBe(0);
    }
  });

  it("stores every message and attachment, sealed in the browser or by the server, at a padding bucket's size", async () => {
    const { db, close } = await openDatabase({ kind: "pglite", dataDir: path.join(server.dataDir, "db") });
    try {
      const messages = await db.select({ forNewsroom: tipMessages.forNewsroom, forSource: tipMessages.forSource }).from(tipMessages);
      const attachments = await db.select({ id: tipAttachments.id, size: tipAttachments.size, received: tipAttachments.received }).from(tipAttachments);
      const parts = await db.select({ id: tipAttachmentParts.attachmentId, data: tipAttachmentParts.data }).from(tipAttachmentParts);
      // Kept from above: the browser's tip, the newsroom's reply, the source's answer, a tip sealed by the server; and the attachments.
      expect(messages.length).toBeGreaterThanOrEqual(4);
      expect(attachments.length).toBeGreaterThanOrEqual(1);
      const messageSizes = new Set(MESSAGE_BUCKETS.map(sealedMessageBytes));
      for (const message of messages) {
        expect(messageSizes).toContain(Buffer.from(message.forNewsroom, "base64url").length);
        expect(messageSizes).toContain(Buffer.from(message.forSource, "base64url").length);
      }
      const attachmentSizes = new Set(ATTACHMENT_BUCKETS.map(encryptedAttachmentBytes));
      for (const attachment of attachments) {
        expect(attachmentSizes).toContain(attachment.size);
        const stored = parts.filter((part) => part.id === attachment.id).map((part) => part.data.length);
        expect(stored.reduce((sum, length) => sum + length, 0)).toBe(attachment.received);
        expect(stored.slice(0, -1).every((length) => length === UPLOAD_PART_BYTES)).toBe(true);
      }
      // The 1.3 MB document: stored as 2 MiB of chunks, its own size only inside the sealed message.
      expect(attachments.map((attachment) => attachment.size)).toContain(encryptedAttachmentBytes(2 * 1024 * 1024));
    } finally {
      await close();
      await rm(server.dataDir, { recursive: true, force: true });
    }
  });
});

/** A source's key pair, without the codename's Argon2id: the server cannot tell, and forty of them are quick. */
async function sourcePair(): Promise<{ publicKey: string }> {
  const lib = await sodium();
  return { publicKey: lib.to_base64(lib.crypto_box_keypair().publicKey) };
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? listFiles(path.join(directory, entry.name)) : [path.join(directory, entry.name)])));
  return nested.flat();
}
