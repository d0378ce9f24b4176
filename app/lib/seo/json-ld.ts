/**
 * schema.org JSON-LD for search engines. React Router's `script:ld+json` meta descriptor
 * serializes these and escapes `<`, `>` and `&`, so no stored text can close the script element
 * (tests/api/seo-pages.test.ts checks it with a title containing `</script>`).
 */
import type { ArticlePageArticle } from "~/lib/article-cards";
import type { LiveCoverage, LiveUpdate, PublicDocumentJson } from "~/lib/api-types";
import { updatePath } from "~/lib/live-address";
import { excerpt, htmlToText } from "~/lib/text";
import type { Language } from "~/lib/limits";
import { categoryNameIn, writerNameIn } from "~/lib/fallback-names";
import { languageConfig } from "~/lib/languages";
import { documentPath } from "../document-path";
import { DEFAULT_SHARE_IMAGE, LOGO, type PageSeo, absoluteUrl, pageUrl } from "./page-meta";

export const articlePath = (slug: string) => `/article/${slug}`;

/** One organization for both languages: its id and address are the default language's home page. */
function organization(seo: PageSeo) {
  const home = pageUrl(seo, "/", seo.site.defaultLocale);
  return {
    "@type": "NewsMediaOrganization",
    "@id": `${home}#organization`,
    name: seo.messages.siteName,
    url: home,
    logo: { "@type": "ImageObject", url: absoluteUrl(seo.site, LOGO.path), width: LOGO.width, height: LOGO.height },
  };
}

/** The home page: who publishes the site, and how to search it. */
export function homeJsonLd(seo: PageSeo): object[] {
  return [
    { "@context": "https://schema.org", ...organization(seo) },
    {
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: seo.messages.siteName,
      url: pageUrl(seo, "/"),
      inLanguage: languageConfig(seo.locale).tag,
      publisher: { "@id": organization(seo)["@id"] },
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${pageUrl(seo, "/search")}?q={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    },
  ];
}

export function articleDescription(article: ArticlePageArticle): string {
  return article.meta_description || article.excerpt;
}

export function newsArticleJsonLd(seo: PageSeo, article: ArticlePageArticle): object {
  const canonical = pageUrl(seo, articlePath(article.slug));
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: article.meta_title || article.title,
    description: articleDescription(article),
    // Search engines want a picture for every article: the site's card stands in for a missing banner.
    image: [absoluteUrl(seo.site, article.image_url ?? DEFAULT_SHARE_IMAGE.path)],
    datePublished: article.published_at,
    dateModified: article.updated_at,
    author: [
      {
        "@type": "Person",
        name: writerNameIn(seo.messages, article),
        ...(article.writer_id !== null ? { url: pageUrl(seo, `/writer/${article.writer_id}`) } : {}),
      },
    ],
    publisher: organization(seo),
    inLanguage: languageConfig(article.language).tag,
    articleSection: categoryNameIn(seo.messages, article),
    keywords: article.tags.map((tag) => tag.name),
    mainEntityOfPage: { "@type": "WebPage", "@id": canonical },
    url: canonical,
  };
}

/** What a live update says in a share preview or a meta description: its headline and words, plain and short. */
export function liveUpdateDescription(update: LiveUpdate): string {
  return excerpt(`${update.headline ? `${update.headline}: ` : ""}${update.body}`);
}

/**
 * A live story (issue 39) is a LiveBlogPosting in place of a NewsArticle: the same article, with
 * its coverage's times and the updates on its page, each at its own address. Its `dateModified`
 * is the latest update's, since updates do not move the story's own `updated_at`.
 */
export function liveBlogJsonLd(seo: PageSeo, article: ArticlePageArticle, live: LiveCoverage, updates: LiveUpdate[]): object {
  const latest = updates.reduce((newest, update) => {
    const at = update.edited_at ?? update.published_at;
    return at > newest ? at : newest;
  }, article.updated_at);
  return {
    ...newsArticleJsonLd(seo, article),
    "@type": "LiveBlogPosting",
    dateModified: latest,
    coverageStartTime: live.started_at,
    ...(live.ended_at ? { coverageEndTime: live.ended_at } : {}),
    liveBlogUpdate: updates.map((update) => ({
      "@type": "BlogPosting",
      headline: update.headline || excerpt(update.body, 110),
      datePublished: update.published_at,
      ...(update.edited_at ? { dateModified: update.edited_at } : {}),
      articleBody: htmlToText(update.body),
      url: pageUrl(seo, updatePath(article.slug, update.id)),
      ...(update.author ? { author: { "@type": "Person", name: update.author.name } } : {}),
    })),
  };
}

/** Home › category › article. */
export function articleBreadcrumbJsonLd(seo: PageSeo, article: ArticlePageArticle): object {
  const trail = [
    { name: seo.messages.home, url: pageUrl(seo, "/") },
    ...(article.category_slug ? [{ name: categoryNameIn(seo.messages, article), url: pageUrl(seo, `/category/${article.category_slug}`) }] : []),
    { name: article.title, url: pageUrl(seo, articlePath(article.slug)) },
  ];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((step, index) => ({ "@type": "ListItem", position: index + 1, name: step.name, item: step.url })),
  };
}

/**
 * A published evidence document (issue 38): what it is, where it comes from (`creditText`), and its
 * file with the fingerprint a reader can check it against.
 */
export function documentJsonLd(
  seo: PageSeo,
  document: PublicDocumentJson,
  texts: { title: string; description: string | null; source: string | null; language: Language },
): object {
  const canonical = pageUrl(seo, documentPath(document.slug));
  const first = document.page_images[0];
  return {
    "@context": "https://schema.org",
    "@type": "DigitalDocument",
    "@id": canonical,
    name: texts.title,
    ...(texts.description ? { description: texts.description } : {}),
    ...(texts.source ? { creditText: texts.source } : {}),
    url: canonical,
    inLanguage: languageConfig(texts.language).tag,
    ...(document.date ? { dateCreated: document.date } : {}),
    datePublished: document.published_at,
    publisher: organization(seo),
    ...(first ? { thumbnailUrl: absoluteUrl(seo.site, first.thumbnail) } : {}),
    keywords: document.tags.map((tag) => tag.name),
    encoding: {
      "@type": "MediaObject",
      contentUrl: absoluteUrl(seo.site, document.url),
      encodingFormat: "application/pdf",
      contentSize: `${document.size} B`,
      sha256: document.sha256,
    },
    subjectOf: document.articles.map((article) => ({ "@type": "NewsArticle", headline: article.title, url: pageUrl(seo, articlePath(article.slug)) })),
  };
}
