/**
 * The audit trail (issue 15): each back-office action leaves one entry (who, what, when, which
 * object, what changed), a refused one leaves none, readers' own actions leave none, only admins
 * read it, and its filters and pages work.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import { TEST_ADMIN } from "../support/server";
import { asAdmin, asFreshAdmin, call, newReader } from "./client";
import { createWriter } from "./fixtures";

interface Entry {
  id: number;
  at: string;
  actor_id: number | null;
  actor_name: string;
  actor_email: string;
  action: string;
  object_type: string;
  object_id: number | null;
  object_label: string;
  summary: string;
}

const PASSWORD = "reader-password-1";

/** A new account with `role`: its token, id and e-mail. */
async function member(role: "contributor" | "editor") {
  const reader = await newReader();
  expect((await call(`/api/users/${reader.user.id}`, { method: "PUT", token: await asFreshAdmin(), json: { role } })).status).toBe(200);
  return { token: reader.token, id: reader.user.id, email: reader.user.email, name: reader.user.name };
}

async function trail(query: string): Promise<{ entries: Entry[]; total: number; page: number; limit: number }> {
  const res = await call(`/api/audit?${query}`, { token: await asAdmin() });
  expect(res.status).toBe(200);
  return res.body;
}

/** Everything `actorId` did, newest first. */
const doneBy = async (actorId: number) => (await trail(`actor=${actorId}&limit=100`)).entries;

let editor: Awaited<ReturnType<typeof member>>;
let writerId: number;

beforeAll(async () => {
  editor = await member("editor");
  writerId = (await createWriter()).id;
});

describe("audit trail", () => {
  it("records an article's life with who, what, which object and what changed", async () => {
    const created = await call("/api/news", {
      method: "POST",
      token: editor.token,
      json: { title: "Audit trail story", content: "<p>First.</p>", writer_id: writerId, is_published: "false" },
    });
    expect(created.status).toBe(201);
    const { id, slug } = created.body as { id: number; slug: string };
    expect((await call(`/api/news/${slug}`, { method: "PUT", token: editor.token, json: { title: "Audit trail story, renamed" } })).status).toBe(200);
    expect((await call(`/api/news/${slug}`, { method: "PUT", token: editor.token, json: { is_published: "true" } })).status).toBe(200);
    expect((await call(`/api/news/${slug}`, { method: "DELETE", token: editor.token })).status).toBe(200);

    const about = (await trail(`object=article&object_id=${id}`)).entries;
    expect(about.map((entry) => [entry.action, entry.object_label, entry.summary])).toEqual([
      ["article.delete", "Audit trail story, renamed", "was published"],
      ["article.publish", "Audit trail story, renamed", "is_published"],
      ["article.update", "Audit trail story, renamed", "title"],
      ["article.create", "Audit trail story", "draft"],
    ]);
    for (const entry of about) expect(entry).toMatchObject({ actor_id: editor.id, actor_name: editor.name, actor_email: editor.email, object_type: "article" });
  });

  it("records sections, moderation, review and roles; a refused action leaves nothing", async () => {
    const contributor = await member("contributor");
    const before = (await doneBy(contributor.id)).length;
    expect((await call("/api/tags", { method: "POST", token: contributor.token, json: { name: "Never made" } })).status).toBe(403);
    expect(await doneBy(contributor.id)).toHaveLength(before);

    const tag = await call("/api/tags", { method: "POST", token: editor.token, json: { name: "Audited tag" } });
    expect(tag.status).toBe(201);
    const draft = await call("/api/news", {
      method: "POST",
      token: contributor.token,
      json: { title: "Handed in for the trail", content: "<p>Draft.</p>", writer_id: writerId, is_published: "false" },
    });
    await call(`/api/news/${draft.body.slug}/review`, { method: "POST", token: contributor.token, json: { note: "Please look." } });
    await call(`/api/news/${draft.body.slug}/review/return`, { method: "POST", token: editor.token, json: { note: "Add the dates." } });

    expect((await doneBy(contributor.id)).map((entry) => [entry.action, entry.object_label, entry.summary]).slice(0, 2)).toEqual([
      ["review.submit", "Handed in for the trail", "Please look."],
      ["article.create", "Handed in for the trail", "draft"],
    ]);
    const editors = await doneBy(editor.id);
    expect(editors.find((entry) => entry.action === "review.return")).toMatchObject({ object_label: "Handed in for the trail", summary: "Add the dates." });
    expect(editors.find((entry) => entry.action === "tag.create")).toMatchObject({ object_type: "tag", object_id: tag.body.id, object_label: "Audited tag" });

    const roleChange = (await trail(`action=user.role&object_id=${contributor.id}`)).entries;
    expect(roleChange).toEqual([expect.objectContaining({ actor_email: TEST_ADMIN.email, object_label: contributor.email, summary: "user → contributor" })]);
  });

  it("leaves one entry for every other back-office action, naming its object", async () => {
    const admin = await asAdmin();
    const as = (token: string, method: string, path: string, json?: object) => call(path, { method, token, json });
    const ok = async (pending: Promise<{ status: number; body: any }>) => {
      const res = await pending;
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return res.body;
    };
    const story = await ok(as(editor.token, "POST", "/api/news", { title: "Every action story", content: "<p>Text.</p>", writer_id: writerId, is_published: "true" }));
    await ok(as(editor.token, "PUT", `/api/news/${story.slug}`, { is_published: "false" }));
    await ok(as(editor.token, "PUT", `/api/news/${story.slug}`, { is_published: "true", published_at: new Date(Date.now() + 3_600_000).toISOString() }));
    await ok(as(editor.token, "PUT", `/api/news/${story.slug}/review`, { legal_review: true }));
    const translation = await ok(as(editor.token, "POST", `/api/news/${story.slug}/translation`));
    const live = await ok(as(editor.token, "POST", "/api/news", { title: "Every action, published", content: "<p>Text.</p>", writer_id: writerId, is_published: "true" }));
    const note = await ok(as(editor.token, "POST", `/api/news/${live.slug}/notes`, { text: "A first wording." }));
    await ok(as(editor.token, "PUT", `/api/notes/${note.id}`, { text: "A second wording." }));
    const reader = await newReader();
    const comment = await ok(as(reader.token, "POST", `/api/news/${live.id}/comments`, { content: "A reader's comment." }));
    await ok(as(editor.token, "PUT", `/api/comments/${comment.id}/approve`));
    await ok(as(editor.token, "DELETE", `/api/comments/${comment.id}`));
    const category = await ok(as(editor.token, "POST", "/api/categories", { name: "Every action section" }));
    await ok(as(editor.token, "PUT", `/api/categories/${category.id}`, { name: "Every action section, renamed" }));
    await ok(as(editor.token, "DELETE", `/api/categories/${category.id}`));
    const tag = await ok(as(editor.token, "POST", "/api/tags", { name: "Every action tag" }));
    await ok(as(editor.token, "PUT", `/api/tags/${tag.id}`, { name: "Every action tag, renamed" }));
    await ok(as(editor.token, "DELETE", `/api/tags/${tag.id}`));
    const writer = await ok(as(editor.token, "POST", "/api/writers", { name: "Every action writer", email: "every-action-writer@test.example" }));
    await ok(as(editor.token, "PUT", `/api/writers/${writer.id}`, { name: "Every action writer, renamed", email: "every-action-writer@test.example" }));
    await ok(as(editor.token, "DELETE", `/api/writers/${writer.id}`));
    const account = await newReader();
    await ok(as(admin, "PUT", `/api/users/${account.user.id}`, { name: "Renamed reader" }));
    await ok(as(await asFreshAdmin(), "DELETE", `/api/users/${account.user.id}`));

    const expected: [string, number][] = [
      ["article.unpublish", story.id],
      ["article.schedule", story.id],
      ["review.legal", story.id],
      ["article.translate", translation.id],
      ["note.create", note.id],
      ["note.update", note.id],
      ["comment.approve", comment.id],
      ["comment.delete", comment.id],
      ["category.create", category.id],
      ["category.update", category.id],
      ["category.delete", category.id],
      ["tag.create", tag.id],
      ["tag.update", tag.id],
      ["tag.delete", tag.id],
      ["writer.create", writer.id],
      ["writer.update", writer.id],
      ["writer.delete", writer.id],
      ["user.update", account.user.id],
      ["user.delete", account.user.id],
    ];
    for (const [action, objectId] of expected) {
      const entries = (await trail(`action=${action}&object_id=${objectId}`)).entries;
      expect(entries, action).toHaveLength(1);
    }
  });

  it("records back-office sign-ins and failed ones, never a reader's", async () => {
    const signIn = (email: string, password: string) => call("/api/admin/login", { method: "POST", json: { username: email, password } });
    expect((await signIn(editor.email, "not the password")).status).toBe(401);
    expect((await signIn(editor.email, PASSWORD)).status).toBe(200);
    const mine = (await trail(`object=account&actor=${editor.id}`)).entries.map((entry) => entry.action);
    expect(mine.slice(0, 2)).toEqual(["account.signin", "account.signin_failed"]);

    const reader = await newReader();
    await signIn(reader.user.email, "wrong password");
    await signIn(reader.user.email, PASSWORD);
    await call(`/api/users/${reader.user.id}`, { method: "PUT", token: reader.token, json: { name: "A reader renamed" } });
    expect(await doneBy(reader.user.id)).toEqual([]);
    expect((await trail(`object_id=${reader.user.id}&object=user`)).entries).toEqual([]);
  });

  it("is for admins only", async () => {
    expect(await call("/api/audit", { token: editor.token })).toMatchObject({ status: 403, body: { error: en.roleForbidden } });
    expect((await call("/api/audit", { token: (await newReader()).token })).status).toBe(403);
    expect((await call("/api/audit")).status).toBe(401);
  });

  it("pages and filters by action and date", async () => {
    for (let n = 0; n < 3; n++) expect((await call("/api/tags", { method: "POST", token: editor.token, json: { name: `Paged tag ${n} ${Date.now()}` } })).status).toBe(201);
    const first = await trail(`actor=${editor.id}&action=tag.create&limit=2`);
    const second = await trail(`actor=${editor.id}&action=tag.create&limit=2&page=2`);
    expect(first.entries).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(second.entries[0]!.id).toBeLessThan(first.entries[1]!.id);
    expect(first.entries.every((entry) => entry.action === "tag.create")).toBe(true);

    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kathmandu" }).format(new Date());
    expect((await trail(`actor=${editor.id}&from=${today}&to=${today}`)).total).toBeGreaterThanOrEqual(3);
    expect((await trail(`actor=${editor.id}&to=2020-01-01`)).total).toBe(0);
  });
});
