import { useCanonicalUrl } from "~/components/share/share";
import { articlePath } from "~/components/article-card/ArticleCard";
import { useFormatNumber, useLocale, useTranslate } from "~/contexts/i18n";
import { Anchor } from "~/components/i18n/anchor";
import { Message } from "~/components/layout/Message";
import type { ArticlePageArticle } from "~/lib/article-cards";
import { ArticleDates } from "./ArticleDates";
import { CategoryName, WriterName } from "./FallbackNames";
import { ShareLinks } from "./ShareLinks";
import { languageConfig } from "~/lib/languages";
import type { Language } from "~/lib/limits";

/**
 * docs/product.md#article: category, title, description, writer, dates, read time and the share links. The title and
 * description are in the article's language (the <article>'s `lang`); the labels around them are in
 * the interface's, which may be the other one.
 */
/**
 * The link to a story's translation, worded in the story's language where its config words it
 * ('पढ्नुहोस् अंग्रेजीमा' under a Nepali story), else in the translation's own ('Read in English').
 */
function readTranslationLink(story: Language, translation: Language): { text: string; lang: Language } {
  const worded = languageConfig(story).readTranslationIn?.[translation];
  return worded ? { text: worded, lang: story } : { text: languageConfig(translation).readIn, lang: translation };
}

export function ArticleHeader({ article }: { article: ArticlePageArticle }) {
  // The page's own address in its language, so /ne/article/x is shared as itself.
  const shareUrl = useCanonicalUrl(articlePath(article.slug));
  const t = useTranslate();
  const formatNumber = useFormatNumber();
  const locale = useLocale();
  const interfaceLang = languageConfig(locale).tag;
  return (
    <header>
      <p lang={interfaceLang} className="text-sm font-semibold uppercase tracking-wide text-brand">
        {article.category_slug ? (
          <Anchor to={`/category/${article.category_slug}`} className="hover:underline">
            <CategoryName article={article} />
          </Anchor>
        ) : (
          <CategoryName article={article} />
        )}
      </p>
      <h1 className="mt-2 text-3xl font-black leading-tight sm:text-4xl">{article.title}</h1>
      {article.meta_description ? (
        <p className="mt-3 text-lg leading-relaxed text-neutral-700 dark:text-neutral-300">{article.meta_description}</p>
      ) : null}
      <div
        lang={interfaceLang}
        className="mt-4 flex flex-wrap items-center justify-between gap-x-6 gap-y-3 border-y border-neutral-200 py-3 dark:border-neutral-800"
      >
        <div className="text-sm">
          <p className="font-semibold">
            <Message
              id="byWriterName"
              slots={{
                name:
                  article.writer_id !== null ? (
                    <Anchor to={`/writer/${article.writer_id}`} className="text-brand hover:underline">
                      <WriterName article={article} />
                    </Anchor>
                  ) : (
                    <WriterName article={article} />
                  ),
              }}
            />
          </p>
          <p className="mt-0.5 flex flex-wrap gap-x-3 text-neutral-600 dark:text-neutral-400">
            <ArticleDates publishedAt={article.published_at} updatedAt={article.updated_at} />
            <span>{t("minRead", { n: formatNumber(article.read_time) })}</span>
          </p>
        </div>
        <ShareLinks url={shareUrl} title={article.title} />
      </div>
      {article.translations.length > 0 ? (
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {/* Each worded in the language of the article it sits in, which its reader reads:
              'पढ्नुहोस् अंग्रेजीमा' under a Nepali story, 'Read in Nepali' under an English one. */}
          {article.translations.map((translation) => {
            const read = readTranslationLink(article.language, translation.language);
            return (
              <Anchor
                key={translation.id}
                to={articlePath(translation.slug)}
                lang={read.lang}
                hrefLang={languageConfig(translation.language).tag}
                className="font-semibold text-brand hover:underline"
              >
                {read.text} →
              </Anchor>
            );
          })}
        </p>
      ) : null}
    </header>
  );
}
