/**
 * GET /api/news in an edition (`?edition=ne|en`): each story once, in the edition's language where
 * it has it, the other version otherwise (the default EDITION_MODE, `fallback`); without the
 * parameter, every published version as docs/product.md#the-api-in-summary lists them. Services' own tests cover own-language.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";
import { asAdmin, call, newReader } from "./client";
import { createArticle, createCategory, createTag, createWriter } from "./fixtures";
import { createArticleWithBanner } from "./seo-support";

let writerId: number;
const slugs: Record<string, string> = {};

beforeAll(async () => {
  writerId = (await createWriter()).id;
  const stamp = Date.now();
  const aEn = await createArticle({ writer_id: writerId, title: `Helicopter lease ${stamp}`, published_at: "2026-01-01T00:00:00Z" });
  const aNe = await createArticle({
    writer_id: writerId,
    title: `हेलिकप्टर भाडा ${stamp}`,
    translation_id: aEn.id,
    published_at: "2026-01-02T00:00:00Z",
  });
  const bNe = await createArticle({ writer_id: writerId, title: `बाढी राहत ${stamp}`, published_at: "2026-01-03T00:00:00Z" });
  Object.assign(slugs, { aEn: aEn.slug, aNe: aNe.slug, bNe: bNe.slug });
});

async function listed(query: string) {
  const res = await call(`/api/news?writer=${writerId}&${query}`);
  expect(res.status).toBe(200);
  return { slugs: res.body.articles.map((a: { slug: string }) => a.slug), total: res.body.total };
}

describe("GET /api/news?edition=", () => {
  it("lists a translated story once, in the edition's language, and an untranslated one in its own", async () => {
    expect(await listed("edition=ne")).toEqual({ slugs: [slugs.bNe, slugs.aNe], total: 2 });
    expect(await listed("edition=en")).toEqual({ slugs: [slugs.bNe, slugs.aEn], total: 2 });
  });

  it("marks each version with its language, which a client shows as the label", async () => {
    const res = await call(`/api/news?writer=${writerId}&edition=en`);
    expect(res.body.articles.map((a: { language: string }) => a.language)).toEqual(["ne", "en"]);
  });

  it("without an edition (or with an unknown one) lists every version, as the spec's clients expect", async () => {
    const every = { slugs: [slugs.bNe, slugs.aNe, slugs.aEn], total: 3 };
    expect(await listed("")).toEqual(every);
    expect(await listed("edition=fr")).toEqual(every);
  });

  it("filters by language, alone or with a search", async () => {
    expect(await listed("language=en")).toEqual({ slugs: [slugs.aEn], total: 1 });
    expect(await listed("language=ne&search=हेलिकप्टर")).toEqual({ slugs: [slugs.aNe], total: 1 });
  });

  it("a search in an edition finds the story once", async () => {
    expect(await listed("edition=ne&search=Helicopter OR हेलिकप्टर")).toEqual({ slugs: [slugs.aNe], total: 1 });
  });
});

describe("POST /api/news/{slug}/translation", () => {
  async function source(fields: Record<string, string> = {}) {
    const [category, tag, writer, related] = await Promise.all([createCategory(), createTag(), createWriter(), createArticle()]);
    const article = await createArticleWithBanner({
      title: `Irrigation canal audit ${Date.now()}`,
      content: "<p>The canal was paid for in full.</p>",
      writer_id: String(writer.id),
      category_id: String(category.id),
      tags: JSON.stringify([tag.id]),
      related_news_ids: JSON.stringify([related.id]),
      is_published: "true",
      ...fields,
    });
    return { article, category, tag, writer, related };
  }

  const translate = async (slug: string, token?: string | null) =>
    call(`/api/news/${encodeURIComponent(slug)}/translation`, { method: "POST", token: token === undefined ? await asAdmin() : token });

  it("makes a linked draft in the other language with the section, writer, tags, banner and related stories", async () => {
    const { article, category, tag, writer, related } = await source();
    const res = await translate(article.slug);
    expect(res.status).toBe(201);
    const draft = res.body;
    expect(draft).toMatchObject({
      slug: `${article.slug}-ne`,
      language: "ne",
      is_published: false,
      is_featured: false,
      category_id: category.id,
      writer_id: writer.id,
      related_news_ids: [related.id],
      translation: { id: article.id, slug: article.slug, language: "en" },
      title: article.title,
      content: article.content,
    });
    expect(draft.tags.map((t: { id: number }) => t.id)).toEqual([tag.id]);
    const banner = draft.media.find((m: { kind: string }) => m.kind === "banner");
    expect(banner).toMatchObject({ url: article.image_url, position: 0 });

    // The published version links to it for an admin; a reader sees no link to a draft.
    const asAdminNow = await call(`/api/news/${encodeURIComponent(article.slug)}`, { token: await asAdmin() });
    expect(asAdminNow.body.translation).toMatchObject({ id: draft.id, language: "ne" });
    expect((await call(`/api/news/${encodeURIComponent(article.slug)}`)).body.translation).toBeNull();
  });

  it("refuses a second translation with 409, and anyone but an admin", async () => {
    const { article } = await source();
    expect((await translate(article.slug)).status).toBe(201);
    const again = await translate(article.slug);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("already_translated");
    const other = await createArticle();
    expect((await translate(other.slug, null)).status).toBe(401);
    expect((await translate(other.slug, (await newReader()).token)).status).toBe(403);
    expect((await translate("no-such-article")).status).toBe(404);
  });

  it("publishing one version leaves the other as it is; deleting one unlinks the other and keeps it", async () => {
    const { article } = await source({ is_published: "false" });
    const draft = (await translate(article.slug)).body;
    const published = await call(`/api/news/${encodeURIComponent(draft.slug)}`, { method: "PUT", token: await asAdmin(), json: { is_published: "true" } });
    expect(published.body.is_published).toBe(true);
    const original = await call(`/api/news/${encodeURIComponent(article.slug)}`, { token: await asAdmin() });
    expect(original.body.is_published).toBe(false);

    expect((await call(`/api/news/${encodeURIComponent(article.slug)}`, { method: "DELETE", token: await asAdmin() })).status).toBe(200);
    const kept = await call(`/api/news/${encodeURIComponent(draft.slug)}`);
    expect(kept.status).toBe(200);
    expect(kept.body.translation).toBeNull();
  });
});

describe("a site set to EDITION_MODE=own-language", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ DEMO_CONTENT: "true", EDITION_MODE: "own-language" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = async (path: string) => (await fetch(server.baseUrl + path)).json();

  it("lists in each edition only its own language, while the spec's list keeps every version", async () => {
    const nepali = await get("/api/news?edition=ne&limit=100");
    const english = await get("/api/news?edition=en&limit=100");
    const every = await get("/api/news?limit=100");
    expect(nepali.articles.every((a: { language: string }) => a.language === "ne")).toBe(true);
    expect(english.articles.every((a: { language: string }) => a.language === "en")).toBe(true);
    expect(nepali.total + english.total).toBe(every.total);
    expect(nepali.total).toBeGreaterThan(0);
    expect(english.total).toBeGreaterThan(0);
  });

  it("the Nepali home page shows no English story", async () => {
    const englishOnly = (await get("/api/news?edition=en&limit=100")).articles as { slug: string }[];
    const page = await (await fetch(`${server.baseUrl}/ne`)).text();
    const linked = [...page.matchAll(/href="\/ne\/article\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!));
    expect(linked.length).toBeGreaterThan(5);
    for (const slug of englishOnly.map((a) => a.slug)) expect(linked).not.toContain(slug);
  });
});

describe("a story's versions", () => {
  const article = async (slug: string, token?: string) => (await call(`/api/news/${encodeURIComponent(slug)}`, token ? { token } : {})).body;
  const put = async (slug: string, json: Record<string, unknown>) => call(`/api/news/${encodeURIComponent(slug)}`, { method: "PUT", token: await asAdmin(), json });

  it("lists every other version as `translations`, and refuses a second version in one language with 409", async () => {
    const writer = (await createWriter()).id;
    const english = await createArticle({ writer_id: writer, title: `Dam tender ${Date.now()}`, language: "en" });
    const nepali = await createArticle({ writer_id: writer, title: `बाँध ठेक्का ${Date.now()}`, language: "ne", translation_id: english.id });
    expect((await article(english.slug)).translations).toEqual([{ id: nepali.id, slug: nepali.slug, title: nepali.title, language: "ne", is_published: true }]);
    expect((await article(nepali.slug)).translations).toEqual([{ id: english.id, slug: english.slug, title: english.title, language: "en", is_published: true }]);

    // Another English version of the story: refused, and nothing of it is written.
    const second = await call("/api/news", {
      method: "POST",
      token: await asAdmin(),
      json: { writer_id: writer, title: `Dam tender again ${Date.now()}`, content: "<p>x</p>", language: "en", translation_id: nepali.id },
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("version_language_taken");
    expect(second.body.error).toContain("English");
    const taken = await call(`/api/news/${encodeURIComponent(nepali.slug)}/translation`, { method: "POST", token: await asAdmin(), json: { language: "en" } });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("version_language_taken");
    // Nor may a version change into a language its story has.
    const renamed = await put(nepali.slug, { language: "en" });
    expect(renamed.status).toBe(409);
    expect((await article(nepali.slug)).language).toBe("ne");
    expect((await article(english.slug)).translations.map((t: { id: number }) => t.id)).toEqual([nepali.id]);
  });

  it("takes an article out of its story with an empty translation_id, and refuses an unknown language", async () => {
    const english = await createArticle({ title: `Quarry licence ${Date.now()}`, language: "en" });
    const nepali = await createArticle({ title: `खानी अनुमति ${Date.now()}`, language: "ne", translation_id: english.id });
    expect((await put(nepali.slug, { translation_id: "" })).status).toBe(200);
    expect((await article(english.slug)).translations).toEqual([]);
    expect((await article(nepali.slug)).translation).toBeNull();
    const unknown = await call(`/api/news/${encodeURIComponent(english.slug)}/translation`, { method: "POST", token: await asAdmin(), json: { language: "fr" } });
    expect(unknown.status).toBe(400);
  });

  it("brings the other version back into an edition when the one it showed is unpublished", async () => {
    const writer = (await createWriter()).id;
    const english = await createArticle({ writer_id: writer, title: `Bridge audit ${Date.now()}`, language: "en" });
    const nepali = await createArticle({ writer_id: writer, title: `पुल लेखापरीक्षण ${Date.now()}`, language: "ne", translation_id: english.id });
    const edition = async (language: string) => (await call(`/api/news?writer=${writer}&edition=${language}`)).body.articles.map((a: { slug: string }) => a.slug);
    expect(await edition("ne")).toEqual([nepali.slug]);
    expect(await edition("en")).toEqual([english.slug]);
    expect((await put(nepali.slug, { is_published: "false" })).status).toBe(200);
    expect(await edition("ne")).toEqual([english.slug]);
    expect((await put(english.slug, { is_published: "false" })).status).toBe(200);
    expect(await edition("ne")).toEqual([]);
    expect((await put(nepali.slug, { is_published: "true" })).status).toBe(200);
    expect(await edition("en")).toEqual([nepali.slug]);
    // A reader is shown only the published versions.
    expect((await article(nepali.slug)).translations).toEqual([]);
    expect((await article(nepali.slug, await asAdmin())).translations.map((t: { id: number }) => t.id)).toEqual([english.id]);
  });

  it("filters the back office's list by whether a story has another version", async () => {
    const writer = (await createWriter()).id;
    const alone = await createArticle({ writer_id: writer, title: `Lone story ${Date.now()}`, language: "en" });
    const english = await createArticle({ writer_id: writer, title: `Paired story ${Date.now()}`, language: "en" });
    const nepali = await createArticle({ writer_id: writer, title: `जोडी कथा ${Date.now()}`, language: "ne", translation_id: english.id });
    const list = async (translation: string) =>
      (await call(`/api/news?writer=${writer}&translation=${translation}&status=all`, { token: await asAdmin() })).body.articles.map((a: { id: number }) => a.id).sort();
    expect(await list("missing")).toEqual([alone.id]);
    expect(await list("present")).toEqual([english.id, nepali.id].sort());
  });
});
