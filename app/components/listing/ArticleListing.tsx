import { ArticleCard } from "~/components/article-card/ArticleCard";
import type { CardArticle } from "~/lib/article-cards";

interface ArticleListingProps {
  /** Cards with their excerpts already cut to the listing's length (docs/product.md#limits-and-constants). */
  articles: CardArticle[];
  /** Shown instead of the list when there is nothing on this page. */
  emptyText: string;
  /** The first image is above the fold on the first page only. */
  eagerFirst?: boolean;
  /** h2 when the list sits right under the page's h1, h3 under a section heading. */
  headingLevel?: "h2" | "h3";
  /** Two columns on wide screens, for listings without a sidebar. */
  wide?: boolean;
}

/** One page of a listing: medium article cards, one under the other, or the listing's empty state. */
export function ArticleListing({ articles, emptyText, eagerFirst = false, headingLevel = "h3", wide = false }: ArticleListingProps) {
  if (articles.length === 0) {
    return (
      <p role="status" className="rounded-lg border border-dashed border-neutral-300 px-4 py-10 text-center text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">
        {emptyText}
      </p>
    );
  }
  return (
    <ul className={wide ? "grid gap-x-10 lg:grid-cols-2" : ""}>
      {articles.map((article, index) => (
        <li key={article.id} className="border-b border-neutral-200 py-4 dark:border-neutral-800">
          <ArticleCard
            article={article}
            variant="medium"
            headingLevel={headingLevel}
            eager={eagerFirst && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
