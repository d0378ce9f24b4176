import { type APIRequestContext, type Page, expect, test } from "./support/test";
import {
  type Detail,
  approvedCommentOfDeletedReader,
  commentsAsAdmin,
  createArticle,
  signUpInBrowser,
  uniqueEmail,
} from "./support/article-fixtures";

const SUBMITTED = "Comment submitted successfully! It will be visible after approval.";

/**
 * Every test comments on an article of its own, so demo counts never change. Admin calls go through
 * `request`, never `page.request`, which shares the browser's cookies and would sign the page in.
 */
async function openOwnArticle(page: Page, request: APIRequestContext, title: string): Promise<Detail> {
  const article = await createArticle(request, `${title} ${Date.now()}`);
  await page.goto(`/article/${article.slug}`);
  // The form is usable once the session is known.
  await expect(page.getByRole("button", { name: "Post Comment" })).toBeEnabled();
  return article;
}

async function signUpInModal(page: Page) {
  const modal = page.getByRole("dialog", { name: "Welcome Back" });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "Don't have an account? Sign up" }).click();
  const signUp = page.getByRole("dialog", { name: "Create Your Account" });
  await signUp.getByLabel("Full Name").fill("Modal Reader");
  await signUp.getByLabel("Email Address").fill(uniqueEmail("modal"));
  await signUp.getByLabel("Password").fill("reader-password-1");
  await signUp.getByRole("button", { name: "Sign Up" }).click();
  await expect(signUp).toBeHidden();
}

function countCommentPosts(page: Page): () => number {
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && /\/api\/news\/\d+\/comments$/.test(request.url())) posts += 1;
  });
  return () => posts;
}

test.describe("comments", () => {
  test("a guest's comment waits for sign-up in the modal, then is posted, pending approval", async ({ page, request }) => {
    const article = await openOwnArticle(page, request, "Guest comment story");
    await expect(page.getByRole("heading", { name: "Comments (0)" })).toBeVisible();
    await expect(page.getByText("No comments yet. Be the first to comment!")).toBeVisible();

    const text = `A guest's thought ${Date.now()}`;
    await page.getByLabel("Write a comment").fill(text);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await signUpInModal(page);

    await expect(page.getByText(SUBMITTED)).toBeVisible();
    await expect(page.getByLabel("Write a comment")).toHaveValue("");
    const stored = (await commentsAsAdmin(request)).find((c) => c.content === text);
    expect(stored).toMatchObject({ article_id: article.id, is_approved: false });

    await page.reload();
    await expect(page.getByText(text)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Comments (0)" })).toBeVisible();
    await expect(page.getByLabel("Write a comment")).toHaveValue("");
  });

  test("a guest's kept draft survives a reload and is posted on the next visit once signed in", async ({ page, request }) => {
    const article = await openOwnArticle(page, request, "Kept draft story");
    const text = `Kept while I sign in ${Date.now()}`;
    await page.getByLabel("Write a comment").fill(text);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByRole("dialog", { name: "Welcome Back" })).toBeVisible();
    await page.keyboard.press("Escape");

    await page.reload();
    await expect(page.getByLabel("Write a comment")).toHaveValue(text);

    await signUpInBrowser(page);
    await page.reload();
    await expect(page.getByText(SUBMITTED)).toBeVisible();
    await expect(page.getByLabel("Write a comment")).toHaveValue("");
    expect((await commentsAsAdmin(request)).find((c) => c.content === text)?.article_id).toBe(article.id);
  });

  test("a signed-in reader's blank comment is not sent", async ({ page, request }) => {
    await signUpInBrowser(page);
    await openOwnArticle(page, request, "Blank comment story");
    const posts = countCommentPosts(page);
    const field = page.getByLabel("Write a comment");

    await page.getByRole("button", { name: "Post Comment" }).click();
    expect(await field.evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing)).toBe(true);

    await field.fill("   \n  ");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByRole("alert")).toHaveText("Comment cannot be empty");
    await page.waitForTimeout(300);
    expect(posts()).toBe(0);
  });

  test("a failed post keeps the text; the next try succeeds and clears it", async ({ allowConsoleErrors, page, request }) => {
    // The first post is made to fail: the browser logs it.
    allowConsoleErrors(/status of 500/);
    await signUpInBrowser(page);
    await openOwnArticle(page, request, "Failed comment story");
    const text = `Worth keeping ${Date.now()}`;
    await page.route(/\/api\/news\/\d+\/comments$/, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "boom" }) }),
    );
    await page.getByLabel("Write a comment").fill(text);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByText("Failed to submit comment.")).toBeVisible();
    await expect(page.getByLabel("Write a comment")).toHaveValue(text);

    await page.unroute(/\/api\/news\/\d+\/comments$/);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByText(SUBMITTED)).toBeVisible();
    await expect(page.getByLabel("Write a comment")).toHaveValue("");
  });

  test("approved comments show, and one whose reader was deleted shows Anonymous", async ({ page, request }) => {
    const article = await createArticle(request, `Anonymous comment story ${Date.now()}`);
    const text = `Said before leaving ${Date.now()}`;
    await approvedCommentOfDeletedReader(request, article.id, text);

    await page.goto(`/article/${article.slug}`);
    await expect(page.getByRole("heading", { name: "Comments (1)" })).toBeVisible();
    const comment = page.getByRole("listitem").filter({ hasText: text });
    await expect(comment).toContainText("Anonymous");
    await expect(page.getByText("No comments yet. Be the first to comment!")).toHaveCount(0);
  });
});
