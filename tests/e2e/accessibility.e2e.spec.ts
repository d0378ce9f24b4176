/**
 * What axe-core finds on the pages readers and editors use, in both themes, at a phone's width and a
 * desktop's (what is hidden differs, and so what is checked): nothing at all. A finding names the
 * page, the rule and the elements, so the failure says where to look.
 */
import axe from "axe-core";
import { type APIRequestContext, type Browser, type Page, expect, test } from "./support/test";
import { signInAsAdmin } from "./support/admin";
import { settled } from "./support/settled";
import { openTipLine } from "./support/tip-keys";
import { adminToken, publishedArticles } from "./support/article-fixtures";
import { leaky } from "../../app/server/documents/test-pdfs";

const VIEWS = [
  { scheme: "light", width: 390 },
  { scheme: "dark", width: 390 },
  { scheme: "light", width: 1280 },
  { scheme: "dark", width: 1280 },
] as const;

/** A document whose examination found what it leaks (issue 38), for its page in the back office. */
async function examinedLeakyDocument(request: APIRequestContext): Promise<number> {
  const authorization = `Bearer ${await adminToken(request)}`;
  const file = { name: "letters.pdf", mimeType: "application/pdf", buffer: Buffer.from(await leaky.blackBox("Koshimoto")) };
  const uploaded = await request.post("/api/documents", { headers: { authorization }, multipart: { file, title_en: "Letters under a black box" } });
  expect(uploaded.status()).toBe(201);
  const { id } = (await uploaded.json()).document as { id: number };
  await expect.poll(async () => (await (await request.get(`/api/documents/${id}`, { headers: { authorization } })).json()).document.status).toBe("needs_review");
  return id;
}

async function findings(page: Page, path: string): Promise<string[]> {
  await settled(page, path);
  // Evaluated, not added as a script element: the pages' Content-Security-Policy would refuse that.
  await page.evaluate(axe.source);
  const { violations } = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run());
  return violations.map((v) => `${path}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}: ${v.help}`);
}

async function sweep(browser: Browser, baseURL: string | undefined, paths: string[], signIn = false) {
  const found: string[] = [];
  for (const view of VIEWS) {
    const context = await browser.newContext({ baseURL, colorScheme: view.scheme, viewport: { width: view.width, height: 900 } });
    const page = await context.newPage();
    if (signIn) await signInAsAdmin(page);
    for (const path of paths) found.push(...(await findings(page, path)).map((f) => `${view.scheme} ${view.width}px ${f}`));
    await context.close();
  }
  return found;
}

test.describe("accessibility (axe-core)", () => {
  test.describe.configure({ timeout: 300_000 });

  test("reader pages, in English and Nepali, light and dark, phone and desktop", async ({ allowConsoleErrors, browser, baseURL, request }) => {
    // /bookmarks is no page: the sweep covers the not-found page there, which is answered 404, and the browser logs it.
    allowConsoleErrors(/on http:\/\/127\.0\.0\.1:\d+\/bookmarks: .*status of 404/);
    await openTipLine(request);
    const articles = await publishedArticles(request);
    const [english, nepali] = [articles.find((a) => a.language === "en")!, articles.find((a) => a.language === "ne")!];
    const paths = [
      "/",
      "/ne",
      "/news?page=2",
      "/category/politics",
      "/search?q=audit",
      `/article/${encodeURIComponent(english.slug)}`,
      `/ne/article/${encodeURIComponent(nepali.slug)}`,
      "/login",
      "/about",
      "/bookmarks",
      "/corrections",
      "/tips",
      "/ne/tips",
      "/ne/newsletter",
      "/newsletter/unsubscribe?token=not-a-token",
      "/ne/password-reset",
    ];
    expect(await sweep(browser, baseURL, paths)).toEqual([]);
  });

  test("the back office, the article editor included", async ({ browser, baseURL, request }) => {
    await openTipLine(request);
    const [article] = await publishedArticles(request, 1);
    const documentId = await examinedLeakyDocument(request);
    const paths = [
      "/admin/dashboard",
      "/admin/articles",
      "/admin/articles/new",
      `/admin/articles/edit/${encodeURIComponent(article!.slug)}`,
      "/admin/categories",
      "/admin/tags",
      "/admin/writers",
      "/admin/newsletter/topics",
      "/admin/newsletter/subscribers",
      "/admin/users",
      "/admin/comments",
      "/admin/review",
      "/admin/audit",
      "/admin/tips",
      "/admin/tips/key",
      "/admin/documents",
      "/admin/documents/new",
      `/admin/documents/${documentId}`,
      "/admin/account",
      "/ne/admin/articles",
      "/ne/admin/account",
      "/ne/admin/tips",
      `/ne/admin/documents/${documentId}`,
      "/ne/admin/account",
    ];
    expect(await sweep(browser, baseURL, paths, true)).toEqual([]);
  });
});
