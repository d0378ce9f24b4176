/** Feeds, sitemaps and robots.txt, read with a real XML parser as feed readers and crawlers would. */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { ARTICLES_PER_SITEMAP, SITEMAP_BYTE_LIMIT, SITEMAP_URL_LIMIT, articleSitemapCount } from "~/server/seo/sitemaps";
import { escapeXml } from "~/server/seo/xml";
import { en } from "~/lib/messages";
import { ne } from "~/lib/messages.ne";
import { asAdmin, baseUrl, call } from "./client";
import { createArticle, createCategory, createTag, createWriter } from "./fixtures";
import { createArticleWithBanner, uploadImage } from "./seo-support";

const abs = (path: string) => new URL(path, baseUrl()).href;
// Elements that may repeat are always arrays, so that one item reads like many. RSS's <link> is text.
const REPEATED = new Set(["item", "entry", "url", "sitemap", "category", "xhtml:link"]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (name, jpath) => REPEATED.has(name) || (name === "link" && String(jpath).startsWith("feed.")),
});

async function xml(path: string, contentType: RegExp): Promise<any> {
  const res = await fetch(baseUrl() + path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("content-type"), path).toMatch(contentType);
  expect(res.headers.get("cache-control"), path).toMatch(/public/);
  const text = await res.text();
  expect(XMLValidator.validate(text), path).toBe(true);
  return parser.parse(text);
}

const rssTitles = (doc: any): string[] => doc.rss.channel.item?.map((item: any) => String(item.title)) ?? [];
const atomTitles = (doc: any): string[] => doc.feed.entry?.map((entry: any) => String(entry.title["#text"] ?? entry.title)) ?? [];

describe("feeds", () => {
  let category: Awaited<ReturnType<typeof createCategory>>;
  let tag: Awaited<ReturnType<typeof createTag>>;
  let writer: Awaited<ReturnType<typeof createWriter>>;
  let published: Awaited<ReturnType<typeof createArticleWithBanner>>;
  let draft: Awaited<ReturnType<typeof createArticle>>;
  let figure: string;

  beforeAll(async () => {
    [category, tag, writer, figure] = await Promise.all([createCategory(), createTag(), createWriter(), uploadImage()]);
    const common = { writer_id: String(writer.id), category_id: String(category.id), tags: JSON.stringify([tag.id]) };
    published = await createArticleWithBanner({
      ...common,
      title: `Feed story & <friends> ${Date.now()}`,
      content: `<p>Body with a <a href="/about">link</a>.</p><p><img src="${figure}" alt="A chart"></p>`,
      is_published: "true",
    });
    draft = await createArticle({ writer_id: writer.id, category_id: category.id, tags: [tag.id], title: `Feed draft ${Date.now()}`, is_published: "false" });
  });

  const scopes = () => [
    { name: "site", base: "/feeds" },
    { name: "category", base: `/feeds/category/${category.slug}` },
    { name: "writer", base: `/feeds/writer/${writer.id}` },
    { name: "tag", base: `/feeds/tag/${tag.slug}` },
  ];

  it("RSS 2.0: the published article with its full body and absolute addresses, never the draft", async () => {
    for (const scope of scopes()) {
      const doc = await xml(`${scope.base}/rss.xml`, /^application\/rss\+xml/);
      expect(doc.rss["@version"]).toBe("2.0");
      const titles = rssTitles(doc);
      expect(titles, scope.name).toContain(published.title);
      expect(titles, scope.name).not.toContain(draft.title);
      const item = doc.rss.channel.item.find((i: any) => i.title === published.title);
      expect(item.link).toBe(abs(`/article/${published.slug}`));
      expect(item["content:encoded"]).toContain(`src="${abs(figure)}"`);
      expect(item["content:encoded"]).toContain(`href="${abs("/about")}"`);
      expect(item["content:encoded"]).toContain(`src="${abs(published.image_url)}"`);
      expect(item["content:encoded"]).not.toMatch(/(src|href)="\/(?!\/)/);
      expect(item["media:content"]["@url"]).toBe(abs(published.image_url));
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
    }
  });

  it("Atom: the same articles, full content as HTML, absolute links", async () => {
    for (const scope of scopes()) {
      const doc = await xml(`${scope.base}/atom.xml`, /^application\/atom\+xml/);
      expect(doc.feed["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
      const titles = atomTitles(doc);
      expect(titles, scope.name).toContain(published.title);
      expect(titles, scope.name).not.toContain(draft.title);
      const entry = doc.feed.entry.find((e: any) => e.title === published.title);
      expect(entry.link.find((l: any) => l["@rel"] === "alternate")["@href"]).toBe(abs(`/article/${published.slug}`));
      expect(entry.content["@type"]).toBe("html");
      expect(entry.content["#text"]).toContain(`src="${abs(figure)}"`);
      expect(entry.author.uri).toBe(abs(`/writer/${writer.id}`));
    }
  });

  it("answers 404 for an unknown category, writer, tag or format", async () => {
    for (const path of ["/feeds/category/no-such-category/rss.xml", "/feeds/writer/999999/rss.xml", "/feeds/tag/no-such-tag/atom.xml", "/feeds/feed.json"]) {
      expect((await call(path)).status, path).toBe(404);
    }
  });

  it("lets a polling reader revalidate with its ETag", async () => {
    const first = await fetch(`${baseUrl()}/feeds/rss.xml`);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    const again = await fetch(`${baseUrl()}/feeds/rss.xml`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });
});

/** A first paragraph longer than any excerpt: an edit after it changes no card. */
const LEAD = "ठेक्का प्रक्रियामा अनियमितता भएको महालेखा परीक्षकको प्रतिवेदनले देखाएको छ। ".repeat(6);

describe("feeds per edition", () => {
  let writer: Awaited<ReturnType<typeof createWriter>>;
  let category: Awaited<ReturnType<typeof createCategory>>;
  const titles: Record<string, string> = {};
  const slugs: Record<string, string> = {};

  beforeAll(async () => {
    const stamp = Date.now();
    [writer, category] = await Promise.all([createWriter(), createCategory({ name_en: `Roads ${stamp}`, name_ne: `सडक ${stamp}` })]);
    const common = { writer_id: writer.id, category_id: category.id };
    const aEn = await createArticle({ ...common, title: `Bypass tender ${stamp}`, published_at: "2026-02-01T00:00:00Z" });
    const aNe = await createArticle({
      ...common,
      title: `बाइपास ठेक्का ${stamp}`,
      content: `<p>${LEAD}</p><p>पुरानो अन्त्य।</p>`,
      translation_id: aEn.id,
      published_at: "2026-02-02T00:00:00Z",
    });
    const bNe = await createArticle({ ...common, title: `पुल मर्मत ${stamp}`, published_at: "2026-02-03T00:00:00Z" });
    Object.assign(titles, { aEn: aEn.title, aNe: aNe.title, bNe: bNe.title });
    slugs.aNe = aNe.slug;
  });

  it("the Nepali edition's feed has each story once, in Nepali where it has it, and says it is Nepali", async () => {
    const doc = await xml(`/ne/feeds/writer/${writer.id}/rss.xml`, /^application\/rss\+xml/);
    expect(rssTitles(doc)).toEqual([titles.bNe, titles.aNe]);
    expect(doc.rss.channel.language).toBe("ne-NP");
    expect(doc.rss.channel.link).toBe(abs(`/ne/writer/${writer.id}`));
    expect(doc.rss.channel["atom:link"]["@href"]).toBe(abs(`/ne/feeds/writer/${writer.id}/rss.xml`));
    // Sections are named in the edition's language.
    expect(doc.rss.channel.item[0].category.map(String)).toContain(category.name_ne);

    const atom = await xml(`/ne/feeds/category/${category.slug}/atom.xml`, /^application\/atom\+xml/);
    expect(atomTitles(atom)).toEqual([titles.bNe, titles.aNe]);
    expect(atom.feed["@xml:lang"]).toBe("ne-NP");
  });

  it("the English edition's feed, at the unprefixed address, has the English version of the same story", async () => {
    const doc = await xml(`/feeds/writer/${writer.id}/rss.xml`, /^application\/rss\+xml/);
    expect(rssTitles(doc)).toEqual([titles.bNe, titles.aEn]);
    expect(doc.rss.channel.language).toBe("en");
    expect(doc.rss.channel.item[1].category.map(String)).toContain(category.name_en);
    const moved = await fetch(`${baseUrl()}/en/feeds/writer/${writer.id}/rss.xml`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`/feeds/writer/${writer.id}/rss.xml`);
  });

  it("a correction further down a story (its cards unchanged) reaches the edition's feeds at once", async () => {
    const feed = `${baseUrl()}/ne/feeds/writer/${writer.id}/rss.xml`;
    await fetch(feed);
    expect((await fetch(feed)).headers.get("x-page-cache")).toBe("hit");
    const corrected = `सच्याइएको ${Date.now()}`;
    const slug = encodeURIComponent(slugs.aNe!);
    const res = await call(`/api/news/${slug}`, { method: "PUT", token: await asAdmin(), json: { content: `<p>${LEAD}</p><p>${corrected}</p>` } });
    expect(res.status).toBe(200);
    expect(await (await fetch(feed)).text()).toContain(corrected);
  });

  it("a page offers its own edition's feeds", async () => {
    const page = await (await fetch(`${baseUrl()}/ne/writer/${writer.id}`)).text();
    expect(page).toContain(`href="${abs("/ne/feeds/rss.xml")}"`);
    expect(page).toContain(`href="${abs(`/ne/feeds/writer/${writer.id}/atom.xml`)}"`);
    expect(page).not.toContain(`href="${abs("/feeds/rss.xml")}"`);
  });
});

describe("sitemaps per edition, and robots.txt", () => {
  let pairEn: Awaited<ReturnType<typeof createArticle>>;
  let pairNe: Awaited<ReturnType<typeof createArticle>>;
  let onlyNe: Awaited<ReturnType<typeof createArticle>>;
  let old: Awaited<ReturnType<typeof createArticle>>;
  let draft: Awaited<ReturnType<typeof createArticle>>;
  let category: Awaited<ReturnType<typeof createCategory>>;
  let tag: Awaited<ReturnType<typeof createTag>>;

  beforeAll(async () => {
    [category, tag] = await Promise.all([createCategory(), createTag()]);
    const stamp = Date.now();
    pairEn = await createArticle({ title: `Sitemap story ${stamp}`, category_id: category.id, tags: [tag.id] });
    pairNe = await createArticle({ title: `सिटम्याप कथा ${stamp}`, translation_id: pairEn.id, category_id: category.id, tags: [tag.id] });
    onlyNe = await createArticle({ title: `सिटम्याप समाचार ${stamp}`, category_id: category.id });
    old = await createArticle({ title: `Three days old ${stamp}`, published_at: new Date(Date.now() - 72 * 3600_000).toISOString() });
    draft = await createArticle({ title: `Sitemap draft ${stamp}`, is_published: "false", category_id: category.id });
  });

  const article = (prefix: string, a: { slug: string }) => abs(`${prefix}/article/${encodeURIComponent(a.slug)}`);

  /** Every `<url>` in every sitemap an edition's index lists, by file, each sitemap parsed as XML. */
  async function editionSitemaps(prefix: "" | "/ne"): Promise<Map<string, any[]>> {
    const index = await xml(`${prefix}/sitemap.xml`, /^application\/xml/);
    const files: string[] = index.sitemapindex.sitemap.map((s: any) => s.loc);
    expect(files.every((loc) => loc.startsWith(abs(`${prefix}/sitemap/`)))).toBe(true);
    const byFile = new Map<string, any[]>();
    for (const file of files) {
      const path = new URL(file).pathname;
      byFile.set(path.slice(prefix.length), (await xml(path, /^application\/xml/)).urlset.url ?? []);
    }
    return byFile;
  }
  const locs = (entries: any[] | undefined) => (entries ?? []).map((u) => u.loc as string);
  const alternatesOf = (entry: any) => Object.fromEntries(entry["xhtml:link"].map((l: any) => [l["@hreflang"], l["@href"]]));

  it("each edition lists its own addresses, each story once in the edition's language where it has it; never a draft", async () => {
    const english = await editionSitemaps("");
    const nepali = await editionSitemaps("/ne");
    for (const byFile of [english, nepali]) {
      expect([...byFile.keys()]).toEqual(
        expect.arrayContaining(["/sitemap/articles-1.xml", "/sitemap/pages.xml", "/sitemap/categories.xml", "/sitemap/tags.xml", "/sitemap/writers.xml", "/sitemap/news.xml"]),
      );
    }
    const en = locs(english.get("/sitemap/articles-1.xml"));
    expect(en).toEqual(expect.arrayContaining([article("", pairEn), article("", onlyNe), article("", old)]));
    expect(en).not.toContain(article("", pairNe));
    const ne = locs(nepali.get("/sitemap/articles-1.xml"));
    expect(ne).toEqual(expect.arrayContaining([article("/ne", pairNe), article("/ne", onlyNe), article("/ne", old)]));
    expect(ne).not.toContain(article("/ne", pairEn));

    expect(locs(english.get("/sitemap/pages.xml"))).toContain(abs("/about"));
    expect(locs(nepali.get("/sitemap/pages.xml"))).toContain(abs("/ne/about"));
    expect(locs(nepali.get("/sitemap/categories.xml"))).toContain(abs(`/ne/category/${category.slug}`));
    expect(locs(nepali.get("/sitemap/tags.xml"))).toContain(abs(`/ne/tag/${tag.slug}`));
    expect(locs(english.get("/sitemap/writers.xml"))).toContain(abs(`/writer/${pairEn.writer_id}`));

    // No address twice, in an edition or across both (the news sitemap repeats the newest for
    // Google News); every address in its edition's language.
    const listed = (byFile: Map<string, any[]>) => [...byFile].filter(([file]) => file !== "/sitemap/news.xml").flatMap(([, entries]) => locs(entries));
    const everyAddress = [...listed(english), ...listed(nepali)];
    expect(new Set(everyAddress).size).toBe(everyAddress.length);
    expect([...nepali.values()].flatMap(locs).every((loc) => loc === abs("/ne") || loc.startsWith(abs("/ne/")))).toBe(true);
    expect([...english.values()].flatMap(locs).some((loc) => loc === abs("/ne") || loc.startsWith(abs("/ne/")))).toBe(false);
    expect(everyAddress.some((loc) => loc.includes(encodeURIComponent(draft.slug)))).toBe(false);
  });

  it("names each story's version in every language with hreflang alternates, as its page does", async () => {
    const english = await editionSitemaps("");
    const nepali = await editionSitemaps("/ne");
    const entry = (byFile: Map<string, any[]>, loc: string) => byFile.get("/sitemap/articles-1.xml")!.find((u) => u.loc === loc);
    // A translated story: each edition's entry names the other edition's version.
    const expected = { en: article("", pairEn), "ne-NP": article("/ne", pairNe), "x-default": article("", pairEn) };
    expect(alternatesOf(entry(english, article("", pairEn)))).toEqual(expected);
    expect(alternatesOf(entry(nepali, article("/ne", pairNe)))).toEqual(expected);
    // A story in one language: the same article under each edition's address.
    expect(alternatesOf(entry(english, article("", onlyNe)))).toEqual({ en: article("", onlyNe), "ne-NP": article("/ne", onlyNe), "x-default": article("", onlyNe) });
    const page = await (await fetch(article("", pairEn))).text();
    expect(page).toContain(`hrefLang="ne-NP" href="${article("/ne", pairNe)}"`);
  });

  it("Google News sitemap: each edition's own stories of the last 48 hours, under its own publication", async () => {
    const newsOf = async (prefix: string) => (await xml(`${prefix}/sitemap/news.xml`, /^application\/xml/)).urlset.url ?? [];
    const [english, nepali] = await Promise.all([newsOf(""), newsOf("/ne")]);
    const publications = (entries: any[]) =>
      new Set(entries.map((u) => `${u["news:news"]["news:publication"]["news:language"]}:${u["news:news"]["news:publication"]["news:name"]}`));
    expect([...publications(english)]).toEqual([`en:${en.siteName}`]);
    expect([...publications(nepali)]).toEqual([`ne:${ne.siteName}`]);
    expect(locs(nepali)).toEqual(expect.arrayContaining([article("/ne", pairNe), article("/ne", onlyNe)]));
    expect(locs(english)).toContain(article("", pairEn));
    expect(locs(english)).not.toContain(article("", onlyNe));
    const titles = [...english, ...nepali].map((u: any) => String(u["news:news"]["news:title"]));
    expect(titles).not.toContain(old.title);
    expect(titles).not.toContain(draft.title);
  });

  it("a story published since a crawler last read the edition's sitemaps is in them at once", async () => {
    expect((await fetch(abs("/ne/sitemap/news.xml"))).headers.get("x-page-cache")).toBe("hit");
    const fresh = await createArticle({ title: `भर्खरको समाचार ${Date.now()}` });
    expect(await (await fetch(abs("/ne/sitemap/news.xml"))).text()).toContain(encodeURIComponent(fresh.slug));
  });

  it("splits articles so that no file passes 50,000 addresses or 50 MB, even with long Nepali addresses", async () => {
    expect(ARTICLES_PER_SITEMAP).toBeLessThanOrEqual(SITEMAP_URL_LIMIT);
    expect([0, 1, 10_000, 10_001, 30_001].map((n) => articleSitemapCount(n))).toEqual([1, 1, 1, 2, 4]);
    // The bytes a story takes in its file, with a Nepali headline of 150 letters (a long one: most are under 80).
    const long = await createArticle({ title: `${Date.now()} ${"भ्रष्टाचार ".repeat(20)}`.slice(0, 150), language: "ne" });
    const file = await call<string>("/ne/sitemap/articles-1.xml");
    const entries = file.body.split("<url>").filter((entry) => entry.includes(encodeURIComponent(long.slug)));
    expect(entries).toHaveLength(1);
    expect(Buffer.byteLength(`<url>${entries[0]}`) * ARTICLES_PER_SITEMAP).toBeLessThan(SITEMAP_BYTE_LIMIT);
  });

  it("writes stored text as XML, dropping what XML cannot carry", () => {
    const text = `A\u0001 <b> & "q" 'a'`;
    expect(XMLValidator.validate(`<t a="${escapeXml(text)}">${escapeXml(text)}</t>`)).toBe(true);
    expect(parser.parse(`<t>${escapeXml(text)}</t>`).t).toBe(`A <b> & "q" 'a'`);
  });

  it("sends an articles file as it is written, unkept, and answers 304 while its articles are unchanged", async () => {
    const first = await fetch(`${baseUrl()}/ne/sitemap/articles-1.xml`, { headers: { "accept-encoding": "gzip" } });
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(first.headers.get("content-encoding")).toBe("gzip");
    const body = await first.text();
    expect(body.endsWith("</urlset>")).toBe(true);
    expect(XMLValidator.validate(body)).toBe(true);
    const etag = first.headers.get("etag") ?? "";
    const again = await fetch(`${baseUrl()}/ne/sitemap/articles-1.xml`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    // Written again for the next crawler, not served from the page cache.
    expect((await fetch(`${baseUrl()}/ne/sitemap/articles-1.xml`)).headers.get("x-page-cache")).toBe("miss");
    await call(`/api/news/${encodeURIComponent(old.slug)}`, { method: "PUT", token: await asAdmin(), json: { meta_description: `Changed ${Date.now()}` } });
    expect((await fetch(`${baseUrl()}/ne/sitemap/articles-1.xml`, { headers: { "if-none-match": etag } })).status).toBe(200);
  });

  it("answers 404 past the last articles file, and the default language's prefix moves to its one address", async () => {
    expect((await call("/sitemap/articles-999.xml")).status).toBe(404);
    expect((await call("/ne/sitemap/articles-999.xml")).status).toBe(404);
    expect((await call("/sitemap/unknown.xml")).status).toBe(404);
    const moved = await fetch(`${baseUrl()}/en/sitemap.xml`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/sitemap.xml");
  });

  it("robots.txt keeps crawlers out of the back office and the API and names each edition's sitemaps", async () => {
    const res = await call<string>("/robots.txt");
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = res.body.split("\n");
    expect(lines).toEqual(expect.arrayContaining(["User-agent: *", "Disallow: /admin", "Disallow: /ne/admin", "Disallow: /api/"]));
    expect(lines.filter((line) => line.startsWith("Sitemap:"))).toEqual([`Sitemap: ${abs("/sitemap.xml")}`, `Sitemap: ${abs("/ne/sitemap.xml")}`]);
  });
});
