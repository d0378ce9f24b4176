import { Link } from "react-router";
import { articlePath } from "~/components/article-card/ArticleCard";
import type { ArticleDetail } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { messages } from "~/lib/messages";
import { ArticleDates } from "./ArticleDates";
import { ShareLinks } from "./ShareLinks";

/** SPEC 2: category, title, description, writer, dates, read time and the share links. */
export function ArticleHeader({ article, shareUrl }: { article: ArticleDetail; shareUrl: string }) {
  const { translation } = article;
  return (
    <header>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">
        {article.category_slug ? (
          <Link to={`/category/${article.category_slug}`} className="hover:underline">
            {article.category_name}
          </Link>
        ) : (
          article.category_name
        )}
      </p>
      <h1 className="mt-2 text-3xl font-black leading-tight sm:text-4xl">{article.title}</h1>
      {article.meta_description ? (
        <p className="mt-3 text-lg leading-relaxed text-neutral-700 dark:text-neutral-300">{article.meta_description}</p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-x-6 gap-y-3 border-y border-neutral-200 py-3 dark:border-neutral-800">
        <div className="text-sm">
          <p className="font-semibold">
            {messages.byWriter}{" "}
            {article.writer_id !== null ? (
              <Link to={`/writer/${article.writer_id}`} className="text-brand hover:underline">
                {article.writer_name}
              </Link>
            ) : (
              article.writer_name
            )}
          </p>
          <p className="mt-0.5 flex flex-wrap gap-x-3 text-neutral-600 dark:text-neutral-400">
            <ArticleDates publishedAt={article.published_at} updatedAt={article.updated_at} />
            <span>{formatMessage(messages.minRead, { n: article.read_time })}</span>
          </p>
        </div>
        <ShareLinks url={shareUrl} title={article.title} />
      </div>
      {translation ? (
        <p className="mt-3 text-sm">
          <Link to={articlePath(translation.slug)} lang={translation.language} hrefLang={translation.language} className="font-semibold text-brand hover:underline">
            {translation.language === "en" ? messages.readInEnglish : messages.readInNepali} →
          </Link>
        </p>
      ) : null}
    </header>
  );
}
