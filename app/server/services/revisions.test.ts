/**
 * Revisions on a clock the test holds: autosaves folded per person per ten minutes, explicit saves
 * always kept, every revision read back exactly from its keyframe and delta, and what a thousand
 * revisions of a long story cost in storage (recorded in docs/performance.md).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { articleMedia, articleRevisions, articleTags, articles, tags, users } from "../db/schema";
import { REVISION_KEYFRAME_EVERY } from "~/lib/limits";
import type { Actor } from "./actor";
import { readableText } from "./revision-diff";
import { compareRevisions, getRevision, keepEarliestRevision, listRevisions, recordRevision } from "./revisions";

let handle: DatabaseHandle;
let editor: Actor;
let other: Actor;
const T0 = new Date("2026-12-01T06:00:00.000Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  const rows = await handle.db
    .insert(users)
    .values([
      { name: "Sita Editor", email: "sita@example.com", passwordHash: "x", role: "editor" },
      { name: "Ram Author", email: "ram@example.com", passwordHash: "x", role: "author" },
    ])
    .returning();
  editor = { id: rows[0]!.id, name: "Sita Editor", email: "sita@example.com", role: "editor" };
  other = { id: rows[1]!.id, name: "Ram Author", email: "ram@example.com", role: "author" };
});

afterAll(() => handle.close());

async function newStory(slug: string, content: string): Promise<number> {
  const [row] = await handle.db.insert(articles).values({ slug, title: "The dam contract", content, isPublished: false, authorId: editor.id }).returning({ id: articles.id });
  return row!.id;
}

const setBody = (id: number, content: string, title = "The dam contract") => handle.db.update(articles).set({ content, title }).where(eq(articles.id, id));

describe("recordRevision", () => {
  it("keeps the story's own banner, pictures and tags, whatever the ids of other stories' rows", async () => {
    // Rows of another story first, so that no medium's id equals the story's.
    const earlier = await newStory("earlier-story", "<p>Before.</p>");
    await handle.db.insert(articleMedia).values([0, 1, 2].map((position) => ({ articleId: earlier, url: `https://example.org/earlier-${position}.jpg`, caption: "", position, kind: position === 0 ? ("banner" as const) : ("content" as const) })));
    const id = await newStory("pictured-story", "<p>With pictures.</p>");
    const [tag] = await handle.db.insert(tags).values({ slug: "dams", names: { en: "Dams", ne: "बाँध" } }).returning({ id: tags.id });
    await handle.db.insert(articleTags).values({ articleId: id, tagId: tag!.id });
    await handle.db.insert(articleMedia).values([
      { articleId: id, url: "https://example.org/banner.jpg", caption: "The dam", position: 0, kind: "banner" },
      { articleId: id, url: "https://example.org/site.jpg", caption: "The site", position: 1, kind: "content" },
    ]);
    await recordRevision(handle.db, id, { kind: "save", userId: editor.id, at: minutes(0) });
    const [latest] = await listRevisions(handle.db, editor, "pictured-story");
    const { story } = await getRevision(handle.db, editor, "pictured-story", latest!.id);
    expect(story.banner).toEqual({ url: "https://example.org/banner.jpg", caption: "The dam" });
    expect(story.media).toEqual([{ url: "https://example.org/site.jpg", caption: "The site", media_type: "image" }]);
    expect(story.tags).toEqual([tag!.id]);
  });


  it("folds one person's autosaves within ten minutes into one revision, and keeps every explicit save", async () => {
    const id = await newStory("autosaves", "<p>One</p>");
    const save = (kind: "save" | "autosave", at: Date, who = editor) => recordRevision(handle.db, id, { kind, userId: who.id, at });

    await save("save", minutes(0));
    await setBody(id, "<p>One two</p>");
    await save("autosave", minutes(1));
    await setBody(id, "<p>One two three</p>");
    await save("autosave", minutes(9));
    let list = await listRevisions(handle.db, editor, "autosaves");
    expect(list.map((r) => [r.number, r.kind])).toEqual([[2, "autosave"], [1, "save"]]);
    expect(list[0]!.saved_at).toBe(minutes(9).toISOString());
    expect((await getRevision(handle.db, editor, "autosaves", list[0]!.id)).story.content).toBe("<p>One two three</p>");

    // Past ten minutes from the first autosave, another person, an explicit save: each a new one.
    await save("autosave", minutes(12));
    await save("autosave", minutes(13), other);
    await save("save", minutes(14));
    await save("save", minutes(14));
    list = await listRevisions(handle.db, editor, "autosaves");
    expect(list.map((r) => [r.kind, r.user_name])).toEqual([
      ["save", "Sita Editor"],
      ["save", "Sita Editor"],
      ["autosave", "Ram Author"],
      ["autosave", "Sita Editor"],
      ["autosave", "Sita Editor"],
      ["save", "Sita Editor"],
    ]);
  });

  it("keeps a story saved before revisions existed as its first revision, by nobody named, once", async () => {
    const id = await newStory("older-story", "<p>As seeded</p>");
    await keepEarliestRevision(handle.db, id, minutes(-60));
    await keepEarliestRevision(handle.db, id, minutes(-30));
    const list = await listRevisions(handle.db, editor, "older-story");
    expect(list).toEqual([expect.objectContaining({ number: 1, kind: "save", user_name: null, saved_at: minutes(-60).toISOString() })]);
    expect((await getRevision(handle.db, editor, "older-story", list[0]!.id)).story.content).toBe("<p>As seeded</p>");
  });

  it("gives every revision back exactly, across keyframes, and compares two as readable text", async () => {
    const paragraphs = (n: number) => Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i}${i === n % 30 ? ` edited ${n}` : ""}: the ward office paid Rs ${i} lakh.</p>`).join("");
    const id = await newStory("keyframes", paragraphs(0));
    const count = REVISION_KEYFRAME_EVERY * 2 + 3;
    for (let n = 0; n < count; n++) {
      await setBody(id, paragraphs(n), `The dam contract, take ${n}`);
      await recordRevision(handle.db, id, { kind: "save", userId: editor.id, at: minutes(n) });
    }
    const rows = await handle.db.select().from(articleRevisions).where(eq(articleRevisions.articleId, id)).orderBy(articleRevisions.id);
    expect(rows.filter((r) => r.baseId === null)).toHaveLength(3);
    for (const [n, row] of rows.entries()) {
      const { story, number } = await getRevision(handle.db, editor, "keyframes", row.id);
      expect(story).toMatchObject({ title: `The dam contract, take ${n}`, content: paragraphs(n) });
      expect(number).toBe(n + 1);
    }

    const comparison = await compareRevisions(handle.db, editor, "keyframes", rows[4]!.id, rows[5]!.id, "en");
    expect(comparison.changes.map((c) => c.field)).toEqual(["title", "content"]);
    const body = comparison.changes.find((c) => c.field === "content")!.parts;
    const text = (keep: "added" | "removed") => body.filter((p) => p.change !== keep).map((p) => p.text).join("");
    // Read without what was added, it is revision 5's text; without what was removed, revision 6's.
    expect(text("added")).toBe(readableText(paragraphs(4)));
    expect(text("removed")).toBe(readableText(paragraphs(5)));
    expect(readableText(paragraphs(4))).toContain("Paragraph 4 edited 4: the ward office paid Rs 4 lakh.\n\nParagraph 5: the");
    expect(body.filter((p) => p.change !== "same").map((p) => p.text).join(" ")).toMatch(/^[\w ]*edited[\w ]*edited[\w ]*$/);
  });

  it("keeps a thousand revisions of a long story in a small multiple of the story's size", async () => {
    // About 6,000 words, each save rewording one sentence somewhere in it.
    const sentence = (i: number, take: number) => `<p>Sentence ${i} of the investigation into the ministry's procurement of road equipment, take ${take}, names the contractor and the officials who signed the cheques.</p>`;
    const takes = Array.from({ length: 300 }, () => 0);
    const body = () => takes.map((take, i) => sentence(i, take)).join("");
    const id = await newStory("long-story", body());
    for (let n = 0; n < 1000; n++) {
      takes[(n * 37) % takes.length]! += 1;
      await setBody(id, body());
      await recordRevision(handle.db, id, { kind: "save", userId: editor.id, at: minutes(n) });
    }
    const [stored] = await handle.db
      .select({ bytes: sql<number>`sum(octet_length(${articleRevisions.body}))::int`, disk: sql<number>`sum(pg_column_size(${articleRevisions.body}))::int`, revisions: sql<number>`count(*)::int` })
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, id));
    const storyBytes = Buffer.byteLength(body());
    console.info(`revisions: ${stored!.revisions} of a ${storyBytes}-byte story take ${stored!.bytes} bytes (${(stored!.bytes / storyBytes).toFixed(1)}× the story, ${((100 * stored!.bytes) / (storyBytes * 1000)).toFixed(2)} % of full copies; ${stored!.disk} bytes on disk)`);
    expect(stored!.revisions).toBe(1000);
    expect(stored!.bytes).toBeLessThan(storyBytes * 60);
    expect(stored!.disk).toBeLessThan(storyBytes * 10);
    const last = (await listRevisions(handle.db, editor, "long-story"))[0]!;
    expect((await getRevision(handle.db, editor, "long-story", last.id)).story.content).toBe(body());
  }, 120_000);
});
