/** Articles over HTTP (docs/product.md#what-the-site-keeps, #validation-rules and #the-api-in-summary): listing and filters, create, read, update, delete, as an admin. */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import { en } from "~/lib/messages";
import { formatMessage } from "~/lib/format-message";
import { asAdmin, baseUrl, call, newReader } from "./client";
import { createArticle, createCategory, createTag, createWriter } from "./fixtures";

const run = Date.now().toString(36);
let seq = 0;
const unique = (prefix: string) => `${prefix} ${run}${(seq += 1)}`;

type Article = Record<string, any> & { id: number; slug: string; title: string };

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

async function postForm(fields: Record<string, string>) {
  return call("/api/news", { method: "POST", token: await asAdmin(), form: formOf(fields) });
}

async function putForm(slug: string, fields: Record<string, string>) {
  return call(`/api/news/${encodeURIComponent(slug)}`, { method: "PUT", token: await asAdmin(), form: formOf(fields) });
}

async function getAsAdmin(slug: string) {
  return call(`/api/news/${encodeURIComponent(slug)}`, { token: await asAdmin() });
}

async function list(query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await call(`/api/news?${params}`, { token: await asAdmin() });
  expect(res.status).toBe(200);
  return res.body as { articles: Article[]; total: number; page: number; limit: number };
}

const ids = (articles: { id: number }[]) => articles.map((a) => a.id);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

describe("GET /api/news", () => {
  it("returns {articles, total, page, limit}, newest first", async () => {
    const writer = await createWriter();
    const created: Article[] = [];
    for (let i = 0; i < 3; i++) created.push(await createArticle({ writer_id: writer.id, title: unique(`Order ${i}`) }));

    const body = await list({ writer: writer.id });
    expect(Object.keys(body).sort()).toEqual(["articles", "limit", "page", "total"]);
    expect(body.total).toBe(3);
    expect(body.page).toBe(1);
    expect(body.limit).toBe(10);
    expect(ids(body.articles)).toEqual(ids(created).reverse());
    const dates = body.articles.map((a) => Date.parse(a.published_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("paginates with page and limit: total stays, pages do not overlap", async () => {
    const writer = await createWriter();
    const created: Article[] = [];
    for (let i = 0; i < 5; i++) created.push(await createArticle({ writer_id: writer.id, title: unique(`Page ${i}`) }));
    const newestFirst = ids(created).reverse();

    const pages = [];
    for (const page of [1, 2, 3, 4]) pages.push(await list({ writer: writer.id, limit: 2, page }));
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5, 5]);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
    expect(pages.map((p) => p.limit)).toEqual([2, 2, 2, 2]);
    expect(pages.map((p) => ids(p.articles))).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4), []]);
  });

  it("caps limit at 100", async () => {
    const body = await list({ limit: 500 });
    expect(body.limit).toBe(100);
    expect(body.articles.length).toBeLessThanOrEqual(100);
    expect((await list({ limit: 100 })).limit).toBe(100);
  });

  it("filters by category (id or slug), tag slug, is_featured and writer", async () => {
    const writer = await createWriter();
    const [cat1, cat2, tag] = [await createCategory(), await createCategory(), await createTag()];
    const a1 = await createArticle({ writer_id: writer.id, category_id: cat1.id, tags: [tag.id], is_featured: "true" });
    const a2 = await createArticle({ writer_id: writer.id, category_id: cat1.id });
    const a3 = await createArticle({ writer_id: writer.id, category_id: cat2.id, tags: [tag.id] });
    await createArticle({ category_id: cat2.id }); // another writer, no tag

    expect(sorted(ids((await list({ category: cat1.id })).articles))).toEqual(sorted([a1.id, a2.id]));
    expect(sorted(ids((await list({ category: cat1.slug })).articles))).toEqual(sorted([a1.id, a2.id]));
    expect(sorted(ids((await list({ tag: tag.slug })).articles))).toEqual(sorted([a1.id, a3.id]));
    expect(sorted(ids((await list({ writer: writer.id })).articles))).toEqual(sorted([a1.id, a2.id, a3.id]));
    expect(ids((await list({ writer: writer.id, is_featured: "true" })).articles)).toEqual([a1.id]);

    const featured = await list({ is_featured: "true", limit: 100 });
    expect(featured.articles.every((a) => a.is_featured === true)).toBe(true);
    expect(ids(featured.articles)).toContain(a1.id);
    expect((await list({ tag: tag.slug, category: cat2.slug })).articles.map((a) => a.id)).toEqual([a3.id]);
    // An unknown category or tag matches nothing (it is not ignored).
    expect((await list({ category: `no-such-category-${run}` })).total).toBe(0);
    expect((await list({ tag: `no-such-tag-${run}` })).total).toBe(0);
  });

  it("searches title, meta_description and body", async () => {
    const writer = await createWriter();
    const word = `zeb${run}`;
    const inTitle = await createArticle({ writer_id: writer.id, title: `Inquiry ${word}title` });
    const inMeta = await createArticle({ writer_id: writer.id, meta_description: `Summary ${word}meta` });
    const inBody = await createArticle({ writer_id: writer.id, content: `<p>The ledger ${word}body was hidden.</p>` });
    await createArticle({ writer_id: writer.id, title: unique("Unrelated") });

    expect(ids((await list({ search: `${word}title` })).articles)).toEqual([inTitle.id]);
    expect(ids((await list({ search: `${word}meta` })).articles)).toEqual([inMeta.id]);
    expect(ids((await list({ search: `${word}body` })).articles)).toEqual([inBody.id]);
    // Case does not matter.
    expect(ids((await list({ search: `${word}TITLE`.toUpperCase() })).articles)).toEqual([inTitle.id]);
    expect(sorted(ids((await list({ search: word, writer: writer.id })).articles))).toEqual(
      sorted([inTitle.id, inMeta.id, inBody.id]),
    );
  });

  it("keeps every filter in a search, typos included, and pages through its matches", async () => {
    // A search's statement is prepared once per shape of filters: the same shape with other values
    // must find other articles.
    const writer = await createWriter();
    const [cat1, cat2, tag] = [await createCategory(), await createCategory(), await createTag()];
    const word = `quokka${run}`;
    const w = { writer_id: writer.id, content: `<p>The ${word} report was filed.</p>` };
    const a1 = await createArticle({ ...w, category_id: cat1.id, tags: [tag.id], is_featured: "true" });
    const a2 = await createArticle({ ...w, category_id: cat1.id });
    const a3 = await createArticle({ ...w, category_id: cat2.id, tags: [tag.id] });
    const other = await createArticle({ content: `<p>Another ${word} story.</p>`, category_id: cat2.id });

    const found = async (query: Record<string, string | number>, search = word) => sorted(ids((await list({ search, ...query })).articles));
    expect(await found({ category: cat1.id })).toEqual(sorted([a1.id, a2.id]));
    expect(await found({ category: cat2.id })).toEqual(sorted([a3.id, other.id]));
    expect(await found({ category: cat1.slug })).toEqual(sorted([a1.id, a2.id]));
    expect(await found({ tag: tag.slug })).toEqual(sorted([a1.id, a3.id]));
    expect(await found({ tag: tag.id, category: cat2.slug })).toEqual([a3.id]);
    expect(await found({ writer: writer.id, is_featured: "true" })).toEqual([a1.id]);
    expect(await found({ category: `no-such-category-${run}` })).toEqual([]);
    // A typo finds the word's look-alikes, within the same filters.
    const typo = word.replace("quokka", "quokke");
    expect(await found({ category: cat1.slug }, typo)).toEqual(sorted([a1.id, a2.id]));
    expect(await found({ writer: writer.id }, typo)).toEqual(sorted([a1.id, a2.id, a3.id]));

    for (const search of [word, typo]) {
      const page = (n: number) => list({ search, writer: writer.id, limit: 2, page: n });
      const [first, second, past] = [await page(1), await page(2), await page(3)];
      expect([first.total, second.total, past.total], search).toEqual([3, 3, 3]);
      expect(first.articles).toHaveLength(2);
      expect(sorted([...ids(first.articles), ...ids(second.articles)])).toEqual(sorted([a1.id, a2.id, a3.id]));
      expect(past.articles).toEqual([]);
      for (const article of [...first.articles, ...second.articles]) expect(article.snippet).toContain("<mark>");
    }
  });

  it("treats % _ ' and \\ in a query as plain text", async () => {
    const writer = await createWriter();
    const w = { writer_id: writer.id };
    const percent = await createArticle({ ...w, title: "Spending rose 100% in a year" });
    await createArticle({ ...w, title: "Spending rose by 1000 rupees" });
    const underscore = await createArticle({ ...w, content: "<p>The file_name was changed.</p>" });
    await createArticle({ ...w, content: "<p>The filexname was changed.</p>" });
    const quote = await createArticle({ ...w, title: "O'Brien's audit" });
    const backslash = await createArticle({ ...w, content: "<p>Stored in C:\\temp\\ledger</p>" });
    const driveLetter = await createArticle({ ...w, content: "<p>Stored in C:temp</p>" });

    const search = async (q: string) => {
      const res = await call(`/api/news?${new URLSearchParams({ search: q, writer: String(writer.id) })}`, { token: await asAdmin() });
      expect(res.status).toBe(200);
      return ids(res.body.articles);
    };
    // Search is by words (full-text): a symbol on its own is no word, and never a wildcard.
    expect(await search("100%")).toEqual([percent.id]);
    expect(await search("%")).toEqual([]);
    expect(await search("file_name")).toEqual([underscore.id]);
    expect(await search("_")).toEqual([]);
    expect(await search("O'Brien")).toEqual([quote.id]);
    expect(await search("'; DROP TABLE articles; --")).toEqual([]);
    expect(sorted(await search("C:\\temp"))).toEqual(sorted([backslash.id, driveLetter.id]));
    // The table survived.
    expect((await list({ writer: writer.id })).total).toBe(7);
  });

  it("matches a Devanagari query against a Devanagari title", async () => {
    const writer = await createWriter();
    const nepali = await createArticle({ writer_id: writer.id, title: `भ्रष्टाचार अनुसन्धान प्रतिवेदन ${run}` });
    await createArticle({ writer_id: writer.id, title: unique("Corruption inquiry report") });
    expect(ids((await list({ search: "अनुसन्धान", writer: writer.id })).articles)).toEqual([nepali.id]);
    expect(ids((await list({ search: `अनुसन्धान प्रतिवेदन ${run}` })).articles)).toEqual([nepali.id]);
  });

  it("ignores Unicode form and zero-width joiners in titles and queries", async () => {
    const writer = await createWriter();
    // Typed with a zero-width non-joiner, as some Nepali keyboards produce it.
    const joined = await createArticle({ writer_id: writer.id, title: `सडक\u200Cविभागको ठेक्का ${run}` });
    // Typed decomposed (NFD), as some systems send it.
    const decomposed = await createArticle({ writer_id: writer.id, title: `Cafe\u0301 owners ${run}`.normalize("NFD") });
    const search = async (q: string) => ids((await list({ search: q, writer: writer.id })).articles);
    expect(await search("सडकविभागको")).toEqual([joined.id]);
    expect(await search("सडक\u200Cविभागको")).toEqual([joined.id]);
    expect(await search("सडक\u200Dविभागको")).toEqual([joined.id]);
    expect(await search("Café owners".normalize("NFC"))).toEqual([decomposed.id]);
    expect(await search("Café owners".normalize("NFD"))).toEqual([decomposed.id]);
  });

  it("shows guests published articles only", async () => {
    const writer = await createWriter();
    const published = await createArticle({ writer_id: writer.id });
    await createArticle({ writer_id: writer.id, is_published: "false" });
    const res = await call(`/api/news?writer=${writer.id}`);
    expect(res.status).toBe(200);
    expect(ids(res.body.articles)).toEqual([published.id]);
    expect(res.body.total).toBe(1);
  });
});

describe("POST /api/news", () => {
  it("creates an article from multipart and returns the shape of docs/product.md#what-the-site-keeps", async () => {
    const writer = await createWriter();
    const category = await createCategory();
    const [t1, t2] = [await createTag(), await createTag()];
    const relatedTo = await createArticle();
    const title = unique("Where did the relief money go");
    const content = `<p>${Array.from({ length: 250 }, (_, i) => `word${i}`).join(" ")}</p>`;
    const res = await postForm({
      title,
      content,
      writer_id: String(writer.id),
      category_id: String(category.id),
      meta_title: "Relief money",
      meta_description: "A look at the relief fund",
      tags: JSON.stringify([t1.id, t2.id]),
      related_news_ids: JSON.stringify([relatedTo.id]),
      is_published: "true",
      is_featured: "false",
    });
    expect(res.status).toBe(201);
    const a = res.body;
    expect(a).toMatchObject({
      title,
      content,
      writer_id: writer.id,
      writer_name: writer.name,
      author: writer.name,
      category_id: category.id,
      category_name: category.name,
      meta_title: "Relief money",
      meta_description: "A look at the relief fund",
      is_published: true,
      is_featured: false,
      language: "en",
      read_time: 2,
      media: [],
      comments: [],
      related_news_ids: [relatedTo.id],
    });
    expect(typeof a.id).toBe("number");
    expect(a.slug).toBe(title.toLowerCase().replace(/ /g, "-"));
    expect(Number.isNaN(Date.parse(a.published_at))).toBe(false);
    expect(Math.abs(Date.parse(a.published_at) - Date.now())).toBeLessThan(60_000);
    expect(sorted(a.tags.map((t: { id: number }) => t.id))).toEqual(sorted([t1.id, t2.id]));
    for (const tag of a.tags) expect(Object.keys(tag).sort()).toEqual(["id", "name", "name_en", "name_ne", "slug"]);
    expect(a.tags).toContainEqual({ id: t1.id, name: t1.name, name_en: t1.name_en, name_ne: t1.name_ne, slug: t1.slug });
    expect(a.related.map((r: { id: number }) => r.id)).toEqual([relatedTo.id]);
    expect(typeof a.excerpt).toBe("string");
    expect(a.excerpt.startsWith("word0 word1")).toBe(true);
    expect(Array.from(a.excerpt as string).length).toBeLessThanOrEqual(161);

    const fetched = await call(`/api/news/${encodeURIComponent(a.slug)}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({ id: a.id, title, writer_name: writer.name, category_name: category.name });
  });

  it("defaults to a draft that is not featured", async () => {
    const writer = await createWriter();
    const res = await postForm({ title: unique("Draft"), content: "<p>Body</p>", writer_id: String(writer.id) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ is_published: false, is_featured: false, category_name: en.uncategorized });
  });

  it("requires title, content and writer", async () => {
    const writer = await createWriter();
    const base = { title: unique("Required"), content: "<p>Body</p>", writer_id: String(writer.id) };
    for (const missing of ["title", "content", "writer_id"] as const) {
      const { [missing]: _, ...rest } = base;
      const res = await postForm(rest);
      expect(res.status, missing).toBe(400);
      expect(res.body, missing).toEqual({ error: en.articleRequired, code: "article_required" });
    }
    for (const blank of [{ title: "   " }, { content: "  " }, { writer_id: "" }]) {
      const res = await postForm({ ...base, ...blank });
      expect(res.status, JSON.stringify(blank)).toBe(400);
      expect(res.body).toEqual({ error: en.articleRequired, code: "article_required" });
    }
    // Content that is nothing once sanitized is no content.
    const scriptOnly = await postForm({ ...base, content: "<script>alert(1)</script>" });
    expect(scriptOnly.status).toBe(400);
    expect(scriptOnly.body).toEqual({ error: en.articleRequired, code: "article_required" });
    expect((await list({ writer: writer.id })).total).toBe(0);
  });

  it("allows a meta title of 1000 characters and refuses 1001", async () => {
    const writer = await createWriter();
    const base = { content: "<p>Body</p>", writer_id: String(writer.id) };
    const tooLong = await postForm({ ...base, title: unique("Meta"), meta_title: "m".repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ error: en.metaTitleTooLong, code: "meta_title_too_long" });
    const atLimit = await postForm({ ...base, title: unique("Meta"), meta_title: "m".repeat(1000) });
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.meta_title).toHaveLength(1000);
  });

  it("refuses an unknown writer, category, tag or related article", async () => {
    const writer = await createWriter();
    const base = { title: unique("Unknown refs"), content: "<p>Body</p>", writer_id: String(writer.id) };
    const cases: [Record<string, string>, string, string][] = [
      [{ writer_id: "999999" }, en.unknownWriter, "unknown_writer"],
      [{ category_id: "999999" }, en.unknownCategory, "unknown_category"],
      [{ tags: "[999999]" }, en.unknownTags, "unknown_tags"],
      [{ related_news_ids: "[999999]" }, en.unknownRelated, "unknown_related"],
    ];
    for (const [fields, error, code] of cases) {
      const res = await postForm({ ...base, ...fields });
      expect(res.status, error).toBe(400);
      expect(res.body).toEqual({ error, code });
    }
    expect((await list({ writer: writer.id })).total).toBe(0);
  });
});

describe("slugs", () => {
  it("derives the spec's slug from an ASCII title", async () => {
    const writer = await createWriter();
    const res = await postForm({ title: "Hello, World! 2024", content: "<p>Hi</p>", writer_id: String(writer.id), is_published: "true" });
    expect(res.status).toBe(201);
    expect(res.body.slug).toBe("hello-world-2024");
    expect(res.body.language).toBe("en");
  });

  it("keeps a Nepali title readable in the slug, reachable by its encoded address", async () => {
    const writer = await createWriter();
    const title = "नेपालको बजेट: कहाँ गयो पैसा?";
    const res = await postForm({ title, content: "<p>बजेट</p>", writer_id: String(writer.id), is_published: "true" });
    expect(res.status).toBe(201);
    expect(res.body.slug).toBe("नेपालको-बजेट-कहाँ-गयो-पैसा");
    expect(res.body.language).toBe("ne");

    const fetched = await call(`/api/news/${encodeURIComponent(res.body.slug)}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({ id: res.body.id, title, language: "ne" });

    const updated = await putForm(res.body.slug, { meta_title: "बजेट" });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ slug: res.body.slug, meta_title: "बजेट" });
    const token = await asAdmin();
    expect((await call(`/api/news/${encodeURIComponent(res.body.slug)}`, { method: "DELETE", token })).status).toBe(200);
    expect((await call(`/api/news/${encodeURIComponent(res.body.slug)}`, { token })).status).toBe(404);
  });

  it("infers language 'ne' only when the title is Devanagari and none is given", async () => {
    const writer = await createWriter();
    const w = { content: "<p>x</p>", writer_id: String(writer.id) };
    expect((await postForm({ ...w, title: `संसद ${run}` })).body.language).toBe("ne");
    expect((await postForm({ ...w, title: unique("Parliament") })).body.language).toBe("en");
    expect((await postForm({ ...w, title: `संसद ${run}`, language: "en" })).body.language).toBe("en");
  });

  it("makes slugs unique: the same title twice gets '-2'", async () => {
    const writer = await createWriter();
    const title = unique("Same Title");
    const fields = { title, content: "<p>x</p>", writer_id: String(writer.id), is_published: "true" };
    const first = await postForm(fields);
    const second = await postForm(fields);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.slug).toBe(`${first.body.slug}-2`);
    expect((await call(`/api/news/${first.body.slug}`)).body.id).toBe(first.body.id);
    expect((await call(`/api/news/${second.body.slug}`)).body.id).toBe(second.body.id);
  });

  it("gives a title of only punctuation a non-empty, working slug", async () => {
    const writer = await createWriter();
    const res = await postForm({ title: "?!… — ***", content: "<p>x</p>", writer_id: String(writer.id), is_published: "true" });
    expect(res.status).toBe(201);
    expect(res.body.slug).toMatch(/^[\p{L}\p{N}][\p{L}\p{M}\p{N}-]*$/u);
    const fetched = await call(`/api/news/${encodeURIComponent(res.body.slug)}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.id).toBe(res.body.id);
  });
});

describe("sanitising article HTML", () => {
  it("removes scripts, event handlers and javascript: URLs", async () => {
    const writer = await createWriter();
    const content = [
      "<p>Kept text</p>",
      "<script>alert('xss')</script>",
      '<img src="https://example.org/a.jpg" onerror="alert(1)">',
      '<p onclick="steal()">Click</p>',
      '<a href="javascript:alert(1)">bad link</a>',
      '<a href="JaVaScRiPt:alert(2)">bad link 2</a>',
      '<img src="javascript:alert(3)">',
      '<iframe src="https://evil.example"></iframe>',
    ].join("");
    const res = await postForm({ title: unique("XSS"), content, writer_id: String(writer.id) });
    expect(res.status).toBe(201);
    const stored: string = (await getAsAdmin(res.body.slug)).body.content;
    expect(stored).toContain("<p>Kept text</p>");
    expect(stored).toContain("bad link");
    expect(stored.toLowerCase()).not.toContain("<script");
    expect(stored).not.toContain("alert");
    expect(stored.toLowerCase()).not.toContain("onerror");
    expect(stored.toLowerCase()).not.toContain("onclick");
    expect(stored.toLowerCase()).not.toContain("javascript:");
    expect(stored.toLowerCase()).not.toContain("<iframe");
    expect(stored).toContain('<img src="https://example.org/a.jpg" />');
  });

  it("keeps what the editor produces and rewrites /Uploads/ image sources", async () => {
    const writer = await createWriter();
    const allowed = [
      "<h1>Heading one</h1>",
      "<h2>Heading two</h2>",
      "<p><strong>bold</strong> <em>italic</em> <u>underline</u></p>",
      '<pre><code class="language-js">const x = 1 &lt; 2;</code></pre>',
      '<img src="https://example.org/photo.jpg" alt="Photo" />',
    ];
    const res = await postForm({
      title: unique("Allowed"),
      content: allowed.join("") + '<img src="/Uploads/x.jpg" />',
      writer_id: String(writer.id),
    });
    expect(res.status).toBe(201);
    const stored: string = (await getAsAdmin(res.body.slug)).body.content;
    for (const fragment of allowed) expect(stored).toContain(fragment);
    expect(stored).toContain('<img src="/uploads/x.jpg" />');
    expect(stored).not.toContain("/Uploads/");
  });
});

describe("GET /api/news/{slug}", () => {
  it("includes approved comments only", async () => {
    const article = await createArticle();
    const reader = await newReader();
    const post = (content: string) =>
      call(`/api/news/${article.id}/comments`, { method: "POST", token: reader.token, json: { content } });
    const pending = await post("Still waiting");
    const approved = await post("Approved one");
    expect(pending.status).toBe(201);
    expect(approved.status).toBe(201);
    const approve = await call(`/api/comments/${approved.body.id}/approve`, { method: "PUT", token: await asAdmin() });
    expect(approve.status).toBe(200);

    for (const token of [undefined, await asAdmin()]) {
      const res = await call(`/api/news/${article.slug}`, { token });
      expect(res.status).toBe(200);
      expect(res.body.comments.map((c: { id: number }) => c.id)).toEqual([approved.body.id]);
      expect(res.body.comments[0]).toMatchObject({ content: "Approved one", is_approved: true, user_name: reader.user.name });
    }
  });

  it("lists explicit related articles first, at most 3", async () => {
    const category = await createCategory();
    const inCategory = await createArticle({ category_id: category.id });
    const r1 = await createArticle();
    const r2 = await createArticle();
    const one = await createArticle({ category_id: category.id, related_news_ids: [r2.id] });
    const oneRes = await call(`/api/news/${one.slug}`);
    expect(oneRes.status).toBe(200);
    expect(oneRes.body.related.map((r: { id: number }) => r.id)).toEqual([r2.id, inCategory.id]);

    const r3 = await createArticle();
    const r4 = await createArticle();
    const many = await createArticle({ category_id: category.id, related_news_ids: [r3.id, r1.id, r4.id, r2.id] });
    const manyRes = await call(`/api/news/${many.slug}`);
    expect(manyRes.body.related.map((r: { id: number }) => r.id)).toEqual([r3.id, r1.id, r4.id]);
    expect(manyRes.body.related[0]).toMatchObject({ title: r3.title, slug: r3.slug, writer_name: r3.writer_name });
  });

  it("answers 404 for an unknown slug and, to guests, for a draft", async () => {
    const missing = await call(`/api/news/no-such-article-${run}`);
    expect(missing.status).toBe(404);
    expect(typeof missing.body.error).toBe("string");
    const draft = await createArticle({ is_published: "false" });
    expect((await call(`/api/news/${draft.slug}`)).status).toBe(404);
    expect((await getAsAdmin(draft.slug)).status).toBe(200);
  });

  it("names a deleted writer and a missing section with the API's English defaults, in whatever language the client asks", async () => {
    const writer = await createWriter();
    const article = await createArticle({ writer_id: writer.id });
    expect((await call(`/api/writers/${writer.id}`, { method: "DELETE", token: await asAdmin() })).status).toBe(200);
    for (const lang of ["en", "ne"]) {
      const res = await call(`/api/news/${article.slug}?lang=${lang}`);
      expect(res.body).toMatchObject({ writer_id: null, writer_name: en.unknownAuthor, author: en.unknownAuthor, category_id: null, category_name: en.uncategorized });
    }
  });
});

describe("PUT /api/news/{slug}", () => {
  async function richArticle() {
    const writer = await createWriter();
    const category = await createCategory();
    const tag = await createTag();
    const res = await postForm({
      title: unique("Original title"),
      content: "<p>Original body</p>",
      writer_id: String(writer.id),
      category_id: String(category.id),
      meta_title: "Original meta",
      meta_description: "Original description",
      tags: JSON.stringify([tag.id]),
      is_published: "true",
      is_featured: "true",
      banner_url: "https://example.org/banner.jpg",
      banner_caption: "The banner",
      "media_urls[0]": "https://example.org/one.jpg",
      "captions[0]": "First",
    });
    expect(res.status).toBe(201);
    return { article: res.body as Article, writer, category, tag };
  }

  it("updates only the fields sent and keeps the rest (tags, media, flags)", async () => {
    const { article, tag } = await richArticle();
    const res = await putForm(article.slug, { meta_description: "Changed description" });
    expect(res.status).toBe(200);
    const after = (await getAsAdmin(article.slug)).body;
    expect(after.meta_description).toBe("Changed description");
    for (const field of ["title", "content", "writer_id", "category_id", "meta_title", "is_published", "is_featured", "slug", "language"]) {
      expect(after[field], field).toEqual(article[field]);
    }
    expect(after.tags).toEqual([{ id: tag.id, name: tag.name, name_en: tag.name_en, name_ne: tag.name_ne, slug: tag.slug }]);
    expect(after.media).toEqual(article.media);
    expect(after.media).toHaveLength(2);

    // Sending a field does change it: an empty tag list clears the tags.
    const cleared = await putForm(article.slug, { tags: "[]" });
    expect(cleared.status).toBe(200);
    expect(cleared.body.tags).toEqual([]);
  });

  it("stores a change of tags or of the related stories' order, and keeps both through a save that sends neither", async () => {
    const { article, tag } = await richArticle();
    const [other, r1, r2] = [await createTag(), await createArticle(), await createArticle()];
    const linked = await putForm(article.slug, { related_news_ids: JSON.stringify([r1.id, r2.id]), tags: JSON.stringify([tag.id, other.id]) });
    expect(linked.status).toBe(200);
    expect(linked.body.related_news_ids).toEqual([r1.id, r2.id]);

    const reordered = await putForm(article.slug, { related_news_ids: JSON.stringify([r2.id, r1.id]) });
    expect(reordered.body.related_news_ids).toEqual([r2.id, r1.id]);
    expect(sorted(reordered.body.tags.map((t: { id: number }) => t.id))).toEqual(sorted([tag.id, other.id]));

    const oneTagLess = await putForm(article.slug, { tags: JSON.stringify([other.id]) });
    expect(oneTagLess.body.tags.map((t: { id: number }) => t.id)).toEqual([other.id]);

    const bodyOnly = await putForm(article.slug, { content: "<p>Only the words change.</p>" });
    expect(bodyOnly.status).toBe(200);
    const after = (await getAsAdmin(article.slug)).body;
    expect(after.related_news_ids).toEqual([r2.id, r1.id]);
    expect(after.tags.map((t: { id: number }) => t.id)).toEqual([other.id]);
  });

  it("keeps the slug when the title changes; an explicit slug moves it", async () => {
    const { article } = await richArticle();
    const renamed = await putForm(article.slug, { title: "A completely new headline" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.slug).toBe(article.slug);
    expect((await call(`/api/news/${article.slug}`)).body.title).toBe("A completely new headline");

    const newSlug = `moved-${run}`;
    const moved = await putForm(article.slug, { slug: newSlug });
    expect(moved.status).toBe(200);
    expect(moved.body.slug).toBe(newSlug);
    expect((await call(`/api/news/${article.slug}`)).status).toBe(404);
    const fetched = await call(`/api/news/${newSlug}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({ id: article.id, title: "A completely new headline" });
  });

  it("saves with the stored updated_at and refuses a stale one with 409, changing nothing", async () => {
    const { article } = await richArticle();
    const loaded = (await getAsAdmin(article.slug)).body;
    const first = await putForm(article.slug, { title: "First editor's title", updated_at: loaded.updated_at });
    expect(first.status).toBe(200);
    expect(first.body.title).toBe("First editor's title");
    expect(first.body.updated_at).not.toBe(loaded.updated_at);

    const stale = await putForm(article.slug, {
      title: "Second editor's title",
      content: "<p>Overwritten</p>",
      updated_at: loaded.updated_at,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: en.editConflict, code: "edit_conflict" });
    const after = (await getAsAdmin(article.slug)).body;
    expect(after.title).toBe("First editor's title");
    expect(after.content).toBe(article.content);
    expect(after.updated_at).toBe(first.body.updated_at);

    // With the fresh version, the second editor can save.
    const retry = await putForm(article.slug, { title: "Second editor's title", updated_at: after.updated_at });
    expect(retry.status).toBe(200);
  });

  it("replaces media by URL, keeping positions: banner 0, content from 1", async () => {
    const { article } = await richArticle();
    const res = await putForm(article.slug, {
      banner_url: "https://example.org/new-banner.jpg",
      banner_caption: "New banner",
      "media_urls[0]": "https://example.org/clip.mp4",
      "captions[0]": "A clip",
      "media_urls[1]": "https://example.org/two.jpg",
      "captions[1]": "Second",
    });
    expect(res.status).toBe(200);
    const media = (await getAsAdmin(article.slug)).body.media;
    expect(media.map((m: Record<string, unknown>) => ({ url: m.url, caption: m.caption, position: m.position, kind: m.kind, media_type: m.media_type }))).toEqual([
      { url: "https://example.org/new-banner.jpg", caption: "New banner", position: 0, kind: "banner", media_type: "image" },
      { url: "https://example.org/clip.mp4", caption: "A clip", position: 1, kind: "content", media_type: "video" },
      { url: "https://example.org/two.jpg", caption: "Second", position: 2, kind: "content", media_type: "image" },
    ]);
    expect(res.body.image_url).toBe("https://example.org/new-banner.jpg");
  });

  it("refuses a video as the banner, by URL as by file", async () => {
    const { article } = await richArticle();
    const res = await putForm(article.slug, { banner_url: "/uploads/0123456789abcdef01234567.mp4" });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: en.bannerType, code: "banner_type" });
    expect((await getAsAdmin(article.slug)).body.media).toEqual(article.media);
  });

  it("refuses a javascript: media URL and keeps the stored media", async () => {
    const { article } = await richArticle();
    const res = await putForm(article.slug, { "media_urls[0]": "javascript:alert(1)" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: en.invalidMediaUrl, code: "invalid_media_url" });
    expect((await getAsAdmin(article.slug)).body.media).toEqual(article.media);
  });

  it("publishes a draft", async () => {
    const draft = await createArticle({ is_published: "false" });
    expect(draft.is_published).toBe(false);
    expect((await call(`/api/news/${draft.slug}`)).status).toBe(404);
    const res = await putForm(draft.slug, { is_published: "true" });
    expect(res.status).toBe(200);
    expect(res.body.is_published).toBe(true);
    const publicView = await call(`/api/news/${draft.slug}`);
    expect(publicView.status).toBe(200);
    expect(publicView.body.is_published).toBe(true);
    expect(Date.parse(publicView.body.published_at)).toBeGreaterThanOrEqual(Date.parse(draft.published_at));
  });

  it("answers 404 for an unknown slug", async () => {
    const res = await putForm(`no-such-article-${run}`, { title: "x" });
    expect(res.status).toBe(404);
  });
});

describe("DELETE /api/news/{slug}", () => {
  it("deletes: 200, then GET 404, then DELETE 404", async () => {
    const article = await createArticle();
    const token = await asAdmin();
    const res = await call(`/api/news/${article.slug}`, { method: "DELETE", token });
    expect(res.status).toBe(200);
    expect((await call(`/api/news/${article.slug}`, { token })).status).toBe(404);
    const again = await call(`/api/news/${article.slug}`, { method: "DELETE", token });
    expect(again.status).toBe(404);
    expect(typeof again.body.error).toBe("string");
  });
});

describe("input the API does not take is refused, not ignored", () => {
  it("a file under a field name the API does not know → 400 naming it, and no article", async () => {
    const title = unique("Unknown file field");
    const form = formOf({ title, content: "<p>Body.</p>", writer_id: String((await createWriter()).id) });
    form.append("attachment", new Blob([new Uint8Array([1, 2, 3])], { type: "application/pdf" }), "leak.pdf");
    const res = await call("/api/news", { method: "POST", token: await asAdmin(), form });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: formatMessage(en.unknownFileField, { field: "attachment" }), code: "unknown_file_field" });
    expect((await list({ search: title })).total).toBe(0);
  });

  it("a file where the API takes a text field → 400 naming it", async () => {
    const article = await createArticle();
    const form = formOf({ title: unique("Renamed") });
    form.append("banner_caption", new Blob(["a caption"], { type: "text/plain" }), "caption.txt");
    const res = await call(`/api/news/${encodeURIComponent(article.slug)}`, { method: "PUT", token: await asAdmin(), form });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: formatMessage(en.unknownFileField, { field: "banner_caption" }), code: "unknown_file_field" });
    expect((await getAsAdmin(article.slug)).body.title).toBe(article.title);
  });

  it("a file refused while the rest of the body is still arriving → 400 naming it, not a dropped connection", async () => {
    const article = await createArticle();
    const boundary = "----refused-early";
    const encoder = new TextEncoder();
    let finish!: () => void;
    const rest = new Promise<void>((resolve) => (finish = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(
          encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="leak.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF`),
        );
        await rest;
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
      },
    });
    const answer = fetch(`${baseUrl()}/api/news/${encodeURIComponent(article.slug)}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${await asAdmin()}`, "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    const res = await answer;
    // The client then sends the rest, as a browser uploading a large file would, while it reads the answer.
    finish();
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: formatMessage(en.unknownFileField, { field: "attachment" }), code: "unknown_file_field" });
  });

  it("a JSON article sent as text/plain → 415, and no article", async () => {
    const title = unique("Plain text article");
    const res = await fetch(`${baseUrl()}/api/news`, {
      method: "POST",
      headers: { authorization: `Bearer ${await asAdmin()}`, "content-type": "text/plain" },
      body: JSON.stringify({ title, content: "<p>Body.</p>", writer_id: (await createWriter()).id }),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ error: en.jsonRequired, code: "json_required" });
    expect((await list({ search: title })).total).toBe(0);
  });
});

describe("an update merges over the article as it is when saved", () => {
  it("keeps a field another editor changed while the request was still arriving", async () => {
    const article = await createArticle({ meta_description: "Original description" });
    const token = await asAdmin();
    // One editor's save arrives slowly (a large body on a slow line): it names only the title.
    let finish!: () => void;
    const rest = new Promise<void>((resolve) => (finish = resolve));
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('{"title": "Slow editor\'s title"'));
        await rest;
        controller.enqueue(encoder.encode("}"));
        controller.close();
      },
    });
    const slow = fetch(`${baseUrl()}/api/news/${encodeURIComponent(article.slug)}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Meanwhile another editor changes the description.
    const other = await putForm(article.slug, { meta_description: "Corrected description" });
    expect(other.status).toBe(200);
    finish();
    const res = await slow;
    expect(res.status).toBe(200);
    const saved = (await getAsAdmin(article.slug)).body;
    expect(saved.title).toBe("Slow editor's title");
    expect(saved.meta_description).toBe("Corrected description");
  });
});

describe("a refused save stores no file", () => {
  // An image of a size no other test uploads, so that its files can be told apart in the shared folder.
  const [WIDTH, HEIGHT] = [37, 29];
  const uploads = () => path.join(inject("dataDir"), "uploads");
  const listing = () => new Set(existsSync(uploads()) ? readdirSync(uploads()) : []);
  const oddImage = async () =>
    new Uint8Array(await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: "#c0392b" } }).png().toBuffer());
  /** The files of our odd-sized image written since `before`. */
  async function oddFilesSince(before: Set<string>): Promise<string[]> {
    const added = [...listing()].filter((name) => !before.has(name));
    const sizes = await Promise.all(added.map((name) => sharp(path.join(uploads(), name)).metadata().catch(() => null)));
    return added.filter((_, i) => sizes[i]?.width === WIDTH && sizes[i]?.height === HEIGHT);
  }
  function withBanner(fields: Record<string, string>, image: Uint8Array<ArrayBuffer>): FormData {
    const form = formOf(fields);
    form.append("banner", new Blob([image], { type: "image/png" }), "banner.png");
    return form;
  }

  it("not when an edit conflicts (409), nor when a field is invalid (400)", async () => {
    const article = await createArticle();
    const image = await oddImage();
    const before = listing();
    const stale = await call(`/api/news/${encodeURIComponent(article.slug)}`, {
      method: "PUT",
      token: await asAdmin(),
      form: withBanner({ title: unique("Stale"), updated_at: "2001-01-01T00:00:00.000Z" }, image),
    });
    expect(stale.status).toBe(409);
    const invalid = await call(`/api/news/${encodeURIComponent(article.slug)}`, {
      method: "PUT",
      token: await asAdmin(),
      form: withBanner({ writer_id: "999999" }, image),
    });
    expect(invalid.body).toEqual({ error: en.unknownWriter, code: "unknown_writer" });
    const created = await call("/api/news", {
      method: "POST",
      token: await asAdmin(),
      form: withBanner({ title: unique("Unknown writer"), content: "<p>Body.</p>", writer_id: "999999" }, image),
    });
    expect(created.status).toBe(400);
    expect(await oddFilesSince(before)).toEqual([]);
    expect((await getAsAdmin(article.slug)).body.image_url).toBe(article.image_url);

    // The same banner on a valid save is stored: the check above would have seen it.
    const saved = await call(`/api/news/${encodeURIComponent(article.slug)}`, { method: "PUT", token: await asAdmin(), form: withBanner({}, image) });
    expect(saved.status).toBe(200);
    expect(await oddFilesSince(before)).toContain(saved.body.image_url.slice("/uploads/".length));
  });
});
