import { useId } from "react";
import { articlePath } from "~/components/article-card/ArticleCard";
import { Anchor } from "~/components/i18n/anchor";
import { useFormatNumber, useMessages } from "~/contexts/i18n";
import type { MostReadItem } from "~/lib/api-types";

/**
 * The reader's "Most read" of the last 24 hours (issue 15): a numbered list of headlines, as news
 * sites set it. Nothing is shown until there are reads to rank.
 */
export function MostRead({ items }: { items: MostReadItem[] }) {
  const messages = useMessages();
  const formatNumber = useFormatNumber();
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-most-read>
      <h2 id={headingId} className="mb-4 border-b-2 border-brand pb-1 text-lg font-black">
        {messages.mostRead}
      </h2>
      <ol className="space-y-3">
        {items.map((item, index) => (
          <li key={item.id} className="flex gap-3">
            <span aria-hidden="true" className="w-6 shrink-0 text-2xl leading-none font-black text-brand tabular-nums">
              {formatNumber(index + 1)}
            </span>
            <Anchor to={articlePath(item.slug)} lang={item.language} className="font-semibold leading-snug link-hover">
              {item.title}
            </Anchor>
          </li>
        ))}
      </ol>
    </section>
  );
}
