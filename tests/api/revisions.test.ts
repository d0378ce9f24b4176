/**
 * Revisions through the API (issue 15): every save kept with who and when, an editor's autosaves
 * folded, two revisions compared as text, and a restore that is itself a new revision and leaves
 * the story's publication as it was.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import { asAdmin, call } from "./client";
import { createArticle, createCategory, createTag, createWriter } from "./fixtures";

let writerId: number;
beforeAll(async () => {
  writerId = (await createWriter()).id;
});

const revisionsOf = async (slug: string) => (await call(`/api/news/${encodeURIComponent(slug)}/revisions`, { token: await asAdmin() })).body.revisions as Record<string, any>[];
const edit = async (slug: string, json: Record<string, unknown>) => {
  const res = await call(`/api/news/${encodeURIComponent(slug)}`, { method: "PUT", token: await asAdmin(), json });
  expect(res.status).toBe(200);
  return res.body;
};

describe("revisions", () => {
  it("keeps every save, folds autosaves, compares as text and restores as a new revision", async () => {
    const tag = await createTag();
    const article = await createArticle({ writer_id: writerId, title: `Ward budget ${Date.now()}`, content: "<p>The ward spent Rs 5 lakh on a road.</p>", tags: [tag.id], banner_url: "https://example.com/first.jpg" });
    await edit(article.slug, { content: "<p>The ward spent Rs 50 lakh on a road that was never built.</p>", tags: [] , banner_url: "" });
    await edit(article.slug, { title: `${article.title}: the road`, autosave: "true" });
    await edit(article.slug, { meta_title: "Road money", autosave: "true" });

    let revisions = await revisionsOf(article.slug);
    expect(revisions.map((r) => [r.number, r.kind])).toEqual([[3, "autosave"], [2, "save"], [1, "save"]]);
    expect(revisions[0]).toMatchObject({ title: `${article.title}: the road`, user_name: expect.any(String) });

    const compare = await call(`/api/news/${article.slug}/revisions/compare?from=${revisions[2]!.id}&to=${revisions[1]!.id}`, { token: await asAdmin() });
    expect(compare.status).toBe(200);
    const content = compare.body.changes.find((c: { field: string }) => c.field === "content");
    expect(content.parts.filter((p: { change: string }) => p.change === "added").map((p: { text: string }) => p.text).join("|")).toContain("never built");
    expect(JSON.stringify(content.parts)).not.toContain("<p>");
    expect(compare.body.changes.map((c: { field: string }) => c.field)).toEqual(["content", "tags", "media"]);

    const restored = await call(`/api/news/${article.slug}/revisions/${revisions[2]!.id}/restore`, { method: "POST", token: await asAdmin() });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ title: article.title, content: "<p>The ward spent Rs 5 lakh on a road.</p>", is_published: true, meta_title: "" });
    expect(restored.body.tags.map((t: { id: number }) => t.id)).toEqual([tag.id]);
    expect(restored.body.media.map((m: { url: string; kind: string }) => [m.kind, m.url])).toEqual([["banner", "https://example.com/first.jpg"]]);

    revisions = await revisionsOf(article.slug);
    expect(revisions[0]).toMatchObject({ number: 4, kind: "restore", restored_from: 1 });
    const audit = await call(`/api/audit?action=article.restore&object_id=${article.id}`, { token: await asAdmin() });
    expect(audit.body.entries[0]).toMatchObject({ action: "article.restore", object_label: article.title });
    expect(audit.body.entries[0].summary).toMatch(/^revision 1: /);
  });

  it("restores a story whose section, writer and tag have been deleted since, keeping the current ones", async () => {
    const [oldSection, newSection, oldWriter, oldTag] = [await createCategory(), await createCategory(), await createWriter(), await createTag()];
    const title = `Bridge audit ${Date.now()}`;
    const article = await createArticle({ writer_id: oldWriter.id, category_id: oldSection.id, tags: [oldTag.id], title, content: "<p>First telling.</p>" });
    await edit(article.slug, { writer_id: writerId, category_id: newSection.id, tags: [], title: `${title}, revised`, content: "<p>Second telling.</p>" });
    for (const path of [`/api/categories/${oldSection.id}`, `/api/writers/${oldWriter.id}`, `/api/tags/${oldTag.id}`]) {
      expect((await call(path, { method: "DELETE", token: await asAdmin() })).status).toBe(200);
    }
    const first = (await revisionsOf(article.slug)).find((r) => r.number === 1)!;
    const restored = await call(`/api/news/${article.slug}/revisions/${first.id}/restore`, { method: "POST", token: await asAdmin() });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ title, content: "<p>First telling.</p>", category_id: newSection.id, writer_id: writerId, tags: [] });
    expect((await revisionsOf(article.slug))[0]).toMatchObject({ number: 3, kind: "restore", restored_from: 1 });
  });

  it("answers a revision of another story with 404 and a comparison without revisions with 400", async () => {
    const one = await createArticle({ writer_id: writerId });
    const two = await createArticle({ writer_id: writerId });
    const [ofTwo] = await revisionsOf(two.slug);
    const wrong = await call(`/api/news/${one.slug}/revisions/${ofTwo!.id}`, { token: await asAdmin() });
    expect(wrong).toMatchObject({ status: 404, body: { error: en.revisionNotFound, code: "revision_not_found" } });
    expect((await call(`/api/news/${one.slug}/revisions/${ofTwo!.id}/restore`, { method: "POST", token: await asAdmin() })).status).toBe(404);
    expect((await call(`/api/news/${one.slug}/revisions/compare`, { token: await asAdmin() })).status).toBe(400);
    expect((await call(`/api/news/no-such-story/revisions`, { token: await asAdmin() })).status).toBe(404);
  });
});
