// react-router's own Link: the hrefs are built from the current, already localized, pathname.
import { Link, useLocation } from "react-router";
import { formatMessage } from "~/lib/format-message";
import { pageCount, pageNumbers } from "./page-numbers";
import { useFormatNumber, useMessages } from "~/contexts/i18n";

interface PaginationProps {
  /** The page asked for; may lie beyond the last page (the listing then shows its empty state). */
  page: number;
  total: number;
  pageSize: number;
}

/** The current URL with another `page`, keeping every other query parameter; page 1 has no parameter. */
function usePageHref(): (page: number) => string {
  const { pathname, search } = useLocation();
  return (page) => {
    const params = new URLSearchParams(search);
    if (page <= 1) params.delete("page");
    else params.set("page", String(page));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
}

const itemClass = "inline-flex h-10 min-w-10 items-center justify-center rounded-md px-3 text-sm font-medium";
const linkClass = `${itemClass} border border-neutral-300 hover:border-brand hover:text-brand dark:border-neutral-700 dark:hover:text-red-400`;
const inactiveClass = `${itemClass} border border-dashed border-neutral-300 text-neutral-600 dark:border-neutral-700 dark:text-neutral-400`;

/**
 * A pager made of real links (`?page=N`): it works before and without JavaScript, and crawlers
 * can follow it. Nothing renders when everything fits on one page.
 */
export function Pagination({ page, total, pageSize }: PaginationProps) {
  const messages = useMessages();
  const formatNumber = useFormatNumber();
  const hrefFor = usePageHref();
  const totalPages = pageCount(total, pageSize);
  if (totalPages <= 1 && page <= 1) return null;
  // From a page past the end, "Previous" leads back to the last page that has articles.
  const previous = page > 1 ? Math.min(page - 1, totalPages) : null;
  const next = page < totalPages ? page + 1 : null;

  return (
    <nav aria-label={messages.pagination} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          {previous ? (
            <Link to={hrefFor(previous)} rel="prev" className={linkClass}>
              <span aria-hidden="true">‹</span>
              <span className="sr-only sm:not-sr-only sm:ml-1">{messages.previousPage}</span>
            </Link>
          ) : (
            <span aria-hidden="true" className={inactiveClass}>
              ‹<span className="sr-only sm:not-sr-only sm:ml-1">{messages.previousPage}</span>
            </span>
          )}
        </li>
        {pageNumbers(page, totalPages).map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-neutral-500 dark:text-neutral-400">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                aria-label={formatMessage(messages.pageNumber, { page: formatNumber(item) })}
                aria-current={item === page ? "page" : undefined}
                className={item === page ? `${itemClass} bg-brand text-white` : linkClass}
              >
                {formatNumber(item)}
              </Link>
            </li>
          ),
        )}
        <li>
          {next ? (
            <Link to={hrefFor(next)} rel="next" className={linkClass}>
              <span className="sr-only sm:not-sr-only sm:mr-1">{messages.nextPage}</span>
              <span aria-hidden="true">›</span>
            </Link>
          ) : (
            <span aria-hidden="true" className={inactiveClass}>
              <span className="sr-only sm:not-sr-only sm:mr-1">{messages.nextPage}</span>›
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
