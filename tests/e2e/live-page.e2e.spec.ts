/**
 * A reader follows a live story (issue 39): the open page learns of a new update without a reload
 * and holds it behind "1 new update" so nothing moves, reveals it on a press without moving the
 * page, applies edits and deletions in place; an update's own address shares that update's words;
 * and once coverage ends the page is a plain story with its updates kept. The page polls here
 * (LIVE_POLL_SECONDS is 1 in playwright.config.ts): the server-sent stream is removed from the
 * browser, so the fallback every browser without EventSource uses is what is tested.
 */
import axe from "axe-core";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { adminToken, createArticle } from "./support/article-fixtures";
import { ne } from "../../app/lib/messages.ne";

interface Posted {
  id: number;
  headline: string;
}

async function liveApi(request: APIRequestContext, slug: string) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const at = `/api/news/${encodeURIComponent(slug)}`;
  const send = async (method: string, path: string, data?: object) => {
    const response = await request.fetch(`${at}${path}`, { method, data, headers });
    expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return response.json();
  };
  return {
    setLive: (data: object) => send("PUT", "/live", data),
    post: async (headline: string, body: string): Promise<Posted> => (await send("POST", "/updates", { headline, body })).update,
    edit: (id: number, data: object) => send("PUT", `/updates/${id}`, data),
    remove: (id: number) => send("DELETE", `/updates/${id}`),
  };
}

/** The page without EventSource, as in a browser that has none: it polls. */
async function withoutEventSource(page: Page) {
  await page.addInitScript(() => Object.defineProperty(window, "EventSource", { value: undefined, configurable: true }));
}

const ogDescription = (page: Page) => page.locator('meta[property="og:description"]').getAttribute("content");

test("a reader's open page gets new updates without a reload, and the page becomes a plain story when coverage ends", async ({ page, request }) => {
  const story = await createArticle(request, `Counting night in Kathmandu ${Date.now()}`);
  const live = await liveApi(request, story.slug);
  await live.setLive({ key_points: "<ul><li>Counting has begun in all 165 constituencies.</li></ul>" });
  const posted: Posted[] = [];
  for (const n of [1, 2, 3]) posted.push(await live.post(`Ward ${n} counted`, `<p>The boxes of ward ${n} are counted.</p>`));

  await withoutEventSource(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/article/${story.slug}`);
  await expect(page.getByText("Live", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Key points" })).toContainText("Counting has begun");
  const updates = page.locator("article[id^=update-]");
  await expect(updates).toHaveCount(3);
  // Newest first, each with its exact time in datetime and a link to its own address.
  await expect(updates.first().getByRole("heading")).toHaveText("Ward 3 counted");
  await expect(updates.first().getByRole("link", { name: "Link to this update" })).toHaveAttribute("href", `/article/${story.slug}?update=${posted[2]!.id}#update-${posted[2]!.id}`);
  const time = updates.first().locator("time[datetime]").first();
  await expect(time.locator("[data-elapsed]")).toHaveText(/^(just now|1 minute ago)$/);
  // The exact time is in its title, and shown beside it when it has focus.
  const exact = await time.getAttribute("title");
  expect(exact).toMatch(/\d{4}, \d{2}:\d{2}$/);
  await expect(time.getByText(exact!)).toBeHidden();
  await time.focus();
  await expect(time.getByText(exact!)).toBeVisible();
  await time.blur();

  // The reader is at the top of the stream, reading the newest update.
  await page.locator("#live-heading").evaluate((heading) => heading.scrollIntoView({ block: "start" }));
  const reading = page.locator(`#update-${posted[2]!.id}`);
  const stream = page.locator("#live-stream");
  // Where things are on the screen, not window.scrollY: the browser may change that by a few pixels
  // to keep what is in view in place while something above it settles (scroll anchoring).
  const before = { stream: (await stream.boundingBox())!.y, top: (await reading.boundingBox())!.y };

  const fourth = await live.post("Ward 4 counted", "<p>The boxes of ward 4 are counted.</p>");
  const button = page.getByRole("button", { name: "1 new update" });
  await expect(button).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "1 new update" })).toBeAttached();
  // Held, not shown: what the reader is reading has not moved.
  await expect(page.locator(`#update-${fourth.id}`)).toHaveCount(0);
  expect((await reading.boundingBox())!.y).toBe(before.top);

  // Pressed where it is: Playwright's own click would first scroll the page to make sure of it.
  await button.evaluate((element: HTMLElement) => element.click());
  await expect(page.locator(`#update-${fourth.id}`)).toBeVisible();
  await expect(page.locator(`#update-${fourth.id}`)).toBeFocused();
  // The page has not moved: the stream starts where it did, the new update at its top.
  expect((await stream.boundingBox())!.y).toBe(before.stream);
  expect((await page.locator(`#update-${fourth.id}`).boundingBox())!.y).toBeLessThan((await reading.boundingBox())!.y);
  await expect(button).toHaveCount(0);

  // An edit replaces an update where it stands; a deletion removes it.
  await live.edit(posted[1]!.id, { body: "<p>Ward 2: the count was corrected.</p>" });
  await expect(page.locator(`#update-${posted[1]!.id}`)).toContainText("the count was corrected");
  await expect(page.locator(`#update-${posted[1]!.id}`)).toContainText("Edited");
  await live.remove(posted[0]!.id);
  await expect(page.locator(`#update-${posted[0]!.id}`)).toHaveCount(0);
  await expect(updates).toHaveCount(3);

  // An update's own address: its words in the share preview, the story as the canonical page.
  await page.goto(`/article/${story.slug}?update=${fourth.id}#update-${fourth.id}`);
  expect(await ogDescription(page)).toBe("Ward 4 counted: The boxes of ward 4 are counted.");
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", new RegExp(`/article/${story.slug}\\?update=${fourth.id}#update-${fourth.id}$`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/article/${story.slug}$`));
  // An id that is no update of this story is simply the story.
  await page.goto(`/article/${story.slug}?update=999999999`);
  expect(await ogDescription(page)).not.toContain("Ward");

  await live.setLive({ ended_at: "now" });
  await page.goto(`/article/${story.slug}`);
  await expect(page.getByText(/Live coverage ended/)).toBeVisible();
  // The story's own page (the sidebar's cards may badge other live stories).
  await expect(page.getByRole("main").locator("article").first().getByText("Live", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Refresh for the latest" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /new update/ })).toHaveCount(0);
  await expect(updates).toHaveCount(3);
});

test("the Nepali page counts new updates in Nepali digits", async ({ page, request }) => {
  const story = await createArticle(request, `मतगणना ${Date.now()}`);
  const live = await liveApi(request, story.slug);
  await live.setLive({});
  await withoutEventSource(page);
  await page.goto(`/ne/article/${story.slug}`);
  await live.post("", "<p>पहिलो नतिजा आयो।</p>");
  await live.post("", "<p>दोस्रो नतिजा आयो।</p>");
  await expect(page.getByRole("button", { name: "२ नयाँ अपडेट" })).toBeVisible();
  await expect(page.getByText(ne.liveRefresh)).toBeVisible();
});

test("without JavaScript the live page is complete as loaded, with a link to load it again", async ({ browser, request, baseURL }) => {
  const story = await createArticle(request, `Flood on the Koshi ${Date.now()}`);
  const live = await liveApi(request, story.slug);
  await live.setLive({});
  const update = await live.post("Gates open", "<p>All 56 gates of the barrage are open.</p>");
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/article/${story.slug}`);
  await expect(page.locator(`#update-${update.id}`)).toContainText("All 56 gates");
  const refresh = page.getByRole("link", { name: "Refresh for the latest" });
  await expect(refresh).toHaveAttribute("href", `/article/${story.slug}?#live`);
  await context.close();
});

test("a running live story that leads the home page shows its Live badge and its latest three updates", async ({ page, request }) => {
  const story = await createArticle(request, `Landslide on the Prithvi Highway ${Date.now()}`);
  const live = await liveApi(request, story.slug);
  await live.setLive({});
  const posted: Posted[] = [];
  for (const n of [1, 2, 3, 4]) posted.push(await live.post(n === 4 ? "" : `Rescue team ${n} arrives`, `<p>Rescue team ${n} has reached the site near Mugling.</p>`));
  await page.goto("/");
  const lead = page.getByRole("region", { name: "Top stories" });
  await expect(lead.getByRole("heading", { level: 2 }).first()).toHaveText(`Live${story.title}`);
  const latest = lead.getByRole("region", { name: "Latest updates" }).getByRole("link");
  // The newest first; one without a headline is named by its first words.
  await expect(latest).toHaveText(["Rescue team 4 has reached the site near Mugling.", "Rescue team 3 arrives", "Rescue team 2 arrives"]);
  await expect(latest.first()).toHaveAttribute("href", `/article/${story.slug}?update=${posted[3]!.id}#update-${posted[3]!.id}`);
  await expect(lead.getByRole("region", { name: "Latest updates" }).locator("time").first()).toHaveText(/just now|minute ago/);

  await live.setLive({ ended_at: "now" });
  await page.goto("/");
  await expect(lead.getByRole("heading", { level: 2 }).first()).toHaveText(story.title);
  await expect(lead.getByRole("region", { name: "Latest updates" })).toHaveCount(0);
});

test("axe finds nothing on a live page with new updates waiting, in both themes, on a phone and a desktop", async ({ browser, request, baseURL }) => {
  const story = await createArticle(request, `Flood warnings on the Bagmati ${Date.now()}`);
  const live = await liveApi(request, story.slug);
  await live.setLive({ key_points: "<ul><li>The Bagmati is above its danger mark.</li></ul>" });
  const first = await live.post("Warning issued", "<p>The flood forecasting division has issued a warning.</p>");
  await live.edit(first.id, { body: "<p>The division has issued a red warning.</p>" });
  await live.post("", "<p>Schools in Kathmandu are closed tomorrow.</p>");
  await live.edit(first.id, { pinned: true });
  const found: string[] = [];
  for (const [scheme, width] of [["light", 390], ["dark", 390], ["light", 1280], ["dark", 1280]] as const) {
    const context = await browser.newContext({ baseURL, colorScheme: scheme, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await withoutEventSource(page);
    await page.goto(`/article/${story.slug}`);
    if (scheme === "dark") await page.evaluate(() => document.documentElement.classList.add("dark"));
    await live.post("", `<p>Water level reading ${scheme} ${width}.</p>`);
    await expect(page.getByRole("button", { name: "1 new update" })).toBeVisible();
    await page.evaluate(axe.source);
    const { violations } = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run());
    found.push(...violations.map((v) => `${scheme} ${width}: ${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}: ${v.help}`));
    await context.close();
  }
  expect(found).toEqual([]);
});

test("with server-sent events, the open page is sent the update without polling", async ({ page, request }) => {
  const story = await createArticle(request, `Verdict day at the Supreme Court ${Date.now()}`);
  const live = await liveApi(request, story.slug);
  await live.setLive({});
  const polls: string[] = [];
  page.on("request", (sent) => {
    if (/\/updates\?after=/.test(sent.url())) polls.push(sent.url());
  });
  const streamOpened = page.waitForRequest((sent) => /\/updates\/stream\?after=\d+$/.test(sent.url()));
  await page.goto(`/article/${story.slug}`);
  await streamOpened;
  const posted = await live.post("The bench sits", "<p>The five judges have taken their seats.</p>");
  await page.getByRole("button", { name: "1 new update" }).click();
  await expect(page.locator(`#update-${posted.id}`)).toContainText("five judges");
  await live.edit(posted.id, { body: "<p>The five judges have risen.</p>" });
  await expect(page.locator(`#update-${posted.id}`)).toContainText("have risen");
  // Polled once a second were the stream not used (LIVE_POLL_SECONDS=1 here).
  expect(polls).toEqual([]);
});
