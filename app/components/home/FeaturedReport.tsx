import { useId } from "react";
import { ArticleCard } from "~/components/article-card/ArticleCard";
import type { CardArticle } from "~/lib/article-cards";
import { useMessages } from "~/contexts/i18n";

/** The featured block loads on its own: its failure is shown here, and the rest of the page still renders. */
export type FeaturedResult = { status: "found"; article: CardArticle } | { status: "none" } | { status: "failed" };

/** 'special report' block (docs/product.md#home): the newest published featured article (docs/product.md#limits-and-constants: limit 1). */
export function FeaturedReport({ featured }: { featured: FeaturedResult }) {
  const messages = useMessages();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border-t-4 border-brand bg-neutral-50 p-4 sm:p-6 md:[&_img]:aspect-[21/9] dark:bg-neutral-900">
      <h2 id={headingId} className="mb-4 text-sm font-black uppercase tracking-widest text-brand">
        {messages.specialReport}
      </h2>
      {featured.status === "found" ? (
        <ArticleCard article={featured.article} variant="large" />
      ) : (
        <p role={featured.status === "failed" ? "alert" : undefined} className="text-neutral-600 dark:text-neutral-400">
          {featured.status === "failed" ? messages.featuredFailed : messages.featuredNone}
        </p>
      )}
    </section>
  );
}
