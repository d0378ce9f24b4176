import { Link } from "react-router";
import { formatCardDate } from "~/lib/dates";
import type { ArticleSummary } from "~/lib/api-types";

/** A listing card: image, category, title, excerpt, writer and date, set in the article's language. */
export function ArticleCard({ article }: { article: ArticleSummary }) {
  return (
    <article lang={article.language} className="flex gap-4 border-b border-neutral-200 py-4 dark:border-neutral-800">
      {article.image_url ? (
        <img
          src={article.image_url}
          alt=""
          width={160}
          height={90}
          loading="lazy"
          decoding="async"
          className="h-[63px] w-28 shrink-0 rounded object-cover sm:h-[90px] sm:w-40"
        />
      ) : null}
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand">{article.category_name}</p>
        <h2 className="mt-1 text-lg font-bold leading-snug">
          <Link to={`/article/${article.slug}`} className="hover:underline">
            {article.title}
          </Link>
        </h2>
        <p className="mt-1 line-clamp-2 text-sm text-neutral-600 dark:text-neutral-400">{article.excerpt}</p>
        <p className="mt-1 text-xs text-neutral-500">
          {article.writer_name} · <time dateTime={article.published_at}>{formatCardDate(article.published_at)}</time>
        </p>
      </div>
    </article>
  );
}
