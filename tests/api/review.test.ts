/**
 * Review (issue 15): a draft goes to the editors with a note, an editor sends it back saying what
 * to change or publishes it, each step stays in the story's history, and a story that needs a legal
 * review is published by an editor other than its author.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import { asAdmin, asFreshAdmin, call, newReader } from "./client";
import { createArticle, createWriter } from "./fixtures";

type NewsroomRole = "contributor" | "author" | "editor";

/** A new account with `role`, and its token. */
async function member(role: NewsroomRole) {
  const reader = await newReader();
  const promoted = await call(`/api/users/${reader.user.id}`, { method: "PUT", token: await asFreshAdmin(), json: { role } });
  expect(promoted.status).toBe(200);
  return { token: reader.token, id: reader.user.id, name: reader.user.name };
}

let writerId: number;
let contributor: Awaited<ReturnType<typeof member>>;
let author: Awaited<ReturnType<typeof member>>;
let editor: Awaited<ReturnType<typeof member>>;
let secondEditor: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  writerId = (await createWriter()).id;
  [contributor, author, editor, secondEditor] = await Promise.all([member("contributor"), member("author"), member("editor"), member("editor")]);
});

let seq = 0;
async function draftBy(token: string) {
  const res = await call("/api/news", {
    method: "POST",
    token,
    json: { title: `A story for review ${Date.now()}-${(seq += 1)}`, content: "<p>What we found.</p>", writer_id: writerId, is_published: "false" },
  });
  expect(res.status).toBe(201);
  return res.body as { slug: string; title: string };
}

const submit = (slug: string, token: string, note?: string) =>
  call(`/api/news/${encodeURIComponent(slug)}/review`, { method: "POST", token, json: note === undefined ? {} : { note } });
const sendBack = (slug: string, token: string, note: string) =>
  call(`/api/news/${encodeURIComponent(slug)}/review/return`, { method: "POST", token, json: { note } });
const publish = (slug: string, token: string) =>
  call(`/api/news/${encodeURIComponent(slug)}`, { method: "PUT", token, json: { is_published: "true" } });
const queue = async (token: string) => (await call("/api/review", { token })).body as { slug: string; author_name: string; notes: { action: string; note: string }[] }[];

describe("review", () => {
  it("a contributor hands a draft in with a note; it waits in the editors' queue with its author and note", async () => {
    const story = await draftBy(contributor.token);
    const res = await submit(story.slug, contributor.token, "Ready: both sources confirmed.");
    expect(res.status).toBe(200);
    expect(res.body.submitted_at).toEqual(expect.any(String));
    expect(res.body.notes).toEqual([expect.objectContaining({ action: "submitted", note: "Ready: both sources confirmed.", user_name: contributor.name })]);

    const waiting = (await queue(editor.token)).find((item) => item.slug === story.slug);
    expect(waiting).toMatchObject({ author_name: contributor.name, notes: [{ action: "submitted", note: "Ready: both sources confirmed." }] });
    // Handing it in twice changes nothing.
    expect((await submit(story.slug, contributor.token)).body.notes).toHaveLength(1);
  });

  it("only editors read the queue", async () => {
    for (const token of [contributor.token, author.token]) {
      expect(await call("/api/review", { token })).toMatchObject({ status: 403, body: { error: en.roleForbidden, code: "role_forbidden" } });
    }
    expect((await call("/api/review")).status).toBe(401);
    expect((await call("/api/review", { token: (await newReader()).token })).status).toBe(403);
  });

  it("an editor sends a story back saying what to change; the note history keeps both steps, newest first", async () => {
    const story = await draftBy(contributor.token);
    await submit(story.slug, contributor.token, "First draft.");
    expect(await sendBack(story.slug, editor.token, "   ")).toMatchObject({ status: 400, body: { error: en.reviewNoteRequired } });
    expect(await sendBack(story.slug, contributor.token, "I approve myself")).toMatchObject({ status: 403, body: { code: "role_forbidden" } });

    const res = await sendBack(story.slug, editor.token, "Name the second contractor.");
    expect(res.status).toBe(200);
    expect(res.body.submitted_at).toBeNull();
    expect(res.body.notes.map((n: { action: string; note: string }) => [n.action, n.note])).toEqual([
      ["returned", "Name the second contractor."],
      ["submitted", "First draft."],
    ]);
    expect((await queue(editor.token)).some((item) => item.slug === story.slug)).toBe(false);
    expect(await sendBack(story.slug, editor.token, "Again")).toMatchObject({ status: 409, body: { error: en.notInReview } });

    // Its author reads the note on their story.
    const seen = await call(`/api/news/${encodeURIComponent(story.slug)}/review`, { token: contributor.token });
    expect(seen.body.notes[0]).toMatchObject({ action: "returned", note: "Name the second contractor.", user_name: editor.name });
  });

  it("a story in review is someone else's business only for editors", async () => {
    const story = await draftBy(contributor.token);
    const other = await member("contributor");
    expect(await submit(story.slug, other.token)).toMatchObject({ status: 404, body: { code: "article_not_found" } });
    expect((await call(`/api/news/${encodeURIComponent(story.slug)}/review`, { token: author.token })).status).toBe(404);
    expect((await call(`/api/news/${encodeURIComponent(story.slug)}/review`, { token: editor.token })).status).toBe(200);
  });

  it("publishing takes a story out of the queue; a published story is not handed in", async () => {
    const story = await draftBy(contributor.token);
    await submit(story.slug, contributor.token);
    expect((await publish(story.slug, contributor.token)).body).toMatchObject({ code: "publish_forbidden" });
    expect((await publish(story.slug, editor.token)).status).toBe(200);
    expect((await queue(editor.token)).some((item) => item.slug === story.slug)).toBe(false);
    expect((await call(`/api/news/${encodeURIComponent(story.slug)}/review`, { token: editor.token })).body.submitted_at).toBeNull();

    const published = await createArticle({ writer_id: writerId });
    expect(await submit(published.slug, await asAdmin())).toMatchObject({ status: 409, body: { error: en.alreadyPublished } });
  });
});

describe("legal review", () => {
  const setLegal = (slug: string, token: string, needed: boolean) =>
    call(`/api/news/${encodeURIComponent(slug)}/review`, { method: "PUT", token, json: { legal_review: needed } });

  it("only editors ask for it; then the author cannot publish, nor an editor their own story, but another editor can", async () => {
    const byAuthor = await draftBy(author.token);
    expect(await setLegal(byAuthor.slug, author.token, true)).toMatchObject({ status: 403, body: { code: "role_forbidden" } });
    expect(await setLegal(byAuthor.slug, editor.token, true)).toMatchObject({ status: 200, body: { legal_review: true } });
    expect(await publish(byAuthor.slug, author.token)).toMatchObject({ status: 403, body: { error: en.legalReviewRequired, code: "legal_review_required" } });
    expect((await call(`/api/news/${encodeURIComponent(byAuthor.slug)}`, { token: author.token })).body.is_published).toBe(false);
    expect((await publish(byAuthor.slug, editor.token)).status).toBe(200);

    const byEditor = await draftBy(editor.token);
    await setLegal(byEditor.slug, editor.token, true);
    expect(await publish(byEditor.slug, editor.token)).toMatchObject({ status: 403, body: { code: "legal_review_required" } });
    expect((await publish(byEditor.slug, secondEditor.token)).status).toBe(200);
  });

  it("its translation needs one too; lifting it lets the author publish again", async () => {
    const story = await draftBy(author.token);
    await setLegal(story.slug, editor.token, true);
    const translation = await call(`/api/news/${encodeURIComponent(story.slug)}/translation`, { method: "POST", token: author.token });
    expect(translation.status).toBe(201);
    expect((await call(`/api/news/${encodeURIComponent(translation.body.slug)}/review`, { token: editor.token })).body.legal_review).toBe(true);

    expect((await setLegal(story.slug, editor.token, false)).body.legal_review).toBe(false);
    expect((await publish(story.slug, author.token)).status).toBe(200);
  });
});
