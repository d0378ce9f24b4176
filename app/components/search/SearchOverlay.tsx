import { useEffect, useId, useState } from "react";
import { Anchor } from "~/components/i18n/anchor";
import { ArticleListing } from "~/components/listing/ArticleListing";
import { Dialog } from "~/components/ui/Dialog";
import { SEARCH_QUERY_MAX } from "~/lib/limits";
import { SearchStatus, searchHref, searchTitle } from "./search-texts";
import { useArticleSearch } from "./useArticleSearch";
import { useLocalizePath, useMessages } from "~/contexts/i18n";

interface SearchOverlayProps {
  open: boolean;
  initialQuery: string;
  onClose: () => void;
}

/** How many results the overlay shows; "See all results" leads to the full, paginated /search page. */
const OVERLAY_RESULTS = 8;

/** Search overlay (docs/product.md#search): results appear while the reader types; Enter opens the full results page. */
export function SearchOverlay({ open, initialQuery, onClose }: SearchOverlayProps) {
  const messages = useMessages();
  const localize = useLocalizePath();
  const [query, setQuery] = useState(initialQuery);
  const id = useId();
  const search = useArticleSearch(query, open, OVERLAY_RESULTS);
  const trimmed = query.trim();

  useEffect(() => {
    if (open) setQuery(initialQuery);
  }, [open, initialQuery]);

  return (
    <Dialog open={open} onClose={onClose} title={searchTitle(trimmed, messages)} variant="overlay">
      <form
        role="search"
        action={localize("/search")}
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed === "") return;
          onClose();
          window.location.assign(localize(searchHref(trimmed)));
        }}
      >
        <label htmlFor={`${id}-q`} className="sr-only">
          {messages.searchArticles}
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          maxLength={SEARCH_QUERY_MAX}
          autoComplete="off"
          enterKeyHint="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // A search field eats the first Escape to clear itself; here Escape closes the overlay, as everywhere else.
            if (event.key === "Escape") {
              event.preventDefault();
              onClose();
            }
          }}
          placeholder={messages.searchPlaceholder}
          className="w-full rounded-md border border-neutral-300 bg-white px-4 py-3 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 dark:border-neutral-700 dark:bg-neutral-800"
        />
      </form>
      <div
        className="mt-4"
        onClick={(event) => {
          // Following a result leaves the overlay behind.
          if (event.target instanceof Element && event.target.closest("a")) onClose();
        }}
      >
        {search.status === "idle" ? <SearchStatus>{messages.searchRequired}</SearchStatus> : null}
        {search.status === "loading" ? <SearchStatus busy>{messages.searching}</SearchStatus> : null}
        {search.status === "error" ? <SearchStatus alert>{messages.searchFailed}</SearchStatus> : null}
        {search.status === "done" && search.articles.length === 0 ? (
          <SearchStatus>
            <strong className="block text-base text-neutral-900 dark:text-neutral-100">{messages.noResults}</strong>
            {messages.noResultsHint}
          </SearchStatus>
        ) : null}
        {search.status === "done" && search.articles.length > 0 ? (
          <>
            <ArticleListing articles={search.articles} emptyText={messages.noResults} />
            <p className="mt-4 border-t border-neutral-200 pt-4 text-center dark:border-neutral-800">
              <Anchor to={searchHref(trimmed)} className="font-semibold text-brand hover:underline dark:text-red-400">
                {messages.seeAllResults}
              </Anchor>
            </p>
          </>
        ) : null}
      </div>
    </Dialog>
  );
}
