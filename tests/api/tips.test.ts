/**
 * The tip line over HTTP (issue 17), on a server of its own: closed until an admin sets up a key;
 * a tip sealed in the browser and one sent without JavaScript, both opened by an editor with the
 * key and answered; a source back with the codename; retention and the audit trail; and, searched
 * afterwards, no byte of any tip's words in the database's files, the uploads folder or the log.
 */
import { randomBytes } from "node:crypto";
import { readFile, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import { type NewsroomKeys, decryptAttachment, keyFingerprint, newCodename, newNewsroomKey, open, signNewKey } from "../../app/lib/tips/crypto";
import type { TipMessageBody, TipSetup } from "../../app/lib/tips/protocol";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";
import { type ApiResponse, type RequestOptions, callAt, reauthenticated } from "./client";
import { afterArgon2, newTipKey, sealedForBoth, sendTip, setUpTipKey, signedReply } from "./tip-fixtures";

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
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("onion-location")).toBe(`${ONION}/tips`);
    expect((await fetch(`${server.baseUrl}/tips`)).headers.get("x-page-cache")).not.toBe("hit");
    expect((await fetch(`${server.baseUrl}/ne/tips`)).headers.get("onion-location")).toBe(`${ONION}/ne/tips`);

    expect((await call("/api/tips/setup")).body.publicKey).toBeNull();
    const closed = { error: en.tipLineClosed, code: "tip_line_closed" };
    expect(await call("/api/tips", { method: "POST", json: {} })).toMatchObject({ status: 400 });
    expect(await call("/api/tips/attachments", { method: "POST", json: { size: 10 } })).toMatchObject({ status: 503, body: closed });
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
    const decrypted = await decryptAttachment(new Uint8Array(await download.arrayBuffer()), body.attachments![0]!.key);
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
      json: { public_key: before, source_public_key: newsroom.publicKey, access_token: "c29tZS10b2tlbg", message: await sealedForBoth("late", before, newsroom.publicKey) },
    });
    expect(late).toMatchObject({ status: 409, body: { error: en.tipKeyChanged, code: "tip_key_changed" } });
    const list = await call("/api/tips/inbox", { token: editorToken });
    const old = await call(`/api/tips/inbox/${list.body.tips.at(-1).id}`, { token: editorToken });
    // The oldest tip came before both rotations: it names the first key.
    expect(old.body.messages[0].public_key).toBe(((await call("/api/tips/setup")).body as TipSetup).chain[0]!.publicKey);
  });

  it("limits each address's tip-line calls per hour, with the limit's own answer", async () => {
    const limited = await startServer({ TIP_ACTIONS_PER_HOUR: "2" });
    try {
      const lookUp = () => callAt(limited.baseUrl, "/api/tips/conversation", { method: "POST", json: { access_token: "bm90LWEtdG9rZW4" } });
      expect((await lookUp()).status).toBe(404);
      expect((await lookUp()).status).toBe(404);
      expect(await lookUp()).toMatchObject({ status: 429, body: { error: en.tooManyRequests, code: "too_many_requests" } });
    } finally {
      await limited.stop();
    }
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
    await rm(server.dataDir, { recursive: true, force: true });
  });
});

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? listFiles(path.join(directory, entry.name)) : [path.join(directory, entry.name)])));
  return nested.flat();
}
