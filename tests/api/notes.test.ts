/**
 * Corrections and updates (issue 15): an editor's dated notes on a published story, at its end for
 * readers, on /corrections, in the story's modified date, and never silently reworded.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import { asFreshAdmin, baseUrl, call, newReader } from "./client";
import { createArticle, createWriter } from "./fixtures";

async function member(role: "author" | "editor") {
  const reader = await newReader();
  expect((await call(`/api/users/${reader.user.id}`, { method: "PUT", token: await asFreshAdmin(), json: { role } })).status).toBe(200);
  return reader.token;
}

let editor: string;
let writerId: number;

beforeAll(async () => {
  editor = await member("editor");
  writerId = (await createWriter()).id;
});

const addNote = (slug: string, token: string | null, body: object) => call(`/api/news/${encodeURIComponent(slug)}/notes`, { method: "POST", token, json: body });
const story = async (slug: string) => (await call(`/api/news/${encodeURIComponent(slug)}`)).body;

describe("corrections and updates", () => {
  it("an editor adds dated notes to a published story: readers get them newest first, and the story's modified date moves", async () => {
    const article = await createArticle({ writer_id: writerId, title: `The bridge contract ${Date.now()}` });
    const before = (await story(article.slug)).updated_at as string;

    const correction = await addNote(article.slug, editor, { kind: "correction", text: "The contract was worth Rs 12 crore, not Rs 21 crore." });
    expect(correction.status).toBe(201);
    expect(correction.body).toMatchObject({ kind: "correction", text: "The contract was worth Rs 12 crore, not Rs 21 crore.", amended_at: null, earlier: [] });
    const update = await addNote(article.slug, editor, { kind: "update", text: "The ministry answered after publication." });
    expect(update.status).toBe(201);

    const after = await story(article.slug);
    expect(after.notes.map((note: { kind: string }) => note.kind)).toEqual(["update", "correction"]);
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before));

    // The page says so to readers and to search engines.
    const page = await (await fetch(`${baseUrl()}/article/${encodeURIComponent(article.slug)}`)).text();
    expect(page).toContain("The contract was worth Rs 12 crore, not Rs 21 crore.");
    expect(page).toContain(`"dateModified":"${after.updated_at}"`);
    const feed = await (await fetch(`${baseUrl()}/feeds/atom.xml`)).text();
    const entry = feed.split("<entry>").find((part) => part.includes(article.slug));
    expect(entry).toContain(`<updated>${after.updated_at}</updated>`);
  });

  it("only editors add or amend notes, only on published stories, and a note must say something", async () => {
    const article = await createArticle({ writer_id: writerId });
    const author = await member("author");
    expect(await addNote(article.slug, author, { text: "Mine" })).toMatchObject({ status: 403, body: { code: "role_forbidden" } });
    expect((await addNote(article.slug, null, { text: "Anyone" })).status).toBe(401);
    expect((await addNote(article.slug, (await newReader()).token, { text: "A reader" })).status).toBe(403);
    expect(await addNote(article.slug, editor, { text: "   " })).toMatchObject({ status: 400, body: { error: en.noteTextRequired } });

    const draft = await createArticle({ writer_id: writerId, is_published: "false" });
    expect(await addNote(draft.slug, editor, { text: "Too early" })).toMatchObject({ status: 409, body: { error: en.noteNeedsPublished } });
    expect((await story(article.slug)).notes).toEqual([]);
  });

  it("a new wording keeps the earlier one, which readers can see", async () => {
    const article = await createArticle({ writer_id: writerId });
    const note = (await addNote(article.slug, editor, { kind: "correction", text: "The mayor's name is Gita Rai." })).body;
    const amended = await call(`/api/notes/${note.id}`, { method: "PUT", token: editor, json: { kind: "correction", text: "The deputy mayor's name is Gita Rai." } });
    expect(amended.status).toBe(200);
    expect(amended.body).toMatchObject({ text: "The deputy mayor's name is Gita Rai.", amended_at: expect.any(String), earlier: [{ kind: "correction", text: "The mayor's name is Gita Rai." }] });
    // The same wording again changes nothing.
    const same = await call(`/api/notes/${note.id}`, { method: "PUT", token: editor, json: { kind: "correction", text: "The deputy mayor's name is Gita Rai." } });
    expect(same.body.earlier).toHaveLength(1);
    expect((await call(`/api/notes/${note.id}`, { method: "PUT", token: await member("author"), json: { text: "Quietly" } })).status).toBe(403);
    expect((await call("/api/notes/999999", { method: "PUT", token: editor, json: { text: "Nowhere" } })).status).toBe(404);

    const page = await (await fetch(`${baseUrl()}/article/${encodeURIComponent(article.slug)}`)).text();
    expect(page).toContain("The mayor&#x27;s name is Gita Rai.");
  });

  it("/api/corrections lists every correction of a published story, newest first, and no update", async () => {
    const first = await createArticle({ writer_id: writerId, title: `Listed first ${Date.now()}` });
    const second = await createArticle({ writer_id: writerId, title: `Listed second ${Date.now()}` });
    await addNote(first.slug, editor, { kind: "correction", text: "First correction." });
    await addNote(second.slug, editor, { kind: "update", text: "Not a correction." });
    await addNote(second.slug, editor, { kind: "correction", text: "Second correction." });

    const list = (await call("/api/corrections?limit=100")).body as { corrections: { text: string; article: { slug: string } }[]; total: number };
    const texts = list.corrections.map((c) => c.text);
    expect(texts.indexOf("Second correction.")).toBeLessThan(texts.indexOf("First correction."));
    expect(texts).not.toContain("Not a correction.");
    expect(list.corrections.find((c) => c.text === "Second correction.")?.article.slug).toBe(second.slug);

    // Unpublished, the story's corrections leave the public list with it.
    await call(`/api/news/${first.slug}`, { method: "PUT", token: editor, json: { is_published: "false" } });
    expect(((await call("/api/corrections?limit=100")).body.corrections as { text: string }[]).map((c) => c.text)).not.toContain("First correction.");

    const html = await (await fetch(`${baseUrl()}/corrections`)).text();
    expect(html).toContain("Second correction.");
    expect(html).toContain(`/article/${second.slug}`);
  });
});
