import { readFile } from "node:fs/promises";
import axe from "axe-core";
import { type APIRequestContext, type Browser, type Page, expect, test } from "./support/test";
import sharp from "sharp";
import { type KeyPair, keyFingerprint, newNewsroomKey, open, openKeyFile, sealForBoth, signReply } from "../../app/lib/tips/crypto";
import type { TipKeyFileV2, TipMessageBody, TipSetup } from "../../app/lib/tips/protocol";
import { adminGet, adminSend, confirmItIsMe, notification, signInAsAdmin } from "./support/admin";
import { uniqueEmail } from "./support/article-fixtures";
import { holdIslandScripts } from "./support/held-scripts";
import { settled } from "./support/settled";
import { TIP_KEY_PASSPHRASE, afterArgon2, currentTipKeyFile, keepTipKeyFile, openTipLine, rotateTipKey } from "./support/tip-keys";

/**
 * Issue 17's journey in browsers: an admin makes the tip line's key in the back office and keeps
 * its file (signing it with the current key's file when there is one); a source with no account
 * sends a tip with a photo that carries GPS data, and sees the key's fingerprint the back office
 * shows; an editor opens the inbox with the key file, reads the tip, downloads the photo (decrypted,
 * and without its location) and replies, signed; the source comes back with the codename and reads
 * the reply, its signature checked. The passphrase and the private keys never reach the server, nor
 * the browser's storage.
 */

const PASSPHRASE = TIP_KEY_PASSPHRASE;
const PASSWORD = "tips-editor-password-1";

/** A photo as a phone takes it, with where it was taken: 27°42′N. */
const jpegWithGps = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "27/1 42/1 0/1" } })
    .toBuffer();

/** Whether EXIF points at a GPS block (tag 0x8825), in either byte order (as tests/api/uploads.test.ts reads it). */
function hasGpsPointer(exif: Buffer): boolean {
  const littleEndian = exif.includes(Buffer.from("II*\0", "latin1"));
  return exif.includes(Buffer.from(littleEndian ? [0x25, 0x88] : [0x88, 0x25]));
}

/** Every request body and address the page sends, to check what never leaves it. */
function recordRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => sent.push(`${request.method()} ${request.url()} ${request.postData() ?? ""}`));
  return sent;
}

async function newEditor(request: APIRequestContext, page: Page) {
  const email = uniqueEmail("tips-editor");
  const registered = await request.post("/api/users/register", { data: { name: `Tips Editor ${Date.now()}`, email, password: PASSWORD } });
  expect(registered.status()).toBe(201);
  await adminSend(request, "PUT", `/api/users/${(await registered.json()).user.id}`, { role: "editor" });
  expect((await page.request.post("/api/admin/login", { data: { username: email, password: PASSWORD } })).status()).toBe(200);
}

/** A browser context that shares nothing with the others: no account, no cookie. */
async function freshPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

/** axe-core's findings on the page as it is now (an open conversation is no address the accessibility sweep can reach). */
async function axeFindings(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const { violations } = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run());
  return violations.map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}: ${v.help}`);
}

/** A tip's entry in the inbox list, whose name begins with the tip's number. */
const tipButton = (page: Page, id: number) => page.getByRole("button", { name: new RegExp(`^Tip #${id}(?!\\d)`) });

/** What the page keeps where a later visitor of the browser could read it. */
const storedInBrowser = (page: Page) =>
  page.evaluate(async () => ({
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
    databases: (await indexedDB.databases()).length,
  }));

test("a source's tip with a photo reaches an editor, who reads it with the key file and replies; the source reads the reply", async ({ allowConsoleErrors, page, request, browser, baseURL }, info) => {
  // Setting the key is answered 403 reauthentication_required, as the API has it, before the admin confirms it is them: the browser logs it.
  allowConsoleErrors(/status of 403 \(Forbidden\) \(http:\/\/127\.0\.0\.1:\d+\/api\/tips\/keys\)/);
  test.setTimeout(240_000);

  // (a) The admin makes the key in the browser and keeps its file.
  await signInAsAdmin(page);
  const adminSent = recordRequests(page);
  // The server may hold a key already (another test's): then this is a rotation, which the current key signs.
  const previous = await currentTipKeyFile(request);
  await settled(page, "/admin/tips/key");
  await expect(page.getByRole("heading", { level: 1, name: "Tip-line key" })).toBeVisible();
  if (previous) {
    await expect(page.getByRole("heading", { name: "First, open the current key's file" })).toBeVisible();
    await page.getByLabel("Key files").setInputFiles(previous.path);
    await page.getByLabel("Passphrase", { exact: true }).fill(PASSPHRASE);
    await page.getByRole("button", { name: "Open the current key" }).click();
  }
  await page.getByLabel("Passphrase", { exact: true }).fill("too short");
  await page.getByLabel("Passphrase again").fill("too short");
  await page.getByRole("button", { name: "Make the key in this browser" }).click();
  await expect(page.getByRole("alert")).toHaveText("The passphrase needs at least 12 characters.");
  await page.getByLabel("Passphrase", { exact: true }).fill(PASSPHRASE);
  await page.getByLabel("Passphrase again").fill(PASSPHRASE);
  await page.getByRole("button", { name: "Make the key in this browser" }).click();
  await expect(page.getByRole("heading", { name: "Save the key file" })).toBeFocused({ timeout: 30_000 });

  const saved = page.getByRole("checkbox", { name: "I have saved the key file somewhere safe, off this computer's everyday use" });
  await expect(saved).toBeDisabled();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download the key file" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^khulasa-tip-key-\d{4}-\d{2}-\d{2}\.json$/);
  const keyFilePath = info.outputPath(download.suggestedFilename());
  await download.saveAs(keyFilePath);
  const keyFile = JSON.parse(await readFile(keyFilePath, "utf8")) as TipKeyFileV2;
  expect(keyFile).toMatchObject({ format: "khulasa-tip-key", version: 2 });
  const opened = await openKeyFile(keyFile, PASSPHRASE);
  const privateKey = Buffer.from(opened.privateKey).toString("base64url");
  const signingKey = Buffer.from(opened.signing!.privateKey).toString("base64url");

  await saved.check();
  const use = page.getByRole("button", { name: previous ? "Switch to this key" : "Open the tip line with this key" });
  await use.click();
  if (previous) {
    const dialog = page.getByRole("dialog", { name: "Please confirm" });
    await expect(dialog).toContainText("keep the old key file too");
    await dialog.getByRole("button", { name: "Switch the key" }).click();
  }
  // Setting the key asks the admin to confirm it is them, then sends it again (issue 35).
  await confirmItIsMe(page);
  await expect(page.getByRole("status").filter({ hasText: "The tip line's key is set up" })).toBeVisible();
  await keepTipKeyFile(keyFile);
  const keys = await adminGet<{ public_key: string; current: boolean; signed_by_previous: boolean | null }[]>(request, "/api/tips/keys");
  expect(keys[0]).toMatchObject({ public_key: keyFile.publicKey, current: true, signed_by_previous: previous ? true : null });
  // The fingerprint the newsroom publishes elsewhere, printed on the key page.
  const fingerprint = await keyFingerprint(keyFile.publicKey, keyFile.signingPublicKey);
  await expect(page.getByTestId("tip-key-fingerprint").first()).toHaveText(`Fingerprint: ${fingerprint}`);
  // Only the public keys (and the previous key's signature) went to the server: not the passphrase, not a private key.
  expect(adminSent.filter((line) => line.includes(PASSPHRASE) || line.includes(privateKey) || line.includes(signingKey))).toEqual([]);
  // Sent twice, refused then retried once the admin confirmed: the public keys each time, and nothing else.
  const posted = adminSent.filter((line) => line.includes("/api/tips/keys") && line.startsWith("POST"));
  expect(posted).toHaveLength(2);
  for (const line of posted) {
    const body = JSON.parse(line.slice(line.indexOf(" {") + 1)) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(previous ? ["public_key", "signature", "signing_public_key"] : ["public_key", "signing_public_key"]);
    expect(body).toMatchObject({ public_key: keyFile.publicKey, signing_public_key: keyFile.signingPublicKey });
  }

  // (b) A source, with no account and no cookie, sends a tip with a photo that says where it was taken.
  const photo = await jpegWithGps();
  expect(hasGpsPointer((await sharp(photo).metadata()).exif as Buffer), "the test photo must carry GPS").toBe(true);
  const words = `The tender for the Melamchi road went to the minister's brother-in-law ${Date.now()}`;
  const source = await freshPage(browser, baseURL);
  await settled(source.page, "/tips");
  // The source can compare the key's words with those the newsroom publishes.
  await expect(source.page.getByTestId("tip-key-fingerprint")).toHaveText(fingerprint);
  await source.page.getByLabel("Your message").fill(words);
  await source.page.getByLabel("Documents or photos (optional)").setInputFiles({ name: "site-visit.jpg", mimeType: "image/jpeg", buffer: photo });
  // The new conversation's proof of work: the page says it is preparing (held here until seen), a worker solves it, the tip carries it.
  let releasePuzzle!: () => void;
  const puzzleHeld = new Promise<void>((resolve) => (releasePuzzle = resolve));
  await source.page.route("**/api/tips/puzzle", async (route) => (await puzzleHeld, await route.continue()));
  const worker = source.page.waitForEvent("worker");
  const tipPosted = source.page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/tips");
  await source.page.getByRole("button", { name: "Encrypt and send" }).click();
  await expect(source.page.getByRole("status").filter({ hasText: "Preparing to send securely…" })).toBeVisible();
  releasePuzzle();
  expect((await worker).url()).toMatch(/\/assets\/puzzle-worker-[\w-]+\.js$/);
  expect(JSON.parse((await tipPosted).postData()!).puzzle).toEqual({ challenge: expect.any(String), nonce: expect.any(Number) });
  const codename = (await source.page.getByTestId("tip-codename").textContent({ timeout: 60_000 }))!.trim();
  expect(codename.split(" ")).toHaveLength(8);
  await source.context.close();

  // (c) An editor opens the inbox with the key file, reads the tip, saves the photo and replies.
  const editor = await freshPage(browser, baseURL);
  await newEditor(request, editor.page);
  const editorSent = recordRequests(editor.page);
  await settled(editor.page, "/admin/dashboard");
  await editor.page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Tip line" }).click();
  await expect(editor.page.getByRole("heading", { level: 1, name: "Tip line inbox" })).toBeVisible();
  // Key set-up is for admins.
  await expect(editor.page.getByRole("link", { name: "Set up or change the tip line's key" })).toHaveCount(0);

  await editor.page.getByLabel("Key files").setInputFiles(keyFilePath);
  await editor.page.getByLabel("Passphrase").fill("not the passphrase at all");
  await editor.page.getByRole("button", { name: "Open the inbox" }).click();
  await expect(editor.page.getByRole("alert")).toHaveText(`${download.suggestedFilename()}: wrong passphrase or not a key file.`, { timeout: 30_000 });
  await editor.page.getByLabel("Passphrase").fill(PASSPHRASE);
  await editor.page.getByRole("button", { name: "Open the inbox" }).click();
  await expect(editor.page.getByRole("heading", { name: "Conversations" })).toBeFocused({ timeout: 30_000 });
  await expect(editor.page.getByText("(current key)")).toBeVisible();

  const { tips } = await adminGet<{ tips: { id: number; unread: boolean }[] }>(request, "/api/tips/inbox");
  const tip = tips[0]!;
  expect(tip.unread).toBe(true);
  const item = tipButton(editor.page, tip.id);
  await expect(item).toContainText("New");
  await item.click();
  const conversation = editor.page.getByRole("region", { name: `Tip #${tip.id}`, exact: true });
  await expect(conversation.getByRole("heading", { name: `Tip #${tip.id}` })).toBeFocused();
  const first = conversation.getByTestId("tip-inbox-message").first();
  await expect(first).toContainText("Source");
  await expect(first).toContainText(words);

  const [photoDownload] = await Promise.all([editor.page.waitForEvent("download"), first.getByRole("button", { name: "Download site-visit.jpg" }).click()]);
  expect(photoDownload.suggestedFilename()).toBe("site-visit.jpg");
  const received = await readFile((await photoDownload.path())!);
  const metadata = await sharp(received).metadata();
  // The same picture, drawn again without its metadata in the source's browser.
  expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ format: "jpeg", width: 64, height: 48 });
  expect(metadata.exif === undefined || !hasGpsPointer(metadata.exif)).toBe(true);
  const { dominant } = await sharp(received).stats();
  expect(dominant.r).toBeGreaterThan(150);
  await expect(conversation.getByText("site-visit.jpg was decrypted and saved.")).toBeVisible();

  const reply = `Thank you. Can you send the tender documents? ${Date.now()}`;
  await conversation.getByLabel("Reply to the source").fill(reply);
  await conversation.getByRole("button", { name: "Encrypt and send the reply" }).click();
  await expect(conversation.getByRole("status").filter({ hasText: "Reply sent." })).toBeVisible();
  await expect(conversation.getByTestId("tip-inbox-message")).toHaveCount(2);
  await expect(conversation.getByTestId("tip-inbox-message").nth(1)).toContainText("Newsroom");
  await expect(conversation.getByTestId("tip-inbox-message").nth(1)).toContainText(reply);
  await expect(item).not.toContainText("New");
  expect(await axeFindings(editor.page)).toEqual([]);

  // Kept beyond the retention period, then let go again.
  await conversation.getByRole("button", { name: "Keep this tip" }).click();
  await expect(notification(editor.page, "The tip will be kept.")).toBeVisible();
  await expect(conversation.getByRole("button", { name: "Stop keeping" })).toHaveAttribute("aria-pressed", "true");
  await conversation.getByRole("button", { name: "Stop keeping" }).click();
  await expect(notification(editor.page, "The tip will be deleted with the retention period.")).toBeVisible();

  // Nothing secret left the page or stayed in the browser.
  expect(editorSent.filter((line) => line.includes(PASSPHRASE) || line.includes(privateKey) || line.includes(words) || line.includes(reply))).toEqual([]);
  const stored = await storedInBrowser(editor.page);
  expect(stored.local + stored.session).not.toContain(privateKey);
  expect(stored.databases).toBe(0);

  // Locking forgets the keys: the list goes with them.
  await editor.page.getByRole("button", { name: "Lock the inbox" }).click();
  await expect(editor.page.getByRole("heading", { name: "Open the key file" })).toBeFocused();
  await expect(editor.page.getByRole("heading", { name: "Conversations" })).toHaveCount(0);
  await editor.context.close();

  // (d) The source comes back with the codename, in another fresh browser, and reads the reply.
  const returning = await freshPage(browser, baseURL);
  await settled(returning.page, "/tips");
  await returning.page.getByLabel("Codename").fill(codename);
  await returning.page.getByRole("button", { name: "Open the conversation" }).click();
  const items = returning.page.getByTestId("tip-message");
  await expect(items).toHaveCount(2, { timeout: 30_000 });
  await expect(items.nth(0)).toContainText(words);
  await expect(items.nth(1)).toContainText("The newsroom");
  await expect(items.nth(1)).toContainText(reply);
  // Signed by the newsroom's key file, which the source's browser checked.
  await expect(items.nth(1).getByTestId("tip-signature")).toHaveText("✓ Signed by the newsroom's key");
  await expect(returning.page.getByTestId("tip-key-fingerprint")).toHaveText(fingerprint);
  await returning.context.close();
});

test("an editor deletes a tip after confirming; the inbox and key set-up refuse the roles they are not for", async ({ page, request, browser, baseURL }) => {
  test.setTimeout(120_000);
  // A key of the test's own, posted as an admin's browser would: only its public halves, signed by the key before.
  const { path: keyFilePath } = await rotateTipKey(request);

  // A tip sent without JavaScript: the server seals it the moment it arrives.
  const sent = await request.post("/tips", { form: { intent: "send", message: "A tip to be deleted" }, headers: { origin: baseURL! } });
  expect(sent.status()).toBe(200);
  const { tips } = await adminGet<{ tips: { id: number }[] }>(request, "/api/tips/inbox");
  const id = tips[0]!.id;

  // On a phone, in the dark theme: the open conversation takes the list's place.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await signInAsAdmin(page);
  await settled(page, "/admin/tips");
  await page.getByLabel("Key files").setInputFiles(keyFilePath);
  await page.getByLabel("Passphrase").fill(PASSPHRASE);
  await page.getByRole("button", { name: "Open the inbox" }).click();
  await tipButton(page, id).click();
  const conversation = page.getByRole("region", { name: `Tip #${id}`, exact: true });
  await expect(conversation.getByTestId("tip-inbox-message")).toContainText("A tip to be deleted");
  await expect(page.getByRole("heading", { name: "Conversations" })).toBeHidden();
  expect(await axeFindings(page)).toEqual([]);
  await conversation.getByRole("button", { name: "Back to the conversations" }).click();
  await expect(tipButton(page, id)).toBeFocused();
  await tipButton(page, id).click();
  await conversation.getByRole("button", { name: "Delete this tip" }).click();
  const dialog = page.getByRole("dialog", { name: "Please confirm" });
  await expect(dialog).toContainText(`Delete tip #${id}?`);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(notification(page, "Tip deleted.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Conversations" })).toBeFocused();
  await expect(tipButton(page, id)).toHaveCount(0);
  expect((await adminGet<{ tips: { id: number }[] }>(request, "/api/tips/inbox")).tips.map((tip) => tip.id)).not.toContain(id);

  // An editor may read tips but not make keys; an author may do neither. The server turns them back.
  const editor = await freshPage(browser, baseURL);
  await newEditor(request, editor.page);
  await editor.page.goto("/admin/tips/key");
  await expect(editor.page).toHaveURL(/\/admin\/dashboard$/);
  await expect(notification(editor.page, "Your role does not allow this.")).toBeVisible();
  await editor.context.close();

  const author = await freshPage(browser, baseURL);
  const email = uniqueEmail("tips-author");
  const registered = await request.post("/api/users/register", { data: { name: "Tips Author", email, password: PASSWORD } });
  await adminSend(request, "PUT", `/api/users/${(await registered.json()).user.id}`, { role: "author" });
  expect((await author.page.request.post("/api/admin/login", { data: { username: email, password: PASSWORD } })).status()).toBe(200);
  await author.page.goto("/admin/tips");
  await expect(author.page).toHaveURL(/\/admin\/dashboard$/);
  await expect(notification(author.page, "Your role does not allow this.")).toBeVisible();
  await expect(author.page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Tip line" })).toHaveCount(0);
  await author.context.close();
});

test("a reply nobody signed with the newsroom's key is flagged, an unsigned key change is warned of and a signed one noted; editors are told of a new key", async ({ page, request, browser, baseURL }) => {
  test.setTimeout(180_000);
  await openTipLine(request);
  const current = (await currentTipKeyFile(request))!;
  const newsroom = await openKeyFile(current.file, TIP_KEY_PASSPHRASE);
  await afterArgon2();

  // A source sends a tip from a browser that has seen the key (and keeps its fingerprint).
  const source = await freshPage(browser, baseURL);
  await settled(source.page, "/tips");
  const seen = await keyFingerprint(current.file.publicKey, current.file.signingPublicKey);
  await expect(source.page.getByTestId("tip-key-fingerprint")).toHaveText(seen);
  await source.page.getByLabel("Your message").fill(`Land records were altered ${Date.now()}`);
  await source.page.getByRole("button", { name: "Encrypt and send" }).click();
  const codename = (await source.page.getByTestId("tip-codename").textContent({ timeout: 60_000 }))!.trim();

  // Two "newsroom" replies reach the conversation: one signed with the key file, one by someone who can post
  // replies (a stolen editor's session, or a hand in the database) but has no key file: sealed to the source all the same.
  const { tips } = await adminGet<{ tips: { id: number }[] }>(request, "/api/tips/inbox");
  const tip = await adminGet<{ id: number; source_public_key: string }>(request, `/api/tips/inbox/${tips[0]!.id}`);
  const stranger = (await newNewsroomKey("not the newsroom's passphrase")).keys;
  await afterArgon2();
  const reply = async (text: string, signingKey: Uint8Array) => {
    const message = await sealForBoth({ text, signature: await signReply(text, tip.source_public_key, signingKey) }, current.file.publicKey, tip.source_public_key);
    await adminSend(request, "POST", `/api/tips/inbox/${tip.id}/replies`, { public_key: current.file.publicKey, message });
  };
  await reply("Genuine: we will call on Friday.", newsroom.signing!.privateKey);
  await reply("Forged: send the originals to this address.", stranger.signing!.privateKey);

  await settled(source.page, "/tips");
  await source.page.getByLabel("Codename").fill(codename);
  await source.page.getByRole("button", { name: "Open the conversation" }).click();
  const items = source.page.getByTestId("tip-message");
  await expect(items).toHaveCount(3, { timeout: 30_000 });
  await expect(items.nth(1)).toContainText("Genuine");
  await expect(items.nth(1).getByTestId("tip-signature")).toHaveText("✓ Signed by the newsroom's key");
  await expect(items.nth(2)).toContainText("Forged");
  await expect(items.nth(2).getByRole("alert")).toHaveText("⚠ This reply's signature does not match: it may not come from the newsroom");
  expect(await axeFindings(source.page)).toEqual([]);

  // Someone who can write to the database puts a key of their own after the newsroom's, unsigned: the server
  // publishes it as it would any row of tip_keys. The source's browser, which kept the old fingerprint, warns.
  const intruder = (await newNewsroomKey("an attacker's passphrase")).file;
  const intruderWords = await keyFingerprint(intruder.publicKey, intruder.signingPublicKey);
  await afterArgon2();
  await source.page.route("**/api/tips/setup", async (route) => {
    const setup = (await (await route.fetch()).json()) as TipSetup;
    const link = { publicKey: intruder.publicKey, signingPublicKey: intruder.signingPublicKey, signature: null, createdAt: new Date().toISOString() };
    await route.fulfill({ json: { ...setup, publicKey: intruder.publicKey, signingPublicKey: intruder.signingPublicKey, chain: [...setup.chain, link] } });
  });
  await settled(source.page, "/tips");
  const warning = source.page.getByTestId("tip-key-warning");
  await expect(warning).toHaveText(/^Warning: the newsroom's key has changed, and the new key is not signed by the key this browser saw before\./);
  await expect(warning).toHaveAttribute("role", "alert");
  await expect(source.page.getByTestId("tip-key-fingerprint")).toHaveText(intruderWords);
  // It stays a warning on every visit: the browser keeps the fingerprint it trusted.
  await settled(source.page, "/tips");
  await expect(warning).toBeVisible();
  await source.page.unroute("**/api/tips/setup");

  // The newsroom rotates for real, the new key signed by the old one: the same browser notes it calmly.
  const rotated = await rotateTipKey(request);
  await settled(source.page, "/tips");
  await expect(source.page.getByRole("status").filter({ hasText: "The newsroom's key changed on" })).toHaveText(/^The newsroom's key changed on .+, signed by the previous key\.$/);
  await expect(warning).toHaveCount(0);
  await expect(source.page.getByTestId("tip-key-fingerprint")).toHaveText(await keyFingerprint(rotated.file.publicKey, rotated.file.signingPublicKey));
  await source.context.close();

  // In the back office, the next page tells the admin who changed the key and when, until they dismiss it.
  const me = await adminGet<{ name: string }>(request, "/api/users/me");
  await signInAsAdmin(page);
  await settled(page, "/admin/dashboard");
  const notice = page.getByRole("region", { name: "The tip line's key changed" });
  await expect(notice).toContainText(/^The tip line's key changed on .+, by /);
  await expect(notice).toContainText(`, by ${me.name}. Its fingerprint: `);
  await expect(notice).toContainText(await keyFingerprint(rotated.file.publicKey, rotated.file.signingPublicKey));
  await expect(notice).toContainText("The new key is signed by the previous key.");
  await notice.getByRole("button", { name: "Dismiss" }).click();
  await expect(notice).toHaveCount(0);
  await settled(page, "/admin/articles");
  await expect(notice).toHaveCount(0);
  const audit = await adminGet<{ entries: { action: string; object_label: string; summary: string; actor_name: string }[] }>(request, "/api/audit?limit=20");
  expect(audit.entries.find((entry) => entry.action === "tipkey.create")).toMatchObject({ object_label: await keyFingerprint(rotated.file.publicKey, rotated.file.signingPublicKey), summary: "signed by the previous key" });
});

/** A key of the test's own, made current as an admin's browser would (signed by the key before it): only its public halves are posted. */
async function newCurrentKey(request: APIRequestContext): Promise<KeyPair> {
  return (await rotateTipKey(request)).keys;
}

/** The newest tip's first message, as the newsroom's key opens it. */
async function newestTipOpened(request: APIRequestContext, keys: KeyPair): Promise<TipMessageBody> {
  const { tips } = await adminGet<{ tips: { id: number }[] }>(request, "/api/tips/inbox");
  const tip = await adminGet<{ messages: { for_newsroom: string }[] }>(request, `/api/tips/inbox/${tips[0]!.id}`);
  return open<TipMessageBody>(tip.messages[0]!.for_newsroom, keys);
}

/** The requests that sent the tip page's own form to the server (the path without JavaScript). */
const formPosts = (sent: string[]) => sent.filter((line) => line.startsWith("POST ") && new URL(line.split(" ")[1]!).pathname === "/tips");

test("a tip sent before the page's scripts have arrived waits for them, and leaves the browser sealed", async ({ page, request }) => {
  test.setTimeout(120_000);
  const keys = await newCurrentKey(request);
  const words = `Sent before the scripts came: the ward office's ledger ${Date.now()}`;
  const sent = recordRequests(page);
  const release = await holdIslandScripts(page);
  await page.goto("/tips", { waitUntil: "domcontentloaded" });
  await expect(page.locator("html")).not.toHaveAttribute("data-islands", "ready");
  // Scripts are on, only not here yet: the page does not say they are off.
  await expect(page.getByText(/JavaScript is off/)).toBeHidden();

  await page.getByLabel("Your message").fill(words);
  const send = page.getByRole("button", { name: "Encrypt and send" });
  await send.click();
  await expect(send).toHaveAttribute("aria-busy", "true");

  release();
  const codename = (await page.getByTestId("tip-codename").textContent({ timeout: 60_000 }))!.trim();
  expect(codename.split(" ")).toHaveLength(8);
  // The form was never sent by the browser: the words left only sealed, through the API.
  expect(formPosts(sent)).toEqual([]);
  expect(sent.filter((line) => line.includes(words) || line.includes(encodeURIComponent(words).replace(/%20/g, "+")))).toEqual([]);
  expect(sent.filter((line) => line.startsWith("POST ") && line.includes("/api/tips "))).toHaveLength(1);
  expect(await newestTipOpened(request, keys)).toEqual({ text: words });
});

test("without JavaScript, a tip goes to the server's form, which seals it, and comes back with a codename", async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const keys = await newCurrentKey(request);
  const words = `Sent with scripts off: the bridge audit ${Date.now()}`;
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const sent = recordRequests(page);
  await page.goto("/tips");
  await expect(page.getByText(/^JavaScript is off, so attachments cannot be sent/)).toBeVisible();
  await expect(page.getByLabel("Documents or photos (optional)")).toHaveCount(0);

  await page.getByLabel("Your message").fill(words);
  await page.getByRole("button", { name: "Encrypt and send" }).click();
  const codename = (await page.getByTestId("tip-codename").textContent())!.trim();
  expect(codename.split(" ")).toHaveLength(8);
  expect(formPosts(sent)).toHaveLength(1);
  expect(await newestTipOpened(request, keys)).toEqual({ text: words });
  await context.close();
});
