import { useId } from "react";
import { Form } from "react-router";
import { ArticleListing } from "~/components/listing/ArticleListing";
import { Pagination } from "~/components/pagination/Pagination";
import { LISTING_PAGE_SIZE } from "~/lib/limits";
import { SEARCH_QUERY_MAX } from "~/lib/limits";
import { SearchStatus, searchTitle } from "~/components/search/search-texts";
import { newsQuerySchema, searchSchema } from "~/lib/schemas";
import { database } from "~/server/process/runtime";
import { pageLocale } from "~/server/http/page-locale";
import { listingOf } from "~/lib/article-cards";
import { readerSearch } from "~/server/services/articles";
import { searchDocuments } from "~/server/services/document-search";
import { DocumentHits } from "~/components/search/DocumentHits";
import { canonicalSearchQuery, searchResultsListable } from "~/lib/seo/search-indexing";
import { formatMessage } from "~/lib/format-message";
import { pageMeta, pageSeo } from "~/lib/seo/page-meta";
import type { Route } from "./+types/search";
import { useLocalizePath, useMessages } from "~/contexts/i18n";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

/** /search?q=: the shareable, server-rendered twin of the search overlay. A blank query searches nothing (docs/product.md#validation-rules). */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // A hand-made URL may carry a longer query than the form allows: search its beginning.
  const parsed = searchSchema.safeParse({ q: (params.get("q") ?? "").trim().slice(0, SEARCH_QUERY_MAX) });
  if (!parsed.success) return { query: "", listing: null, documents: [], listable: false };
  const query = newsQuerySchema.parse({ search: parsed.data.q, page: params.get("page") ?? undefined, limit: LISTING_PAGE_SIZE, edition: pageLocale(request) });
  const db = await database();
  const { list, asTyped } = await readerSearch(db, query);
  // The documents it found head the first page of results.
  const documents = list.page === 1 ? await searchDocuments(db, parsed.data.q, pageLocale(request)) : [];
  return { query: parsed.data.q, listing: listingOf(list), documents, listable: searchResultsListable({ query: parsed.data.q, total: list.total, page: list.page, asTyped }) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const seo = pageSeo(matches, location);
  const query = loaderData?.query ?? "";
  return pageMeta(seo, {
    title: query ? formatMessage(seo.messages.searchResultsFor, { query }) : seo.messages.searchArticles,
    // The same words whatever was asked: a description never repeats a stranger's query.
    description: seo.messages.searchDescription,
    // Most results pages stay out of search engines: what may be listed is lib/seo/search-indexing.ts.
    ...(loaderData?.listable ? { path: `/search?${new URLSearchParams({ q: canonicalSearchQuery(query) })}` } : { noindex: true }),
  });
};

export default function SearchPage({ loaderData: { query, listing, documents } }: Route.ComponentProps) {
  const messages = useMessages();
  const localize = useLocalizePath();
  const id = useId();
  return (
    <div className="max-w-3xl">
      <h1 id={`${id}-title`} className="text-3xl font-black break-words">
        {searchTitle(query, messages)}
      </h1>
      <Form method="get" action={localize("/search")} role="search" aria-labelledby={`${id}-title`} className="mt-4 flex gap-2">
        <label htmlFor={`${id}-q`} className="sr-only">
          {messages.searchArticles}
        </label>
        <input
          key={query}
          id={`${id}-q`}
          name="q"
          type="search"
          maxLength={SEARCH_QUERY_MAX}
          defaultValue={query}
          placeholder={messages.searchPlaceholder}
          className="min-w-0 flex-1 rounded-md border border-neutral-300 bg-white px-4 py-2.5 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 dark:border-neutral-700 dark:bg-neutral-900"
        />
        <button type="submit" className="rounded-md bg-brand px-5 py-2.5 font-semibold text-white hover:opacity-90">
          {messages.search}
        </button>
      </Form>
      <div className="mt-6">
        <DocumentHits documents={documents} />
        {listing === null ? (
          <SearchStatus>{messages.searchRequired}</SearchStatus>
        ) : listing.total === 0 && documents.length === 0 ? (
          <SearchStatus>
            <strong className="block text-base text-neutral-900 dark:text-neutral-100">{messages.noResults}</strong>
            {messages.noResultsHint}
          </SearchStatus>
        ) : listing.total === 0 ? null : (
          <>
            <ArticleListing articles={listing.articles} emptyText={messages.noResults} eagerFirst={listing.page === 1} headingLevel="h2" />
            <Pagination page={listing.page} total={listing.total} pageSize={LISTING_PAGE_SIZE} />
          </>
        )}
      </div>
    </div>
  );
}
