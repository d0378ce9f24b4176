import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage, localizePath, splitLocalePath, switchLocalePath, translate } from "./i18n";

describe("language in the URL", () => {
  it("reads the locale from the first segment, else the default", () => {
    expect(splitLocalePath("/ne/article/x", "en")).toEqual({ locale: "ne", rest: "/article/x", prefixed: true });
    expect(splitLocalePath("/ne", "en")).toEqual({ locale: "ne", rest: "/", prefixed: true });
    expect(splitLocalePath("/article/x", "en")).toEqual({ locale: "en", rest: "/article/x", prefixed: false });
    expect(splitLocalePath("/article/x", "ne")).toEqual({ locale: "ne", rest: "/article/x", prefixed: false });
    // A segment that merely starts like a locale is not one.
    expect(splitLocalePath("/news", "en")).toEqual({ locale: "en", rest: "/news", prefixed: false });
    expect(splitLocalePath("/nepal", "en").prefixed).toBe(false);
    // Three letters are a language code's length too ('mai'), but only the site's languages are prefixes.
    expect(splitLocalePath("/new/article/x", "en")).toEqual({ locale: "en", rest: "/new/article/x", prefixed: false });
  });

  it("prefixes only the non-default locale, and never the API or uploads; feeds and sitemaps are an edition's", () => {
    expect(localizePath("/article/x?y=1", "ne", "en")).toBe("/ne/article/x?y=1");
    expect(localizePath("/", "ne", "en")).toBe("/ne");
    expect(localizePath("/article/x", "en", "en")).toBe("/article/x");
    expect(localizePath("/article/x", "en", "ne")).toBe("/en/article/x");
    expect(localizePath("/api/news", "ne", "en")).toBe("/api/news");
    expect(localizePath("/uploads/a.jpg", "ne", "en")).toBe("/uploads/a.jpg");
    expect(localizePath("/sitemap.xml", "ne", "en")).toBe("/ne/sitemap.xml");
    expect(localizePath("/robots.txt", "ne", "en")).toBe("/robots.txt");
    expect(localizePath("/feeds/rss.xml", "ne", "en")).toBe("/ne/feeds/rss.xml");
    expect(localizePath("https://example.com/", "ne", "en")).toBe("https://example.com/");
    expect(localizePath("//evil.example/", "ne", "en")).toBe("//evil.example/");
  });

  it("switches the same page to the other language, keeping the query", () => {
    expect(switchLocalePath("/ne/search", "?q=x", "en", "en")).toBe("/search?q=x");
    expect(switchLocalePath("/search", "?q=x", "ne", "en")).toBe("/ne/search?q=x");
    expect(switchLocalePath("/ne", "", "en", "en")).toBe("/");
  });

  it("takes an API error's language from Accept-Language, falling back to English", () => {
    expect(localeFromAcceptLanguage("ne-NP,ne;q=0.9,en;q=0.8", "en")).toBe("ne");
    expect(localeFromAcceptLanguage("fr-FR,fr", "en")).toBe("en");
    // The primary subtag whatever its length: a three-letter one is not cut to two.
    expect(localeFromAcceptLanguage("ne;q=0.9", "en")).toBe("ne");
    expect(localeFromAcceptLanguage("new-NP", "en")).toBe("en");
    expect(localeFromAcceptLanguage(null, "en")).toBe("en");
  });

  it("words a key in either catalog, filling its slots", () => {
    expect(translate("en", "articleRequired")).toBe("Title, content, and writer are required");
    expect(translate("ne", "articleRequired")).toBe("शीर्षक, सामग्री र लेखक अनिवार्य छन्");
  });
});
