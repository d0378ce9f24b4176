import { useId } from "react";
import { Anchor } from "~/components/i18n/anchor";
import { ArticleCard } from "~/components/article-card/ArticleCard";
import type { CardArticle } from "~/lib/article-cards";

interface ArticleListSectionProps {
  title: string;
  /** Where the heading leads, e.g. the category page. */
  href?: string;
  articles: CardArticle[];
  /** Shown instead of the list when there are no articles. */
  empty?: string;
}

/** A headed list of small cards: the home page's Latest News and Opinion boxes, and its category sections. */
export function ArticleListSection({ title, href, articles, empty }: ArticleListSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 border-b-2 border-brand pb-1 text-lg font-black">
        {href ? (
          <Anchor to={href} className="link-hover">
            {title}
          </Anchor>
        ) : (
          title
        )}
      </h2>
      {articles.length === 0 ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{empty}</p>
      ) : (
        <ul className="space-y-4">
          {articles.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} variant="small" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
