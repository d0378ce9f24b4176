import { expect, test } from "./support/test";
import { ne } from "../../app/lib/messages.ne";
import { publishedArticles } from "./support/article-fixtures";

async function anArticleSlug(request: Parameters<typeof publishedArticles>[0]): Promise<string> {
  const [first] = await publishedArticles(request);
  if (!first) throw new Error("no published demo article");
  return first.slug;
}

test.describe("sharing an article", () => {
  test("without the Web Share API, the share button copies the canonical address and says so", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    // Desktop browsers mostly lack navigator.share: make sure this one does too.
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true }));
    const slug = await anArticleSlug(page.request);
    await page.goto(`/ne/article/${slug}`);

    await page.getByRole("group", { name: ne.articleTools }).getByRole("link", { name: ne.share }).click();
    await expect(page.getByRole("status").getByText(ne.linkCopied)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(new URL(`/ne/article/${slug}`, baseURL).href);
  });

  test("with the Web Share API, it hands over the canonical address and the title", async ({ page, baseURL }) => {
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(Navigator.prototype, "share", {
        value: async (data: ShareData) => void shared.push(data),
        configurable: true,
      });
    });
    const slug = await anArticleSlug(page.request);
    await page.goto(`/article/${slug}`);
    const title = await page.getByRole("heading", { level: 1 }).textContent();

    await page.getByRole("group", { name: "Article tools" }).getByRole("link", { name: "Share" }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)).toEqual([
      { url: new URL(`/article/${slug}`, baseURL).href, title },
    ]);
    await expect(page.getByRole("status").getByText("Link copied to clipboard!")).toHaveCount(0);
  });

  test("the network buttons are plain links to the canonical address, and no share SDK loads", async ({ page, baseURL }) => {
    const slug = await anArticleSlug(page.request);
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.goto(`/article/${slug}`);
    const canonical = encodeURIComponent(new URL(`/article/${slug}`, baseURL).href);
    await expect(page.getByRole("link", { name: "Share on Facebook" })).toHaveAttribute("href", `https://www.facebook.com/sharer/sharer.php?u=${canonical}`);
    await expect(page.getByRole("link", { name: "Share on Twitter" })).toHaveAttribute("href", new RegExp(`^https://twitter\\.com/intent/tweet\\?url=${canonical.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}&text=`));
    await expect(page.getByRole("link", { name: "Share on LinkedIn" })).toHaveAttribute("href", `https://www.linkedin.com/sharing/share-offsite/?url=${canonical}`);
    await page.waitForLoadState("networkidle");
    expect(requests.filter((url) => !url.startsWith(baseURL ?? "") && !url.startsWith("data:"))).toEqual([]);
  });
});
