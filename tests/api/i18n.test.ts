/** Both languages over HTTP: prefixed pages, one address per page, Unicode slugs, API errors in the client's language. */
import { describe, expect, it } from "vitest";
import { call } from "./client";
import { createArticle } from "./fixtures";

const page = async (path: string) => {
  const res = await call<string>(path);
  return { ...res, lang: /<html lang="([^"]+)"/.exec(res.body)?.[1] };
};

describe("interface language in the URL", () => {
  it("serves unprefixed pages in English and /ne pages in Nepali", async () => {
    const en = await page("/news");
    expect(en.status).toBe(200);
    expect(en.lang).toBe("en");
    const ne = await page("/ne/news");
    expect(ne.status).toBe(200);
    expect(ne.lang).toBe("ne-NP");
    expect((await page("/ne")).lang).toBe("ne-NP");
  });

  it("gives the default language one address: /en/… moves permanently to the unprefixed page", async () => {
    const res = await call("/en/news?page=2");
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get("location") ?? "", "http://x").pathname + new URL(res.headers.get("location") ?? "", "http://x").search).toBe(
      "/news?page=2",
    );
  });

  it("answers an unknown Nepali page with a Nepali 404", async () => {
    const res = await page("/ne/no-such-page");
    expect(res.status).toBe(404);
    expect(res.lang).toBe("ne-NP");
  });
});

describe("Devanagari slugs", () => {
  it("reach the article percent-encoded, in another normalisation form, and under /ne", async () => {
    const title = `काठमाडौँमा सुनुवाइ ${Date.now()}`;
    const article = await createArticle({ title });
    expect(article.slug).toBe(title.normalize("NFC").replace(/\s+/g, "-"));

    for (const slug of [article.slug, article.slug.normalize("NFD")]) {
      const res = await page(`/article/${encodeURIComponent(slug)}`);
      expect(res.status).toBe(200);
      expect(res.body).toContain(title);
    }
    const inNepali = await page(`/ne/article/${encodeURIComponent(article.slug)}`);
    expect(inNepali.status).toBe(200);
    expect(inNepali.lang).toBe("ne-NP");
  });

  it("drops joiners and stays unique for the same title", async () => {
    const title = `क्\u200Dष र ज्\u200Cञ ${Date.now()}`;
    const first = await createArticle({ title });
    const second = await createArticle({ title });
    expect(first.slug).not.toMatch(/[\u200C\u200D]/);
    expect(second.slug).not.toBe(first.slug);
    expect(second.slug.startsWith(first.slug)).toBe(true);
  });
});

describe("API errors in the client's language", () => {
  it("are English by default (the spec's text) and Nepali when the client asks for it", async () => {
    expect((await call("/api/news/no-such-article")).body.error).toBe("Article not found");
    const ne = await call("/api/news/no-such-article", { headers: { "accept-language": "ne-NP" } });
    expect(ne.status).toBe(404);
    expect(ne.body.error).toBe("समाचार भेटिएन");
  });

  it("carry the same code in every language, for clients to decide on", async () => {
    const en = await call("/api/news/no-such-article");
    const ne = await call("/api/news/no-such-article", { headers: { "accept-language": "ne" } });
    expect([en.body.code, ne.body.code]).toEqual(["article_not_found", "article_not_found"]);
  });

  it("word validation failures in the client's language", async () => {
    const res = await call("/api/newsletter", { method: "POST", json: { email: "" }, headers: { "accept-language": "ne" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("कृपया आफ्नो इमेल ठेगाना लेख्नुहोस्");
  });
});
