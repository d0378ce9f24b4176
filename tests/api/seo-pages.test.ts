/** What search engines and social networks read in a page's <head>: titles, canonicals, cards and JSON-LD. */
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call } from "./client";
import { createArticle, createCategory, createTag, createWriter } from "./fixtures";
import { createArticleWithBanner, fetchHead } from "./seo-support";

const abs = (path: string) => new URL(path, baseUrl()).href;

describe("an article page's head", () => {
  // Quotes, an ampersand and a script end tag: nothing stored may break out of the JSON-LD.
  const title = `Minister's "clean" audit </script><script>alert(1)</script> & more ${Date.now()}`;
  let article: Awaited<ReturnType<typeof createArticleWithBanner>>;
  let writer: Awaited<ReturnType<typeof createWriter>>;
  let category: Awaited<ReturnType<typeof createCategory>>;
  let tags: Awaited<ReturnType<typeof createTag>>[];

  beforeAll(async () => {
    writer = await createWriter();
    category = await createCategory();
    tags = [await createTag({ name: `Audit ${Date.now()}` }), await createTag({ name: `Budget ${Date.now()}` })];
    article = await createArticleWithBanner(
      {
        title,
        content: "<p>The audit report lists payments without receipts.</p>",
        writer_id: String(writer.id),
        category_id: String(category.id),
        meta_title: "Audit: the payments without receipts",
        meta_description: "Forty payments had no receipts.",
        tags: JSON.stringify(tags.map((tag) => tag.id)),
        is_published: "true",
      },
      { width: 1000, height: 560 },
    );
  });

  it("names the meta title, meta description and the canonical address", async () => {
    const head = await fetchHead(`/article/${article.slug}`);
    expect(head.status).toBe(200);
    expect(head.title).toBe("Audit: the payments without receipts");
    expect(head.meta("description")).toBe("Forty payments had no receipts.");
    expect(head.links.find((l) => l.rel === "canonical")?.href).toBe(abs(`/article/${article.slug}`));
  });

  it("carries a NewsArticle that survives </script> and quotes in the title", async () => {
    const head = await fetchHead(`/article/${article.slug}`);
    expect(head.html).not.toContain("<script>alert(1)</script>");
    const news = head.jsonLd.find((d: any) => d["@type"] === "NewsArticle") as any;
    expect(news).toMatchObject({
      "@context": "https://schema.org",
      headline: "Audit: the payments without receipts",
      description: "Forty payments had no receipts.",
      image: [abs(article.image_url)],
      datePublished: article.published_at,
      dateModified: article.updated_at,
      author: [{ "@type": "Person", name: writer.name, url: abs(`/writer/${writer.id}`) }],
      publisher: { name: "Khulasa", logo: { "@type": "ImageObject", url: abs("/logo.png") } },
      inLanguage: "en",
      articleSection: category.name,
      mainEntityOfPage: { "@type": "WebPage", "@id": abs(`/article/${article.slug}`) },
    });
    expect(["NewsMediaOrganization", "Organization"]).toContain(news.publisher["@type"]);
    expect([...news.keywords].sort()).toEqual(tags.map((tag) => tag.name).sort());
    const logo = await fetch(news.publisher.logo.url);
    expect(logo.headers.get("content-type")).toBe("image/png");

    const breadcrumb = head.jsonLd.find((d: any) => d["@type"] === "BreadcrumbList") as any;
    expect(breadcrumb.itemListElement.map((step: any) => [step.position, step.name, step.item])).toEqual([
      [1, "Home", abs("/")],
      [2, category.name, abs(`/category/${category.slug}`)],
      [3, title, abs(`/article/${article.slug}`)],
    ]);
  });

  it("has Open Graph and Twitter cards with the banner as an absolute URL and its size", async () => {
    const head = await fetchHead(`/article/${article.slug}`);
    expect(head.meta("og:type")).toBe("article");
    expect(head.meta("og:url")).toBe(abs(`/article/${article.slug}`));
    expect(head.meta("og:image")).toBe(abs(article.image_url));
    expect(head.meta("og:image")).toMatch(/^https?:\/\//);
    expect([head.meta("og:image:width"), head.meta("og:image:height")]).toEqual(["1000", "560"]);
    expect(head.meta("twitter:card")).toBe("summary_large_image");
    expect(head.meta("twitter:image")).toBe(abs(article.image_url));
    expect((await fetch(head.meta("og:image") ?? "")).status).toBe(200);
  });

  it("names both language versions, and the Nepali page is its own canonical", async () => {
    const head = await fetchHead(`/ne/article/${article.slug}`);
    expect(head.links.find((l) => l.rel === "canonical")?.href).toBe(abs(`/ne/article/${article.slug}`));
    expect(head.hreflang()).toEqual({
      en: abs(`/article/${article.slug}`),
      "ne-NP": abs(`/ne/article/${article.slug}`),
      "x-default": abs(`/article/${article.slug}`),
    });
    const news = head.jsonLd.find((d: any) => d["@type"] === "NewsArticle") as any;
    expect(news.author[0].url).toBe(abs(`/ne/writer/${writer.id}`));
  });

  it("links an article and its translation to each other with hreflang, each in its own language", async () => {
    const nepali = await createArticle({ title: `भ्रष्टाचार छानबिन ${Date.now()}`, language: "ne" });
    const english = await createArticle({ title: `Corruption inquiry ${Date.now()}`, language: "en", translation_id: nepali.id });
    const versions = { en: abs(`/article/${english.slug}`), "ne-NP": abs(`/ne/article/${encodeURIComponent(nepali.slug)}`) };
    expect((await fetchHead(`/article/${english.slug}`)).hreflang()).toEqual({ ...versions, "x-default": versions.en });
    expect((await fetchHead(`/ne/article/${encodeURIComponent(nepali.slug)}`)).hreflang()).toEqual({ ...versions, "x-default": versions.en });
  });

  it("falls back to the title and the excerpt without meta fields", async () => {
    const plain = await createArticle({ title: `Plain report ${Date.now()}`, content: "<p>Only a body here.</p>" });
    const head = await fetchHead(`/article/${plain.slug}`);
    expect(head.title).toBe(plain.title);
    expect(head.meta("description")).toBe("Only a body here.");
    expect(head.meta("og:image")).toBe(abs("/og-default.png"));
    expect((head.jsonLd.find((d: any) => d["@type"] === "NewsArticle") as any).image).toEqual([abs("/og-default.png")]);
  });

  it("keeps an unknown article out of search results", async () => {
    const head = await fetchHead("/article/no-such-article-here");
    expect(head.status).toBe(404);
    expect(head.meta("robots")).toContain("noindex");
  });
});

describe("listing pages and the home page", () => {
  it("home: the default title, Organization and WebSite with a SearchAction, feed links", async () => {
    const head = await fetchHead("/");
    expect(head.title).toBe("Khulasa — Independent investigative journalism from Nepal");
    const types = head.jsonLd.map((d: any) => d["@type"]);
    expect(types).toContain("WebSite");
    const site = head.jsonLd.find((d: any) => d["@type"] === "WebSite") as any;
    expect(site.potentialAction).toMatchObject({
      "@type": "SearchAction",
      target: { urlTemplate: `${abs("/search")}?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    });
    expect(head.jsonLd.some((d: any) => /Organization$/.test(d["@type"]) && d.logo?.url === abs("/logo.png"))).toBe(true);
    expect(head.meta("og:type")).toBe("website");
    const feeds = head.links.filter((l) => l.rel === "alternate" && l.type);
    expect(feeds.map((l) => [l.type, l.href])).toEqual([
      ["application/rss+xml", abs("/feeds/rss.xml")],
      ["application/atom+xml", abs("/feeds/atom.xml")],
    ]);
  });

  it("category, writer and tag pages have cards and link their own feeds", async () => {
    const category = await createCategory();
    const tag = await createTag();
    const writer = await createWriter();
    await createArticle({ category_id: category.id, tags: [tag.id], writer_id: writer.id });
    const pages = [
      { path: `/category/${category.slug}`, title: category.name, feed: `/feeds/category/${category.slug}` },
      { path: `/tag/${tag.slug}`, title: `Articles tagged ${tag.name}`, feed: `/feeds/tag/${tag.slug}` },
      { path: `/writer/${writer.id}`, title: "Writer Profile", feed: `/feeds/writer/${writer.id}` },
    ];
    for (const page of pages) {
      const head = await fetchHead(page.path);
      expect(head.title, page.path).toBe(page.title);
      expect(head.links.find((l) => l.rel === "canonical")?.href).toBe(abs(page.path));
      expect(head.meta("og:url")).toBe(abs(page.path));
      expect(head.meta("og:image")).toMatch(/^https?:\/\//);
      expect(head.meta("twitter:card")).toBe("summary_large_image");
      const own = head.links.filter((l) => l.rel === "alternate" && l.href?.startsWith(abs(page.feed)));
      expect(own.map((l) => l.type).sort()).toEqual(["application/atom+xml", "application/rss+xml"]);
      for (const link of own) expect((await fetch(link.href ?? "")).status, link.href).toBe(200);
    }
  });

  it("words titles in the page's language and keeps the page number in a listing's canonical", async () => {
    const head = await fetchHead("/ne/news?page=2&utm_source=x");
    expect(head.title).toBe("सबै समाचार");
    expect(head.links.find((l) => l.rel === "canonical")?.href).toBe(abs("/ne/news?page=2"));
  });

  it("keeps the login page and search results without a story out of search engines", async () => {
    for (const path of ["/login", "/search?q=zqxjnothingmatches", "/search"]) {
      const head = await fetchHead(path);
      expect(head.meta("robots"), path).toContain("noindex");
      expect(head.links.find((l) => l.rel === "canonical"), path).toBeUndefined();
    }
    expect((await call("/robots.txt")).status).toBe(200);
  });

  describe("search results a search engine may list", () => {
    // One word no other story has, so that what finds it is known.
    const word = `Quokkafund${Date.now()}`;
    beforeAll(async () => {
      await createArticle({ title: `Audit finds missing funds ${word}` });
    });

    it("lists the first page of plain words that found stories, under its canonical address", async () => {
      const head = await fetchHead(`/search?q=${encodeURIComponent(`audit  ${word}`)}`);
      expect(head.title).toBe(`Search results for "audit  ${word}"`);
      expect(head.meta("robots")).toBeUndefined();
      expect(head.links.find((l) => l.rel === "canonical")?.href).toBe(abs(`/search?q=audit+${word}`));
    });

    it("keeps out a later page, a look-alike's results and words joined by `or`", async () => {
      const typo = word.replace("fund", "fnd");
      for (const path of [`/search?q=${word}&page=2`, `/search?q=${typo}`, `/search?q=${word}+or+the+editor+lies`, `/search?q=${word}+-budget`]) {
        const head = await fetchHead(path);
        expect(head.meta("robots"), path).toContain("noindex");
      }
      // The look-alike and the `or` still find the story: only the page's head differs.
      expect((await fetchHead(`/search?q=${typo}`)).html).toContain(word);
      expect((await fetchHead(`/search?q=${word}+or+the+editor+lies`)).html).toContain(word);
    });
  });

  it("describes search results in the page's language, never in the searcher's words", async () => {
    const english = await fetchHead("/search?q=zq-never-echoed");
    expect(english.meta("description")).toBe("Search every story Khulasa has published, in Nepali and English.");
    const nepali = await fetchHead("/ne/search?q=zq-never-echoed");
    expect(nepali.meta("description")).toBe("खुलासाले नेपाली र अंग्रेजीमा प्रकाशित गरेका सबै समाचार खोज्नुहोस्।");
    expect(nepali.meta("description")).not.toContain("zq-never-echoed");
  });
});
