/**
 * schema.org JSON-LD for search engines. React Router's `script:ld+json` meta descriptor
 * serializes these and escapes `<`, `>` and `&`, so no stored text can close the script element
 * (tests/api/seo-pages.test.ts checks it with a title containing `</script>`).
 */
import type { ArticlePageArticle } from "~/lib/article-cards";
import { categoryNameIn, writerNameIn } from "~/lib/fallback-names";
import { languageConfig } from "~/lib/languages";
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
