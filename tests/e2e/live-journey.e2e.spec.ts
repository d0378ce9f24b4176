/**
 * Issue 39's journey end to end, the newsroom and a reader at once: an editor starts a story's live
 * coverage and posts three updates from the live desk in a phone-sized window; a reader who has the
 * story open gets "new updates" without a reload, reveals them without the page moving, and opens
 * an update's own address, whose share preview is that update, and sees the key points change as
 * the desk changes them; the editor ends the coverage and the reader's page says so at once, and is
 * a plain story with its updates. The reader's browser holds the real stream
 * (server-sent events), as a phone's does.
 */
import { type Page, expect, test } from "./support/test";
import { adminSend, confirmDialog, signInAsAdmin } from "./support/admin";

const composer = (page: Page) => page.getByRole("form", { name: "Post" });

async function postFromDesk(desk: Page, text: string) {
  await composer(desk).getByLabel("Update", { exact: true }).fill(text);
  await composer(desk).getByRole("button", { name: "Post" }).click();
  await expect(composer(desk).getByRole("status")).toHaveText("Posted");
}

test("an editor covers a night live from a phone while a reader follows it, until the coverage ends", async ({ page: desk, browser, baseURL, request }) => {
  await desk.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(desk);
  const writers = await (await request.get("/api/writers")).json();
  const story = await (
    await adminSend(request, "POST", "/api/news", { title: `Counting night in Jhapa ${Date.now()}`, content: "<p>The count goes on through the night.</p>", writer_id: writers[0].id, is_published: "true" })
  ).json();
  const slug = story.slug as string;

  await desk.goto(`/admin/articles/edit/${encodeURIComponent(slug)}`);
  const coverage = desk.getByRole("region", { name: "Live coverage" });
  await coverage.getByLabel("Key points").fill("Counting has begun in all seven constituencies");
  await coverage.getByRole("button", { name: "Start live coverage" }).click();
  await expect(coverage.getByText(/^Live since /)).toBeVisible();
  await coverage.getByRole("link", { name: "Open the live desk" }).click();
  await postFromDesk(desk, "Jhapa-1: the first ballot boxes are opened.");

  // A reader opens the story on their phone; it is live, with the update posted so far.
  const readerContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const reader = await readerContext.newPage();
  await reader.goto(`/article/${encodeURIComponent(slug)}`);
  await expect(reader.getByText("Live", { exact: true }).first()).toBeVisible();
  await expect(reader.getByRole("region", { name: "Key points" })).toContainText("Counting has begun");
  const updates = reader.locator("article[id^=update-]");
  await expect(updates).toHaveCount(1);
  await reader.locator("#live-heading").evaluate((heading) => heading.scrollIntoView({ block: "start" }));
  const reading = updates.first();
  const before = (await reading.boundingBox())!.y;

  // Two more from the desk: the reader is told, and what they read does not move.
  await postFromDesk(desk, "Jhapa-2: 4,210 votes counted.");
  await postFromDesk(desk, "Jhapa-5: a recount is asked for.");
  const button = reader.getByRole("button", { name: "2 new updates" });
  await expect(button).toBeVisible();
  await expect(updates).toHaveCount(1);
  expect((await reading.boundingBox())!.y).toBe(before);
  await button.evaluate((element: HTMLElement) => element.click());
  await expect(updates).toHaveCount(3);
  await expect(updates.first()).toContainText("Jhapa-5: a recount is asked for.");
  await expect(updates.first()).toBeFocused();
  expect((await reading.boundingBox())!.y).toBe(before);

  // The desk's editor changes the key points on the story's page: the reader's page shows them as they stand.
  const panel = await desk.context().newPage();
  await panel.goto(`/admin/articles/edit/${encodeURIComponent(slug)}`);
  const panelCoverage = panel.getByRole("region", { name: "Live coverage" });
  await panelCoverage.getByLabel("Key points").fill("Counting has begun in all seven constituencies\nJhapa-5 will be recounted");
  await panelCoverage.getByRole("button", { name: "Save key points" }).click();
  await expect(reader.getByRole("region", { name: "Key points" })).toContainText("Jhapa-5 will be recounted");
  await panel.close();

  // The newest update's own address: shared, it previews that update's words.
  const own = await updates.first().getByRole("link", { name: "Link to this update" }).getAttribute("href");
  expect(own).toMatch(new RegExp(`^/article/${slug}\\?update=\\d+#update-\\d+$`));
  await reader.goto(own!);
  await expect(reader.locator('meta[property="og:description"]')).toHaveAttribute("content", "Jhapa-5: a recount is asked for.");
  await expect(reader.locator(own!.slice(own!.indexOf("#")))).toBeInViewport();

  // The editor ends the coverage; the reader's page is a plain story, its updates kept.
  await desk.goto(`/admin/articles/edit/${encodeURIComponent(slug)}`);
  await coverage.getByRole("button", { name: "End live coverage" }).click();
  await confirmDialog(desk).getByRole("button", { name: "End live coverage" }).click();
  await expect(coverage.getByText(/^Live coverage ended /)).toBeVisible();
  // The reader's open page says so at once, and stops offering the latest.
  await expect(reader.locator("[data-live-ended]")).toHaveText(/^Live coverage ended /);
  await expect(reader.locator("[data-live-ended]")).toBeVisible();
  await expect(reader.getByRole("link", { name: "Refresh for the latest" })).toHaveCount(0);
  await expect(reader.getByRole("main").locator("article").first().getByText("Live", { exact: true })).toHaveCount(0);
  await expect(reader.getByRole("status").filter({ hasText: /^Live coverage ended / })).toBeAttached();
  await reader.goto(`/article/${encodeURIComponent(slug)}`);
  await expect(reader.getByText(/Live coverage ended/)).toBeVisible();
  await expect(reader.getByRole("main").locator("article").first().getByText("Live", { exact: true })).toHaveCount(0);
  await expect(reader.getByRole("link", { name: "Refresh for the latest" })).toHaveCount(0);
  await expect(updates).toHaveCount(3);
  await readerContext.close();
});
