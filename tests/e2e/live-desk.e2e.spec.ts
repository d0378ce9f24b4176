/**
 * Issue 39's newsroom journey on a phone: an editor starts a story's live coverage with its key
 * points, posts updates from the live desk (one with a picture from the camera), keeps a draft
 * across a reload, posts through a dropped connection and an answer lost on the way (stored once,
 * by its Idempotency-Key), corrects and deletes updates, and ends the coverage.
 */
import axe from "axe-core";
import sharp from "sharp";
import { type APIRequestContext, type Page, expect, test } from "./support/test";
import { adminSend, confirmDialog, notification, signInAsAdmin } from "./support/admin";
import { adminToken, uniqueEmail } from "./support/article-fixtures";
import { settled } from "./support/settled";

const PASSWORD = "live-desk-password-1";

test.use({ viewport: { width: 390, height: 844 } });

const picture = () => sharp({ create: { width: 64, height: 48, channels: 3, background: "#2a6f97" } }).jpeg().toBuffer();

/** A new editor, signed in in the page's browser context. */
async function signInAsEditor(page: Page, request: APIRequestContext) {
  const email = uniqueEmail("live-editor");
  const registered = await request.post("/api/users/register", { data: { name: `Live editor ${Date.now()}`, email, password: PASSWORD } });
  expect(registered.status()).toBe(201);
  await adminSend(request, "PUT", `/api/users/${(await registered.json()).user.id}`, { role: "editor" });
  expect((await page.request.post("/api/admin/login", { data: { username: email, password: PASSWORD } })).status()).toBe(200);
}

/** The story's updates as readers get them from the API, newest first. */
async function storedUpdates(request: APIRequestContext, slug: string) {
  const answer = await request.get(`/api/news/${encodeURIComponent(slug)}/updates?limit=100`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()).updates as { id: number; headline: string; body: string; pinned: boolean; edited_at: string | null }[]);
}

const composer = (page: Page) => page.getByRole("form", { name: "Post" });
const card = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text });

async function postUpdate(page: Page, text: string, options: { headline?: string; pin?: boolean } = {}) {
  await composer(page).getByLabel("Update", { exact: true }).fill(text);
  if (options.headline) await composer(page).getByLabel("Headline (optional)").fill(options.headline);
  if (options.pin) await composer(page).getByRole("checkbox", { name: "Pin it at the top" }).check();
  await composer(page).getByRole("button", { name: "Post" }).click();
  await expect(composer(page).getByRole("status")).toHaveText("Posted");
  await expect(card(page, text)).toBeVisible();
}

test("an editor covers a flood live from a phone: starts, posts, keeps a draft, posts through a dropped connection once, corrects, deletes and ends", async ({ page, request, context, allowConsoleErrors }) => {
  await signInAsEditor(page, request);
  const writers = await (await request.get("/api/writers")).json();
  const story = await (
    await adminSend(request, "POST", "/api/news", {
      title: `The Koshi rises ${Date.now()}`,
      content: "<p>The river is above the danger mark.</p>",
      writer_id: writers[0].id,
      is_published: "true",
    })
  ).json();
  const slug = story.slug as string;

  // On the story's page in the back office: key points, then coverage starts.
  await page.goto(`/admin/articles/edit/${encodeURIComponent(slug)}`);
  const coverage = page.getByRole("region", { name: "Live coverage" });
  await expect(coverage.getByText("This story is not live.")).toBeVisible();
  await coverage.getByLabel("Key points").fill("All 56 gates of the barrage are open\nSunsari is evacuating");
  await coverage.getByRole("button", { name: "Start live coverage" }).click();
  await expect(coverage.getByText(/^Live since /)).toBeVisible();
  const live = await (await request.get(`/api/news/${encodeURIComponent(slug)}`)).json();
  expect(live.live).toMatchObject({ ended_at: null, key_points: "<ul><li>All 56 gates of the barrage are open</li><li>Sunsari is evacuating</li></ul>" });

  await coverage.getByRole("link", { name: "Open the live desk" }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/live\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(story.title);

  // Three updates, the second pinned with a headline, the third with a picture from the camera.
  await postUpdate(page, "The water reached Chatara at 14:00.");
  await postUpdate(page, "Families are moving to the school in Inaruwa.", { headline: "Evacuation", pin: true });
  await composer(page).getByLabel("Take or choose a picture").setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: await picture() });
  await composer(page).getByLabel("Caption").fill("The barrage at dusk");
  await postUpdate(page, "The barrage from the east bank.");
  await expect(card(page, "The barrage from the east bank.").getByRole("figure")).toContainText("The barrage at dusk");

  let stored = await storedUpdates(request, slug);
  expect(stored.map((update) => update.headline)).toEqual(["", "Evacuation", ""]);
  expect(stored[0]!.body).toMatch(/^<p>The barrage from the east bank\.<\/p><figure><img src="[^"]+" alt="" \/><figcaption>The barrage at dusk<\/figcaption><\/figure>$/);
  expect(stored[1]!.pinned).toBe(true);

  // A draft survives a reload.
  const draft = "Rain is forecast for the night in the hills.";
  await composer(page).getByLabel("Update", { exact: true }).fill(draft);
  await page.reload();
  await expect(composer(page).getByLabel("Update", { exact: true })).toHaveValue(draft);

  // Offline, the post waits; back online, it is sent, and the first answer is lost on the way:
  // the server stored it, the phone never heard. It is sent again and stored once.
  // The router, too, says it could not ask for the routes of links it drew while offline.
  allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to load resource|Failed to fetch manifest patches/);
  await context.setOffline(true);
  await composer(page).getByRole("button", { name: "Post" }).click();
  await expect(composer(page).getByRole("status")).toHaveText("Waiting for connection. The update will be posted when it returns.");
  await expect(composer(page).getByLabel("Update", { exact: true })).toHaveValue(draft);
  let lost = 0;
  await page.route(`**/api/news/*/updates`, async (route) => {
    if (route.request().method() !== "POST" || lost > 0) return route.fallback();
    lost += 1;
    await route.fetch();
    await route.abort("failed");
  });
  await context.setOffline(false);
  await expect.poll(async () => (await storedUpdates(request, slug)).filter((update) => update.body.includes("Rain is forecast")).length).toBe(1);
  await expect(composer(page).getByRole("status")).toHaveText("Waiting for connection. The update will be posted when it returns.");
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(composer(page).getByRole("status")).toHaveText("Posted");
  await expect(card(page, draft)).toHaveCount(1);
  stored = await storedUpdates(request, slug);
  expect(stored.filter((update) => update.body === `<p>${draft}</p>`)).toHaveLength(1);
  expect(stored).toHaveLength(4);
  await page.unroute(`**/api/news/*/updates`);

  // A correction shows as edited; a deletion takes the update off the stream.
  await card(page, "The water reached Chatara at 14:00.").getByRole("button", { name: /^Edit the update of / }).click();
  const editing = page.getByRole("article").filter({ has: page.getByRole("button", { name: "Save" }) });
  await expect(editing.getByLabel("Update", { exact: true })).toHaveValue("The water reached Chatara at 14:00.");
  await editing.getByLabel("Update", { exact: true }).fill("The water reached Chatara at 14:10.");
  await editing.getByRole("button", { name: "Save" }).click();
  await expect(notification(page, "Update saved")).toBeVisible();
  await expect(card(page, "The water reached Chatara at 14:10.").getByText(/^edited /)).toBeVisible();
  const families = card(page, "Families are moving to the school in Inaruwa.");
  await families.getByRole("button", { name: /^Delete the update of / }).click();
  await expect(confirmDialog(page).getByText("Delete this update? It leaves the story's page at once.")).toBeVisible();
  await confirmDialog(page).getByRole("button", { name: "Delete" }).click();
  await expect(notification(page, "Update deleted")).toBeVisible();
  await expect(families).toHaveCount(0);
  stored = await storedUpdates(request, slug);
  expect(stored.map((update) => update.body.replace(/<figure>.*<\/figure>/, ""))).toEqual([
    `<p>${draft}</p>`,
    "<p>The barrage from the east bank.</p>",
    "<p>The water reached Chatara at 14:10.</p>",
  ]);
  expect(stored[2]!.edited_at).not.toBeNull();

  // Coverage ends on the story's page, after saying what that does.
  await page.getByRole("link", { name: "Start, end or change the key points on the story's page" }).click();
  await coverage.getByRole("button", { name: "End live coverage" }).click();
  await expect(confirmDialog(page).getByText(/^Ending turns the page into a normal story/)).toBeVisible();
  await confirmDialog(page).getByRole("button", { name: "End live coverage" }).click();
  await expect(coverage.getByText(/^Live coverage ended /)).toBeVisible();
  expect((await (await request.get(`/api/news/${encodeURIComponent(slug)}`)).json()).live.ended_at).not.toBeNull();
  await page.goto(`/admin/articles/live/${encodeURIComponent(slug)}`);
  await expect(page.getByText("Live coverage of this story has ended. Its updates can still be corrected.")).toBeVisible();
  await expect(composer(page)).toHaveCount(0);
});

test("axe finds nothing on the live desk, the story's coverage panel and the dashboard's live stories, in both languages and themes, at a phone's and a desktop's width", async ({ browser, baseURL, request }) => {
  test.setTimeout(180_000);
  const writers = await (await request.get("/api/writers")).json();
  const english = await (await adminSend(request, "POST", "/api/news", { title: `Counting in Jhapa ${Date.now()}`, content: "<p>Counting began.</p>", writer_id: writers[0].id, is_published: "true" })).json();
  const nepali = await (await adminSend(request, "POST", `/api/news/${encodeURIComponent(english.slug)}/translation`, { language: "ne" })).json();
  await adminSend(request, "PUT", `/api/news/${encodeURIComponent(nepali.slug)}`, { title: `झापामा मतगणना ${Date.now()}`, is_published: "true" });
  for (const slug of [english.slug, nepali.slug]) await adminSend(request, "PUT", `/api/news/${encodeURIComponent(slug)}/live`, { key_points: "<ul><li>Counting in all 7 constituencies</li></ul>" });
  const upload = await request.post("/api/upload", { headers: { authorization: `Bearer ${await adminToken(request)}` }, multipart: { media: { name: "a.jpg", mimeType: "image/jpeg", buffer: await picture() } } });
  expect(upload.status()).toBe(201);
  const { url } = await upload.json();
  const updates = `/api/news/${encodeURIComponent(english.slug)}/updates`;
  await adminSend(request, "POST", updates, { headline: "First results", body: "<p>Jhapa-5: 4,210 votes counted.</p>", translation: { body: "<p>झापा–५: ४,२१० मत गनिए।</p>" } });
  await adminSend(request, "POST", updates, { pinned: true, body: `<p>Queues in Bhadrapur.</p><figure><img src="${url}" alt=""><figcaption>Bhadrapur, 19:40</figcaption></figure>` });

  const found: string[] = [];
  for (const view of [
    { scheme: "light", width: 390 },
    { scheme: "dark", width: 390 },
    { scheme: "light", width: 1280 },
    { scheme: "dark", width: 1280 },
  ] as const) {
    const context = await browser.newContext({ baseURL, colorScheme: view.scheme, viewport: { width: view.width, height: 900 } });
    const page = await context.newPage();
    await signInAsAdmin(page);
    for (const path of [`/admin/articles/live/${encodeURIComponent(english.slug)}`, `/ne/admin/articles/live/${encodeURIComponent(nepali.slug)}`, `/admin/articles/edit/${encodeURIComponent(english.slug)}`, "/admin/dashboard"]) {
      // The desk has no rich-text editor to wait for (settled waits for the article form's).
      if (path.includes("/live/")) {
        await page.goto(path);
        await page.getByRole("checkbox", { name: /edition|संस्करण/ }).check();
      } else await settled(page, path);
      if (path === "/admin/dashboard") await expect(page.getByRole("link", { name: english.title })).toBeVisible();
      await page.evaluate(axe.source);
      const { violations } = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run());
      found.push(...violations.map((v) => `${view.scheme} ${view.width}px ${path}: ${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}: ${v.help}`));
    }
    await context.close();
  }
  expect(found).toEqual([]);
  // Left running, they would be live on the home page for the journeys that follow.
  for (const slug of [english.slug, nepali.slug]) await adminSend(request, "PUT", `/api/news/${encodeURIComponent(slug)}/live`, { ended_at: "now" });
});

test("an author finds the live story on the dashboard and posts to it, changing only their own updates; a contributor is turned back", async ({ page, request }) => {
  const writers = await (await request.get("/api/writers")).json();
  const story = await (await adminSend(request, "POST", "/api/news", { title: `Landslide in Sindhupalchok ${Date.now()}`, content: "<p>The road is blocked.</p>", writer_id: writers[0].id, is_published: "true" })).json();
  const at = `/api/news/${encodeURIComponent(story.slug)}`;
  await adminSend(request, "PUT", `${at}/live`, {});
  await adminSend(request, "POST", `${at}/updates`, { body: "<p>The desk's first report.</p>" });

  const signInAs = async (role: "author" | "contributor") => {
    const email = uniqueEmail(`live-${role}`);
    const registered = await request.post("/api/users/register", { data: { name: `Live ${role} ${Date.now()}`, email, password: PASSWORD } });
    expect(registered.status()).toBe(201);
    await adminSend(request, "PUT", `/api/users/${(await registered.json()).user.id}`, { role });
    await page.context().clearCookies();
    expect((await page.request.post("/api/admin/login", { data: { username: email, password: PASSWORD } })).status()).toBe(200);
  };

  await signInAs("author");
  await page.goto("/admin/dashboard");
  await page.getByRole("region", { name: "Live now: post from the live desk" }).getByRole("link", { name: story.title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(story.title);
  await expect(page.getByRole("link", { name: "Start, end or change the key points on the story's page" })).toHaveCount(0);
  await expect(card(page, "The desk's first report.").getByRole("button")).toHaveCount(0);
  await postUpdate(page, "Rescuers reached Barhabise.");
  await expect(card(page, "Rescuers reached Barhabise.").getByRole("button")).toHaveText(["Edit", "Pin", "Delete"]);

  await signInAs("contributor");
  await page.goto(`/admin/articles/live/${encodeURIComponent(story.slug)}`);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(notification(page, "Your role does not allow this.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Live now: post from the live desk" })).toHaveCount(0);
  await adminSend(request, "PUT", `${at}/live`, { ended_at: "now" });
});
