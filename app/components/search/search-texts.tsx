import type { Catalog } from "~/lib/i18n";
import { formatMessage } from "~/lib/format-message";

/** docs/product.md#search: 'Search results for "{query}"' with a query, 'Search Articles' without. Shared by the overlay and /search; `messages` is the page's catalog. */
export function searchTitle(query: string, messages: Catalog): string {
  return query ? formatMessage(messages.searchResultsFor, { query }) : messages.searchArticles;
}

export const searchHref = (query: string) => `/search?${new URLSearchParams({ q: query })}`;

/** A search state in words; screen readers hear it change (loading, nothing found, failure). */
export function SearchStatus({ children, busy = false, alert = false }: { children: React.ReactNode; busy?: boolean; alert?: boolean }) {
  return (
    <p
      role={alert ? "alert" : "status"}
      aria-busy={busy || undefined}
      className="py-8 text-center text-sm text-neutral-600 dark:text-neutral-400"
    >
      {busy ? (
        <span aria-hidden="true" className="mr-2 inline-block h-4 w-4 animate-spin rounded-full border-2 border-brand border-t-transparent align-[-3px] motion-reduce:animate-none" />
      ) : null}
      {children}
    </p>
  );
}
