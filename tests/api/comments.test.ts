/** Comments (docs/product.md#comments, #validation-rules and #the-api-in-summary), the newsletter (docs/product.md#validation-rules), health and unknown API paths. */
import { describe, expect, it } from "vitest";
import { en } from "~/lib/messages";
import { asAdmin, call, newReader, uniqueEmail } from "./client";
import { createArticle } from "./fixtures";

interface Comment {
  id: number;
  article_id: number;
  news_title: string;
  user_name: string | null;
  content: string;
  created_at: string;
  is_approved: boolean;
}

const commentIds = (list: Comment[]) => list.map((c) => c.id);

async function postComment(articleId: number, token: string, content: string) {
  return call<Comment>(`/api/news/${articleId}/comments`, { method: "POST", token, json: { content } });
}

describe("comments", () => {
  it("a reader's new comment awaits approval and is not shown publicly", async () => {
    const article = await createArticle();
    const reader = await newReader();
    const res = await postComment(article.id, reader.token, "The contract was signed twice.");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      article_id: article.id,
      news_title: article.title,
      user_name: reader.user.name,
      content: "The contract was signed twice.",
      is_approved: false,
    });
    expect(typeof res.body.id).toBe("number");
    expect(Number.isNaN(Date.parse(res.body.created_at))).toBe(false);

    const page = await call(`/api/news/${article.slug}`);
    expect(commentIds(page.body.comments)).not.toContain(res.body.id);
    expect(page.body.comments).toEqual([]);
    const guestList = await call<Comment[]>("/api/comments");
    expect(guestList.status).toBe(200);
    expect(commentIds(guestList.body)).not.toContain(res.body.id);
    expect(guestList.body.every((c) => c.is_approved)).toBe(true);
    expect(commentIds((await call<Comment[]>(`/api/news/${article.id}/comments`)).body)).toEqual([]);
    expect((await call(`/api/comments/${res.body.id}`)).status).toBe(404);
  });

  it("refuses blank or whitespace-only content", async () => {
    const article = await createArticle();
    const reader = await newReader();
    for (const content of ["", "   ", "\n\t "]) {
      const res = await postComment(article.id, reader.token, content);
      expect(res.status, JSON.stringify(content)).toBe(400);
      expect(res.body).toEqual({ error: en.commentRequired, code: "comment_required" });
    }
    const missing = await call(`/api/news/${article.id}/comments`, { method: "POST", token: reader.token, json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: en.commentRequired, code: "comment_required" });
    const queue = await call<Comment[]>("/api/comments", { token: await asAdmin() });
    expect(queue.body.filter((c) => c.article_id === article.id)).toEqual([]);
  });

  it("answers 404 to a reader commenting on a draft or a missing article", async () => {
    const draft = await createArticle({ is_published: "false" });
    const reader = await newReader();
    const res = await postComment(draft.id, reader.token, "Leaked early?");
    expect(res.status).toBe(404);
    expect(typeof (res.body as unknown as { error: string }).error).toBe("string");
    expect((await postComment(99_999_999, reader.token, "Anyone?")).status).toBe(404);
    const queue = await call<Comment[]>("/api/comments", { token: await asAdmin() });
    expect(queue.body.filter((c) => c.article_id === draft.id)).toEqual([]);
  });

  it("moderation: admins see pending first, approve makes it public, delete removes it", async () => {
    const article = await createArticle();
    const reader = await newReader();
    const admin = await asAdmin();
    const first = (await postComment(article.id, reader.token, "First comment")).body;
    const second = (await postComment(article.id, reader.token, "Second comment")).body;
    expect((await call(`/api/comments/${first.id}/approve`, { method: "PUT", token: admin })).status).toBe(200);
    // A later pending comment elsewhere must still come before every approved one.
    const other = await createArticle();
    const third = (await postComment(other.id, reader.token, "Third comment")).body;

    const queue = await call<Comment[]>("/api/comments", { token: admin });
    expect(queue.status).toBe(200);
    const states = queue.body.map((c) => c.is_approved);
    expect(states).toEqual([...states].sort((a, b) => Number(a) - Number(b)));
    const byId = new Map(queue.body.map((c) => [c.id, c]));
    expect(byId.get(second.id)).toMatchObject({ news_title: article.title, user_name: reader.user.name, is_approved: false });
    expect(byId.get(third.id)).toMatchObject({ news_title: other.title, user_name: reader.user.name, is_approved: false });
    expect(byId.get(first.id)).toMatchObject({ news_title: article.title, user_name: reader.user.name, is_approved: true });
    const position = (id: number) => queue.body.findIndex((c) => c.id === id);
    expect(position(second.id)).toBeLessThan(position(first.id));
    expect(position(third.id)).toBeLessThan(position(first.id));

    const approved = await call<Comment>(`/api/comments/${second.id}/approve`, { method: "PUT", token: admin });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: second.id, is_approved: true });
    const page = await call(`/api/news/${article.slug}`);
    expect(commentIds(page.body.comments).sort()).toEqual([first.id, second.id].sort());
    const guestList = commentIds((await call<Comment[]>("/api/comments")).body);
    expect(guestList).toContain(second.id);
    expect(guestList).not.toContain(third.id);
    expect((await call<Comment>(`/api/comments/${second.id}`)).body).toMatchObject({ id: second.id, content: "Second comment" });

    const deleted = await call(`/api/comments/${second.id}`, { method: "DELETE", token: admin });
    expect(deleted.status).toBe(200);
    expect(commentIds((await call(`/api/news/${article.slug}`)).body.comments)).toEqual([first.id]);
    expect(commentIds((await call<Comment[]>("/api/comments")).body)).not.toContain(second.id);
    expect(commentIds((await call<Comment[]>("/api/comments", { token: admin })).body)).not.toContain(second.id);
    expect((await call(`/api/comments/${second.id}`, { token: admin })).status).toBe(404);
    expect((await call(`/api/comments/${second.id}`, { method: "DELETE", token: admin })).status).toBe(404);
    expect((await call(`/api/comments/${second.id}/approve`, { method: "PUT", token: admin })).status).toBe(404);

    // A pending comment can be deleted too.
    expect((await call(`/api/comments/${third.id}`, { method: "DELETE", token: admin })).status).toBe(200);
    expect(commentIds((await call<Comment[]>("/api/comments", { token: admin })).body)).not.toContain(third.id);
  });

  it("removes an article's comments with the article", async () => {
    const article = await createArticle();
    const reader = await newReader();
    const comment = (await postComment(article.id, reader.token, "Soon gone")).body;
    const admin = await asAdmin();
    expect((await call(`/api/news/${article.slug}`, { method: "DELETE", token: admin })).status).toBe(200);
    expect(commentIds((await call<Comment[]>("/api/comments", { token: admin })).body)).not.toContain(comment.id);
  });
});

describe("POST /api/newsletter", () => {
  const subscribe = (email: unknown) => call("/api/newsletter", { method: "POST", json: { email } });

  it("subscribes, and subscribing the same address again is no error", async () => {
    const email = uniqueEmail("news");
    const first = await subscribe(email);
    expect(first.status).toBe(201);
    const again = await subscribe(email);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await subscribe(`  ${email.toUpperCase()} `)).status).toBe(201);
  });

  it("asks for an address when it is empty", async () => {
    for (const email of ["", "   ", undefined]) {
      const res = await subscribe(email);
      expect(res.status, JSON.stringify(email)).toBe(400);
      expect(res.body).toEqual({ error: en.emailRequired, code: "email_required" });
    }
  });

  it("refuses an invalid address", async () => {
    for (const email of ["not-an-email", "name@host", "a b@example.org", "@example.org", "name@.org"]) {
      const res = await subscribe(email);
      expect(res.status, email).toBe(400);
      expect(res.body, email).toEqual({ error: en.emailInvalid, code: "email_invalid" });
    }
  });
});

describe("health and unknown API paths", () => {
  it("GET /api/health answers {status: ok}", async () => {
    const res = await call("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("answers 404 JSON {error} for an unknown /api path, whatever the method", async () => {
    for (const [path, method] of [
      ["/api/whatever", "GET"],
      ["/api/whatever", "POST"],
      ["/api/news/some/deep/path", "GET"],
      ["/api/whatever", "DELETE"],
    ] as const) {
      const res = await call(path, { method, token: await asAdmin() });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.body).toEqual({ error: en.notFound, code: "not_found" });
    }
  });
});
